"""Inputs found hostile from outside (issue #36), sent again through gunicorn on the session's
database: a form's round number below 1, an import's unusual offsets, the end page asked by
a phone that may not end the match. Each is refused or taken in words, never a 5xx."""
from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime

import pytest
import requests

from tests.support.exports import league_export
from tests.support.server_calls import ENDLESS, GAME, HANDS, PLAYERS

pytestmark = pytest.mark.integration

TIMEOUT = 60.0
CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')


def signed_in(base: str) -> requests.Session:
    session = requests.Session()
    body = {"username": f"hostile{secrets.token_hex(4)}", "password": "correct horse battery staple"}
    reply = session.post(f"{base}/api/v1/users", json=body, timeout=TIMEOUT)
    assert reply.status_code == 201, reply.text
    return session


def match_with_a_round(session: requests.Session, base: str) -> str:
    body = {"game": GAME.id, "players": PLAYERS, "options": ENDLESS}
    reply = session.post(f"{base}/api/v1/matches", json=body, timeout=TIMEOUT)
    assert reply.status_code == 201, reply.text
    match_id = reply.json()["id"]
    assert session.post(f"{base}/api/v1/matches/{match_id}/rounds", json=HANDS[0], timeout=TIMEOUT).status_code == 201
    return match_id


@pytest.mark.parametrize("number", ["0", "-1"])
def test_a_round_form_numbered_below_one_is_refused_on_the_page(gunicorn_server, number):
    base = gunicorn_server.url
    match_id = match_with_a_round(requests.Session(), base)
    # Another phone holding the link: its page's CSRF token, then the form as forged.
    phone = requests.Session()
    page = phone.get(f"{base}/matches/{match_id}", timeout=TIMEOUT)
    token = CSRF_META.search(page.text).group(1)
    reply = phone.post(
        f"{base}/matches/{match_id}/rounds", data={"csrf_token": token, "expected_number": number}, timeout=TIMEOUT
    )
    assert reply.status_code == 422 and "text/html" in reply.headers["Content-Type"], (reply.status_code, gunicorn_server.log())
    assert "1 or more" in reply.text


@pytest.mark.parametrize("offset", ["-23:59", "+16:00", "+23:59:59", "+00:00:01.5"])
def test_an_import_with_an_unusual_offset_is_stored_in_utc(gunicorn_server, offset):
    base = gunicorn_server.url
    session = signed_in(base)
    export = league_export(matches=1, seed=7)
    stamp = f"2025-03-01T12:30:00{offset}"
    export["matches"][0]["created_at"] = stamp
    reply = session.post(f"{base}/api/v1/leagues/import", json=export, timeout=TIMEOUT)
    assert reply.status_code == 201, (reply.status_code, reply.text[:300], gunicorn_server.log())
    again = session.get(f"{base}/api/v1/leagues/{export['league']['id']}/export", timeout=TIMEOUT).json()
    # The UTC time it names, as the app stores its own times (the same on both databases).
    utc = datetime.fromisoformat(stamp).astimezone(UTC).replace(tzinfo=None)
    assert again["matches"][0]["created_at"] == utc.isoformat()


def test_the_end_page_is_not_offered_to_a_phone_that_may_not_end_the_match(gunicorn_server):
    base = gunicorn_server.url
    owner = signed_in(base)
    match_id = match_with_a_round(owner, base)
    assert f'action="/matches/{match_id}/end"' in owner.get(f"{base}/matches/{match_id}/end", timeout=TIMEOUT).text
    holder = requests.Session()
    reply = holder.get(f"{base}/matches/{match_id}/end", timeout=TIMEOUT)
    assert reply.status_code == 403, (reply.status_code, gunicorn_server.log())
    assert f'action="/matches/{match_id}/end"' not in reply.text
