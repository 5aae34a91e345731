"""POST of a round below Flask (scorekeeper/round_writes.py) answers as the Flask route does: status, every header, the body and what it stored; refusals are the app's own; every other request goes to Flask."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app, round_writes
from scorekeeper.config import TestConfig
from scorekeeper.extensions import db
from scorekeeper.games import all_games
from scorekeeper.models import AuditEntry, Bidding, Match, Round, RoundSnapshot
from scorekeeper.round_writes import RoundWrites
from scorekeeper.services import matches as service
from tests.conftest import reset_schema
from tests.picks import finished_match, refused_round, rounds, seats
from tests.statements import statements
from tests.web.test_page_reads import skipping

from .helpers import create, sign_up
from .test_document_reads import decoded
from .test_document_reads import flask_calls as layer_calls

# A browser's session holding its CSRF secret (signed by `signed_session` when used).
SESSION = "SIGNED-SESSION"
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
DEVICE = {"Cookie": "sk_device=0123456789abcdef0123456789abcdef"}
# The clients the layer serves: with and without a device, each language a client may ask
# in, and the codings flask-compress may choose.
CLIENTS = {
    "new device": {},
    "known device": DEVICE,
    "german": {"Accept-Language": "de-DE,de;q=0.9", **DEVICE},
    "russian cookie": {"Cookie": "sk_lang=ru; sk_device=0123456789abcdef0123456789abcdef"},
    "brotli": {"Accept-Encoding": "gzip, deflate, br", **DEVICE},
    "gzip": {"Accept-Encoding": "gzip"},
    "browser session": {"Cookie": f"sk_device=0123456789abcdef0123456789abcdef; session={SESSION}"},
}


def layer_of(app) -> RoundWrites:
    layer = app.wsgi_app.downstream.downstream
    assert isinstance(layer, RoundWrites)
    return layer


def through_flask(app):
    """The app without the layer: every POST goes through Flask's route."""
    return skipping(app.wsgi_app.downstream, layer_of(app))


def flask_calls(app):
    """The paths the layer handed on to Flask while the block runs."""
    return layer_calls(app, layer_of(app))


def signed_session(app, data: dict[str, Any] | None = None) -> str:
    """A session cookie's value as Flask signs it."""
    serializer = app.session_interface.get_signing_serializer(app)
    return str(serializer.dumps(data if data is not None else {"csrf_token": "0" * 40}))


def twins(client, game, count: int = 2, **extra: Any) -> tuple[str, str]:
    """Two matches alike in everything but their ids, with the same first rounds."""
    players = seats(game, NAMES)
    ids = []
    for _ in range(2):
        match_id = create(client, game.id, players, **extra)["id"]
        for raw in rounds(game, players, count, extra.get("options")):
            assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
        ids.append(match_id)
    return ids[0], ids[1]


def comparable(response, match_id: str) -> tuple[int, bytes, dict[str, str]]:
    """Status, body and headers, but for the match's id, a new device's id and the times."""
    headers = {name.lower(): value.replace(match_id, "ID") for name, value in response.headers}
    headers.pop("date", None)
    if "set-cookie" in headers:
        cookie = re.sub(r"sk_device=[0-9a-f]{32}", "sk_device=NEW", headers["set-cookie"])
        headers["set-cookie"] = re.sub(r"Expires=[^;]+", "Expires=(when)", cookie)
    if headers.get("content-encoding"):
        headers["content-length"] = "(compressed)"  # the same coding; its bytes may differ by level
    return response.status_code, decoded(response).replace(match_id.encode(), b"ID"), headers


def stored(app, match_id: str) -> dict[str, Any]:
    """What the database holds of a match, but for its id, times and a new device's id."""
    def device(text: Any) -> Any:
        return re.sub(r"device[: ][0-9a-f]{8,32}", "device:NEW", text) if isinstance(text, str) else text

    with app.app_context():
        session = db.session
        match = session.execute(select(Match).where(Match.id == match_id)).scalar_one()
        found = {
            "match": (match.version, match.round_count, match.totals, match.finished, match.winners),
            "rounds": [
                (r.number, r.input, r.scores, r.idempotency_key, r.confirmed, device(r.recorded_by))
                for r in session.scalars(select(Round).where(Round.match_id == match_id).order_by(Round.number))
            ],
            "snapshots": [
                (s.rounds, s.body)
                for s in session.scalars(
                    select(RoundSnapshot).where(RoundSnapshot.match_id == match_id).order_by(RoundSnapshot.rounds)
                )
            ],
            "audit": [
                (device(a.actor), a.user_id, a.action, a.round_number, a.before, a.after, a.reason)
                for a in session.scalars(select(AuditEntry).where(AuditEntry.match_id == match_id).order_by(AuditEntry.id))
            ],
            "biddings": [
                (b.round_number, b.input)
                for b in session.scalars(select(Bidding).where(Bidding.match_id == match_id))
            ],
        }
        session.rollback()
    return found


