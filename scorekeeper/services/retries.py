"""Writes tried again inside the server when PostgreSQL gave up their transaction for another's (a deadlock or a serialisation failure), instead of a 409 to the phone."""
from __future__ import annotations

import functools
import logging
import random
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from sqlalchemy.exc import DBAPIError

from ..extensions import db

log = logging.getLogger(__name__)

#: SQLSTATEs after which the same transaction, run again from its start, can succeed:
#: serialization_failure and deadlock_detected (PostgreSQL rolled the transaction back).
RETRIABLE_SQLSTATES = frozenset({"40001", "40P01"})
#: attempts in all; the writes lock in one order (match, then league), so a retry is rare
ATTEMPTS = 4

P = ParamSpec("P")
R = TypeVar("R")


def retriable(error: DBAPIError) -> bool:
    return getattr(getattr(error, "orig", None), "sqlstate", None) in RETRIABLE_SQLSTATES


def retried(write: Callable[P, R]) -> Callable[P, R]:
    """`write` (a whole transaction of its own: it reads, writes and commits) run again,
    after a short random pause, when the database gave up its transaction for another's.
    Nothing it did was kept: the session is rolled back and it starts over."""

    @functools.wraps(write)
    def attempt(*args: P.args, **kwargs: P.kwargs) -> R:
        for tried in range(1, ATTEMPTS + 1):
            try:
                return write(*args, **kwargs)
            except DBAPIError as error:
                if tried == ATTEMPTS or not retriable(error):
                    raise
                db.session.rollback()
                log.info("%s: attempt %d gave way to another transaction (%s), trying again",
                         write.__qualname__, tried, error.orig)
                # Apart from the writer it clashed with, so the two do not meet again at once.
                time.sleep(random.uniform(0.0, 0.005 * 2**tried))
        raise AssertionError("unreachable")

    return attempt
