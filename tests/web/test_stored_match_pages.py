"""The match page from stored bytes: the page a reader gets is the page a render would give them, stored once per version and reader variant, with their own CSRF token, form key and name filled in."""
from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask_compress import flask_compress
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games import all_games
from scorekeeper.models import MatchPageBody
from scorekeeper.web.pages import stored_pages
from tests.api.helpers import sign_up
from tests.games.data import players_for
from tests.picks import rounds, seats
from tests.statements import statements
from tests.web.test_pages import create

GAME = all_games()[0]
TOKEN = re.compile(r'(name="csrf[-_]token" (?:content|value)=")([^"]+)(")')
KEY = re.compile(r'(name="idempotency_key" value=")([^"]+)(")')


def page_html(client, match_id: str, **headers: str) -> str:
    response = client.get(f"/matches/{match_id}", headers=headers)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def tokens(html: str) -> tuple[set[str], set[str]]:
    return {found[2] for found in TOKEN.finditer(html)}, {found[2] for found in KEY.finditer(html)}


def without_tokens(html: str) -> str:
    return KEY.sub(r"\1(key)\3", TOKEN.sub(r"\1(token)\3", html))


@contextmanager
def rendered_every_time(app) -> Iterator[None]:
    app.config["STORED_MATCH_PAGES"] = False
    try:
        yield
    finally:
        app.config["STORED_MATCH_PAGES"] = True


def stored_rows(app, match_id: str) -> list[tuple[str, int]]:
    with app.app_context():
        return [tuple(row) for row in db.session.execute(
            select(MatchPageBody.variant, MatchPageBody.version).where(MatchPageBody.match_id == match_id)
        )]


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed in"])
def test_the_stored_page_is_the_page_a_render_gives_with_the_readers_own_values(client, clean_app, signed_in):
    if signed_in:
        sign_up(client, "zoe")
    match_id = create(client, GAME.id, players_for(GAME))
    page_html(client, match_id)  # the device cookie and the CSRF secret
    with rendered_every_time(clean_app):
        rendered = page_html(client, match_id)
    stored = page_html(client, match_id)
    again = page_html(client, match_id)
    assert stored_rows(clean_app, match_id) and "\ue000" not in stored
    assert without_tokens(stored) == without_tokens(again) == without_tokens(rendered)
    # One token per page (the session's), and a new form key per page view, as a render gives.
    (_token,), first_keys = tokens(stored)
    (_again,), next_keys = tokens(again)
    assert len(first_keys) == len(next_keys) == 1 and first_keys != next_keys
    assert ('class="signed-in"' in stored and ">zoe</a>" in stored) is signed_in


def test_one_stored_page_per_version_and_kind_of_reader(client, clean_app):
    match_id = create(client, GAME.id, players_for(GAME))
    page_html(client, match_id)
    english = page_html(client, match_id)
    other = clean_app.test_client()
    page_html(other, match_id)
    with statements(clean_app) as sent:
        others = page_html(other, match_id)
    assert len(stored_rows(clean_app, match_id)) == 1
    assert not any("INSERT" in statement.upper() for statement in sent), sent
    # Each phone posts its own session's token.
    assert tokens(others)[0] != tokens(english)[0] and without_tokens(others) == without_tokens(english)
    german = clean_app.test_client()
    page_html(german, match_id, **{"Accept-Language": "de"})
    deutsch = page_html(german, match_id, **{"Accept-Language": "de"})
    assert len(stored_rows(clean_app, match_id)) == 2 and 'lang="de"' in deutsch and 'lang="en"' in english


def test_a_new_round_is_a_new_stored_page(client, clean_app):
    match_id = create(client, GAME.id, players_for(GAME))
    page_html(client, match_id)
    before = page_html(client, match_id)
    first = rounds(GAME, players_for(GAME), 1)[0]
    assert client.post(f"/api/v1/matches/{match_id}/rounds", json=first).status_code == 201
    after = page_html(client, match_id)
    with rendered_every_time(clean_app):
        rendered = page_html(client, match_id)
    assert without_tokens(after) != without_tokens(before) and without_tokens(after) == without_tokens(rendered)
    assert [version for _variant, version in stored_rows(clean_app, match_id)] == [2]


