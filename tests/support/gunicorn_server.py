"""A real gunicorn for the integration tests: a migrated database of the session's backend, the
server started in a process group of its own and stopped with it."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from sqlalchemy.engine import make_url

from scorekeeper.config import PROJECT_ROOT, database_url_from_env
from tests.support.game_copies import copies_wanted

# A database of its own on the PostgreSQL server (named after the session database, so
# two checkouts testing on one server at once don't share it): the in-process fixtures
# TRUNCATE the session database between tests, which would race with gunicorn's writes.
INTEGRATION_SUFFIX = "_integration"
# The venv that runs pytest is the one whose gunicorn and flask we mean (not resolved:
# .venv/bin/python is a symlink to the system interpreter).
BIN = Path(sys.executable).parent
# How long a gunicorn may take to answer its first request: a bound on a hang, not a
# measure. Its three workers import the app at once (2 core-s each on a slow machine); under
# the whole suite on 2 cores each had a sixth of a core, and 30 s ran out once (2026-12-07).
BOOT_TIMEOUT = 90.0
STOP_TIMEOUT = 10.0
# Method, path, status, the headers the races depend on, and the worker's pid: enough to
# tell from the log which worker answered which retry.
ACCESS_LOG_FORMAT = (
    '%(t)s pid=%(p)s "%(r)s" %(s)s %(B)sB %(M)sms '
    'key="%({idempotency-key}i)s" if-match="%({if-match}i)s"'
)


def migrate(database_url: str) -> None:
    """Build the schema the way production does: `flask db upgrade` in a separate process."""
    result = subprocess.run(
        [str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
        check=False,  # the assertion below shows the output
        cwd=PROJECT_ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"flask db upgrade failed:\n{result.stdout}\n{result.stderr}"


def fresh_postgres_database(server_url: str, suffix: str = INTEGRATION_SUFFIX) -> str:
    """Drop and recreate `<session database><suffix>` on the server of `server_url`; its URL."""
    server = make_url(database_url_from_env(server_url))
    integration_database = f"{server.database}{suffix}"
    libpq = server.set(drivername="postgresql").render_as_string(hide_password=False)
    # CREATE/DROP DATABASE cannot run inside a transaction.
    with psycopg.connect(libpq, autocommit=True, connect_timeout=10) as connection:
        name = sql.Identifier(integration_database)
        # FORCE: a gunicorn left over from an aborted run may still hold connections.
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(name))
    return server.set(database=integration_database).render_as_string(hide_password=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def group_members(pgid: int) -> list[int]:
    """Live (non-zombie) processes of a process group, read from /proc ([] where there is none)."""
    members = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: split after it.
        fields = stat[stat.rindex(")") + 2 :].split()
        state, process_group = fields[0], int(fields[2])
        if process_group == pgid and state != "Z":
            members.append(int(entry.name))
    return members


@dataclass
class Gunicorn:
    """One running gunicorn: its master process (leader of its own process group) and base URL."""

    process: subprocess.Popen
    url: str
    log_path: Path

    def log(self, last: int = 60) -> str:
        lines = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(lines[-last:])

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + BOOT_TIMEOUT
        last_error: Exception | None = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"gunicorn exited with {self.process.returncode} while booting:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/v1/health", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError) as error:
                last_error = error
            # Nothing to block on until the socket is bound: poll at a short interval.
            time.sleep(0.05)
        pytest.fail(f"gunicorn did not answer /api/v1/health in {BOOT_TIMEOUT} s ({last_error}):\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once (a power cut, as far as the app can tell)."""
        if self.process.poll() is None:
            # The master is unreaped, so its pid is still this group's id.
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=STOP_TIMEOUT)
        # Orphaned workers are reaped by init: wait until none of them runs any more.
        deadline = time.monotonic() + STOP_TIMEOUT
        while group_members(self.process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not group_members(self.process.pid), "gunicorn workers survived SIGKILL of their group"

    def stop(self) -> None:
        """SIGTERM (a graceful shutdown), then SIGKILL of the whole group after a timeout."""
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()


# Every client of these tests is 127.0.0.1 and the database lives for the whole session:
# the per-address budgets are made roomy here, and test_limits.py tests the real ones on
# a gunicorn and database of its own.
ROOMY_LIMITS = {"SCOREKEEPER_RATE_LIMITS": "anonymous-match-address=100000,sign-up-address=100000,login-address=100000"}


def start_gunicorn(
    database_url: str,
    log_path: Path,
    workers: int = 3,
    extra_env: dict[str, str] | None = None,
    extra_args: list[str] | None = None,
) -> Gunicorn:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONUNBUFFERED": "1", **(extra_env or {})}
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "--workers", str(workers),
                "--bind", f"127.0.0.1:{port}",
                # Short enough that a stuck shutdown cannot eat the suite's time budget.
                "--graceful-timeout", "5",
                # A big league import takes seconds of replay; 30 s is too tight on a busy machine.
                "--timeout", "180",
                "--access-logfile", "-",
                "--access-logformat", ACCESS_LOG_FORMAT,
                *(extra_args or []),
                # The server knows the games the tests know: with SCOREKEEPER_TEST_GAME_COPIES=1
                # their copies too (an export of a copy's matches imports there as here).
                "tests.support.game_copies:app_with_copies()" if copies_wanted() else "scorekeeper:create_app()",
            ],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            # Its own process group, so one killpg reaches the master and all its workers.
            start_new_session=True,
        )
    server = Gunicorn(process=process, url=f"http://127.0.0.1:{port}", log_path=log_path)
    try:
        server.wait_healthy()
    except BaseException:
        server.stop()
        raise
    return server
