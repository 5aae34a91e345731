"""The SQL statements a test's own thread sends."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.extensions import db


@contextmanager
def statements(app) -> Iterator[list[str]]:
    """The SQL statements this thread sends while the block runs (the test client's request
    runs here; a browser of another test still polling the live server in this process is not
    this request's cost)."""
    seen: list[str] = []
    here = threading.get_ident()

    def count(connection, _cursor, statement, *_args) -> None:
        if threading.get_ident() == here:
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)
