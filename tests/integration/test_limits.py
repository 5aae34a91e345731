"""The rate limits under 30 concurrent attempts, against a real gunicorn with 3 workers.

A gunicorn of its own on a database of its own: the limits count per client address, and
every client here is 127.0.0.1, so these budgets must not be shared with other tests.
"""
from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.gunicorn_server import Gunicorn, fresh_postgres_database, migrate, start_gunicorn
from tests.support.picks import any_game, seats
from tests.support.server_calls import call, race

pytestmark = pytest.mark.integration

CONCURRENT = 30
PASSWORD = "correct horse battery"
# Small budgets, so that 30 attempts overrun each of them (the login budgets keep their
# real values: 5 per name and address, 20 per address).
BUDGETS = "anonymous-match-address=7,sign-up-address=4"


@pytest.fixture(scope="module")
def limits_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    server_url = os.environ.get("TEST_DATABASE_URL")
    if server_url:
        url = fresh_postgres_database(server_url, "_limits")
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('limits') / 'limits.db'}"
    migrate(url)
    log: Path = tmp_path_factory.mktemp("gunicorn-limits") / "gunicorn.log"
    server = start_gunicorn(url, log, extra_env={"SCOREKEEPER_RATE_LIMITS": BUDGETS})
    yield server
    server.stop()


def statuses(replies) -> Counter:
    return Counter(reply.status for reply in replies)


def test_sign_ups_per_address(limits_server):
    url = f"{limits_server.url}/api/v1/users"
    replies = race([(url, {"username": f"racer{n}", "password": PASSWORD}, {}) for n in range(CONCURRENT)])
    counted = statuses(replies)
    assert counted == {201: 4, 429: CONCURRENT - 4}, (counted, limits_server.log())
    assert all(int(reply.headers["Retry-After"]) > 0 for reply in replies if reply.status == 429)


def test_anonymous_matches_per_address(limits_server):
    url = f"{limits_server.url}/api/v1/matches"
    game = any_game()
    body = {"game": game.id, "players": seats(game, ["Ann", "Bob", "Cid", "Dee"])}
    replies = race([(url, body, {}) for _ in range(CONCURRENT)])
    counted = statuses(replies)
    assert counted == {201: 7, 429: CONCURRENT - 7}, (counted, limits_server.log())
    assert all(int(reply.headers["Retry-After"]) > 0 for reply in replies if reply.status == 429)


def test_thirty_concurrent_wrong_passwords_get_at_most_five_real_checks(limits_server):
    # A 401 means the password was checked against a hash (for an unknown name too, so
    # that both answers take as long): whether racer0 got an account above is all one.
    url = f"{limits_server.url}/api/v1/session"
    replies = race([(url, {"username": "racer0", "password": f"wrong guess {n}"}, {}) for n in range(CONCURRENT)])
    counted = statuses(replies)
    # 401 means the password was checked: at most 5 of them, every other attempt 429.
    assert counted[401] <= 5 and counted[401] + counted[429] == CONCURRENT, (counted, limits_server.log())
    assert counted[401] == 5


def test_a_long_run_of_wrong_passwords_is_refused_never_failed(limits_server):
    # 70 wrong passwords from one address once turned from 429 into 500 (the growing wait
    # overflowed), and from then on the right password and the sign-in page failed too.
    url = f"{limits_server.url}/api/v1/session"
    replies = [call("POST", url, {"username": "racer1", "password": f"wrong {n}"}) for n in range(70)]
    counted = statuses(replies)
    assert set(counted) <= {401, 429}, (counted, limits_server.log())
    right = call("POST", url, {"username": "racer1", "password": PASSWORD})
    assert right.status == 429 and int(right.headers["Retry-After"]) <= 24 * 3600, (right, limits_server.log())
    page = call("GET", f"{limits_server.url}/login")
    assert page.status == 200, (page, limits_server.log())
