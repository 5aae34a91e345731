"""Two-step rounds through a real gunicorn (3 workers): one phone gives the bids, another sees them and records the hand."""
from __future__ import annotations

import gzip
import json
import random
import threading
import urllib.error
import urllib.request
from typing import Any

import brotli
import pytest

from scorekeeper.engine.games import Table
from tests.support.legal_rounds import legal_round
from tests.support.picks import a_game
from tests.support.server_calls import HTTP_TIMEOUT, Reply, failure

pytestmark = pytest.mark.integration

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def fetch(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None) -> Reply:
    """One request from a phone's client: JSON, asking for brotli or gzip and decoding what comes."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", "Accept-Encoding": "br, gzip", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
            status, raw, served = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, served = error.code, error.read(), error.headers
    encoding = served.get("Content-Encoding")
    if encoding == "br":
        raw = brotli.decompress(raw)
    elif encoding == "gzip":
        raw = gzip.decompress(raw)
    return Reply(status=status, headers=dict(served.items()), body=json.loads(raw) if raw else None)


def same_version(etag: str, other: str) -> bool:
    """Two ETags of one version of the match (a compressed answer's carries its coding, ":br")."""
    return etag.strip('"').split(":")[0] == other.strip('"').split(":")[0]


GAME = a_game("with a bidding, for four", lambda game: game.has_bidding and game.min_players <= len(PLAYERS) <= game.max_players)


def bidding_of(raw: dict[str, Any]) -> dict[str, Any]:
    """The bidding half of a whole round."""
    return {name: raw[name] for name in (*GAME.bidding_required, *GAME.bidding_optional) if name in raw}


def first_rounds(table: Table, count: int) -> list[dict[str, Any]]:
    """`count` legal first rounds, each with a bidding of its own (the same every run)."""
    rng = random.Random(1)
    found: list[dict[str, Any]] = []
    for _draw in range(500):
        raw, _after = legal_round(rng, GAME, table, GAME.initial_state(table))
        if all(bidding_of(raw) != bidding_of(other) for other in found):
            found.append(raw)
        if len(found) == count:
            return found
    raise AssertionError(f"no {count} different biddings of {GAME.id}")


def test_a_bidding_given_on_one_phone_is_seen_and_completed_on_another(gunicorn_server):
    base = gunicorn_server.url
    created = fetch("POST", f"{base}/api/v1/matches", {"game": GAME.id, "players": PLAYERS})
    assert created.status == 201, failure(str(created), gunicorn_server)
    match_url = f"{base}/api/v1/matches/{created.body['id']}"
    etag = created.headers["ETag"]
    table = GAME.table(PLAYERS, created.body["options"])
    state = GAME.initial_state(table)

    # Ten phones give a bidding with the same ETag at once: exactly one is stored.
    rounds = first_rounds(table, 10)
    replies: list[Reply | None] = [None] * len(rounds)
    barrier = threading.Barrier(len(rounds), timeout=HTTP_TIMEOUT)

    def give(index: int) -> None:
        barrier.wait()
        replies[index] = fetch("PUT", f"{match_url}/rounds/1/bidding", bidding_of(rounds[index]), {"If-Match": etag})

    threads = [threading.Thread(target=give, args=(index,), daemon=True) for index in range(len(rounds))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=2 * HTTP_TIMEOUT)
    statuses = sorted(reply.status or 0 for reply in replies if reply is not None)
    assert statuses == [200] + [412] * 9, failure(f"statuses {statuses}", gunicorn_server)
    winner = next(reply for reply in replies if reply is not None and reply.status == 200)
    stored = winner.body["input"]
    chosen = next(raw for raw in rounds if bidding_of(raw) == stored)
    play = GAME.validate_bidding(table, state, stored).as_dict()

    # Every worker serves it with the match (no stale cached document), compressed.
    for _ in range(6):
        seen = fetch("GET", match_url, headers={"If-None-Match": etag})
        assert seen.status == 200 and same_version(seen.headers["ETag"], winner.headers["ETag"])
        assert seen.headers.get("Content-Encoding") in {"br", "gzip"}
        assert seen.body["bidding"]["input"] == stored
        assert seen.body["bidding"]["play"] == play

    # A second phone records the hand; the round is the whole round, scored as such.
    hand_part = {name: value for name, value in chosen.items() if name not in stored}
    hand = fetch("POST", f"{match_url}/rounds?number=1", hand_part, {"If-Match": winner.headers["ETag"]})
    assert hand.status == 201, failure(str(hand), gunicorn_server)
    assert hand.body["input"] == chosen
    after = fetch("GET", match_url).body
    assert after["bidding"] is None and [r["number"] for r in after["rounds"]] == [1]
    state = GAME.play(table, state, chosen)
    assert after["rounds"][0]["scores"] == list(state.rounds[-1].score.scores)

    # A whole round at once still works with no bidding stored.
    second, _after = legal_round(random.Random(2), GAME, table, state)
    whole = fetch("POST", f"{match_url}/rounds", second)
    assert whole.status == 201 and whole.body["number"] == 2
