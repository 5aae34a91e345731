"""HTTP against a real server: a reply or the failure to get one, a match made, requests raced,
and an endless game's hands to post again and again."""
from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from tests.support.picks import an_endless_game
from tests.support.racing import at_once

HTTP_TIMEOUT = 30.0
# A game whose match runs on (a target it never reaches), and four legal hands of different
# scores it takes in any order, again and again: a wrong or lost round shows in the totals.
GAME, PLAYERS, ENDLESS, HANDS = an_endless_game(["Ann", "Bob", "Cid", "Dee"])


@dataclass
class Reply:
    """An HTTP answer, or status None when the connection failed before one arrived."""

    status: int | None
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None
    error: str | None = None

    def __str__(self) -> str:
        if self.status is None:
            return f"no response ({self.error})"
        return f"{self.status} {self.headers.get('Idempotent-Replayed', '')} {self.body}"


def call(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None) -> Reply:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
                status, raw, served = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            # A 4xx/5xx: its body is read here, and may be cut off like any other.
            status, raw, served = error.code, error.read(), error.headers
    except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
        # Refused, reset or cut mid-answer (even after the status line): the client cannot
        # know whether the write was stored, so it counts as unanswered.
        return Reply(status=None, error=repr(error))
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw.decode(errors="replace")
    return Reply(status=status, headers=dict(served.items()), body=parsed)


def failure(message: str, server) -> str:
    """An assertion message with the server's side of the story."""
    return f"{message}\n--- {server.log_path}, last lines ---\n{server.log()}"


def create_match(server, device: str | None = None) -> str:
    headers = {"Cookie": f"sk_device={device}"} if device else {}
    body = {"game": GAME.id, "players": PLAYERS, "options": ENDLESS}
    reply = call("POST", f"{server.url}/api/v1/matches", body, headers)
    assert reply.status == 201, failure(f"POST /api/v1/matches: {reply}", server)
    return reply.body["id"]


def get_match(server, match_id: str) -> Reply:
    reply = call("GET", f"{server.url}/api/v1/matches/{match_id}")
    assert reply.status == 200, failure(f"GET /api/v1/matches/{match_id}: {reply}", server)
    return reply


def race(requests: list[tuple[str, dict, dict]]) -> list[Reply]:
    """POST the (url, body, headers) requests at the same moment, one thread each; the replies in request order."""
    return at_once([lambda request=request: call("POST", *request) for request in requests], HTTP_TIMEOUT,
                   caught=(), within=2 * HTTP_TIMEOUT)
