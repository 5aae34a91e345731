"""Which version each match watched by a live stream has, told by PostgreSQL's NOTIFY or read by a poll on SQLite.

A phone holding a match page keeps a server-sent events stream open (web/pages/match_events.py);
each stream watches one match here. One hub per worker process serves all of that process's
streams with one thread:

- PostgreSQL: the thread LISTENs on `scorekeeper_match` on a connection of its own. A trigger
  (migration c5e19a7d3f62) sends "id version" in the transaction of every write that bumps a
  match's version, so a round written by any worker of any server on the database reaches
  every stream once that transaction commits, and never before.
- SQLite (no NOTIFY): the thread reads the versions of the watched matches, in one query, every
  POLL_SECONDS while any stream is open, and stops when none is.

Nothing here is shared between processes: each keeps only whom to tell, and every version comes
from the database. A stream registers before it reads the match's version, and the listener
reads every watched match's version again each time it (re)connects, so no change falls between.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import psycopg
from sqlalchemy import Engine, bindparam, select
from sqlalchemy.exc import SQLAlchemyError

from ...extensions import db, per_app
from ...models import Match

CHANNEL = "scorekeeper_match"
# SQLite: how often the watched versions are read (half of it is the average wait it adds).
POLL_SECONDS = 0.1
# PostgreSQL: how long the listener waits for a notice before it looks whether it should stop.
LISTEN_WAKE_SECONDS = 5.0
# After the database refused or dropped the listener's connection.
RECONNECT_SECONDS = 1.0
VERSIONS = select(Match.id, Match.version).where(Match.id.in_(bindparam("ids", expanding=True)))


class Watch:
    """One stream's view of one match: the newest version it was told (None until read) and
    whether the match is gone; `wait` returns True when either moved."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.version: int | None = None
        self.gone = False
        self._lock = threading.Lock()
        self._moved = threading.Event()

    def tell(self, version: int | None) -> None:
        """A version read or notified (None: no such match). Versions only grow: a read that
        started before a notice and ends after it never takes the notice back."""
        with self._lock:
            if version is None:
                moved = not self.gone
                self.gone = True
            else:
                moved = self.version is None or version > self.version
                if moved:
                    self.version = version
        if moved:
            self._moved.set()

    def begin(self, version: int | None) -> None:
        """The version read as the watch begins, which its stream sends first: no wake-up
        (a notice that came in meanwhile is in `version` already, which is read after this)."""
        self.tell(version)
        self._moved.clear()

    def wait(self, timeout: float) -> bool:
        if not self._moved.wait(timeout):
            return False
        self._moved.clear()
        return True


class ChangeHub:
    """The streams of this process by match, and the one thread that tells them."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._lock = threading.Lock()
        self._watches: dict[str, set[Watch]] = {}
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self._stopping = threading.Event()

    @property
    def listens(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    @contextmanager
    def watch(self, match_id: str) -> Iterator[Watch]:
        """A watch on the match while the block runs, its version read after it is registered."""
        watch = Watch(match_id)
        with self._lock:
            self._watches.setdefault(match_id, set()).add(watch)
            self._ensure_thread()
        try:
            watch.begin(self.versions([match_id]).get(match_id))
            yield watch
        finally:
            with self._lock:
                group = self._watches.get(match_id)
                if group is not None:
                    group.discard(watch)
                    if not group:
                        del self._watches[match_id]

    def versions(self, match_ids: Iterable[str]) -> dict[str, int]:
        with self.engine.connect() as connection:
            return {row.id: row.version for row in connection.execute(VERSIONS, {"ids": list(match_ids)})}

    def tell(self, match_id: str, version: int | None) -> None:
        with self._lock:
            watches = list(self._watches.get(match_id, ()))
        for watch in watches:
            watch.tell(version)

    def stop(self) -> None:
        """End the thread (at its next wake-up); a later watch starts a new one."""
        self._stopping.set()

    def _ensure_thread(self) -> None:
        """Start the thread if this process has none running (called under the lock). A
        process forked from one that had a hub has the hub's state but not its thread."""
        if self._pid != os.getpid():
            self._pid, self._thread = os.getpid(), None
        if self._thread is not None and self._thread.is_alive():
            return
        self._stopping = threading.Event()
        target = self._listen if self.listens else self._poll
        self._thread = threading.Thread(target=target, args=(self._stopping,), name="scorekeeper-changes", daemon=True)
        self._thread.start()

    def _tell_all(self) -> None:
        """Every watched match's version read now (after a (re)connect, or a poll's tick)."""
        with self._lock:
            match_ids = list(self._watches)
        if not match_ids:
            return
        found = self.versions(match_ids)
        for match_id in match_ids:
            self.tell(match_id, found.get(match_id))

    def _poll(self, stopping: threading.Event) -> None:
        while not stopping.is_set():
            with self._lock:
                if not self._watches:
                    # Nobody watches: end; the next watch starts a new thread (under the lock).
                    self._thread = None
                    return
            try:
                self._tell_all()
            except SQLAlchemyError:
                pass  # a locked or busy database: the next tick reads again
            stopping.wait(POLL_SECONDS)

    def _listen(self, stopping: threading.Event) -> None:
        address = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stopping.is_set():
            try:
                with psycopg.connect(address, autocommit=True, connect_timeout=10) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    # Whatever changed before the LISTEN took hold (or while disconnected).
                    self._tell_all()
                    while not stopping.is_set():
                        for notice in connection.notifies(timeout=LISTEN_WAKE_SECONDS):
                            match_id, _space, version = notice.payload.partition(" ")
                            if version.isdigit():
                                self.tell(match_id, int(version))
            except (psycopg.Error, SQLAlchemyError, OSError):
                stopping.wait(RECONNECT_SECONDS)


def change_hub() -> ChangeHub:
    """The app's hub in this process (made on first use)."""
    engine = db.engine
    return per_app("scorekeeper.changes", lambda: ChangeHub(engine))
