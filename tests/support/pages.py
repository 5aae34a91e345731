"""A match made for a page test, by the API or by its form, and what its pages answer: the
match as the API has it, a refusal's words, a form's key."""
from __future__ import annotations

import html as html_lib
import random
import re

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import Game, get_game
from tests.support.data import players_for
from tests.support.legal_rounds import legal_round


def players_of(game: str) -> list[str]:
    """The game's test players (tests/support/data)."""
    return players_for(get_game(game))


def create(client, game: str, players: list[str] | None = None, **extra: str) -> str:
    players = players or players_of(game)
    data = {"game": game, "seats": str(len(players)), "action": "create", "first_dealer": "0", **extra}
    data.update({f"player_{seat}": name for seat, name in enumerate(players)})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def form_key(html: str) -> str:
    return re.search(r'name="idempotency_key" value="([^"]+)"', html).group(1)


def refusal(html: str) -> str:
    found = re.search(r'class="refusal" role="alert">([^<]*)<', html)
    return html_lib.unescape(found.group(1)) if found else ""


def api_match(client, match_id: str) -> dict:
    response = client.get(f"/api/v1/matches/{match_id}")
    assert response.status_code == 200
    return response.get_json()


CHANGED_ELSEWHERE = "This match changed on another phone: here is the current state"
TAKEN_OTHERWISE = "Round {number} was recorded on another phone first, with other entries than yours: choose which stand"


NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def names_for(game: Game) -> list[str]:
    return NAMES[: adapter_for(game).first_seat_count()]


def create_by_form(client, game: Game, players: list[str], **extra: str) -> str:
    data = {"game": game.id, "seats": str(len(players)), "action": "create", "first_dealer": "0", **extra}
    data.update({f"player_{seat}": name for seat, name in enumerate(players)})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    return response.headers["Location"].rsplit("/", 1)[1]


def engine_state(client, game: Game, match_id: str):
    """The match as the engine sees it, replayed from what the API answers."""
    match = client.get(f"/api/v1/matches/{match_id}").get_json()
    table = game.table([player["name"] for player in match["players"]], match["options"])
    return table, game.replay(table, [entry["input"] for entry in match["rounds"]])


def check_every_page(client, game: Game) -> None:
    """Home, new match, the match page, a round posted by form, its edit, undo: all answer."""
    rng = random.Random(7)
    players = names_for(game)
    for url in ("/", "/matches/new", f"/matches/new?game={game.id}"):
        assert client.get(url).status_code == 200, url
    # Every game is a button of the new-match form (switching keeps the names typed).
    assert f'name="switch_game" value="{game.id}"' in client.get("/matches/new").get_data(as_text=True)
    match_id = create_by_form(client, game, players)
    page = client.get(f"/matches/{match_id}")
    assert page.status_code == 200 and 'id="h-entry"' in page.get_data(as_text=True)
    table, state = engine_state(client, game, match_id)
    adapter = adapter_for(game)
    raw, _after = legal_round(rng, game, table, state)
    form = {**adapter.form_values(raw, table, state.next), "expected_number": "1"}
    preview = client.post(f"/matches/{match_id}/preview", data=form)
    assert preview.status_code == 200 and "would score" in preview.get_data(as_text=True)
    recorded = client.post(f"/matches/{match_id}/rounds", data=form)
    assert recorded.status_code == 303, re.findall(r'role="alert">([^<]*)<', recorded.get_data(as_text=True))
    assert client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"][0]["input"] == raw
    assert client.get(f"/matches/{match_id}").status_code == 200
    assert client.get(f"/matches/{match_id}/live?entry=1").status_code == 200
    edit = client.get(f"/matches/{match_id}/rounds/1/edit")
    assert edit.status_code == 200
    edited = client.post(f"/matches/{match_id}/rounds/1/edit", data={**form, "reason": "recount"})
    assert edited.status_code == 303
    assert client.get(f"/matches/{match_id}/undo").status_code == 200
    assert client.post(f"/matches/{match_id}/undo", data={"number": "1"}).status_code == 303
    assert client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"] == []
