"""The bidding resource: bids stored before the hand, seen by every phone, completed by the hand's part
(on every game with a bidding; a game's own refused biddings are in its data module,
tests/support/data/<game>.py: BAD_BIDDINGS; its other bids in its own test file)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.engine.games import Game, RuleError
from tests.support.api import create, post_round
from tests.support.data import module_for, players_for
from tests.support.legal_rounds import legal_round
from tests.support.picks import finished_match, games, inflated, rounds

BIDDING = games(lambda game: game.has_bidding)
WITHOUT = games(lambda game: not game.has_bidding)


def bidding_url(match_id: str, number: int) -> str:
    return f"/api/v1/matches/{match_id}/rounds/{number}/bidding"


def put_bidding(client, match_id, number, body, **headers):
    return client.put(bidding_url(match_id, number), json=body, headers=headers)


def halves(game: Game, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole round split into its bidding and the hand's part."""
    said = (*game.bidding_required, *game.bidding_optional)
    return {k: v for k, v in raw.items() if k in said}, {k: v for k, v in raw.items() if k not in said}


def two_biddings(game: Game, players, played=()) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two different legal biddings for the round after `played`."""
    table = game.table(list(players))
    state = game.replay(table, list(played))
    rng = random.Random(3)
    first = halves(game, legal_round(rng, game, table, state)[0])[0]
    for _attempt in range(200):
        second = halves(game, legal_round(rng, game, table, state)[0])[0]
        if second != first:
            return first, second
    raise RuntimeError(f"{game.id} has one bidding only")


def test_some_game_has_a_bidding():
    assert BIDDING


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_a_bidding_is_stored_shown_with_the_match_and_completed_by_the_hand(client, game):
    players = players_for(game)
    raw = rounds(game, players, 1)[0]
    bidding, hand = halves(game, raw)
    match = create(client, game.id, players)
    before = client.get(f"/api/v1/matches/{match['id']}")
    assert before.json["bidding"] is None

    response = put_bidding(client, match["id"], 1, bidding)
    assert response.status_code == 200, response.json
    assert response.json["round"] == 1 and response.json["error"] is None
    assert response.json["input"] == bidding and response.json["play"] is not None
    # A write: the ETag moves on.
    assert response.headers["ETag"] != before.headers["ETag"]

    # A second phone (a reload) sees it with the match, and on its own address.
    seen = client.get(f"/api/v1/matches/{match['id']}")
    assert seen.json["bidding"] == response.json
    assert seen.headers["ETag"] == response.headers["ETag"]
    assert client.get(bidding_url(match["id"], 1)).json == response.json

    # The hand's part completes the round: stored as the whole round, scored like it.
    scored = game.replay(game.table(players), [raw])
    recorded = post_round(client, match["id"], hand)
    assert recorded.status_code == 201, recorded.json
    assert recorded.json["input"] == raw and recorded.json["scores"] == list(scored.rounds[0].score.scores)
    after = client.get(f"/api/v1/matches/{match['id']}").json
    assert after["bidding"] is None and after["totals"] == list(scored.totals)
    assert client.get(bidding_url(match["id"], 2)).status_code == 404


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_a_whole_round_still_works_and_replaces_an_open_bidding(client, game):
    players = players_for(game)
    raw = rounds(game, players, 1)[0]
    other = next(bidding for bidding in two_biddings(game, players) if bidding != halves(game, raw)[0])
    match = create(client, game.id, players)
    assert put_bidding(client, match["id"], 1, other).status_code == 200
    response = post_round(client, match["id"], raw)
    assert response.status_code == 201 and response.json["input"] == raw
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_replacing_and_withdrawing_a_bidding(client, game):
    players = players_for(game)
    first, second = two_biddings(game, players)
    match = create(client, game.id, players)
    put_bidding(client, match["id"], 1, first)
    replaced = put_bidding(client, match["id"], 1, second)
    assert replaced.status_code == 200 and replaced.json["input"] == second

    gone = client.delete(bidding_url(match["id"], 1), headers={"If-Match": replaced.headers["ETag"]})
    assert gone.status_code == 204 and gone.headers["ETag"] != replaced.headers["ETag"]
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None
    assert client.delete(bidding_url(match["id"], 1)).status_code == 404
    # Without a bidding the hand's part alone is not a round.
    missing = post_round(client, match["id"], halves(game, rounds(game, players, 1)[0])[1])
    assert missing.status_code == 422 and missing.json["error"] == "field_missing"

    trail = [entry["action"] for entry in client.get(f"/api/v1/matches/{match['id']}/audit").json]
    assert trail == ["match.create", "bidding.put", "bidding.put", "bidding.delete"]


def refused_bidding(game: Game, players) -> tuple[dict[str, Any], str, str]:
    """A bidding of numbers far too high, and the code and words the engine refuses it with."""
    table = game.table(list(players))
    bidding = inflated(halves(game, rounds(game, players, 1)[0])[0])
    try:
        game.validate_bidding(table, game.initial_state(table), bidding)
    except RuleError as refusal:
        return bidding, refusal.code, refusal.message
    raise AssertionError(f"{game.id} takes a bidding of numbers far too high")


def bad_biddings() -> list[tuple[Game, Any, str, str]]:
    cases: list[tuple[Game, Any, str, str]] = []
    for game in BIDDING:
        cases.append((game, *refused_bidding(game, players_for(game))))
        cases.append((game, [1], "unprocessable_entity", ""))
        cases += [(game, *case) for case in getattr(module_for(game), "BAD_BIDDINGS", ())]  # the game's own
    for game in WITHOUT:
        cases.append((game, {}, "no_bidding", f"{game.name} has no bidding"))
    return cases


@pytest.mark.parametrize(
    ("game", "body", "code", "message"), bad_biddings(),
    ids=lambda value: value.id if isinstance(value, Game) else None,
)
def test_a_bad_bidding_is_422_with_the_rounds_words_and_stores_nothing(client, game, body, code, message):
    match = create(client, game.id, players_for(game))
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    response = put_bidding(client, match["id"], 1, body)
    assert response.status_code == 422
    assert response.json["error"] == code and message in response.json["message"]
    again = client.get(f"/api/v1/matches/{match['id']}")
    assert again.headers["ETag"] == etag and again.json["bidding"] is None


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_only_the_next_round_takes_a_bidding(client, game):
    players = players_for(game)
    played = rounds(game, players, 2)
    second = halves(game, played[1])[0]
    match = create(client, game.id, players)
    post_round(client, match["id"], played[0])
    for number in (1, 3, 0, -1):
        response = put_bidding(client, match["id"], number, second)
        assert response.status_code == 409 and response.json["error"] == "round_number_taken"
    assert put_bidding(client, match["id"], 2, second).status_code == 200


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_stale_if_match_is_412_and_changes_nothing(client, game):
    players = players_for(game)
    first, second = two_biddings(game, players)
    match = create(client, game.id, players)
    stale = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    fresh = put_bidding(client, match["id"], 1, first, **{"If-Match": stale})
    assert fresh.status_code == 200
    refused = put_bidding(client, match["id"], 1, second, **{"If-Match": stale})
    assert refused.status_code == 412
    assert client.delete(bidding_url(match["id"], 1), headers={"If-Match": stale}).status_code == 412
    assert client.get(bidding_url(match["id"], 1)).json["input"] == first


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_undo_drops_the_bidding_of_the_round_after(client, game):
    players = players_for(game)
    played = rounds(game, players, 2)
    match = create(client, game.id, players)
    post_round(client, match["id"], played[0])
    assert put_bidding(client, match["id"], 2, halves(game, played[1])[0]).status_code == 200
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1").status_code == 204
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None
    # Recording round 1 again does not bring the old round 2 bidding back.
    post_round(client, match["id"], played[0])
    assert client.get(f"/api/v1/matches/{match['id']}").json["bidding"] is None


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_a_finished_match_takes_no_bidding(client, game):
    players = players_for(game)
    options, played = finished_match(game, players)
    match = create(client, game.id, players, options)
    for body in played:
        assert post_round(client, match["id"], body).status_code == 201
    response = put_bidding(client, match["id"], len(played) + 1, halves(game, played[0])[0])
    assert response.status_code == 409 and response.json["error"] == "match_finished"


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_a_pending_round_blocks_the_next_bidding(client, game):
    players = players_for(game)
    played = rounds(game, players, 2)
    response = client.post("/api/v1/matches", json={"game": game.id, "players": players, "table_check": True})
    match = response.json
    bidding, hand = halves(game, played[0])
    assert put_bidding(client, match["id"], 1, bidding).status_code == 200
    assert post_round(client, match["id"], hand).status_code == 201
    refused = put_bidding(client, match["id"], 2, halves(game, played[1])[0])
    assert refused.status_code == 409 and refused.json["error"] == "round_pending"


def test_unknown_match_is_404(client):
    assert put_bidding(client, "nope", 1, {"bids": [1, 1, 1, 1]}).status_code == 404
    assert client.get(bidding_url("nope", 1)).status_code == 404


def test_openapi_documents_the_bidding_resource(client):
    document = client.get("/api/v1/openapi.json").json
    operations = document["paths"]["/api/v1/matches/{match_id}/rounds/{number}/bidding"]
    assert {"get", "put", "delete"} <= set(operations)
    assert "bidding" in document["components"]["schemas"]["Match"]["properties"]


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
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


@pytest.mark.parametrize("game", BIDDING, ids=lambda game: game.id)
def test_the_etag_of_a_compressed_answer_is_accepted_for_its_version(client, game):
    players = players_for(game)
    first, second = two_biddings(game, players)
    match = create(client, game.id, players)
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"].strip('"')
    # flask-compress sends a compressed document's ETag with its coding appended.
    response = put_bidding(client, match["id"], 1, first, **{"If-Match": f'"{etag}:br"'})
    assert response.status_code == 200
    assert put_bidding(client, match["id"], 1, second, **{"If-Match": f'"{etag}:gzip"'}).status_code == 412
