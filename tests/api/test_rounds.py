"""Recording, editing and undoing rounds; idempotency, ETags and races (any game: each figure is the engine's)."""
from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request

import pytest

from scorekeeper.engine.games import Game
from tests.support.api import create, post_round
from tests.support.legal_rounds import legal_round
from tests.support.picks import any_game, finished_match, games, other_round, refused_round, rounds, seats

GAME = any_game()
PLAYERS = seats(GAME, ["Ann", "Bob", "Cid"])
ROUNDS = rounds(GAME, PLAYERS, 3)


def played(game: Game, players: list[str], hands: list[dict], options: dict | None = None):
    """The engine's state after `hands`: what the API must serve."""
    return game.replay(game.table(players, dict(options or {})), hands)


def match_of(client, game: Game = GAME, players: list[str] = PLAYERS, options: dict | None = None) -> dict:
    return create(client, game.id, players, options)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_post_round_returns_the_scored_round(client, game):
    players = seats(game, ["Ann", "Bob", "Cid", "Dan"])
    hand = rounds(game, players, 1)[0]
    match = match_of(client, game, players)
    response = post_round(client, match["id"], hand)
    assert response.status_code == 201
    assert response.json["number"] == 1
    assert response.json["scores"] == list(played(game, players, [hand]).rounds[0].score.scores)
    assert response.json["input"] == hand
    assert response.json["explanation"]
    assert response.headers["Location"].endswith(f"/matches/{match['id']}/rounds/1")


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
@pytest.mark.parametrize("spoil", ["numbers", "unknown field", "not an object"])
def test_invalid_rounds_are_422_and_store_nothing(client, game, spoil):
    players = seats(game, ["Ann", "Bob", "Cid", "Dan"])
    match = match_of(client, game, players)
    fragment, field = "", None
    if spoil == "numbers":
        body = refused_round(game, players)
    elif spoil == "unknown field":
        body, fragment, field = {**rounds(game, players, 1)[0], "trumps_x": "x"}, "unknown round field", "trumps_x"
    else:
        body = [1, 2, 3]
    response = post_round(client, match["id"], body)
    assert response.status_code == 422
    assert fragment in response.json["message"]
    if field:
        assert field in response.json["errors"]
    assert client.get(f"/api/v1/matches/{match['id']}").json["rounds"] == []


