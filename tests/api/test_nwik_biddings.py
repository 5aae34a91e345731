"""Nwik's biddings over the API: the style and stake said first, a stake an edit reuses (its
refused biddings are in its data module)."""
from __future__ import annotations

from tests.support.api import create, post_round
from tests.support.nwik import NWIK_ROUNDS


def bidding_url(match_id: str, number: int) -> str:
    return f"/api/v1/matches/{match_id}/rounds/{number}/bidding"


def put_bidding(client, match_id, number, body, **headers):
    return client.put(bidding_url(match_id, number), json=body, headers=headers)


def test_a_bidding_is_stored_shown_with_the_match_and_completed_by_the_hand(client):
    match = create(client, "nwik")
    before = client.get(f"/api/v1/matches/{match['id']}")
    assert before.json["bidding"] is None

    response = put_bidding(client, match["id"], 1, {"style": 5, "stake": 4, "vip_card": 2})
    assert response.status_code == 200, response.json
    assert response.json["round"] == 1 and response.json["error"] is None
    play = response.json["play"]
    assert play["leader"] == 1 and play["targets"] == [3, 6, 4] and play["details"]["effective_stake"] == 8
    # A write: the ETag moves on.
    assert response.headers["ETag"] != before.headers["ETag"]

    # A second phone (a reload) sees it with the match, and on its own address.
    seen = client.get(f"/api/v1/matches/{match['id']}")
    assert seen.json["bidding"] == response.json
    assert seen.headers["ETag"] == response.headers["ETag"]
    assert client.get(bidding_url(match["id"], 1)).json == response.json

    # The hand's part completes the round: stored as the whole round, scored like it.
    recorded = post_round(client, match["id"], {"tricks": [3, 5, 5]})
    assert recorded.status_code == 201, recorded.json
    assert recorded.json["input"] == NWIK_ROUNDS[0] and recorded.json["scores"] == [0, -8, 8]
    after = client.get(f"/api/v1/matches/{match['id']}").json
    assert after["bidding"] is None and after["totals"] == [0, -8, 8]
    assert client.get(bidding_url(match["id"], 2)).status_code == 404


def test_an_edit_that_breaks_the_open_bidding_shows_why(client):
    match = create(client, "nwik")
    for body in NWIK_ROUNDS:
        post_round(client, match["id"], body)
    # Round 4: Bob is Bidder again; he used stake 4 in round 1.
    put_bidding(client, match["id"], 4, {"style": 1, "stake": 1})
    edited = client.put(f"/api/v1/matches/{match['id']}/rounds/1", json={**NWIK_ROUNDS[0], "stake": 1})
    assert edited.status_code == 200, edited.json
    bidding = client.get(f"/api/v1/matches/{match['id']}").json["bidding"]
    assert bidding["play"] is None and bidding["error"] == "stake_used"
    # The hand cannot complete it either: the round's own check refuses it.
    response = post_round(client, match["id"], {"tricks": [4, 5, 4]})
    assert response.status_code == 422 and response.json["error"] == "stake_used"
