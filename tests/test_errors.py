"""The one error handler: a bug after a failed flush still answers with the JSON error
body under /api (and the HTML page elsewhere), in the reader's language, with the
session rolled back; database refusals map to 409/422."""
from __future__ import annotations

import pytest
from sqlalchemy.exc import DataError, IntegrityError, OperationalError

from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.errors import database_refusal
from scorekeeper.extensions import db
from scorekeeper.models import Player
from scorekeeper.services import leagues as league_service
from tests.support.api import sign_up
from tests.support.database import reset_schema
from tests.support.picks import a_game, rounds


@pytest.fixture(scope="module")
def production_like(tmp_path_factory):
    """An app that handles unexpected exceptions as in production (not re-raised)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('errors') / 'errors.db'}"
    app = create_app({**TestConfig.with_database(url), "TESTING": False, "PROPAGATE_EXCEPTIONS": False})
    reset_schema(app)
    yield app
    with app.app_context():
        db.engine.dispose()


def broken_after_a_failed_flush(*args, **kwargs):
    db.session.add_all([Player(name="Twin"), Player(name="twin")])
    try:
        db.session.flush()
    except IntegrityError:
        pass  # swallowed by mistake: the session now refuses every query
    raise RuntimeError("a bug")


@pytest.mark.parametrize(("path", "json_body"), [("/api/v1/leagues", True), ("/leagues", False)])
def test_a_bug_after_a_failed_flush_is_the_apps_own_500(production_like, monkeypatch, path, json_body):
    client = production_like.test_client()
    sign_up(client, f"user{len(path)}")
    monkeypatch.setattr(league_service, "all_leagues", broken_after_a_failed_flush)
    response = client.get(path, headers={"Accept-Language": "de"})
    assert response.status_code == 500
    if json_body:
        assert response.json["error"] == "internal_server_error"
        assert response.json["message"] == "bei uns ist etwas schiefgegangen: versuch es später nochmal"
    else:
        page = response.get_data(as_text=True)
        assert "bei uns ist etwas schiefgegangen" in page  # the app's own page, in German
        assert "Internal Server Error</h1>" not in page  # not Werkzeug's
    monkeypatch.undo()
    # The worker's session is usable again.
    assert client.get("/api/v1/users/me").status_code == 200


class FakeDriverError(Exception):
    def __init__(self, message: str, sqlstate: str | None = None) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (IntegrityError("INSERT", {}, FakeDriverError("duplicate key", "23505")), 409),
        (OperationalError("UPDATE", {}, FakeDriverError("deadlock detected", "40P01")), 409),
        (OperationalError("UPDATE", {}, FakeDriverError("could not serialize access", "40001")), 409),
        (OperationalError("UPDATE", {}, FakeDriverError("database is locked")), 409),
        (DataError("INSERT", {}, FakeDriverError("value too long for type character varying(80)", "22001")), 422),
        (OperationalError("SELECT", {}, FakeDriverError("server closed the connection", "08006")), None),
    ],
)
def test_database_errors_that_input_or_concurrency_cause_are_refusals(app, error, status):
    with app.test_request_context(), use_translator(str):
        refusal = database_refusal(error)
    assert (refusal.status if refusal else None) == status


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("INSERT", {}, FakeDriverError("attempt to write a readonly database")),
        OperationalError("INSERT", {}, FakeDriverError("disk I/O error")),
        OperationalError("COMMIT", {}, FakeDriverError("database or disk is full")),
        OperationalError("INSERT", {}, FakeDriverError("could not extend file: No space left on device", "53100")),
        OperationalError("INSERT", {}, FakeDriverError("cannot execute INSERT in a read-only transaction", "25006")),
    ],
)
def test_a_full_or_read_only_database_is_a_503(app, error):
    with app.test_request_context(), use_translator(str):
        refusal = database_refusal(error)
    assert refusal is not None and refusal.status == 503 and refusal.code == "storage_unavailable"
    assert "nothing was saved" in refusal.message


@pytest.fixture
def read_only_app(clean_app):
    """A second app on the test database whose every connection may read but not write
    (SQLite's query_only, PostgreSQL's read-only transactions): as a read-only file or a
    database that refuses writes would."""
    url = clean_app.config["SQLALCHEMY_DATABASE_URI"]
    app = create_app({**TestConfig.with_database(url), "WTF_CSRF_ENABLED": False})
    with app.app_context():
        engine = db.engine
        statement = "PRAGMA query_only=ON" if engine.dialect.name == "sqlite" else "SET default_transaction_read_only = on"

        def read_only(connection, _record) -> None:
            cursor = connection.cursor()
            cursor.execute(statement)
            cursor.close()
            # On PostgreSQL the SET ran in a transaction of its own: kept, not rolled back
            # with the pool's reset.
            connection.commit()

        from sqlalchemy import event

        event.listen(engine, "connect", read_only)
    yield app
    with app.app_context():
        db.engine.dispose()


def test_writes_to_a_read_only_database_get_a_503_and_store_nothing(client, read_only_app):
    # The new-match page is posted for three too: a game for three.
    game = a_game("for three", lambda game: game.min_players <= 3 <= game.max_players)
    players = ["Ann", "Bob", "Cid"]
    match = client.post("/api/v1/matches", json={"game": game.id, "players": players}).json
    cookie = client.get_cookie("sk_device")
    phone = read_only_app.test_client()
    phone.set_cookie("sk_device", cookie.value)
    refused = phone.post(f"/api/v1/matches/{match['id']}/rounds", json=rounds(game, players, 1)[0])
    assert refused.status_code == 503, refused.get_data(as_text=True)
    assert refused.json["error"] == "storage_unavailable" and "nothing was saved" in refused.json["message"]
    page = phone.post("/matches/new", data={"game": game.id, "seats": "3", "action": "create",
                                            "player_0": "Ann", "player_1": "Bob", "player_2": "Cid"})
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert "nothing was saved" in page.get_data(as_text=True)
    # Nothing half-stored: the match has no round, and no second match exists.
    assert client.get(f"/api/v1/matches/{match['id']}").json["rounds"] == []
    assert len(client.get("/api/v1/matches").json) == 1
