"""Core statements run on the driver's cursor of one pooled connection, in a transaction of their own: compiled once, parameters and columns processed as Core does.

For the hottest write (recording.record_round), whose six statements cost less in the
database than in SQLAlchemy's work around each of them (the execution context, events,
the result objects, the compiled cache's lookup) and in the ORM session's set-up, commit
and teardown. A `Prepared` statement keeps Core's own compiled form: its SQL, the order of
its parameters, its bind processors (JSON, dates and booleans as the dialect stores them)
and, learnt from the first answer's description, its result processors, so the values
written and read are those Core would write and read. `DriverTransaction` is the
transaction: the statements run on one pooled DBAPI connection, a driver's error is
raised as SQLAlchemy's (an IntegrityError is still one), and the engine's
before_cursor_execute listeners (the statement counts of tests and bench) see each
statement. The connection goes back to the pool rolled back, or committed by `commit`.
"""
from __future__ import annotations

import fcntl
import os
import weakref
from collections import namedtuple
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError


def run_on_cursor(engine: Any, cursor: Any, sql: str, parameters: Any) -> None:
    """`sql` run on a DBAPI cursor of `engine`'s pool, below Core: the engine's
    before_cursor_execute listeners (the statement counts of the tests and of bench) see it
    first, with no Connection or context."""
    listeners = engine.dispatch.before_cursor_execute
    if listeners:
        listeners(None, cursor, sql, parameters, None, False)
    cursor.execute(sql, parameters)