def counted_writes(monkeypatch, write: Callable[..., Any] | None = None) -> list[str]:
    """The match ids the route's and the layer's write (services.matches.record_round) are
    called with from now on; `write` in its place if given."""
    calls: list[str] = []
    real = write or service.record_round

    def counted(match_id, *args, **kwargs):
        calls.append(match_id)
        return real(match_id, *args, **kwargs)

    monkeypatch.setattr(service, "record_round", counted)
    monkeypatch.setattr(round_writes, "record_round", counted)
    return calls


def both(client, app, flask_id: str, layer_id: str, body: Any, headers: dict[str, str], path: str = "") -> tuple:
    """The same POST to each twin, through Flask and through the layer; what each answered,
    whether the layer handed its request on, and what each stored."""
    with through_flask(app):
        expected = client.post(f"/api/v1/matches/{flask_id}/rounds{path}", json=body, headers=headers)
    with flask_calls(app) as handed_on:
        served = client.post(f"/api/v1/matches/{layer_id}/rounds{path}", json=body, headers=headers)
    return (
        comparable(expected, flask_id), comparable(served, layer_id), handed_on,
        stored(app, flask_id), stored(app, layer_id),
    )


@pytest.mark.parametrize("kind", CLIENTS, ids=str)
def test_the_layer_records_and_answers_as_the_flask_route_does(clean_app, kind):
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    flask_id, layer_id = twins(client, game)
    raw = rounds(game, seats(game, NAMES), 3)[2]
    headers = {name: value.replace(SESSION, signed_session(clean_app)) for name, value in CLIENTS[kind].items()}
    expected, served, handed_on, flask_stored, layer_stored = both(client, clean_app, flask_id, layer_id, raw, headers)
    assert handed_on == [] and served[0] == 201
    assert served == expected
    assert layer_stored == flask_stored and len(layer_stored["rounds"]) == 3


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_games_round_is_recorded_as_the_route_records_it(clean_app, game):
    client = clean_app.test_client(use_cookies=False)
    flask_id, layer_id = twins(client, game, 1)
    raw = rounds(game, seats(game, NAMES), 2)[1]
    expected, served, handed_on, flask_stored, layer_stored = both(client, clean_app, flask_id, layer_id, raw, DEVICE)
    assert handed_on == [] and served == expected and served[0] == 201
    assert layer_stored == flask_stored


def test_a_compressed_answer_is_flask_compresss(clean_app, monkeypatch):
    """A round's answer is shorter than COMPRESS_MIN_SIZE; with a smaller one, the layer
    compresses as flask-compress does (the coding, the ETag's mark)."""
    monkeypatch.setitem(clean_app.config, "COMPRESS_MIN_SIZE", 20)
    monkeypatch.setattr(layer_of(clean_app), "min_size", 20)
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    raw = rounds(game, seats(game, NAMES), 3)[2]
    for coding in ("br", "gzip"):
        flask_id, layer_id = twins(client, game)
        expected, served, handed_on, flask_stored, layer_stored = both(
            client, clean_app, flask_id, layer_id, raw, {"Accept-Encoding": coding, **DEVICE}
        )
        assert handed_on == [] and served == expected and served[2]["content-encoding"] == coding
        assert served[2]["etag"].endswith(f':{coding}"') and layer_stored == flask_stored


def test_if_match_and_idempotency_keys_as_the_route(clean_app):
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    flask_id, layer_id = twins(client, game)
    later = rounds(game, seats(game, NAMES), 4)
    tag = client.get(f"/api/v1/matches/{flask_id}").headers["ETag"]
    assert tag == client.get(f"/api/v1/matches/{layer_id}").headers["ETag"]
    steps = [
        ("the current ETag", later[2], {"If-Match": tag}),
        ("a stale ETag", later[3], {"If-Match": tag}),
        ("an ETag never issued", later[3], {"If-Match": '"nonsense"'}),
        ("a new key", later[3], {"Idempotency-Key": "k-1"}),
        ("the key again", later[3], {"Idempotency-Key": "k-1"}),
        ("the key again, stale ETag", later[3], {"Idempotency-Key": "k-1", "If-Match": tag}),
    ]
    statuses = []
    for what, raw, headers in steps:
        expected, served, handed_on, flask_stored, layer_stored = both(
            client, clean_app, flask_id, layer_id, raw, {**headers, **DEVICE}
        )
        assert handed_on == [] and served == expected, what
        assert layer_stored == flask_stored, what
        statuses.append(served[0])
    assert statuses == [201, 412, 412, 201, 201, 201]
    assert served[2]["idempotent-replayed"] == "true"


