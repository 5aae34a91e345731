"""The server-drawn line charts carry their scale: the highest and lowest value (and 0 when it
has room between them) at the left, the first and last step along the bottom."""
from __future__ import annotations

import random

import pytest

from scorekeeper.games import all_games
from scorekeeper.web.charts import ChartLine, polyline_chart
from scorekeeper.web.games import adapter_for
from tests.games.legal_rounds import legal_round


def scale(points: list[tuple[float, float]]) -> tuple[list[float], list[float]]:
    chart = polyline_chart([ChartLine("Ann", "#fff", points)])
    assert chart is not None
    return [value for _y, value in chart["value_ticks"]], [step for _x, step in chart["step_ticks"]]


@pytest.mark.parametrize(
    ("points", "values", "steps"),
    [
        # Running totals from 0: the top and the start.
        ([(0, 0), (1, 10), (2, 30)], [30, 0], [0, 2]),
        # Below and above zero: both ends and the zero line between them.
        ([(0, 0), (1, -40), (2, 60)], [60, -40, 0], [0, 2]),
        # Zero too close to the lowest value to be written beside it: left out.
        ([(0, -1), (1, 200)], [200, -1], [0, 1]),
        # One step only: one step on the scale, a flat line given a range of 1.
        ([(1, 5)], [6, 5], [1]),
    ],
)
def test_the_scale_names_the_range_and_the_steps(points, values, steps):
    assert scale(points) == (values, steps)


def test_every_value_tick_sits_at_its_value():
    chart = polyline_chart([ChartLine("Ann", "#fff", [(0, 0), (1, -40), (2, 60)])])
    assert chart is not None
    by_value = {value: y for y, value in chart["value_ticks"]}
    assert by_value[60] < by_value[0] < by_value[-40]  # higher values higher up (smaller y)
    assert by_value[0] == chart["zero"]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_the_match_page_chart_shows_its_scale(client, game):
    players = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][: adapter_for(game).first_seat_count()]
    created = client.post("/api/v1/matches", json={"game": game.id, "players": players}).get_json()
    html = client.get(f"/matches/{created['id']}").get_data(as_text=True)
    assert '<g class="scale"' not in html  # no rounds, no chart
    table = game.table(players, created["options"])
    raw, _after = legal_round(random.Random(2), game, table, game.initial_state(table))
    assert client.post(f"/api/v1/matches/{created['id']}/rounds", json=raw).status_code == 201
    html = client.get(f"/matches/{created['id']}").get_data(as_text=True)
    assert '<g class="scale"' in html
