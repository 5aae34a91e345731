"""The match page's ETag: a reload of the page the phone has is a 304, and every change of what it would show makes a new tag."""
from __future__ import annotations

import random
import re

import pytest

from scorekeeper.engine.games import all_games
from tests.support.data import players_for
from tests.support.legal_rounds import legal_round
from tests.support.pages import create
from tests.support.statements import statements

GAME = all_games()[0]


def page(client, match_id: str, **headers: str):
    response = client.get(f"/matches/{match_id}", headers=headers)
    assert response.status_code in (200, 304), response.status_code
    return response


def tagged(client, match_id: str):
    """The page with its tag (a first visit's page makes the device cookie and CSRF secret
    the tag names: the second one has it)."""
    page(client, match_id)
    response = page(client, match_id)
    assert response.status_code == 200 and response.headers["ETag"].startswith('"p'), response.headers
    assert response.headers["Cache-Control"] == "private, no-cache"
    return response


def test_a_reload_with_the_pages_tag_is_a_304_without_a_render(client, clean_app):
    match_id = create(client, GAME.id, players_for(GAME))
    first = tagged(client, match_id)
    tag = first.headers["ETag"]
    with statements(clean_app) as sent:
        again = page(client, match_id, **{"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    with statements(clean_app) as full:
        page(client, match_id)
    # The match and the reader's rights only: no snapshot, waiting round or stored parts.
    assert len(sent) <= len(full), (sent, full)
    assert not any(table in statement for statement in sent for table in ("round_snapshots", "FROM rounds")), sent
    # The encoded page's tag, as flask-compress sends it, names the same page.
    encoded = tag[:-1] + ':br"'
    assert page(client, match_id, **{"If-None-Match": f'"other", {encoded}'}).status_code == 304
    assert page(client, match_id, **{"If-None-Match": '"p0"'}).status_code == 200


def test_the_cached_pages_csrf_token_still_posts(client):
    match_id = create(client, GAME.id, players_for(GAME))
    html = tagged(client, match_id).get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)
    tag = page(client, match_id).headers["ETag"]
    assert page(client, match_id, **{"If-None-Match": tag}).status_code == 304
    # A form post with the kept page's token (the language switch: no game's fields).
    response = client.post("/language", data={"language": "de", "csrf_token": token, "next": f"/matches/{match_id}"})
    assert response.status_code == 303


@pytest.mark.parametrize("change", ["language", "version", "session", "query"])
def test_what_the_page_shows_changes_its_tag(client, clean_app, change):
    match_id = create(client, GAME.id, players_for(GAME))
    tag = tagged(client, match_id).headers["ETag"]
    asked = {"If-None-Match": tag}
    if change == "language":
        response = page(client, match_id, **asked, **{"Accept-Language": "de"})
    elif change == "version":
        # A round recorded by another phone (the API) makes a new version.
        match = client.get(f"/api/v1/matches/{match_id}").get_json()
        table = GAME.table([player["name"] for player in match["players"]], match["options"])
        raw, _state = legal_round(random.Random(3), GAME, table, GAME.initial_state(table))
        assert clean_app.test_client().post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
        response = page(client, match_id, **asked)
    elif change == "session":
        # Another phone (its own device cookie and session) with this phone's tag.
        other = clean_app.test_client()
        page(other, match_id)
        response = page(other, match_id, **asked)
    else:
        response = client.get(f"/matches/{match_id}?change_bids=1", headers=asked)
    assert response.status_code == 200 and response.headers.get("ETag") != tag