def test_refusals_are_the_apps_own(clean_app, monkeypatch):
    """Each refusal of the write, worded and rendered by the app's error handler and hooks
    (a new device's cookie too), nothing stored, and the write not run twice."""
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    players = seats(game, NAMES)
    flask_id, layer_id = twins(client, game)
    options, played = finished_match(game, players)
    done = []
    for _ in range(2):
        match_id = create(client, game.id, players, options)["id"]
        for raw in played:
            assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
        done.append(match_id)
    cases = [
        ("a rule", flask_id, layer_id, refused_round(game, players), {}),
        ("a rule, in German", flask_id, layer_id, refused_round(game, players), {"Accept-Language": "de"}),
        ("an unknown field", flask_id, layer_id, {**rounds(game, players, 3)[2], "nonsense": 1}, DEVICE),
        ("the match is finished", done[0], done[1], rounds(game, players, 1)[0], DEVICE),
    ]
    for what, one, other, raw, headers in cases:
        calls = counted_writes(monkeypatch)
        expected, served, handed_on, flask_stored, layer_stored = both(client, clean_app, one, other, raw, headers)
        assert calls == [one, other], what  # one write each: the layer's refusal is not run again
        assert handed_on == [] and served == expected and 400 <= served[0] < 500, what
        assert layer_stored == flask_stored, what
        assert served[1].startswith(b'{"code":'), what
    # No such match: the app's 404, answered by its handler.
    with through_flask(clean_app):
        expected = client.post("/api/v1/matches/nosuchmatch/rounds", json={}, headers=DEVICE)
    with flask_calls(clean_app) as handed_on:
        served = client.post("/api/v1/matches/nosuchmatch/rounds", json={}, headers=DEVICE)
    assert handed_on == [] and served.status_code == expected.status_code == 404
    assert comparable(served, "x") == comparable(expected, "x")


def test_who_may_write_is_the_services(clean_app):
    """A league match and one started with an account refuse a client without one, as the
    route refuses it."""
    owner = clean_app.test_client()
    sign_up(owner, "owner")
    game = all_games()[0]
    players = seats(game, ["Ann", "Bob", "Cid", "Dan"])
    league = owner.post("/api/v1/leagues", json={"name": "Thursday", "members": players}).json
    raw = rounds(game, players, 1)[0]
    stranger = clean_app.test_client(use_cookies=False)
    for extra in ({"league": league["id"]}, {}):
        ids = [owner.post("/api/v1/matches", json={"game": game.id, "players": players, **extra}).json["id"] for _ in range(2)]
        expected, served, handed_on, flask_stored, layer_stored = both(stranger, clean_app, ids[0], ids[1], raw, DEVICE)
        assert handed_on == [] and served == expected and served[0] in (403, 404), extra
        assert layer_stored == flask_stored and layer_stored["rounds"] == []


def test_a_database_error_is_the_apps_answer_and_the_write_is_not_run_again(clean_app, monkeypatch):
    """A database that cannot store (here: full) gets the app's 503 from its handler, once."""
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    flask_id, layer_id = twins(client, game)
    raw = rounds(game, seats(game, NAMES), 3)[2]

    def full(*args, **_kwargs):
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    calls = counted_writes(monkeypatch, full)
    expected, served, handed_on, flask_stored, layer_stored = both(client, clean_app, flask_id, layer_id, raw, DEVICE)
    assert handed_on == [] and served == expected and served[0] == 503
    assert calls == [flask_id, layer_id] and layer_stored == flask_stored


