"""Test fixtures: the app from the factory, on SQLite or on the PostgreSQL of TEST_DATABASE_URL."""
from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import psycopg
import pytest
from flask import Flask
from psycopg import sql
from sqlalchemy.engine import make_url
from werkzeug.serving import make_server

# The shared helpers' asserts explain their failures as a test module's do.
pytest.register_assert_rewrite("tests.support")

from scorekeeper import create_app  # noqa: E402
from scorekeeper.config import TestConfig, database_url_from_env
from scorekeeper.extensions import db
from tests.support.database import empty_tables, reset_schema
from tests.support.game_copies import copies_wanted, register_copies

# Fixtures of more than one folder's tests.
pytest_plugins = ["tests.support.catalogs"]


def pytest_configure(config: pytest.Config) -> None:
    """With SCOREKEEPER_TEST_GAME_COPIES=1 a copy of every game is registered before any test
    module is collected, so every test that follows the registry plays the copies too.

    Under pytest-xdist each worker gets a PostgreSQL database of its own, a sibling of
    TEST_DATABASE_URL's (`test_gw0`, ...), and every database the tests derive from it
    (integration, limits, migrations) follows: no two workers ever share one."""
    if copies_wanted():
        register_copies()
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("TEST_DATABASE_URL")
    if not worker or not url:
        return
    server = make_url(database_url_from_env(url))
    if server.database and server.database.endswith(f"_{worker}"):
        return
    name = f"{server.database}_{worker}"
    libpq = server.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(libpq, autocommit=True, connect_timeout=10) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    os.environ["TEST_DATABASE_URL"] = server.set(database=name).render_as_string(hide_password=False)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test that drives chromium is marked `browser`, and `one_database` with it: a
    page is judged the same whichever database is under the server, so bin/test runs it once
    (in its SQLite run, or in its PostgreSQL run when also marked `on_postgresql`)."""
    for item in items:
        if "playwright_instance" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.one_database)
        # A run spread over workers (bin/test --dist loadgroup) hands out a file at a time,
        # but the phone's tests all together: see below.
        group = "phone" if item.get_closest_marker("on_the_phone") else item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))
    # The session's one phone remembers its matches and queued rounds from test to test, as a
    # person's phone does: its tests run one after another in their own order, first (a test
    # that empties the server's tables between two of them would leave the phone holding
    # matches the server no longer has, and its next sync would meet a 404). Then the other
    # browser tests: the long ones, handed out to workers in this order, so the last handed
    # out are short and the workers end together.
    items.sort(key=lambda item: (item.get_closest_marker("on_the_phone") is None,
                                 item.get_closest_marker("browser") is None))


def test_database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """TEST_DATABASE_URL (PostgreSQL) when set, else a fresh SQLite file."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"


@pytest.fixture(scope="session")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = create_app(TestConfig.with_database(test_database_url(tmp_path_factory)))
    reset_schema(app)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def clean_app(app: Flask) -> Iterator[Flask]:
    """The app with empty tables."""
    empty_tables(app)
    yield app


@pytest.fixture
def client(clean_app: Flask):
    return clean_app.test_client()


@pytest.fixture
def app_context(clean_app: Flask):
    with clean_app.app_context():
        yield clean_app


@pytest.fixture(scope="session")
def live_server(app: Flask) -> Iterator[str]:
    """The app served on a free loopback port in a thread; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
