"""The SQL statements a test's own thread sends: their text, and whether each ran on the driver's cursor (services.driver) or on a Core connection."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.extensions import db


class Sent(str):
    """A statement's SQL, and where it ran."""

    #: on the driver's cursor (no Core Connection: services.driver), not a Core connection's
    on_driver: bool


@contextmanager
def statements(app) -> Iterator[list[Sent]]:
    """The SQL statements this thread sends while the block runs (the test client's request
    runs here; a browser of another test still polling the live server in this process is not
    this request's cost)."""
    seen: list[Sent] = []
    here = threading.get_ident()

    def count(connection, _cursor, statement, *_args) -> None:
        if threading.get_ident() == here:
            sent = Sent(statement)
            sent.on_driver = connection is None
            seen.append(sent)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)