class Prepared:
    """One statement compiled for a dialect, for the parameter names it is run with (an
    INSERT's or UPDATE's columns come from them, as in Core)."""

    def __init__(self, statement: Any, dialect: Any, keys: Sequence[str]) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))
        self.compiled = compiled
        self.sql = str(compiled)
        self.positions = list(compiled.positiontup or ()) if compiled.positional else None
        # The dialect's bind processors, which Core applies to every value (None included:
        # a JSON column's None is written as JSON's null, as Core writes it): JSON
        # serialised, a datetime as SQLite's text, a boolean as its integer.
        self.binds = {
            name: process
            for name, bind in compiled.binds.items()
            if (process := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        }
        columns = list(getattr(statement, "exported_columns", None) or ())
        self.row = namedtuple("Row", [column.key for column in columns]) if columns else None
        self.types = [column.type for column in columns]
        self.dialect = dialect
        self.results: list[Any] | None = None

    def parameters(self, values: dict[str, Any]) -> Any:
        bound = self.compiled.construct_params(values)
        for name, process in self.binds.items():
            if name in bound:
                bound[name] = process(bound[name])
        if self.positions is None:
            return bound
        return [bound[name] for name in self.positions]

    def rows(self, cursor: Any) -> list[Any]:
        if self.row is None:
            return []
        found = cursor.fetchall()
        if self.results is None:
            # The result processors need the driver's column types (PostgreSQL's OIDs).
            self.results = [
                kind.dialect_impl(self.dialect).result_processor(self.dialect, description[1])
                for kind, description in zip(self.types, cursor.description, strict=True)
            ]
        processors = self.results
        if not any(processors):
            return [self.row(*values) for values in found]
        return [
            self.row(*(value if process is None else process(value) for process, value in zip(processors, values, strict=True)))
            for values in found
        ]


class Answer:
    """A statement's rows, read as a Core Result is: first(), scalar(), all()."""

    __slots__ = ("found",)

    def __init__(self, found: list[Any]) -> None:
        self.found = found

    def first(self) -> Any:
        return self.found[0] if self.found else None

    def scalar(self) -> Any:
        return self.found[0][0] if self.found else None

    def all(self) -> list[Any]:
        return self.found


class DriverTransaction:
    """Statements in one transaction on one pooled DBAPI connection (see the module)."""

    def __init__(self, engine: Any, raw: Any, prepared: dict[Any, Prepared]) -> None:
        self.engine = engine
        self.raw = raw
        self.prepared = prepared
        self.error_class = engine.dialect.loaded_dbapi.Error
        self.writers_line = writers_line(engine)

    def queued(self) -> AbstractContextManager[None]:
        """The block's write, in the writers' line of the database (see writers_line)."""
        return nullcontext() if self.writers_line is None else in_line(self.writers_line)

    def execute(self, statement: Any, values: dict[str, Any]) -> Answer:
        key = (statement, tuple(values))
        prepared = self.prepared.get(key)
        if prepared is None:
            prepared = self.prepared[key] = Prepared(statement, self.engine.dialect, tuple(values))
        parameters = prepared.parameters(values)
        cursor = self.raw.cursor()
        try:
            run_on_cursor(self.engine, cursor, prepared.sql, parameters)
            return Answer(prepared.rows(cursor))
        except self.error_class as error:
            raise self.wrapped(error, prepared.sql, parameters) from error
        finally:
            cursor.close()

    def commit(self) -> None:
        try:
            self.raw.commit()
        except self.error_class as error:
            raise self.wrapped(error, "COMMIT", None) from error

    @contextmanager
    def batched(self) -> Iterator[None]:
        """The statements of the block sent without waiting for each answer, where the
        driver can (psycopg's pipeline mode on PostgreSQL: writes and their commit in one
        round trip); their errors come at its end or at the commit, raised as SQLAlchemy's.
        SQLite has no round trips to save: the block runs as it is."""
        pipeline = getattr(self.raw.driver_connection, "pipeline", None)
        if pipeline is None:
            yield
            return
        try:
            with pipeline():
                yield
        except self.error_class as error:
            raise self.wrapped(error, "(pipeline)", None) from error

    def rollback(self) -> None:
        self.raw.rollback()

    def wrapped(self, error: Exception, sql: str, parameters: Any) -> Exception:
        """The driver's error as SQLAlchemy raises it (IntegrityError, OperationalError ...,
        `orig` the driver's, for the retries' SQLSTATE); a connection the server dropped is
        not given back to the pool."""
        if self.engine.dialect.is_disconnect(error, self.raw.driver_connection, None):
            self.raw.invalidate(error)
        return DBAPIError.instance(sql, parameters, error, self.error_class)


def writers_line(engine: Any) -> str | None:
    """The file whose lock orders the driver's writers of a SQLite database, or None
    (another database, or SQLite in memory).

    SQLite lets one writer in at a time, and a writer that finds the database locked waits
    in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25 ... ms between tries:
    under eight writers of two gunicorn workers many slept past the moment the lock came
    free (POST round at 32 connections: p99 180 to 300 ms, slowest 0.8 to 1.5 s). An
    exclusive flock on a file beside the database keeps them in the kernel's line instead,
    each woken as the one before lets go (p99 about 50 ms, slowest under 0.1 s). It only
    orders writers of this machine, as a SQLite database is; SQLite's own lock still guards
    the data, and other writes (the ORM session's) still wait at it."""
    if engine.dialect.name != "sqlite":
        return None
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return database + "-writers"


@contextmanager
def in_line(path: str) -> Iterator[None]:
    """Holds the lock of the writers' line at `path` (see writers_line): a descriptor of
    its own, so the threads of one process wait in line too; closing it lets go."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


# Per engine (the tests make many apps, each with its engine and dialect).
_PREPARED: weakref.WeakKeyDictionary[Any, dict[Any, Prepared]] = weakref.WeakKeyDictionary()


Transaction = TypeVar("Transaction", bound=DriverTransaction)


@contextmanager
def driver_transaction(engine: Any, kind: type[Transaction]) -> Iterator[Transaction]:
    """A transaction (of `kind`, a DriverTransaction) on a connection of `engine`'s pool;
    rolled back unless committed, and the connection given back either way."""
    prepared = _PREPARED.setdefault(engine, {})
    raw = engine.raw_connection()
    transaction = kind(engine, raw, prepared)
    try:
        yield transaction
    finally:
        raw.close()  # the pool rolls back what was not committed
