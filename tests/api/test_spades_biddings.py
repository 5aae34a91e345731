"""Spades's biddings over the API: bids replaced and withdrawn, none for a finished match
(its refused biddings are in its data module)."""
from __future__ import annotations

from tests.support.api import create, post_round

SPADES_PLAYERS = ("Ann", "Bob", "Cid", "Dee")


def bidding_url(match_id: str, number: int) -> str:
    return f"/api/v1/matches/{match_id}/rounds/{number}/bidding"


def put_bidding(client, match_id, number, body, **headers):
    return client.put(bidding_url(match_id, number), json=body, headers=headers)


def test_replacing_and_withdrawing_a_bidding(client):
    match = create(client, "spades", SPADES_PLAYERS)
    put_bidding(client, match["id"], 1, {"bids": [1, 2, 3, 4]})
    replaced = put_bidding(client, match["id"], 1, {"bids": [4, "nil", 3, 2]})
    assert replaced.json["play"]["details"]["side_targets"] == [7, 2]
    assert replaced.json["play"]["leader"] is None and replaced.json["play"]["calling_order"] == [1, 2, 3, 0]

    gone = client.delete(bidding_url(match["id"], 1), headers={"If-Match": replaced.headers["ETag"]})
    assert gone.status_code == 204 and gone.headers["ETag"] != replaced.headers["ETag"]
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None
    assert client.delete(bidding_url(match["id"], 1)).status_code == 404
    # Without a bidding the hand's part alone is not a round.
    missing = post_round(client, match["id"], {"tricks": [5, 1, 4, 3]})
    assert missing.status_code == 422 and missing.json["error"] == "field_missing"

    trail = [entry["action"] for entry in client.get(f"/api/v1/matches/{match['id']}/audit").json]
    assert trail == ["match.create", "bidding.put", "bidding.put", "bidding.delete"]


def test_a_finished_match_takes_no_bidding(client):
    match = create(client, "spades", SPADES_PLAYERS, {"target": 50})
    post_round(client, match["id"], {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    response = put_bidding(client, match["id"], 2, {"bids": [3, 3, 3, 3]})
    assert response.status_code == 409 and response.json["error"] == "match_finished"
