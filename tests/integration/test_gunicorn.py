"""Races and a crash against a real gunicorn with 3 worker processes, over real HTTP."""
from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass, field

import pytest

from tests.support.server_calls import HANDS, HTTP_TIMEOUT, Reply, call, create_match, failure, get_match, race

pytestmark = pytest.mark.integration


def test_twenty_clients_with_one_idempotency_key_store_one_round(gunicorn_server):
    base = gunicorn_server.url
    match_id = create_match(gunicorn_server)
    url = f"{base}/api/v1/matches/{match_id}/rounds"
    replies = race([(url, HANDS[0], {"Idempotency-Key": "one-key"})] * 20)
    statuses = [reply.status for reply in replies]
    assert set(statuses) <= {201, 409}, failure(f"statuses {statuses}: {[str(r) for r in replies]}", gunicorn_server)
    assert 201 in statuses, failure(f"statuses {statuses}", gunicorn_server)
    # Every 201, first or replayed, is the same round 1.
    assert {json.dumps(reply.body, sort_keys=True) for reply in replies if reply.status == 201} == {
        json.dumps(next(reply.body for reply in replies if reply.status == 201), sort_keys=True)
    }
    rounds = get_match(gunicorn_server, match_id).body["rounds"]
    assert [r["number"] for r in rounds] == [1], failure(f"stored rounds {rounds}", gunicorn_server)
    assert rounds[0]["input"] == HANDS[0]
    # Once the race is over, a retry is a plain replay.
    again = call("POST", url, HANDS[0], {"Idempotency-Key": "one-key"})
    replayed = again.status == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert replayed, failure(f"retry after the race: {again}", gunicorn_server)
    assert again.body["number"] == 1


def test_twenty_clients_racing_for_one_round_number_store_one(gunicorn_server):
    base = gunicorn_server.url
    match_id = create_match(gunicorn_server)
    url = f"{base}/api/v1/matches/{match_id}/rounds?number=1"
    bodies = [HANDS[i % len(HANDS)] for i in range(20)]
    replies = race([(url, body, {}) for body in bodies])
    statuses = sorted(reply.status or 0 for reply in replies)
    assert statuses == [201] + [409] * 19, failure(f"statuses {statuses}: {[str(r) for r in replies]}", gunicorn_server)
    winner = next(body for body, reply in zip(bodies, replies) if reply.status == 201)
    rounds = get_match(gunicorn_server, match_id).body["rounds"]
    assert [(r["number"], r["input"]) for r in rounds] == [(1, winner)], failure(f"stored {rounds}", gunicorn_server)


def test_writers_with_the_same_etag_one_succeeds(gunicorn_server):
    base = gunicorn_server.url
    match_id = create_match(gunicorn_server)
    etag = get_match(gunicorn_server, match_id).headers["ETag"]
    url = f"{base}/api/v1/matches/{match_id}/rounds"
    replies = race([(url, HANDS[i % 4], {"If-Match": etag}) for i in range(10)])
    statuses = sorted(reply.status or 0 for reply in replies)
    assert statuses == [201] + [412] * 9, failure(f"statuses {statuses}: {[str(r) for r in replies]}", gunicorn_server)
    served = get_match(gunicorn_server, match_id)
    assert len(served.body["rounds"]) == 1
    assert served.headers["ETag"] != etag


# --------------------------------------------------------------------------- crash


@dataclass(frozen=True)
class Sent:
    """One round posted during the load: where, as which number, with which key and body."""

    match_id: str
    number: int
    key: str
    body: dict


@dataclass
class Load:
    """What the writers saw: acknowledged rounds, unanswered requests and anything unexpected."""

    acknowledged: list[tuple[Sent, dict]] = field(default_factory=list)
    unanswered: list[Sent] = field(default_factory=list)
    unexpected: list[tuple[Sent, Reply]] = field(default_factory=list)
    lock: threading.Condition = field(default_factory=threading.Condition)


def writer(base: str, index: int, match_id: str, load: Load, stop: threading.Event) -> None:
    """Post rounds to one match with ?number= and a fresh key each, until the server goes away."""
    url = f"{base}/api/v1/matches/{match_id}/rounds"
    # Every match starts empty; a 409 teaches a writer the real next number.
    number = 1
    sequence = 0
    while not stop.is_set():
        sequence += 1
        sent = Sent(match_id, number, f"w{index}-{sequence}-{secrets.token_hex(4)}", HANDS[(index + sequence) % 4])
        reply = call("POST", f"{url}?number={number}", sent.body, {"Idempotency-Key": sent.key})
        with load.lock:
            if reply.status is None:
                load.unanswered.append(sent)
            elif reply.status == 201 and reply.body["number"] == number and "Idempotent-Replayed" not in reply.headers:
                load.acknowledged.append((sent, reply.body))
            elif reply.status != 409:
                load.unexpected.append((sent, reply))
            load.lock.notify_all()
        if reply.status is None:
            return  # the server is gone: this writer's last request stays unanswered
        if reply.status == 201:
            number += 1
        else:
            # Another writer took this number: learn the next one, as a phone would on reload.
            fresh = call("GET", f"{base}/api/v1/matches/{match_id}")
            if fresh.status != 200:
                return
            number = len(fresh.body["rounds"]) + 1


