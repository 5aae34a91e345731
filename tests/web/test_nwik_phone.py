"""Nwik's form read and checked by the phone's engine (engine/phone.py) as the pages do: its
scores, its notes and its refusals in the pages' words."""
from __future__ import annotations

import json

from scorekeeper.engine import phone


def evaluate(**request) -> dict:
    return json.loads(phone.evaluate(json.dumps(request)))


def test_a_form_is_read_and_checked_as_the_pages_do(client):
    match = client.post("/api/v1/matches", json={"game": "nwik", "players": ["Ann", "Bob", "Cid"]}).get_json()
    form = {"style": "1", "stake": "3", "tricks_0": "4", "tricks_1": "6", "tricks_2": "3"}
    with client.application.test_request_context():
        ok = evaluate(match=match, queued=[], form=form)["check"]
        short = evaluate(match=match, queued=[], form={**form, "tricks_2": "2"})["check"]
        unreadable = evaluate(match=match, queued=[], form={**form, "tricks_0": "four"})["check"]
        # A queued round edited in place is checked against the rounds before it, not against itself.
        again = evaluate(match=match, queued=[{"input": ok["input"]}], form=form, replace=0)["check"]
        from_form = evaluate(match=match, queued=[{"form": form}], form=None)
    assert ok["ok"] and ok["input"] == {"style": 1, "stake": 3, "tricks": [4, 6, 3]}
    assert [side["score"] for side in ok["scores"]] == [3, 0, -3]
    assert ok["notes"][0] == "Tricks so far: 13 of 13"
    assert not short["ok"] and short["message"] == "tricks must add up to 13, got 12"
    assert not unreadable["ok"] and "must be a whole number" in unreadable["message"]
    assert again["ok"] and [side["score"] for side in again["scores"]] == [3, 0, -3]
    assert from_form["totals"] == [3, 0, -3] and from_form["next_info"] == "Round 2: Bob deals, Cid bids"
