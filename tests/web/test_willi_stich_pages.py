"""Willi Stich on the pages: the live preview refuses the dealer's forbidden call, then scores the round;
a round without trump says so once in the history."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.games import get_game
from tests.support.game_picks import play
from tests.support.pages import create, refusal
from tests.support.translated_pages import history_lines


def test_preview_renders_refusal_or_scores(client):
    match_id = create(client, "willi-stich")
    # Round 1: 1 card; dealer Ann calls last. Calls 0,1,0,0 add up to 1: refused.
    data = {"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0", "tricks_0": "0", "tricks_1": "1", "tricks_2": "0", "tricks_3": "0"}
    html = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="preview"')
    assert "may not call 0" in refusal(html)
    assert re.search(r'id="save"\s+disabled', html)
    data["bid_0"] = "1"
    html = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert refusal(html) == ""
    assert "would score" in html and "disabled" not in html


# Round 7 is played without trump: its history line says so once, in each language.
NO_TRUMP_WORDS = {"en": ("No trump", "trump No trump"), "de": ("Kein Trumpf", "Trumpf Kein Trumpf"), "ru": ("Без козыря", "козырь Без козыря")}


@pytest.mark.parametrize("language", sorted(NO_TRUMP_WORDS))
def test_a_round_without_trump_is_said_by_its_name_in_the_history(client, language):
    game = get_game("willi-stich")
    players = ["Ann", "Bob", "Cid", "Dee"]
    played = play(game, players)
    match_id = client.post("/api/v1/matches", json={"game": game.id, "players": players}).get_json()["id"]
    for number in range(1, 8):
        raw = played.round(number)
        if number == 7:
            raw = {**raw, "trump": "none"}
        assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
    page = client.get(f"/matches/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    line = history_lines(page)[0]  # newest first: round 7 recorded
    said, twice = NO_TRUMP_WORDS[language]
    assert said in line and twice not in line, line
