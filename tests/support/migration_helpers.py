"""An app on a database of its own built up to an older migration, and rows written the way that schema stored them (for migration tests)."""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from flask import Flask
from flask_migrate import upgrade
from psycopg import sql
from sqlalchemy import text
from sqlalchemy.engine import make_url

from scorekeeper import create_app
from scorekeeper.config import PROJECT_ROOT, TestConfig, database_url_from_env
from scorekeeper.extensions import db

MIGRATIONS = str(PROJECT_ROOT / "migrations")


@contextmanager
def app_at_revision(tmp_path, revision: str) -> Iterator[Flask]:
    """An app on a database of its own (SQLite, or a sibling of TEST_DATABASE_URL), built up to `revision`."""
    server_url = os.environ.get("TEST_DATABASE_URL")
    if server_url:
        server = make_url(database_url_from_env(server_url))
        name = f"{server.database}_migration"
        libpq = server.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(libpq, autocommit=True, connect_timeout=10) as connection:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        url = server.set(database=name).render_as_string(hide_password=False)
    else:
        url = f"sqlite:///{tmp_path / 'old.db'}"
    app = create_app(TestConfig.with_database(url))
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=revision)
    yield app
    with app.app_context():
        db.engine.dispose()


def insert(connection, table: str, **values) -> None:
    values = {key: json.dumps(value) if isinstance(value, list | dict) else value for key, value in values.items()}
    columns = ", ".join(values)
    marks = ", ".join(f":{key}" for key in values)
    connection.execute(text(f"INSERT INTO {table} ({columns}) VALUES ({marks})"), values)
