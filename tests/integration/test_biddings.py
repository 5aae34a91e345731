"""Two-step rounds through a real gunicorn (3 workers): one phone gives the bids, another sees them and records the hand."""
from __future__ import annotations

import gzip
import json
import threading
import urllib.error
import urllib.request
from typing import Any

import brotli
import pytest

from .test_gunicorn import HTTP_TIMEOUT, Reply, failure

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


def test_a_bidding_given_on_one_phone_is_seen_and_completed_on_another(gunicorn_server):
    base = gunicorn_server.url
    created = fetch("POST", f"{base}/api/v1/matches", {"game": "spades", "players": PLAYERS})
    assert created.status == 201, failure(str(created), gunicorn_server)
    match_url = f"{base}/api/v1/matches/{created.body['id']}"
    etag = created.headers["ETag"]

    # Ten phones give a bidding with the same ETag at once: exactly one is stored.
    bids = [[1 + i % 4, 2, 3, 4] for i in range(10)]
    replies: list[Reply | None] = [None] * len(bids)
    barrier = threading.Barrier(len(bids), timeout=HTTP_TIMEOUT)

    def give(index: int) -> None:
        barrier.wait()
        replies[index] = fetch("PUT", f"{match_url}/rounds/1/bidding", {"bids": bids[index]}, {"If-Match": etag})

    threads = [threading.Thread(target=give, args=(index,), daemon=True) for index in range(len(bids))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=2 * HTTP_TIMEOUT)
    statuses = sorted(reply.status or 0 for reply in replies if reply is not None)
    assert statuses == [200] + [412] * 9, failure(f"statuses {statuses}", gunicorn_server)
    winner = next(reply for reply in replies if reply is not None and reply.status == 200)
    stored_bids = winner.body["input"]["bids"]

    # Every worker serves it with the match (no stale cached document), compressed.
    for _ in range(6):
        seen = fetch("GET", match_url, headers={"If-None-Match": etag})
        assert seen.status == 200 and same_version(seen.headers["ETag"], winner.headers["ETag"])
        assert seen.headers.get("Content-Encoding") in {"br", "gzip"}
        assert seen.body["bidding"]["input"] == {"bids": stored_bids}
        assert seen.body["bidding"]["play"]["targets"] == stored_bids

    # A second phone records the hand; the round is the whole round, scored as such.
    hand = fetch("POST", f"{match_url}/rounds?number=1", {"tricks": [4, 3, 3, 3]}, {"If-Match": winner.headers["ETag"]})
    assert hand.status == 201, failure(str(hand), gunicorn_server)
    assert hand.body["input"] == {"bids": stored_bids, "tricks": [4, 3, 3, 3]}
    after = fetch("GET", match_url).body
    assert after["bidding"] is None and [r["number"] for r in after["rounds"]] == [1]

    # A whole round at once still works with no bidding stored.
    whole = fetch("POST", f"{match_url}/rounds", {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    assert whole.status == 201 and whole.body["number"] == 2
