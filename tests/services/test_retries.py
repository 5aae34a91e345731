"""Writes given up by the database for another transaction's (deadlock, serialisation failure) are tried again inside the server; any other database error is not."""
from __future__ import annotations

import pytest
from sqlalchemy.exc import DBAPIError, OperationalError

from scorekeeper.services import retries


class Refusal(Exception):
    """A driver error with PostgreSQL's SQLSTATE, as psycopg raises it."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"sqlstate {sqlstate}")
        self.sqlstate = sqlstate


def failing(times: int, sqlstate: str) -> tuple[list[int], object]:
    calls: list[int] = []

    @retries.retried
    def write(value: int) -> int:
        calls.append(value)
        if len(calls) <= times:
            raise OperationalError("UPDATE leagues ...", {}, Refusal(sqlstate))
        return value * 2

    return calls, write


@pytest.fixture(autouse=True)
def no_pause(monkeypatch):
    monkeypatch.setattr(retries.time, "sleep", lambda _seconds: None)


@pytest.mark.parametrize("sqlstate", ["40P01", "40001"])
def test_a_deadlock_or_serialisation_failure_is_tried_again(app_context, sqlstate):
    calls, write = failing(retries.ATTEMPTS - 1, sqlstate)
    assert write(21) == 42
    assert calls == [21] * retries.ATTEMPTS


def test_after_the_last_attempt_the_error_goes_on_to_the_handler(app_context):
    calls, write = failing(retries.ATTEMPTS, "40P01")
    with pytest.raises(DBAPIError):
        write(1)
    assert len(calls) == retries.ATTEMPTS


@pytest.mark.parametrize("sqlstate", ["23505", "22001", "55P03"])
def test_other_database_errors_are_not_tried_again(app_context, sqlstate):
    calls, write = failing(1, sqlstate)
    with pytest.raises(DBAPIError):
        write(1)
    assert calls == [1]
