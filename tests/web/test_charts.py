"""The server-drawn line charts carry their scale: round numbers at the left from one at or
below the lowest value to one at or above the highest (0 among them when in range, a few
between the ends), the first and last step along the bottom."""
from __future__ import annotations

import random
import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from scorekeeper.web.charts import CHART_PAD, MAX_VALUE_TICKS, STEP_GUTTER, ChartLine, polyline_chart
from tests.support.legal_rounds import legal_round


def scale(points: list[tuple[float, float]], places: int = 0) -> tuple[list[float], list[float]]:
    chart = polyline_chart([ChartLine("Ann", "#fff", points)], places=places)
    assert chart is not None
    return [value for _y, value in chart["value_ticks"]], [step for _x, step in chart["step_ticks"]]


@pytest.mark.parametrize(
    ("points", "values", "steps"),
    [
        # Running totals from 0: the start, the top and the tens between them.
        ([(0, 0), (1, 10), (2, 30)], [0, 10, 20, 30], [0, 2]),
        # Below and above zero: round numbers through zero.
        ([(0, 0), (1, -40), (2, 60)], [-40, -20, 0, 20, 40, 60], [0, 2]),
        # Ends that are no round number: the scale reaches the round numbers beyond them.
        ([(0, -1), (1, 200)], [-50, 0, 50, 100, 150, 200], [0, 1]),
        ([(0, 0), (1, 17), (2, 23)], [0, 5, 10, 15, 20, 25], [0, 2]),
        ([(0, 0), (4, 487), (5, 512)], [0, 200, 400, 600], [0, 5]),
        # One step only: one step on the scale, a flat line given a range of 1.
        ([(1, 5)], [5, 6], [1]),
    ],
)
def test_the_scale_names_round_numbers_and_the_steps(points, values, steps):
    assert scale(points) == (values, steps)


@pytest.mark.parametrize(
    ("low", "high"), [(0, 1), (0, 7), (-3, 4), (0, 99), (-120, 480), (-523, 1234), (0, 10_000), (37, 41)]
)
def test_the_value_scale_has_a_few_ticks_between_its_ends(low, high):
    values, _steps = scale([(0, low), (1, high)])
    assert values[0] <= low and values[-1] >= high
    assert 2 <= len(values) <= MAX_VALUE_TICKS
    if high - low >= 4:
        assert len(values) >= 3, values  # a middle tick, not the ends alone
    gaps = {b - a for a, b in zip(values, values[1:], strict=False)}
    assert len(gaps) == 1 and all(float(value).is_integer() for value in values), values
    step = gaps.pop()
    assert re.fullmatch(r"[125]0*", str(step)), step  # 1, 2 or 5 times a power of ten
    if low <= 0 <= high:
        assert 0 in values


def test_a_scale_with_decimals_steps_by_what_they_show():
    # A rating ordinal written with one decimal: steps of a tenth at the finest.
    values, _steps = scale([(0, 0.5), (1, 0.9)], places=1)
    assert values == [0.5, 0.6, 0.7, 0.8, 0.9]
    values, _steps = scale([(0, 12.3), (1, 15.8)], places=1)
    assert values == [12, 13, 14, 15, 16]


def test_every_value_tick_sits_at_its_value():
    chart = polyline_chart([ChartLine("Ann", "#fff", [(0, 0), (1, -40), (2, 60)])])
    assert chart is not None
    by_value = {value: y for y, value in chart["value_ticks"]}
    assert by_value[60] < by_value[0] < by_value[-40]  # higher values higher up (smaller y)
    assert by_value[0] == chart["zero"]
    heights = sorted(by_value.values())
    assert len({round(b - a, 6) for a, b in zip(heights, heights[1:], strict=False)}) == 1  # evenly spaced
    # The scale's ends are the plot's top and bottom edge.
    assert heights[0] == CHART_PAD and heights[-1] == chart["height"] - CHART_PAD - STEP_GUTTER


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
