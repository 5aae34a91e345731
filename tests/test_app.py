"""The factory's deployment settings: the secret key kept in instance/, ProxyFix with
SCOREKEEPER_PROXY_HOPS, HSTS with SCOREKEEPER_HTTPS."""
from __future__ import annotations

import stat
import threading

import pytest

from scorekeeper import create_app
from scorekeeper.app import instance_secret_key
from scorekeeper.config import PROJECT_ROOT, Config, TestConfig


def test_no_secret_key_is_built_in():
    assert Config.SECRET_KEY is None or Config.SECRET_KEY != "dev-only-change-me"


def test_a_missing_key_is_made_once_and_readable_by_its_owner_only(tmp_path):
    instance = tmp_path / "instance"
    first = instance_secret_key(instance)
    assert len(first) >= 40
    assert stat.S_IMODE((instance / "secret_key").stat().st_mode) == 0o600
    assert instance_secret_key(instance) == first
    assert sorted(path.name for path in instance.iterdir()) == ["secret_key"]


def test_workers_starting_at_once_agree_on_one_key(tmp_path):
    keys: list[str] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        keys.append(instance_secret_key(tmp_path))

    threads = [threading.Thread(target=start) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 8 and len(set(keys)) == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["secret_key"]


def test_the_app_without_secret_key_uses_the_instance_key(tmp_path):
    app = create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"), "SECRET_KEY": None})
    assert app.secret_key == (PROJECT_ROOT / "instance" / "secret_key").read_text().strip()
    given = create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"), "SECRET_KEY": "given"})
    assert given.secret_key == "given"


def remote(app, headers: dict[str, str]) -> str:
    with app.test_client() as client:
        client.get("/api/v1/health", headers=headers, environ_base={"REMOTE_ADDR": "10.0.0.1"})
        from flask import request

        return f"{request.remote_addr} {request.scheme}"


@pytest.mark.parametrize(
    ("hops", "expected"),
    [("0", "10.0.0.1 http"), ("1", "203.0.113.7 https"), ("2", "198.51.100.2 https")],
)
def test_proxy_hops_trust_that_many_forwarding_proxies(tmp_path, hops, expected):
    app = create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"), "SCOREKEEPER_PROXY_HOPS": hops})
    forwarded = {"X-Forwarded-For": "198.51.100.2, 203.0.113.7", "X-Forwarded-Proto": "https, https"}
    assert remote(app, forwarded) == expected


def test_proxy_hops_must_be_a_count(tmp_path):
    with pytest.raises(ValueError, match="SCOREKEEPER_PROXY_HOPS"):
        create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"), "SCOREKEEPER_PROXY_HOPS": "yes"})


@pytest.mark.parametrize("https", [False, True])
def test_hsts_only_over_https(tmp_path, https):
    app = create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"), "SCOREKEEPER_HTTPS": https})
    response = app.test_client().get("/api/v1/health")
    assert ("Strict-Transport-Security" in response.headers) is https


@pytest.mark.parametrize("idle", [0.0, 3600.0])
def test_a_connection_idle_too_long_is_pinged_and_a_dead_one_replaced(tmp_path, idle):
    """No ping per checkout (a round trip per request): only a connection idle for
    DATABASE_PING_AFTER_IDLE seconds is pinged, and one found dead is replaced unseen."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    from scorekeeper.extensions import db

    app = create_app({**TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"), "DATABASE_PING_AFTER_IDLE": idle})
    with app.app_context():
        with db.engine.connect() as connection:
            dead = connection.connection.dbapi_connection
        dead.close()  # as a database restart would: the pooled connection no longer works
        with db.engine.connect() as connection:
            if idle:
                # In steady use nothing is pinged: the dead connection reaches the statement.
                assert connection.connection.dbapi_connection is dead
                with pytest.raises(DBAPIError):
                    connection.execute(text("SELECT 1"))
            else:
                assert connection.connection.dbapi_connection is not dead
                assert connection.execute(text("SELECT 1")).scalar() == 1
