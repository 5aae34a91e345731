"""A cookie-authenticated API POST must be JSON or carry the page's CSRF token: a cross-site form cannot post a rematch or a share link."""
from __future__ import annotations

import re

import pytest

from tests.support.api import create, sign_up
from tests.support.picks import any_game, seats

CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')
FORM = "application/x-www-form-urlencoded"


def finished_match(client) -> str:
    game = any_game()
    return create(client, game=game.id, players=seats(game, ["Ann", "Bob", "Cid"]))["id"]


@pytest.mark.parametrize("path", ["/rematch", "/share"])
@pytest.mark.parametrize("content_type", [FORM, "text/plain", "multipart/form-data; boundary=x", None])
def test_a_cross_site_form_post_with_the_session_cookie_is_refused(client, path, content_type):
    sign_up(client, "ann")
    match = finished_match(client)
    headers = {"Content-Type": content_type} if content_type else {}
    refused = client.post(f"/api/v1/matches/{match}{path}", data="", headers=headers)
    assert refused.status_code == 403 and refused.json["error"] == "csrf"
    assert "application/json" in refused.json["message"]
    assert client.get(f"/api/v1/matches/{match}/share").json == []
    assert len(client.get("/api/v1/matches").json) == 1


def test_a_device_cookie_alone_is_protected_too(client):
    match = finished_match(client)  # no account: the device cookie holds the match
    assert "sk_device" in {cookie.key for cookie in client._cookies.values()}
    assert client.post(f"/api/v1/matches/{match}/share", data="", content_type=FORM).status_code == 403


def test_json_or_the_pages_csrf_token_is_taken(client):
    sign_up(client, "ann")
    match = finished_match(client)
    assert client.post(f"/api/v1/matches/{match}/share", json={}).status_code == 201
    token = CSRF_META.search(client.get("/").get_data(as_text=True)).group(1)
    assert client.post(f"/api/v1/matches/{match}/share", headers={"X-CSRFToken": token}).status_code == 201
    assert client.post(f"/api/v1/matches/{match}/share", headers={"X-CSRFToken": "forged"}).status_code == 403


def test_a_bearer_token_needs_neither(client, clean_app):
    sign_up(client, "ann")
    match = finished_match(client)
    secret = client.post("/api/v1/tokens", json={"name": "script"}).json["token"]
    script = clean_app.test_client()  # no cookies at all: a script
    response = script.post(f"/api/v1/matches/{match}/rematch", headers={"Authorization": f"Bearer {secret}"})
    assert response.status_code == 201, response.json
