"""Willi Stich's trump chooser on the server: chips, nobody chosen yet."""
from __future__ import annotations

import re

from scorekeeper.engine.games import get_game
from tests.support.pages import create


def checked(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]*)"[^>]*checked', page)


def test_who_chose_trump_is_chips(client):
    game = get_game("willi-stich")
    match_id = create(client, "willi-stich", ["Ann", "Bob", "Cid"])
    table = game.table(["Ann", "Bob", "Cid"], None)
    state = game.initial_state(table)
    for _number in range(4):  # round 5: trump is chosen by a player
        raw = {"trump": "hearts" if state.next["kind"] != "no_trump" else "none", "bids": [0, 0, 0],
               "tricks": [state.next["cards"], 0, 0]}
        if state.next["kind"] == "no_trump":
            raw.pop("trump")
        state = game.play(table, state, raw)
        assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "<select" not in page.split('id="h-entry"')[1].split("</form>")[0]
    assert re.findall(r'name="trump_chooser" value="([^"]*)"', page) == ["0", "1", "2", ""]
    assert checked(page, "trump_chooser") == [""]
