"""Rate limits kept in the database, so every worker and server counts into one budget.

An attempt is counted by one atomic upsert (INSERT ... ON CONFLICT DO UPDATE ...
RETURNING) that is committed before the work it guards starts: thirty concurrent
attempts get thirty different counts, so a budget of five lets exactly five through,
however the requests are spread over workers. There is no check-then-insert window.

Once a budget is spent, every further attempt in the window also pushes its end later
(a growing delay), up to a ceiling: a guesser slows down more and more, and the waits
fall on the address that guesses, not on the account it guesses at.
"""
from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy import case, delete, update
from sqlalchemy.dialects import postgresql, sqlite

from ..engine.core.i18n import _n
from ..extensions import db
from ..models import RateCounter, utcnow
from . import ServiceError


@dataclass(frozen=True)
class Budget:
    """`allowed` attempts per `window`; past it, each attempt adds `growth` times the
    previous wait, at most `ceiling`."""

    name: str
    allowed: int
    window: timedelta
    growth: float = 2.0
    ceiling: timedelta = timedelta(hours=24)


#: Wrong passwords for one name from one address: the person who forgot theirs.
LOGIN_PER_NAME_AND_ADDRESS = Budget("login-name-address", 5, timedelta(minutes=15))
#: Sign-in attempts from one address whatever the name (spraying many names).
LOGIN_PER_ADDRESS = Budget("login-address", 20, timedelta(minutes=15))
#: Accounts made from one address.
SIGN_UPS_PER_ADDRESS = Budget("sign-up-address", 10, timedelta(hours=1), growth=1.0)
#: Matches started without an account from one address (each adds players).
ANONYMOUS_MATCHES_PER_ADDRESS = Budget("anonymous-match-address", 60, timedelta(hours=1), growth=1.0)
#: Role grants to unknown usernames by one account (asking which accounts exist).
UNKNOWN_GRANTS_PER_USER = Budget("unknown-grant-user", 10, timedelta(hours=1), growth=1.0)


#: One new window in this many also deletes the expired counters.
PURGE_ONE_IN = 100


def configured(budget: Budget) -> Budget:
    """The budget with the app's override (RATE_LIMITS = {name: allowed}), if any."""
    overrides = current_app.config.get("RATE_LIMITS") or {}
    if budget.name in overrides:
        return Budget(budget.name, int(overrides[budget.name]), budget.window, budget.growth, budget.ceiling)
    return budget


def counter_key(budget: Budget, *parts: str) -> str:
    """A fixed-length key for what is counted (names of any length, never stored as text)."""
    digest = hashlib.sha256("\x1f".join((budget.name, *parts)).encode()).hexdigest()
    return digest


def _upsert(key: str, window: timedelta, now: datetime):
    dialect = db.engine.dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement: Any = insert(RateCounter).values(key=key, count=1, resets_at=now + window)
    expired = RateCounter.__table__.c.resets_at <= now
    statement = statement.on_conflict_do_update(
        index_elements=[RateCounter.__table__.c.key],
        set_={
            "count": case((expired, 1), else_=RateCounter.__table__.c.count + 1),
            "resets_at": case((expired, now + window), else_=RateCounter.__table__.c.resets_at),
        },
    ).returning(RateCounter.__table__.c.count, RateCounter.__table__.c.resets_at)
    return db.session.execute(statement).one()


def spend(budget: Budget, *parts: str) -> None:
    """Count one attempt against the budget (committed at once); 429 with the seconds to
    wait when it is spent. The refused attempts are counted too: they lengthen the wait."""
    budget = configured(budget)
    key = counter_key(budget, *parts)
    now = utcnow()
    count, resets_at = _upsert(key, budget.window, now)
    if count == 1 and secrets.randbelow(PURGE_ONE_IN) == 0:
        # Now and then a new window sweeps away the counters whose windows have passed.
        purge_expired()
    if count > budget.allowed:
        over = count - budget.allowed
        wait = growing_wait(budget, over) if budget.growth > 1 else None
        if wait is not None and now + wait > resets_at:
            resets_at = now + wait
            db.session.execute(
                update(RateCounter)
                .where(RateCounter.key == key, RateCounter.resets_at < resets_at)
                .values(resets_at=resets_at)
                .execution_options(synchronize_session=False)
            )
        db.session.commit()
        raise too_many(resets_at - now)
    db.session.commit()


def growing_wait(budget: Budget, over: int) -> timedelta:
    """The wait after the `over`th attempt past the budget: `window * growth ** (over - 1)`,
    at most the ceiling. The power is capped before it is taken: a long run of refusals
    would otherwise overflow the float, or the timedelta it multiplies (a 500 for every
    later attempt of the address, whose counter the failed request left where it was)."""
    steps_to_ceiling = math.ceil(math.log(budget.ceiling / budget.window, budget.growth))
    exponent = min(over - 1, max(0, steps_to_ceiling))
    return min(budget.window * budget.growth**exponent, budget.ceiling)


def refund(budget: Budget, *parts: str) -> None:
    """Take one attempt back (a sign-in that succeeded does not count against its address)."""
    budget = configured(budget)
    db.session.execute(
        update(RateCounter)
        .where(RateCounter.key == counter_key(budget, *parts), RateCounter.count > 0)
        .values(count=RateCounter.count - 1)
        .execution_options(synchronize_session=False)
    )


def forget(budget: Budget, *parts: str) -> None:
    """Start the budget afresh (the right password was given for this name here)."""
    budget = configured(budget)
    db.session.execute(delete(RateCounter).where(RateCounter.key == counter_key(budget, *parts)))


def too_many(wait: timedelta) -> ServiceError:
    seconds = max(1, math.ceil(wait.total_seconds()))
    minutes = max(1, math.ceil(seconds / 60))
    error = ServiceError(
        429,
        _n(
            "too many attempts: wait {n} minute and try again",
            "too many attempts: wait {n} minutes and try again",
            minutes,
        ),
        code="rate_limited",
    )
    error.retry_after = seconds
    return error


def purge_expired() -> None:
    """Drop the counters whose window has passed (they would restart at 1 anyway)."""
    db.session.execute(delete(RateCounter).where(RateCounter.resets_at <= utcnow()))