def test_idempotency_key_repeat_returns_the_stored_round(client):
    match = match_of(client)
    first = post_round(client, match["id"], ROUNDS[0], **{"Idempotency-Key": "abc"})
    again = post_round(client, match["id"], ROUNDS[0], **{"Idempotency-Key": "abc"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_stale_if_match_is_412_and_changes_nothing(client):
    match = match_of(client)
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    assert post_round(client, match["id"], ROUNDS[0], **{"If-Match": etag}).status_code == 201
    stale = post_round(client, match["id"], ROUNDS[1], **{"If-Match": etag})
    assert stale.status_code == 412
    assert stale.json["error"] == "stale_etag"
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_round_number_already_taken_is_409(client):
    match = match_of(client)
    url = f"/api/v1/matches/{match['id']}/rounds?number=1"
    assert client.post(url, json=ROUNDS[0]).status_code == 201
    response = client.post(url, json=ROUNDS[1])  # round 2's hand, sent as round 1
    assert response.status_code == 409
    assert "the next round is 2" in response.json["message"]


def test_finished_match_refuses_rounds_before_reading_the_body(client):
    options, hands = finished_match(GAME, PLAYERS)
    match = match_of(client, options=options)
    for hand in hands:
        assert post_round(client, match["id"], hand).status_code == 201
    served = client.get(f"/api/v1/matches/{match['id']}").json
    expected = played(GAME, PLAYERS, hands, options)
    assert served["finished"] is True and served["winners"] == list(expected.winners) and served["next"] is None
    response = post_round(client, match["id"], {"garbage": True})
    assert response.status_code == 409
    assert response.json["error"] == "match_finished"


def test_edit_replays_later_rounds(client):
    match = match_of(client)
    for body in ROUNDS:
        post_round(client, match["id"], body)
    edited = other_round(GAME, PLAYERS, ROUNDS, 1)
    expected = played(GAME, PLAYERS, [edited, *ROUNDS[1:]])
    assert expected.totals != played(GAME, PLAYERS, ROUNDS).totals, "an edit that changes nothing proves nothing"
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/1", json=edited)
    assert response.status_code == 200
    assert response.json["scores"] == list(expected.rounds[0].score.scores)
    assert client.get(f"/api/v1/matches/{match['id']}").json["totals"] == list(expected.totals)


def test_edit_that_breaks_a_round_is_refused_whole(client):
    match = match_of(client)
    for body in ROUNDS:
        post_round(client, match["id"], body)
    before = client.get(f"/api/v1/matches/{match['id']}").json
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/2", json=refused_round(GAME, PLAYERS))
    assert response.status_code == 422
    assert client.get(f"/api/v1/matches/{match['id']}").json == before


def match_ender(game: Game, players: list[str]) -> tuple[dict, list[dict], dict] | None:
    """A target, two rounds that leave a match to it running, and a first round that alone
    would end it (all the engine's word); None for a game with no target."""
    specs = {spec.name: spec for spec in game.all_option_specs()}
    if "target" not in specs:
        return None
    rng = random.Random(7)
    blank = game.table(players)
    firsts = [legal_round(rng, game, blank, game.initial_state(blank))[0] for _ in range(60)]
    for ender in sorted(firsts, key=lambda hand: -max(played(game, players, [hand]).totals)):
        target = max(played(game, players, [ender]).totals)
        if target < specs["target"].minimum:
            continue
        options = {"target": target}
        if not played(game, players, [ender], options).finished:
            continue
        table = game.table(players, options)
        for _attempt in range(60):
            first, after = legal_round(rng, game, table, game.initial_state(table))
            second, end = legal_round(rng, game, table, after)
            if not after.finished and not end.finished:
                return options, [first, second], ender
    return None


def test_edit_that_ends_the_match_early_names_the_later_round(client):
    game = next(game for game in games() if match_ender(game, seats(game, ["A", "B"])) is not None)
    players = seats(game, ["A", "B"])
    options, hands, ender = match_ender(game, players)
    match = match_of(client, game, players, options)
    for hand in hands:
        assert post_round(client, match["id"], hand).status_code == 201
    # Round 1 edited to the ending one would end the match after round 1.
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/1", json=ender)
    assert response.status_code == 422
    assert response.json["round"] == 2
    assert "round 2" in response.json["message"]


def test_undo_only_the_last_round(client):
    match = match_of(client)
    for body in ROUNDS[:2]:
        post_round(client, match["id"], body)
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1").status_code == 409
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/5").status_code == 404
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    served = client.get(f"/api/v1/matches/{match['id']}").json
    assert [r["number"] for r in served["rounds"]] == [1]
    assert served["next"]["round"] == 2


def test_undo_reopens_a_finished_match(client):
    options, hands = finished_match(GAME, PLAYERS)
    match = match_of(client, options=options)
    for hand in hands:
        assert post_round(client, match["id"], hand).status_code == 201
    assert client.get(f"/api/v1/matches/{match['id']}").json["finished"] is True
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/{len(hands)}").status_code == 204
    served = client.get(f"/api/v1/matches/{match['id']}").json
    assert served["finished"] is False and served["next"]["round"] == len(hands)


def _post_json(url: str, body: dict, headers: dict) -> int:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _race(url: str, bodies: list[dict], headers: list[dict]) -> list[int]:
    statuses: list[int] = []
    barrier = threading.Barrier(len(bodies))

    def worker(body, header):
        barrier.wait()
        statuses.append(_post_json(url, body, header))

    threads = [threading.Thread(target=worker, args=pair) for pair in zip(bodies, headers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_twenty_retries_with_one_key_store_one_round(clean_app, live_server):
    client = clean_app.test_client()
    match = match_of(client)
    url = f"{live_server}/api/v1/matches/{match['id']}/rounds"
    statuses = _race(url, [ROUNDS[0]] * 20, [{"Idempotency-Key": "same-key"}] * 20)
    assert set(statuses) <= {201, 409}
    assert 201 in statuses
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_twenty_writers_racing_for_one_round_number_store_one(clean_app, live_server):
    client = clean_app.test_client()
    match = match_of(client)
    url = f"{live_server}/api/v1/matches/{match['id']}/rounds?number=1"
    bodies = [rounds(GAME, PLAYERS, 1, seed=seed)[0] for seed in range(20)]
    statuses = _race(url, bodies, [{}] * 20)
    assert sorted(statuses) == [201] + [409] * 19
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_writers_with_the_same_etag_one_succeeds(clean_app, live_server):
    client = clean_app.test_client()
    match = match_of(client)
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    url = f"{live_server}/api/v1/matches/{match['id']}/rounds"
    statuses = _race(url, [ROUNDS[0]] * 10, [{"If-Match": etag}] * 10)
    assert sorted(statuses) == [201] + [412] * 9


def test_audit_trail_records_who_what_and_why(client):
    match = match_of(client)
    post_round(client, match["id"], ROUNDS[0])
    edited = other_round(GAME, PLAYERS, ROUNDS[:1], 1)
    assert client.put(f"/api/v1/matches/{match['id']}/rounds/1?reason=misread+the+card", json=edited).status_code == 200
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1?reason=wrong+table").status_code == 204
    trail = client.get(f"/api/v1/matches/{match['id']}/audit").json
    assert [(e["action"], e["round_number"]) for e in trail] == [
        ("match.create", None), ("round.create", 1), ("round.edit", 1), ("round.undo", 1)
    ]
    assert trail[2]["before"] == ROUNDS[0] and trail[2]["after"] == edited
    assert trail[2]["reason"] == "misread the card"
    assert trail[3]["before"] == edited and trail[3]["reason"] == "wrong table"
    assert trail[1]["actor"].startswith("device ")
    # A refused write leaves no trace.
    assert post_round(client, match["id"], refused_round(GAME, PLAYERS)).status_code == 422
    assert len(client.get(f"/api/v1/matches/{match['id']}/audit").json) == 4


def test_table_check_counts_a_round_only_after_a_second_phone_confirms(clean_app):
    first_phone, second_phone = clean_app.test_client(), clean_app.test_client()
    players = seats(GAME, ["A", "B"])
    hands = rounds(GAME, players, 2)
    after_one = played(GAME, players, hands[:1])
    nothing = [0] * len(after_one.totals)
    match = first_phone.post(
        "/api/v1/matches", json={"game": GAME.id, "players": players, "table_check": True}
    ).json
    assert match["table_check"] is True and match["pending"] is None
    # The second phone sits at the table (opens the match) before the round is recorded.
    assert second_phone.get(f"/matches/{match['id']}").status_code == 200
    recorded = post_round(first_phone, match["id"], hands[0])
    assert recorded.status_code == 201 and recorded.json["pending"] is True
    assert recorded.json["scores"] == list(after_one.rounds[0].score.scores)
    served = second_phone.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == nothing and served["rounds"] == [] and served["pending"]["number"] == 1
    # Nothing more until it is confirmed, and not by the phone that recorded it.
    assert post_round(second_phone, match["id"], hands[1]).json["error"] == "round_pending"
    same = first_phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert same.status_code == 409 and same.json["error"] == "confirm_same_phone"
    confirmed = second_phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert confirmed.status_code == 200 and "pending" not in confirmed.json
    served = first_phone.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == list(after_one.totals) and served["pending"] is None and len(served["rounds"]) == 1
    # A waiting round can be undone (rejected) instead.
    post_round(first_phone, match["id"], hands[1])
    assert second_phone.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    served = first_phone.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == list(after_one.totals) and served["pending"] is None
    actions = [entry["action"] for entry in first_phone.get(f"/api/v1/matches/{match['id']}/audit").json]
    # Taken back by another phone, a waiting round is refused (the recording phone is told).
    assert actions == ["match.create", "round.create", "round.confirm", "round.create", "round.refuse"]
    # Taken back by the phone that recorded it, it is an undo.
    post_round(first_phone, match["id"], hands[1])
    assert first_phone.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    assert first_phone.get(f"/api/v1/matches/{match['id']}/audit").json[-1]["action"] == "round.undo"
