"""Cookie headers no browser sends (bytes that are not UTF-8, in any cookie the app reads)
over real HTTP through gunicorn: refused or ignored, never a server error."""
from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from tests.support.server_calls import HANDS, create_match, failure

pytestmark = pytest.mark.integration

# Latin-1 as the header is sent: \xe9 and \xff are bytes no UTF-8 text holds alone.
COOKIES = [
    "a=\xe9",
    "sk_device=\xe9\xff",
    "sk_lang=\xe9",
    "session=\xe9",
    "remember_token=\xe9",
    "\xe9=\xe9; sk_device=0123456789abcdef0123456789abcdef",
]


def send(server, method: str, path: str, cookie: str, body: dict | None = None) -> tuple[int, bytes]:
    """One request with the Cookie header's bytes exactly as given (http.client sends a
    header as Latin-1, as gunicorn reads it)."""
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    try:
        headers = {"Cookie": cookie, "Accept-Encoding": "gzip, br"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("cookie", COOKIES, ids=range(len(COOKIES)))
def test_a_cookie_that_is_not_utf8_never_fails_the_server(gunicorn_server, cookie):
    match_id = create_match(gunicorn_server)
    requests = [
        ("GET", "/", None),
        ("GET", "/api/v1/health", None),
        ("GET", "/login", None),
        ("GET", "/matches/new", None),
        ("GET", "/api/v1/matches", None),
        ("GET", f"/api/v1/matches/{match_id}", None),
        ("GET", f"/matches/{match_id}", None),
        ("POST", f"/api/v1/matches/{match_id}/rounds", HANDS[0]),
    ]
    for method, path, body in requests:
        status, answer = send(gunicorn_server, method, path, cookie, body)
        assert status < 500, failure(f"{method} {path} with Cookie {cookie!r}: {status} {answer[:300]!r}", gunicorn_server)