def test_requests_it_cannot_answer_go_to_flask(clean_app):
    """A query, a body that is no JSON object or past the guards' limits, an Idempotency-Key
    the route refuses, a NUL, an account, an API token, a session Flask would write: Flask
    answers them, with the body as sent."""
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    players = seats(game, NAMES)
    flask_id, layer_id = twins(client, game)
    raw = rounds(game, players, 3)[2]
    path = f"/api/v1/matches/{layer_id}/rounds"
    with flask_calls(clean_app) as handed_on:
        answers = [
            client.post(path + "?number=9", json=raw, headers=DEVICE).status_code,
            client.post(path, data=b"[1, 2]", headers={"Content-Type": "application/json", **DEVICE}).status_code,
            client.post(path, data=b"{", headers={"Content-Type": "application/json", **DEVICE}).status_code,
            client.post(path, data=b'{"a": NaN}', headers={"Content-Type": "application/json", **DEVICE}).status_code,
            client.post(path, data=b"x" * (70 * 1024), headers={"Content-Type": "application/json", **DEVICE}).status_code,
            client.post(path, data=b"tricks", headers={"Content-Type": "text/plain", **DEVICE}).status_code,
            client.post(path, json=raw, headers={"Idempotency-Key": "k" * 201, **DEVICE}).status_code,
            client.post(path, json=raw, headers={"X-Note": "a\x00b", **DEVICE}).status_code,
            client.post(path, json=raw, headers={"Authorization": "Bearer sk_nonsense", **DEVICE}).status_code,
        ]
    assert handed_on == [path] * len(answers)
    assert answers == [409, 422, 400, 400, 413, 403, 400, 400, 201], answers
    # The route read the body the layer had read: the round was recorded as sent.
    assert stored(clean_app, layer_id)["rounds"][-1][1] == raw
    # A session that signs someone in, and one Flask-Login has not marked yet.
    account = clean_app.test_client()
    sign_up(account, "owner")
    browser = clean_app.test_client()
    # A session holding a CSRF secret that Flask-Login has not seen yet.
    browser.set_cookie(clean_app.config["SESSION_COOKIE_NAME"], signed_session(clean_app))
    permanent = clean_app.test_client()
    permanent.set_cookie(clean_app.config["SESSION_COOKIE_NAME"], signed_session(clean_app, {"_permanent": True}))
    more = rounds(game, players, 6)
    with flask_calls(clean_app) as handed_on:
        assert account.post(path, json=more[3]).status_code == 201
        assert permanent.post(path, json=more[4]).status_code == 201
    assert handed_on == [path, path]
    # A browser's session that signs nobody in: below Flask.
    with flask_calls(clean_app) as handed_on:
        assert browser.post(path, json=more[5]).status_code == 201
    assert handed_on == []


def test_a_round_costs_the_services_statements_and_no_more(clean_app):
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    flask_id, layer_id = twins(client, game)
    raw = rounds(game, seats(game, NAMES), 3)[2]
    with through_flask(clean_app), statements(clean_app) as through:
        assert client.post(f"/api/v1/matches/{flask_id}/rounds", json=raw, headers=DEVICE).status_code == 201
    with statements(clean_app) as below:
        assert client.post(f"/api/v1/matches/{layer_id}/rounds", json=raw, headers=DEVICE).status_code == 201
    assert [s.replace(layer_id, "ID") for s in below] == [s.replace(flask_id, "ID") for s in through]


def test_behind_a_proxy_the_new_devices_cookie_is_secure_as_from_the_route(tmp_path):
    """ProxyFix wraps the layers too: the layer sees the scheme (and address) Flask sees."""
    app = create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'proxy.db'}"), "SCOREKEEPER_PROXY_HOPS": "1"})
    reset_schema(app)
    client = app.test_client(use_cookies=False)
    game = all_games()[0]
    flask_id, layer_id = twins(client, game)
    raw = rounds(game, seats(game, NAMES), 3)[2]
    forwarded = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
    layer = app.wsgi_app.app.downstream.downstream
    assert isinstance(layer, RoundWrites)
    with skipping(app.wsgi_app.app.downstream, layer):
        expected = client.post(f"/api/v1/matches/{flask_id}/rounds", json=raw, headers=forwarded)
    served = client.post(f"/api/v1/matches/{layer_id}/rounds", json=raw, headers=forwarded)
    assert comparable(served, layer_id) == comparable(expected, flask_id)
    assert "Secure" in served.headers["Set-Cookie"]
    with app.app_context():
        db.engine.dispose()


def test_table_check_rounds_wait_as_from_the_route(clean_app):
    """A round of a table-check match waits for a second phone (201 with `pending`, no
    snapshot, no totals), and the next one is refused while it waits."""
    client = clean_app.test_client(use_cookies=False)
    game = all_games()[0]
    players = seats(game, NAMES)
    ids = [
        client.post("/api/v1/matches", json={"game": game.id, "players": players, "table_check": True}).json["id"]
        for _ in range(2)
    ]
    bodies = []
    for raw, status in zip(rounds(game, players, 2), (201, 409), strict=True):
        expected, served, handed_on, flask_stored, layer_stored = both(client, clean_app, ids[0], ids[1], raw, DEVICE)
        assert handed_on == [] and served == expected and served[0] == status
        assert layer_stored == flask_stored
        bodies.append(served[1])
    assert b'"pending":true' in bodies[0] and b'"error":"round_pending"' in bodies[1]
    assert layer_stored["rounds"][0][4] is False and layer_stored["snapshots"] == []
