"""Willi Stich's biddings over the API: the trump said with the calls (its refused biddings,
the dealer's call, are in its data module)."""
from __future__ import annotations

from tests.support.api import create, post_round

SPADES_PLAYERS = ("Ann", "Bob", "Cid", "Dee")


def bidding_url(match_id: str, number: int) -> str:
    return f"/api/v1/matches/{match_id}/rounds/{number}/bidding"


def put_bidding(client, match_id, number, body, **headers):
    return client.put(bidding_url(match_id, number), json=body, headers=headers)


def test_the_hand_may_not_contradict_the_bidding(client):
    match = create(client, "willi-stich", SPADES_PLAYERS)
    put_bidding(client, match["id"], 1, {"bids": [0, 0, 0, 0], "trump": "hearts"})
    response = post_round(client, match["id"], {"tricks": [1, 0, 0, 0], "trump": "clubs"})
    assert response.status_code == 422 and response.json["error"] == "bidding_conflict"
    assert "trump" in response.json["errors"]
    ok = post_round(client, match["id"], {"tricks": [1, 0, 0, 0], "trump": "hearts"})
    assert ok.status_code == 201 and ok.json["input"] == {"bids": [0, 0, 0, 0], "trump": "hearts", "tricks": [1, 0, 0, 0]}
