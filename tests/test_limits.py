"""The rate limits' counters (services.limits) in the database: windows, growing waits, refunds, purging."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from scorekeeper.extensions import db
from scorekeeper.models import RateCounter, utcnow
from scorekeeper.services import ServiceError, limits

BUDGET = limits.Budget("test-budget", 3, timedelta(minutes=10))
FLAT = limits.Budget("test-flat", 2, timedelta(minutes=10), growth=1.0)


@pytest.fixture
def app_context(clean_app):
    """The app with a request (a refusal's message is in the request's language)."""
    with clean_app.test_request_context():
        yield clean_app


def attempt(budget: limits.Budget, *parts: str) -> int | None:
    """None when allowed, else the Retry-After seconds."""
    try:
        limits.spend(budget, *parts)
    except ServiceError as refused:
        assert refused.status == 429
        return refused.retry_after
    return None


def test_a_budget_allows_its_attempts_then_waits_grow(app_context):
    assert [attempt(BUDGET, "a") for _ in range(3)] == [None, None, None]
    waits = [attempt(BUDGET, "a") for _ in range(3)]
    assert waits[0] == pytest.approx(600, abs=2) and waits[1] == pytest.approx(1200, abs=2) and waits[2] == pytest.approx(2400, abs=2)
    # Another key has a budget of its own.
    assert attempt(BUDGET, "b") is None


def test_a_flat_budget_waits_for_its_window(app_context):
    assert [attempt(FLAT, "a") for _ in range(2)] == [None, None]
    assert attempt(FLAT, "a") == pytest.approx(600, abs=2)
    assert attempt(FLAT, "a") == pytest.approx(600, abs=2)


def test_a_passed_window_starts_afresh_and_is_purged(app_context):
    for _ in range(4):
        attempt(FLAT, "a")
    db.session.execute(update(RateCounter).values(resets_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    assert attempt(FLAT, "a") is None
    db.session.execute(update(RateCounter).values(resets_at=utcnow() - timedelta(seconds=1)))
    limits.purge_expired()
    db.session.commit()
    assert db.session.scalar(select(func.count()).select_from(RateCounter)) == 0


def test_refund_and_forget(app_context):
    attempt(FLAT, "a")
    attempt(FLAT, "a")
    limits.refund(FLAT, "a")
    db.session.commit()
    assert attempt(FLAT, "a") is None
    limits.forget(FLAT, "a")
    db.session.commit()
    assert [attempt(FLAT, "a") for _ in range(3)][-1] is not None


def test_configured_overrides(app_context):
    configured = app_context.config["RATE_LIMITS"]
    app_context.config["RATE_LIMITS"] = {"test-flat": 1}
    try:
        assert attempt(FLAT, "a") is None
        assert attempt(FLAT, "a") is not None
    finally:
        app_context.config["RATE_LIMITS"] = configured


def test_a_long_run_of_refusals_waits_the_ceiling_and_never_overflows(app_context):
    # 70 wrong passwords from one address once overflowed the growing wait (window * 2**65
    # is past the largest timedelta): a 500 from then on, for every attempt of the address.
    waits = [attempt(BUDGET, "a") for _ in range(70)]
    assert waits[:3] == [None, None, None]
    ceiling = BUDGET.ceiling.total_seconds()
    assert all(wait is not None and 0 < wait <= ceiling for wait in waits[3:])
    assert waits[-1] == pytest.approx(ceiling, abs=2)
    # A counter far past any budget (years of guessing) still answers the ceiling's wait.
    db.session.execute(update(RateCounter).values(count=10**9))
    db.session.commit()
    assert attempt(BUDGET, "a") == pytest.approx(ceiling, abs=2)
