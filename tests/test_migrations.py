"""The migrations build exactly the schema the models describe, on SQLite and PostgreSQL."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.extensions import db


def test_migrated_schema_matches_the_models(app):
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []


def test_db_upgrade_command_builds_an_empty_sqlite_file(tmp_path):
    path = tmp_path / "fresh.db"
    fresh = create_app(TestConfig.with_database(f"sqlite:///{path}"))
    result = fresh.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    with fresh.app_context():
        tables = set(inspect(db.engine).get_table_names())
        assert {"players", "matches", "seats", "rounds", "device_matches", "alembic_version"} <= tables
        assert db.session.execute(db.text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.session.execute(db.text("PRAGMA foreign_keys")).scalar() == 1
        db.engine.dispose()
