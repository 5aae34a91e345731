"""Whole numbers posted in the round form outside any range a round has: refused in words, never a 500."""
from __future__ import annotations

import pytest

from tests.support.game_picks import a_game, new_match_form, play, seats
from tests.support.pages import refusal

GAME = a_game(seats(4))
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
# Below any round's number, down to past what a 64-bit column holds.
BELOW_ONE = ["0", "-1", "-99999999999999999999999"]


def started(client) -> tuple[str, object]:
    response = client.post("/matches/new", data=new_match_form(GAME, PLAYERS))
    assert response.status_code == 303, response.get_data(as_text=True)
    match_id = response.headers["Location"].rsplit("/", 1)[1]
    played = play(GAME, PLAYERS)
    recorded = client.post(f"/matches/{match_id}/rounds", data={**played.form(1), "expected_number": "1"})
    assert recorded.status_code == 303
    return match_id, played


@pytest.mark.parametrize("number", BELOW_ONE)
def test_an_expected_number_below_one_is_refused_in_words(client, number):
    match_id, played = started(client)
    response = client.post(f"/matches/{match_id}/rounds", data={**played.form(2), "expected_number": number})
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)[-2000:]
    assert response.mimetype == "text/html"
    assert "round number must be a whole number of 1 or more" in refusal(response.get_data(as_text=True))
    # Nothing was stored.
    assert len(client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"]) == 1


def test_an_expected_number_far_past_the_next_is_refused_as_another_round(client):
    # Not the next round: refused as a form of a round the match is not at (409), not a 500.
    match_id, played = started(client)
    response = client.post(f"/matches/{match_id}/rounds", data={**played.form(2), "expected_number": "9" * 23})
    assert response.status_code == 409 and response.mimetype == "text/html"
    assert len(client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"]) == 1


@pytest.mark.parametrize("count", ["-1", "-99999999999999999999999", "99999999999999999999999"])
def test_a_count_out_of_range_is_refused_in_words(client, count):
    match_id, played = started(client)
    form = played.form(2)
    counted = next(name for name, value in form.items() if value.lstrip("-").isdigit() and name != "first_dealer")
    response = client.post(f"/matches/{match_id}/rounds", data={**form, counted: count, "expected_number": "2"})
    assert 400 <= response.status_code < 500, (counted, response.get_data(as_text=True)[-2000:])
    assert response.mimetype == "text/html"
    assert refusal(response.get_data(as_text=True))
    assert len(client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"]) == 1
