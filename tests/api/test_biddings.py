"""The bidding resource: bids stored before the hand, seen by every phone, completed by the hand's part."""
from __future__ import annotations

import random

import pytest

from scorekeeper.games import all_games
from tests.games.data import players_for
from tests.games.legal_rounds import legal_round

from .helpers import create, post_round
from .test_nwik_rounds import NWIK_ROUNDS

SPADES_PLAYERS = ("Ann", "Bob", "Cid", "Dee")


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


def test_a_whole_round_still_works_and_replaces_an_open_bidding(client):
    match = create(client, "nwik")
    put_bidding(client, match["id"], 1, {"style": 3, "stake": 1})
    response = post_round(client, match["id"], NWIK_ROUNDS[0])
    assert response.status_code == 201 and response.json["input"] == NWIK_ROUNDS[0]
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None


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


@pytest.mark.parametrize(
    ("game", "players", "body", "code", "message"),
    [
        ("willi-stich", SPADES_PLAYERS, {"bids": [1, 0, 0, 0]}, "dealer_call", "the dealer Ann may not call 1: the calls would add up to 1"),
        ("spades", SPADES_PLAYERS, {"bids": ["blind_nil", 1, 2, 3]}, "blind_nil_not_allowed", "blind nil by Ann"),
        ("nwik", ("Ann", "Bob", "Cid"), {"style": 2, "stake": 1}, "trump_missing", "trump is required"),
        ("nwik", ("Ann", "Bob", "Cid"), {"style": 1, "stake": 1, "tricks": [4, 4, 5]}, "field_unknown", "unknown round field"),
        ("nwik", ("Ann", "Bob", "Cid"), [1], "unprocessable_entity", ""),
        ("nameless", SPADES_PLAYERS, {}, "no_bidding", "Nameless has no bidding"),
        ("zwicker", ("Ann", "Bob"), {}, "no_bidding", "Zwicker has no bidding"),
    ],
)
def test_a_bad_bidding_is_422_with_the_rounds_words_and_stores_nothing(client, game, players, body, code, message):
    match = create(client, game, players)
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    response = put_bidding(client, match["id"], 1, body)
    assert response.status_code == 422
    assert response.json["error"] == code and message in response.json["message"]
    again = client.get(f"/api/v1/matches/{match['id']}")
    assert again.headers["ETag"] == etag and again.json["bidding"] is None


def test_only_the_next_round_takes_a_bidding(client):
    match = create(client, "nwik")
    post_round(client, match["id"], NWIK_ROUNDS[0])
    for number in (1, 3, 0, -1):
        response = put_bidding(client, match["id"], number, {"style": 4, "stake": 2})
        assert response.status_code == 409 and response.json["error"] == "round_number_taken"
    assert put_bidding(client, match["id"], 2, {"style": 4, "stake": 2}).status_code == 200


def test_stale_if_match_is_412_and_changes_nothing(client):
    match = create(client, "nwik")
    stale = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    fresh = put_bidding(client, match["id"], 1, {"style": 3, "stake": 1}, **{"If-Match": stale})
    assert fresh.status_code == 200
    refused = put_bidding(client, match["id"], 1, {"style": 1, "stake": 2}, **{"If-Match": stale})
    assert refused.status_code == 412
    assert client.delete(bidding_url(match["id"], 1), headers={"If-Match": stale}).status_code == 412
    assert client.get(bidding_url(match["id"], 1)).json["input"] == {"style": 3, "stake": 1}


def test_the_hand_may_not_contradict_the_bidding(client):
    match = create(client, "willi-stich", SPADES_PLAYERS)
    put_bidding(client, match["id"], 1, {"bids": [0, 0, 0, 0], "trump": "hearts"})
    response = post_round(client, match["id"], {"tricks": [1, 0, 0, 0], "trump": "clubs"})
    assert response.status_code == 422 and response.json["error"] == "bidding_conflict"
    assert "trump" in response.json["errors"]
    ok = post_round(client, match["id"], {"tricks": [1, 0, 0, 0], "trump": "hearts"})
    assert ok.status_code == 201 and ok.json["input"] == {"bids": [0, 0, 0, 0], "trump": "hearts", "tricks": [1, 0, 0, 0]}


