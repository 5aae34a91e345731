"""The match page below Flask (scorekeeper/page_reads.py) answers a returning phone exactly as the Flask route does: status, headers, the page but for the reader's own values; and leaves every other reader to Flask."""
from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.extensions import db
from scorekeeper.games import all_games
from scorekeeper.page_reads import PageReads
from scorekeeper.services.matches.views import OneRowRead
from tests.api.helpers import sign_up
from tests.api.test_document_reads import flask_calls as layer_calls
from tests.games.data import players_for
from tests.picks import rounds, seats
from tests.statements import statements
from tests.web.test_pages import create
from tests.web.test_stored_match_pages import tokens, without_tokens

GAME = all_games()[0]
# The phones the layer serves: every encoding and language a phone may ask in.
READERS = {
    "plain": {},
    "browser": {"Accept-Encoding": "gzip, deflate, br"},
    "gzip": {"Accept-Encoding": "gzip"},
    "german": {"Accept-Language": "de-DE,de;q=0.9", "Accept-Encoding": "br, gzip"},
    "russian cookie": {"Cookie": "sk_lang=ru"},
}


def layer_of(app) -> PageReads:
    outer = app.wsgi_app
    layer = outer.downstream
    assert isinstance(layer, PageReads)
    return layer


@contextmanager
def skipping(above, layer) -> Iterator[None]:
    """`above` handing its requests straight on to what `layer` hands them on to."""
    above.downstream = layer.downstream
    try:
        yield
    finally:
        above.downstream = layer


def through_flask(app):
    """The app without the layer: every page goes through Flask's route."""
    return skipping(app.wsgi_app, layer_of(app))


def flask_calls(app):
    """The paths the page layer handed on to Flask while the block runs."""
    return layer_calls(app, layer_of(app))


def html_of(response) -> str:
    data = gzip.decompress(response.data) if response.headers.get("Content-Encoding") == "gzip" else response.data
    return data.decode()


def comparable(response) -> tuple[int, str, dict[str, str]]:
    headers = {name.lower(): value for name, value in response.headers}
    for name in ("date", "content-length"):  # the length differs with the token's encoding of the time
        if name in headers:
            headers[name] = f"({name})"
    return response.status_code, without_tokens(html_of(response)), headers


def token_posts(client, match_id: str, token: str) -> bool:
    """Whether a form post with this CSRF token gets through (the language switch)."""
    response = client.post("/language", data={"language": "en", "csrf_token": token, "next": f"/matches/{match_id}"})
    return response.status_code == 303


def returning_phone(client, **headers: str) -> str:
    """A casual match this phone opened before (device cookie, session, stored page)."""
    match_id = create(client, GAME.id, players_for(GAME))
    client.get(f"/matches/{match_id}", headers=headers)
    client.get(f"/matches/{match_id}", headers=headers)
    return match_id


@pytest.mark.parametrize("reader", READERS, ids=str)
def test_the_layer_answers_as_the_flask_route_does(client, clean_app, reader):
    headers = READERS[reader]
    match_id = returning_phone(client, **headers)
    path = f"/matches/{match_id}"
    with through_flask(clean_app):
        expected = client.get(path, headers=headers)
    with flask_calls(clean_app) as handed_on, statements(clean_app) as sent:
        served = client.get(path, headers=headers)
    assert handed_on == [] and len(sent) == 1, (handed_on, sent)
    assert served.status_code == 200 and comparable(served) == comparable(expected)
    assert "\ue000" not in html_of(served)
    (token,), keys = tokens(html_of(served))
    assert keys != tokens(html_of(expected))[1]  # a new form key
    # The phone's reload with the tag it got: the same 304 either way.
    polled = {**headers, "If-None-Match": served.headers["ETag"]}
    with through_flask(clean_app):
        expected = client.get(path, headers=polled)
    with flask_calls(clean_app) as handed_on:
        served = client.get(path, headers=polled)
    assert handed_on == [] and served.status_code == expected.status_code == 304, (served.status_code, expected.status_code, polled)
    assert comparable(served) == comparable(expected)
    # The session's CSRF token, signed anew, posts (the language switch: it sets a cookie).
    assert token_posts(client, match_id, token)


def test_another_sessions_token_does_not_post(client, clean_app):
    match_id = returning_phone(client)
    other = clean_app.test_client()
    other.get(f"/matches/{match_id}")
    other.get(f"/matches/{match_id}")
    (token,), _keys = tokens(html_of(other.get(f"/matches/{match_id}")))
    assert not token_posts(client, match_id, token) and token_posts(other, match_id, token)


def test_readers_it_cannot_answer_go_to_flask(client, clean_app):
    """A first visit, a device new to the match, a query, a NUL, a page not stored yet, an
    account, a league match: Flask's route answers them as before."""
    match_id = returning_phone(client)
    path = f"/matches/{match_id}"
    first = clean_app.test_client()
    with flask_calls(clean_app) as handed_on:
        assert first.get(path).status_code == 200  # no session and no device cookie yet
        assert first.get(path).status_code == 200  # its device opened the match just now: served below
        assert client.get(path + "?change_bids=1").status_code == 200
        assert client.get(path, headers={"X-Note": "a\x00b"}).status_code == 400
        assert client.get("/matches/nosuchmatch").status_code == 404
        forged = clean_app.test_client()
        forged.set_cookie("sk_device", "f" * 32)
        forged.set_cookie("session", "eyJjc3JmX3Rva2VuIjoiMDAwMCJ9.axPKUQ.forgedsignature")
        assert forged.get(path).status_code == 200
    assert handed_on == [path, path, path, "/matches/nosuchmatch", path]
    # A new round: the first view renders and stores the new page (Flask), the next is served below.
    assert client.post(f"/api/v1/matches/{match_id}/rounds", json=rounds(GAME, players_for(GAME), 1)[0]).status_code == 201
    with flask_calls(clean_app) as handed_on:
        rendered, served = client.get(path), client.get(path)
    assert handed_on == [path] and without_tokens(rendered.get_data(as_text=True)) == without_tokens(html_of(served))
    sign_up(client, "owner")
    league = client.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid", "Dan"]}).json
    players = seats(GAME, ["Ann", "Bob", "Cid", "Dan"])
    in_league = client.post("/api/v1/matches", json={"game": GAME.id, "players": players, "league": league["id"]}).json
    mine = client.post("/api/v1/matches", json={"game": GAME.id, "players": players}).json
    stranger = clean_app.test_client()
    with flask_calls(clean_app) as handed_on:
        for _ in range(2):
            assert client.get(path).status_code == 200  # signed in
            assert stranger.get(f"/matches/{in_league['id']}").status_code in (403, 404)
            assert stranger.get(f"/matches/{mine['id']}").status_code == 200  # started with an account
    assert len(handed_on) == 6
    html = stranger.get(f"/matches/{mine['id']}").get_data(as_text=True)
    assert re.search(r"only owner may change this match", html)


def test_a_drivers_error_leaves_the_page_to_flask(client, clean_app, monkeypatch):
    """A connection the database dropped fails the layer's read with the driver's own
    error: the layer gives the view to Flask (which answers it, or says the storage is
    unavailable), as it does for SQLAlchemy's errors."""
    match_id = returning_phone(client)
    path = f"/matches/{match_id}"
    with clean_app.app_context():
        dbapi = db.engine.dialect.loaded_dbapi

    def dropped(_self, _cursor, _parameters):
        raise dbapi.OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(OneRowRead, "fetch", dropped)
    with flask_calls(clean_app) as handed_on:
        assert client.get(path).status_code == 200
    assert handed_on == [path]
