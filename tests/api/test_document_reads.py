"""GET match JSON below Flask (scorekeeper/document_reads.py) answers exactly as the Flask route does: status, body, every header; and leaves every other reader to Flask."""
from __future__ import annotations

import gzip
from collections.abc import Iterator
from contextlib import contextmanager

import brotli
import pytest

from scorekeeper.document_reads import DocumentReads
from scorekeeper.games import get_game
from tests.picks import rounds, seats
from tests.statements import statements

from .helpers import create, post_round, sign_up

# The readers the fast path serves: every encoding and language a phone may ask in.
READERS = {
    "plain": {},
    "brotli": {"Accept-Encoding": "gzip, deflate, br"},
    "gzip": {"Accept-Encoding": "gzip"},
    "weighted": {"Accept-Encoding": "br;q=0.5, gzip;q=0.9"},
    "german": {"Accept-Language": "de-DE,de;q=0.9", "Accept-Encoding": "br"},
    "russian cookie": {"Cookie": "sk_lang=ru", "Accept-Encoding": "gzip"},
}


@contextmanager
def through_flask(app) -> Iterator[None]:
    """The app without the layer: every request goes through Flask's route."""
    layer = app.wsgi_app
    assert isinstance(layer, DocumentReads)
    app.wsgi_app = layer.downstream
    try:
        yield
    finally:
        app.wsgi_app = layer


@contextmanager
def flask_calls(app, layer=None) -> Iterator[list[str]]:
    """The paths the layer (the app's outer one unless named) handed on to Flask while the block runs."""
    layer = layer or app.wsgi_app
    seen: list[str] = []
    downstream = layer.downstream

    def counted(environ, start_response):
        seen.append(environ["PATH_INFO"])
        return downstream(environ, start_response)

    layer.downstream = counted
    try:
        yield seen
    finally:
        layer.downstream = downstream


def decoded(response) -> bytes:
    coding = response.headers.get("Content-Encoding")
    if coding == "br":
        return brotli.decompress(response.data)
    if coding == "gzip":
        return gzip.decompress(response.data)
    return response.data


def comparable(response) -> tuple[int, bytes, dict[str, str]]:
    headers = {name.lower(): value for name, value in response.headers}
    if "date" in headers:
        headers["date"] = "(a date)"
    return response.status_code, decoded(response), headers


def drawn_rounds(match: dict, count: int) -> list[dict]:
    return rounds(get_game(match["game"]), [player["name"] for player in match["players"]], count)


def a_long_match(client) -> dict:
    """A match whose document is long enough to be compressed (COMPRESS_MIN_SIZE)."""
    match = create(client)
    for body in drawn_rounds(match, 3):
        assert post_round(client, match["id"], body).status_code == 201
    return match


@pytest.mark.parametrize("reader", READERS, ids=str)
def test_the_layer_answers_as_the_flask_route_does(client, clean_app, reader):
    match = a_long_match(client)
    client.get("/")  # a session cookie, as a phone that opened a page has
    path = f"/api/v1/matches/{match['id']}"
    headers = READERS[reader]
    with through_flask(clean_app):
        expected = client.get(path, headers=headers)  # also renders and stores the document
        again = client.get(path, headers=headers)
    with flask_calls(clean_app) as handed_on, statements(clean_app) as sent:
        served = client.get(path, headers=headers)
    assert handed_on == [] and len(sent) == 1, (handed_on, sent)
    assert comparable(served) == comparable(again) == comparable(expected)
    if "Accept-Encoding" in headers:
        assert served.headers["Content-Encoding"] in ("br", "gzip")
    # The phone's next poll with the tag it got: the same 304 either way.
    polled = {**headers, "If-None-Match": served.headers["ETag"]}
    with through_flask(clean_app):
        expected = client.get(path, headers=polled)
    with flask_calls(clean_app) as handed_on:
        served = client.get(path, headers=polled)
    assert handed_on == [] and served.status_code == 304
    assert comparable(served) == comparable(expected)


def test_a_short_document_goes_uncompressed_as_flask_compress_leaves_it(client, clean_app):
    match = create(client)
    path = f"/api/v1/matches/{match['id']}"
    with through_flask(clean_app):
        expected = client.get(path, headers={"Accept-Encoding": "br"})
    with flask_calls(clean_app) as handed_on:
        served = client.get(path, headers={"Accept-Encoding": "br"})
    assert handed_on == [] and comparable(served) == comparable(expected)


def test_readers_it_cannot_answer_go_to_flask(client, clean_app):
    """An account's language, a league match's access check, a document not yet stored,
    a query, a NUL: Flask's route answers them as before."""
    casual = a_long_match(client)
    casual_path = f"/api/v1/matches/{casual['id']}"
    client.get(casual_path)
    with flask_calls(clean_app) as handed_on:
        assert client.get(casual_path + "?x=1").status_code == 200
        assert client.get(casual_path, headers={"X-Note": "a\x00b"}).status_code == 400
        assert client.get("/api/v1/matches/nosuchmatch").status_code == 404
    assert len(handed_on) == 3
    sign_up(client, "owner")
    league = client.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid", "Dan"]}).json
    game = get_game(casual["game"])
    in_league = client.post(
        "/api/v1/matches", json={"game": game.id, "players": seats(game, ["Ann", "Bob", "Cid", "Dan"]), "league": league["id"]}
    ).json
    league_path = f"/api/v1/matches/{in_league['id']}"
    stranger = clean_app.test_client()
    with flask_calls(clean_app) as handed_on:
        assert client.get(casual_path).status_code == 200  # signed in: the account's language
        assert client.get(league_path).status_code == 200
        assert client.get(league_path).status_code == 200
        assert stranger.get(league_path).status_code in (403, 404)
    assert handed_on == [casual_path, league_path, league_path, league_path]


def test_a_new_round_is_served_by_the_layer_once_flask_stored_its_document(client, clean_app):
    match = a_long_match(client)
    path = f"/api/v1/matches/{match['id']}"
    before = client.get(path)
    assert post_round(client, match["id"], drawn_rounds(match, 4)[3]).status_code == 201
    with flask_calls(clean_app) as handed_on:
        rendered = client.get(path, headers={"If-None-Match": before.headers["ETag"]})
        served = client.get(path, headers={"If-None-Match": before.headers["ETag"]})
    assert handed_on == [path]
    assert rendered.status_code == served.status_code == 200 and rendered.data == served.data
    assert len(served.get_json()["rounds"]) == 4
