"""The one error handler: a bug after a failed flush still answers with the JSON error
body under /api (and the HTML page elsewhere), in the reader's language, with the
session rolled back; database refusals map to 409/422."""
from __future__ import annotations

import pytest
from sqlalchemy.exc import DataError, IntegrityError, OperationalError

from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.errors import database_refusal
from scorekeeper.extensions import db
from scorekeeper.games.i18n import use_translator
from scorekeeper.models import Player
from scorekeeper.services import leagues as league_service

from .api.helpers import sign_up
from .conftest import reset_schema


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
