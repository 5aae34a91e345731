"""Recording, editing and undoing rounds; idempotency, ETags and races."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

from .helpers import NWIK_ROUNDS, create, post_round

NAMELESS_HAND = {"tricks": [2, 1, 1, 1]}


def test_post_round_returns_the_scored_round(client):
    match = create(client)
    response = post_round(client, match["id"], NWIK_ROUNDS[0])
    assert response.status_code == 201
    assert response.json["number"] == 1
    assert response.json["scores"] == [0, -8, 8]
    assert response.json["input"] == NWIK_ROUNDS[0]
    assert len(response.json["explanation"]) == 3
    assert response.headers["Location"].endswith(f"/matches/{match['id']}/rounds/1")


@pytest.mark.parametrize(
    ("body", "fragment", "field"),
    [
        ({"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 4]}, "add up to 13, got 12", "tricks"),
        ({"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5], "trumps": "x"}, "unknown round field", "trumps"),
        ({"style": "5", "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]}, "style", "style"),
        ([1, 2, 3], "", None),
    ],
)
def test_invalid_rounds_are_422_and_store_nothing(client, body, fragment, field):
    match = create(client)
    response = post_round(client, match["id"], body)
    assert response.status_code == 422
    assert fragment in response.json["message"]
    if field:
        assert field in response.json["errors"]
    assert client.get(f"/api/v1/matches/{match['id']}").json["rounds"] == []


def test_reused_stake_names_the_player(client):
    match = create(client)
    for body in NWIK_ROUNDS:
        post_round(client, match["id"], body)
    # Round 4: dealer 0, Bidder seat 1 (Bob) used stake 4 in round 1.
    response = post_round(client, match["id"], {"style": 1, "stake": 4, "tricks": [4, 5, 4]})
    assert response.status_code == 422
    assert "Bob has already used stake 4" in response.json["message"]


def test_idempotency_key_repeat_returns_the_stored_round(client):
    match = create(client)
    first = post_round(client, match["id"], NWIK_ROUNDS[0], **{"Idempotency-Key": "abc"})
    again = post_round(client, match["id"], NWIK_ROUNDS[0], **{"Idempotency-Key": "abc"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_stale_if_match_is_412_and_changes_nothing(client):
    match = create(client)
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    assert post_round(client, match["id"], NWIK_ROUNDS[0], **{"If-Match": etag}).status_code == 201
    stale = post_round(client, match["id"], NWIK_ROUNDS[1], **{"If-Match": etag})
    assert stale.status_code == 412
    assert stale.json["error"] == "stale_etag"
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_round_number_already_taken_is_409(client):
    match = create(client)
    url = f"/api/v1/matches/{match['id']}/rounds?number=1"
    assert client.post(url, json=NWIK_ROUNDS[0]).status_code == 201
    response = client.post(url, json={"style": 1, "stake": 1, "tricks": [4, 5, 4]})
    assert response.status_code == 409
    assert "the next round is 2" in response.json["message"]


def test_finished_match_refuses_rounds_before_reading_the_body(client):
    match = create(client, "nameless", ["A", "B"], {"target": 5})
    assert post_round(client, match["id"], {"tricks": [5, 0]}).status_code == 201
    served = client.get(f"/api/v1/matches/{match['id']}").json
    assert served["finished"] is True and served["winners"] == [0] and served["next"] is None
    response = post_round(client, match["id"], {"garbage": True})
    assert response.status_code == 409
    assert response.json["error"] == "match_finished"


def test_edit_replays_later_rounds(client):
    match = create(client)
    for body in NWIK_ROUNDS:
        post_round(client, match["id"], body)
    edited = {"style": 5, "stake": 4, "vip_card": 3, "tricks": [3, 5, 5]}
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/1", json=edited)
    assert response.status_code == 200
    assert response.json["scores"] == [0, -12, 12]
    assert client.get(f"/api/v1/matches/{match['id']}").json["totals"] == [4, -8, 4]


def test_edit_that_breaks_a_later_round_is_refused_whole(client):
    match = create(client)
    for body in NWIK_ROUNDS:
        post_round(client, match["id"], body)
    before = client.get(f"/api/v1/matches/{match['id']}").json
    # Round 1 was Bob's stake 4; making it stake 2... Bob bids again in round 4 only,
    # so break round 3 instead: seat 0 passed with stake 6 in round 3; round 1's Bidder
    # is Bob. Editing round 2 (Cid's) to style 3 makes no conflict; instead make round 1
    # a Pass by Bob whose Acting Bidder (Cid) then... keep it simple: invalid tricks.
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/2", json={"style": 4, "stake": 2, "tricks": [2, 7, 3]})
    assert response.status_code == 422
    assert client.get(f"/api/v1/matches/{match['id']}").json == before


def test_edit_that_ends_the_match_early_names_the_later_round(client):
    match = create(client, "nameless", ["A", "B"], {"target": 7})
    for _ in range(2):
        assert post_round(client, match["id"], {"tricks": [3, 2]}).status_code == 201
    # Editing round 1 to 5 of 5 (7 points) would end the match after round 1.
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/1", json={"tricks": [5, 0]})
    assert response.status_code == 422
    assert response.json["round"] == 2
    assert "round 2" in response.json["message"]


def test_undo_only_the_last_round(client):
    match = create(client)
    for body in NWIK_ROUNDS[:2]:
        post_round(client, match["id"], body)
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1").status_code == 409
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/5").status_code == 404
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    served = client.get(f"/api/v1/matches/{match['id']}").json
    assert [r["number"] for r in served["rounds"]] == [1]
    assert served["next"]["round"] == 2


def test_undo_reopens_a_finished_match(client):
    match = create(client, "nameless", ["A", "B"], {"target": 5})
    post_round(client, match["id"], {"tricks": [5, 0]})
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1").status_code == 204
    served = client.get(f"/api/v1/matches/{match['id']}").json
    assert served["finished"] is False and served["next"]["round"] == 1


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
    match = create(client)
    url = f"{live_server}/api/v1/matches/{match['id']}/rounds"
    statuses = _race(url, [NWIK_ROUNDS[0]] * 20, [{"Idempotency-Key": "same-key"}] * 20)
    assert set(statuses) <= {201, 409}
    assert 201 in statuses
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_twenty_writers_racing_for_one_round_number_store_one(clean_app, live_server):
    client = clean_app.test_client()
    match = create(client, "nameless", ["A", "B", "C", "D"])
    url = f"{live_server}/api/v1/matches/{match['id']}/rounds?number=1"
    bodies = [{"tricks": [i % 6, 5 - i % 6, 0, 0]} for i in range(20)]
    statuses = _race(url, bodies, [{}] * 20)
    assert sorted(statuses) == [201] + [409] * 19
    assert len(client.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_writers_with_the_same_etag_one_succeeds(clean_app, live_server):
    client = clean_app.test_client()
    match = create(client, "nameless", ["A", "B", "C", "D"])
    etag = client.get(f"/api/v1/matches/{match['id']}").headers["ETag"]
    url = f"{live_server}/api/v1/matches/{match['id']}/rounds"
    statuses = _race(url, [NAMELESS_HAND] * 10, [{"If-Match": etag}] * 10)
    assert sorted(statuses) == [201] + [412] * 9


def test_audit_trail_records_who_what_and_why(client):
    match = create(client)
    post_round(client, match["id"], NWIK_ROUNDS[0])
    edited = {**NWIK_ROUNDS[0], "vip_card": 3}
    assert client.put(f"/api/v1/matches/{match['id']}/rounds/1?reason=misread+the+card", json=edited).status_code == 200
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/1?reason=wrong+table").status_code == 204
    trail = client.get(f"/api/v1/matches/{match['id']}/audit").json
    assert [(e["action"], e["round_number"]) for e in trail] == [
        ("match.create", None), ("round.create", 1), ("round.edit", 1), ("round.undo", 1)
    ]
    assert trail[2]["before"] == NWIK_ROUNDS[0] and trail[2]["after"] == edited
    assert trail[2]["reason"] == "misread the card"
    assert trail[3]["before"] == edited and trail[3]["reason"] == "wrong table"
    assert trail[1]["actor"].startswith("device ")
    # A refused write leaves no trace.
    post_round(client, match["id"], {"style": 9})
    assert len(client.get(f"/api/v1/matches/{match['id']}/audit").json) == 4


def test_table_check_counts_a_round_only_after_a_second_phone_confirms(clean_app):
    first_phone, second_phone = clean_app.test_client(), clean_app.test_client()
    match = first_phone.post(
        "/api/v1/matches", json={"game": "nameless", "players": ["A", "B"], "table_check": True}
    ).json
    assert match["table_check"] is True and match["pending"] is None
    # The second phone sits at the table (opens the match) before the round is recorded.
    assert second_phone.get(f"/matches/{match['id']}").status_code == 200
    recorded = post_round(first_phone, match["id"], {"tricks": [3, 2]})
    assert recorded.status_code == 201 and recorded.json["pending"] is True and recorded.json["scores"] == [4, -1]
    served = second_phone.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == [0, 0] and served["rounds"] == [] and served["pending"]["number"] == 1
    # Nothing more until it is confirmed, and not by the phone that recorded it.
    assert post_round(second_phone, match["id"], {"tricks": [3, 2]}).json["error"] == "round_pending"
    same = first_phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert same.status_code == 409 and same.json["error"] == "confirm_same_phone"
    confirmed = second_phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert confirmed.status_code == 200 and "pending" not in confirmed.json
    served = first_phone.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == [4, -1] and served["pending"] is None and len(served["rounds"]) == 1
    # A waiting round can be undone (rejected) instead.
    post_round(first_phone, match["id"], {"tricks": [0, 5]})
    assert second_phone.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    served = first_phone.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == [4, -1] and served["pending"] is None
    actions = [entry["action"] for entry in first_phone.get(f"/api/v1/matches/{match['id']}/audit").json]
    # Taken back by another phone, a waiting round is refused (the recording phone is told).
    assert actions == ["match.create", "round.create", "round.confirm", "round.create", "round.refuse"]
    # Taken back by the phone that recorded it, it is an undo.
    post_round(first_phone, match["id"], {"tricks": [0, 5]})
    assert first_phone.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    assert first_phone.get(f"/api/v1/matches/{match['id']}/audit").json[-1]["action"] == "round.undo"
