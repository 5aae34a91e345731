"""Bulk inserts of many rows (the league import's): each value bound by its column's own SQLAlchemy type before the write transaction starts, then written by SQLite's executemany or PostgreSQL's COPY.

SQLAlchemy's executemany binds every value (a JSON dump per JSON column, a datetime's
text on SQLite) inside the statement, so inside the write transaction, and psycopg
sends one statement per row; for tens of thousands of rows that held SQLite's write
lock for many seconds. Here `prepare` binds the values first (the very processors an
`insert(table)` would run, so the stored values are the same), and `write` only ships
them: one C-level executemany per table on SQLite, one COPY per table on PostgreSQL.
Any other database gets SQLAlchemy's Core executemany.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Connection, Dialect, insert
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import IntegrityError

#: rows per executemany of the generic path (its parameter lists stay moderate)
CHUNK = 5000


@dataclass(frozen=True)
class Prepared:
    """One table's rows as the database driver takes them: column names and value tuples."""

    table: SqlTable
    columns: tuple[str, ...]
    values: list[tuple[Any, ...]]
    #: the rows as given, for the generic path
    rows: Sequence[dict[str, Any]]


def _binder(table: SqlTable, column: str, dialect: Dialect) -> Callable[[Any], Any] | None:
    processor = table.c[column].type.dialect_impl(dialect).bind_processor(dialect)
    if processor is None or dialect.name != "postgresql" or not isinstance(table.c[column].type, JSON):
        return processor

    def to_text(value: Any) -> Any:
        # psycopg's JSON wrapper would dump its value during the COPY: dump it now, as it would.
        bound = processor(value)
        return None if bound is None else (bound.dumps or json.dumps)(bound.obj)

    return to_text


def prepare(dialect: Dialect, table: SqlTable, rows: Sequence[dict[str, Any]]) -> Prepared:
    """The rows (dicts with the same keys each) bound to the driver's values."""
    columns = tuple(rows[0]) if rows else ()
    binders = [_binder(table, column, dialect) for column in columns]
    values = [
        tuple(value if bind is None else bind(value) for bind, value in zip(binders, (row[c] for c in columns), strict=True))
        for row in rows
    ]
    return Prepared(table=table, columns=columns, values=values, rows=rows)


def write(connection: Connection, prepared: Prepared) -> None:
    """Insert the prepared rows, in the connection's transaction."""
    if not prepared.values:
        return
    dialect = connection.dialect
    quote = dialect.identifier_preparer.quote
    names = ", ".join(quote(column) for column in prepared.columns)
    if dialect.name == "sqlite":
        marks = ", ".join("?" for _ in prepared.columns)
        connection.exec_driver_sql(f"INSERT INTO {quote(prepared.table.name)} ({names}) VALUES ({marks})", prepared.values)
    elif dialect.name == "postgresql":
        import psycopg  # only ever here on PostgreSQL

        driver = connection.connection.driver_connection
        assert driver is not None
        statement = f"COPY {quote(prepared.table.name)} ({names}) FROM STDIN"
        try:
            with driver.cursor() as cursor, cursor.copy(statement) as copy:
                for row in prepared.values:
                    copy.write_row(row)
        except psycopg.IntegrityError as clash:
            # COPY goes around SQLAlchemy: its callers catch SQLAlchemy's IntegrityError (the
            # same rows imported by two requests at once), so the driver's is given as one.
            raise IntegrityError(statement, None, clash) from clash
    else:
        for start in range(0, len(prepared.rows), CHUNK):
            connection.execute(insert(prepared.table), list(prepared.rows[start : start + CHUNK]))