def test_no_readers_value_or_mark_is_stored(client, clean_app):
    match_id = create(client, GAME.id, players_for(GAME))
    reader = clean_app.test_client()
    sign_up(reader, "quentin")  # a reader, not in the match's history
    page_html(reader, match_id)
    html = page_html(reader, match_id)
    assert ">quentin</a>" in html
    with clean_app.app_context():
        stored = db.session.scalar(select(MatchPageBody.body).where(MatchPageBody.match_id == match_id))
    token, keys = tokens(html)
    assert not any(value in stored for value in (*token, *keys, "quentin"))
    with clean_app.test_request_context():
        clean_app.preprocess_request()
        assert all(stored.count(mark) >= 1 for mark in stored_pages.marks().values())


def test_a_write_to_another_match_of_the_league_leaves_the_stored_page_as_it_is(client, clean_app):
    sign_up(client, "owner")
    league = client.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid", "Dan"]}).json
    players = seats(GAME, ["Ann", "Bob", "Cid", "Dan"])
    shown, other = (
        client.post("/api/v1/matches", json={"game": GAME.id, "players": players, "league": league["id"]}).json["id"]
        for _ in range(2)
    )
    page_html(client, shown)
    before = page_html(client, shown)
    assert "Thursday" in before
    assert client.post(f"/api/v1/matches/{other}/rounds", json=rounds(GAME, players, 1)[0]).status_code == 201
    with statements(clean_app) as sent:
        after = page_html(client, shown)
    assert without_tokens(after) == without_tokens(before)
    assert not any("match_page_bodies" in statement and "INSERT" in statement.upper() for statement in sent), sent


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed in"])
def test_a_browser_gets_the_stored_page_compressed_once_with_its_own_values(client, clean_app, monkeypatch, signed_in):
    if signed_in:
        sign_up(client, "zoë")
    match_id = create(client, GAME.id, players_for(GAME))
    page_html(client, match_id)
    text = page_html(client, match_id)

    def compressed(*_args):
        raise AssertionError("the stored page was compressed for this request")

    monkeypatch.setattr(flask_compress, "_compress_data", compressed)
    served = client.get(f"/matches/{match_id}", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert served.status_code == 200 and served.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in served.headers["Vary"] and served.headers["ETag"].endswith(':gzip"')
    html = gzip.decompress(served.data).decode()
    assert without_tokens(html) == without_tokens(text) and "\ue000" not in html
    # The session's CSRF token (the one the text page carries: its payload, the session's
    # secret; the signature's time is the second it was signed in) and a new form key.
    def payloads(found: set[str]) -> set[str]:
        return {token.split(".")[0] for token in found}

    assert payloads(tokens(html)[0]) == payloads(tokens(text)[0]) and tokens(html)[1] != tokens(text)[1]
    assert ('class="signed-in"' in html and ">zoë</a>" in html) is signed_in
    again = client.get(f"/matches/{match_id}", headers={"If-None-Match": served.headers["ETag"]})
    assert again.status_code == 304


def test_a_phones_first_visit_gets_the_stored_page(client, clean_app):
    """Every phone at the table opens the shared link for the first time: no render."""
    match_id = create(client, GAME.id, players_for(GAME))
    page_html(client, match_id)
    returning = page_html(client, match_id)
    first = clean_app.test_client()
    with statements(clean_app) as sent:
        html = page_html(first, match_id)
    assert without_tokens(html) == without_tokens(returning)
    assert not any("round_snapshots" in statement or "match_page_bodies (" in statement for statement in sent), sent
    # The phone is remembered (its home page lists the match) and its token posts.
    assert first.get_cookie("sk_device") is not None and first.get_cookie("session") is not None