def test_undo_drops_the_bidding_of_the_round_after(client):
    match = create(client, "nwik")
    post_round(client, match["id"], NWIK_ROUNDS[0])
    put_bidding(client, match["id"], 2, {"style": 4, "stake": 2})
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1").status_code == 204
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None
    # Recording round 1 again does not bring the old round 2 bidding back.
    post_round(client, match["id"], NWIK_ROUNDS[0])
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None


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


def test_a_finished_match_takes_no_bidding(client):
    match = create(client, "spades", SPADES_PLAYERS, {"target": 50})
    post_round(client, match["id"], {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    response = put_bidding(client, match["id"], 2, {"bids": [3, 3, 3, 3]})
    assert response.status_code == 409 and response.json["error"] == "match_finished"


def test_a_pending_round_blocks_the_next_bidding(client):
    response = client.post(
        "/api/v1/matches", json={"game": "nwik", "players": ["Ann", "Bob", "Cid"], "table_check": True}
    )
    match = response.json
    put_bidding(client, match["id"], 1, {"style": 5, "stake": 4, "vip_card": 2})
    assert post_round(client, match["id"], {"tricks": [3, 5, 5]}).status_code == 201
    refused = put_bidding(client, match["id"], 2, {"style": 4, "stake": 2})
    assert refused.status_code == 409 and refused.json["error"] == "round_pending"


def test_unknown_match_is_404(client):
    assert put_bidding(client, "nope", 1, {"bids": [1, 1, 1, 1]}).status_code == 404
    assert client.get(bidding_url("nope", 1)).status_code == 404


def test_openapi_documents_the_bidding_resource(client):
    document = client.get("/api/v1/openapi.json").json
    operations = document["paths"]["/api/v1/matches/{match_id}/rounds/{number}/bidding"]
    assert {"get", "put", "delete"} <= set(operations)
    assert "bidding" in document["components"]["schemas"]["Match"]["properties"]


@pytest.mark.parametrize("game", [game for game in all_games() if game.has_bidding], ids=lambda game: game.id)
def test_every_bidding_game_round_trips(client, game):
    """Legal first rounds of the game (its generator's) split in two, the bidding put first and
    then the hand: each scores and explains as the whole round posted at once."""
    players = players_for(game)
    bidding_fields = (*game.bidding_required, *game.bidding_optional)
    for seed in range(6):
        match = create(client, game.id, players)
        table = game.table(players, match["options"])
        raw, _after = legal_round(random.Random(seed), game, table, game.initial_state(table))
        bidding = {name: value for name, value in raw.items() if name in bidding_fields}
        hand = {name: value for name, value in raw.items() if name not in bidding_fields}
        assert bidding and hand, raw
        assert put_bidding(client, match["id"], 1, bidding).status_code == 200, raw
        split = post_round(client, match["id"], hand).json
        whole = post_round(client, create(client, game.id, players)["id"], raw).json
        assert split["scores"] == whole["scores"] and split["explanation"] == whole["explanation"], raw


def test_the_etag_of_a_compressed_answer_is_accepted_for_its_version(client):
    match = create(client, "nwik")
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"].strip('"')
    # flask-compress sends a compressed document's ETag with its coding appended.
    response = put_bidding(client, match["id"], 1, {"style": 3, "stake": 1}, **{"If-Match": f'"{etag}:br"'})
    assert response.status_code == 200
    assert put_bidding(client, match["id"], 1, {"style": 3, "stake": 2}, **{"If-Match": f'"{etag}:gzip"'}).status_code == 412
