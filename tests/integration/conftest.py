"""Fixtures for the integration tests: a real gunicorn (3 workers) on a migrated database of the session's backend."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.gunicorn_server import ROOMY_LIMITS, Gunicorn, fresh_postgres_database, migrate, start_gunicorn


@pytest.fixture(scope="session")
def integration_database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A migrated database on the session's backend: PostgreSQL when TEST_DATABASE_URL is set, else SQLite."""
    server_url = os.environ.get("TEST_DATABASE_URL")
    if server_url:
        url = fresh_postgres_database(server_url)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('integration') / 'integration.db'}"
    migrate(url)
    # Left in place at the end for a post-mortem; the next session drops it first.
    return url


@pytest.fixture
def gunicorn_factory(integration_database_url: str, tmp_path: Path) -> Iterator[Callable[[], Gunicorn]]:
    """Starts gunicorns on the integration database (one log file for all); stops them at teardown."""
    started: list[Gunicorn] = []

    def start() -> Gunicorn:
        server = start_gunicorn(integration_database_url, tmp_path / "gunicorn.log", extra_env=ROOMY_LIMITS)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def gunicorn_server(integration_database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    """One gunicorn shared by the tests that do not kill it (each works on matches of its own)."""
    server = start_gunicorn(
        integration_database_url, tmp_path_factory.mktemp("gunicorn") / "gunicorn.log", extra_env=ROOMY_LIMITS
    )
    yield server
    server.stop()