def check_consistent(server, match_ids: list[str], device: str) -> dict[str, list[dict]]:
    """Every match's rounds are 1..n without gaps and its totals, served and stored, add up."""
    rounds_of = {}
    for match_id in match_ids:
        served = get_match(server, match_id).body
        rounds = served["rounds"]
        assert [r["number"] for r in rounds] == list(range(1, len(rounds) + 1)), failure(
            f"match {match_id}: round numbers {[r['number'] for r in rounds]}", server
        )
        sums = [sum(r["scores"][side] for r in rounds) for side in range(len(served["totals"]))]
        assert served["totals"] == sums, failure(f"match {match_id}: totals {served['totals']} != {sums}", server)
        rounds_of[match_id] = rounds
    # The list serves the summary columns stored with each write (not a replay).
    listed = call("GET", f"{server.url}/api/v1/matches", headers={"Cookie": f"sk_device={device}"})
    assert listed.status == 200, failure(f"GET /api/v1/matches: {listed}", server)
    summaries = {summary["id"]: summary for summary in listed.body}
    for match_id, rounds in rounds_of.items():
        stored = summaries[match_id]
        sums = [sum(r["scores"][side] for r in rounds) for side in range(len(stored["totals"]))]
        assert (stored["rounds"], stored["totals"]) == (len(rounds), sums), failure(
            f"match {match_id}: stored summary {stored} but {len(rounds)} rounds adding up to {sums}", server
        )
    return rounds_of


@pytest.mark.slow
def test_sigkill_mid_load_loses_no_acknowledged_round(gunicorn_factory):
    server = gunicorn_factory()
    device = secrets.token_hex(16)
    match_ids = [create_match(server, device) for _ in range(3)]
    load, stop = Load(), threading.Event()
    threads = [
        threading.Thread(target=writer, args=(server.url, i, match_ids[i % 3], load, stop), daemon=True)
        for i in range(8)
    ]
    for thread in threads:
        thread.start()
    # Kill once the load is well under way (or after a bounded wait, whatever it reached).
    with load.lock:
        load.lock.wait_for(lambda: len(load.acknowledged) >= 60 or load.unexpected, timeout=15)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=2 * HTTP_TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a writer did not stop after the kill"
    assert not load.unexpected, failure(
        "unexpected replies during the load:\n" + "\n".join(f"{sent} -> {reply}" for sent, reply in load.unexpected),
        server,
    )
    assert load.acknowledged, failure("no round was acknowledged before the kill", server)
    # Each writer's last request is cut off by the kill, so the retry path below always runs.
    assert load.unanswered, failure("no request was cut off by the kill", server)

    server = gunicorn_factory()  # a fresh gunicorn on the same database
    base = server.url
    rounds_of = check_consistent(server, match_ids, device)

    for sent, acknowledged in load.acknowledged:
        rounds = rounds_of[sent.match_id]
        assert len(rounds) >= sent.number, failure(f"acknowledged {sent} is lost: {len(rounds)} rounds", server)
        stored = rounds[sent.number - 1]
        assert (stored["input"], stored["scores"]) == (sent.body, acknowledged["scores"]), failure(
            f"acknowledged {sent} ({acknowledged['scores']}) is stored as {stored}", server
        )
        # The key still names that round: a late retry of an acknowledged write is a replay.
        again = call("POST", f"{base}/api/v1/matches/{sent.match_id}/rounds", sent.body, {"Idempotency-Key": sent.key})
        assert again.status == 201 and again.headers.get("Idempotent-Replayed") == "true", failure(
            f"retry of acknowledged {sent}: {again}", server
        )
        assert again.body["number"] == sent.number, failure(f"retry of acknowledged {sent}: {again}", server)

    # An unanswered request may or may not have been committed before the kill. The phone
    # retries it with its key (reloaded, so without ?number=): stored once either way.
    stored_again = {match_id: len(rounds) for match_id, rounds in rounds_of.items()}
    for sent in load.unanswered:
        url = f"{base}/api/v1/matches/{sent.match_id}/rounds"
        first = call("POST", url, sent.body, {"Idempotency-Key": sent.key})
        assert first.status == 201, failure(f"retry of unanswered {sent}: {first}", server)
        if first.headers.get("Idempotent-Replayed") == "true":
            # It was committed before the kill, under the number it asked for.
            assert first.body["number"] == sent.number, failure(f"retry of unanswered {sent}: {first}", server)
            assert first.body["number"] <= len(rounds_of[sent.match_id])
        else:
            stored_again[sent.match_id] += 1
            assert first.body["number"] == stored_again[sent.match_id], failure(
                f"retry of unanswered {sent} stored as round {first.body['number']}", server
            )
        assert first.body["input"] == sent.body
        second = call("POST", url, sent.body, {"Idempotency-Key": sent.key})
        assert second.status == 201 and second.headers.get("Idempotent-Replayed") == "true", failure(
            f"second retry of unanswered {sent}: {second}", server
        )
        assert second.body["number"] == first.body["number"]

    after = check_consistent(server, match_ids, device)
    assert {match_id: len(rounds) for match_id, rounds in after.items()} == stored_again
