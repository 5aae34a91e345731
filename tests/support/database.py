"""The test database: its schema built by the migrations, its tables emptied between tests."""
from __future__ import annotations

from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import text

from scorekeeper.config import PROJECT_ROOT
from scorekeeper.extensions import db


def reset_schema(app: Flask) -> None:
    """Drop everything, then build the schema with the migrations (as production does)."""
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as connection:
                connection.execute(text("DROP SCHEMA public CASCADE"))
                connection.execute(text("CREATE SCHEMA public"))
        upgrade(directory=str(PROJECT_ROOT / "migrations"))


def empty_tables(app: Flask) -> None:
    """Every table emptied, children before parents, in one transaction and one round trip.
    DELETE, not TRUNCATE, on PostgreSQL too: a test leaves a few rows, and TRUNCATE's new
    files for every table cost 200 ms a test against a few for DELETE."""
    with app.app_context():
        statements = [f"DELETE FROM {table.name}" for table in reversed(db.metadata.sorted_tables)]
        with db.engine.begin() as connection:
            if db.engine.dialect.name == "postgresql":
                connection.exec_driver_sql("; ".join(statements))
            else:
                for statement in statements:
                    connection.execute(text(statement))
