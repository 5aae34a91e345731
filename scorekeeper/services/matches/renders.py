"""The render cache: what a match shows every reader of one language alike (its JSON document, its page's shared parts), rendered once per version and shared by every worker.

One row per match, kind and language (`match_renders`), replaced by a newer version's
or by the same version rendered by another build of the code. Nothing of one reader is
in it: the forms, the CSRF token and the reader's rights are rendered per request.

When the phones of a table ask for a new version at once, it is built once: the first
request holds the build's lock (a lock per key in this process; on PostgreSQL also an
advisory lock held until the build is stored, for the other workers and servers), and the others
wait for it and read what it stored. SQLite serves one machine: its workers may each
build a version once.
"""
from __future__ import annotations

import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, select, text
from sqlalchemy.dialects import postgresql, sqlite

from ...extensions import db
from ...models import MatchRender

# The JSON document; the page's shared parts; the same with every round and change.
DOCUMENT, PAGE, WHOLE_PAGE = "document", "page", "whole-page"
_renders = cast(SqlTable, MatchRender.__table__)
# Striped: a key's lock is one of these (two keys may share one, and wait a build longer).
_LOCKS = [threading.Lock() for _ in range(64)]


def with_stored(head: Any, kind: str) -> Any:
    """`head` (a SELECT of the matches table) with the stored render of the match's
    current version in the `language` and `build` parameters, as the column `render`
    (NULL when there is none): a read that is answered from the store costs one statement."""
    matches = head.selected_columns[0].table
    joined = matches.outerjoin(
        _renders,
        (_renders.c.match_id == matches.c.id)
        & (_renders.c.kind == kind)
        & (_renders.c.language == bindparam("language"))
        & (_renders.c.version == matches.c.version)
        & (_renders.c.build == bindparam("build")),
    )
    return head.add_columns(_renders.c.body.label("render")).select_from(joined)


LATEST = select(_renders.c.body).where(
    _renders.c.match_id == bindparam("match_id"),
    _renders.c.kind == bindparam("kind"),
    _renders.c.language == bindparam("language"),
    _renders.c.build == bindparam("build"),
)
STORED = LATEST.where(_renders.c.version == bindparam("version"))


def latest(match_id: str, kind: str, language: str, build: str) -> str | None:
    """The stored render of whichever version this build rendered last, or None: a new
    version's render starts from what it holds of rounds that did not change."""
    key = {"match_id": match_id, "kind": kind, "language": language, "build": build}
    return db.session.connection().execute(LATEST, key).scalar()


def stored(match_id: str, kind: str, language: str, version: int, build: str) -> str | None:
    """The stored render of this version and build, or None."""
    key = {"match_id": match_id, "kind": kind, "language": language, "version": version, "build": build}
    return db.session.connection().execute(STORED, key).scalar()


def rendered(
    match_id: str, kind: str, language: str, version: int, build: str, render: Callable[[], str], *, missing: bool = False
) -> str:
    """The render of the match's `version` in `language`: stored, or built by `render`
    (once, whoever else asks at the same moment) and stored in place of an older one.
    `missing`: the caller read that none is stored (with_stored) and asks only once more,
    under the build's lock."""
    found = None if missing else stored(match_id, kind, language, version, build)
    if found is not None:
        return found
    with one_build(match_id, kind, language):
        found = stored(match_id, kind, language, version, build)
        if found is not None:
            return found
        body = render()
        store(match_id, kind, language, version, build, body)
    return body


def build_key(match_id: str, kind: str, language: str) -> int:
    return zlib.crc32("\x00".join((match_id, kind, language)).encode())


def build_lock(match_id: str, kind: str, language: str) -> threading.Lock:
    """The lock of this process that a build of this key holds (shared with a few other keys)."""
    return _LOCKS[build_key(match_id, kind, language) % len(_LOCKS)]


@contextmanager
def one_build(match_id: str, kind: str, language: str) -> Iterator[None]:
    """Held by one request at a time per match, kind and language (see the module), for
    the build alone: the request goes on rendering its page without it."""
    number = build_key(match_id, kind, language)
    with build_lock(match_id, kind, language):
        if db.engine.dialect.name != "postgresql":
            yield
            return
        # A transaction lock on the request's own connection, let go when the build's store
        # commits (or the request rolls back): a waiter holds no second pooled connection, so
        # a server full of builders never waits on its own pool.
        db.session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": number - 2**31})
        try:
            yield
        except BaseException:
            db.session.rollback()
            raise
        # A waiter that found the build stored lets the lock go at once (the builder's
        # store committed already: nothing more to do).
        db.session.commit()


def store(match_id: str, kind: str, language: str, version: int, build: str, body: str) -> None:
    """Insert the render, or replace the stored one of an older version (or of this version
    by another build); a newer one another worker stored meanwhile stays. Committed."""
    insert: Any = postgresql.insert if db.engine.dialect.name == "postgresql" else sqlite.insert
    statement = insert(_renders).values(
        match_id=match_id, kind=kind, language=language, version=version, build=build, body=body
    )
    new = statement.excluded
    newer = (_renders.c.version < new.version) | ((_renders.c.version == new.version) & (_renders.c.build != new.build))
    db.session.execute(
        statement.on_conflict_do_update(
            index_elements=[_renders.c.match_id, _renders.c.kind, _renders.c.language],
            set_={"version": new.version, "build": new.build, "body": new.body},
            where=newer,
        )
    )
    db.session.commit()
