"""Starts and stops the app under gunicorn on loopback (the production command's settings, or others) and times single requests.

Only 127.0.0.1 is ever contacted; every request is bounded by a timeout.
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
RESULTS = BENCH / "results"
HOST = "127.0.0.1"


@dataclass(frozen=True)
class ServerConfig:
    """A gunicorn configuration: worker class, workers and threads per worker."""

    worker_class: str  # sync or gthread
    workers: int
    threads: int = 1

    @property
    def name(self) -> str:
        if self.worker_class == "sync":
            return f"sync x{self.workers}"
        return f"gthread {self.workers}x{self.threads}"


APP = "scorekeeper:create_app()"
#: docs/hosting.md, "Production server": gthread, 2 workers x 512 threads, 500 of them for
#: live streams (SCOREKEEPER_LIVE_STREAMS, set in the environment the server starts with),
#: and room for 2,000 connections a worker (GUNICORN_CMD_ARGS)
PRODUCTION = ServerConfig("gthread", 2, 512)
PRODUCTION_STREAMS = "500"
PRODUCTION_ARGS = "--worker-connections 2000"
#: the app's port (BENCH_PORT)
PORT = int(os.environ.get("BENCH_PORT", "8731"))


class Server:
    """gunicorn serving 'scorekeeper:create_app()' (or another `app`) on 127.0.0.1:port against one database."""

    def __init__(self, database_url: str, config: ServerConfig, port: int = PORT, log_name: str = "gunicorn",
                 access_log: Path | None = None, app: str = APP) -> None:
        self.database_url = database_url
        self.config = config
        self.port = port
        self.app = app
        # The path that answers 200 once a worker is up (and warms the workers).
        self.ready_path = "/api/v1/health"
        # Only the page-weight run logs requests: it counts what reached the server.
        self.access_log = access_log
        self.log_path = RESULTS / f"{log_name}.log"
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        command = [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "--bind", f"{HOST}:{self.port}",
            "--workers", str(self.config.workers),
            "--worker-class", self.config.worker_class,
            # Longer than any single request here (a cold 10,000-match computation).
            "--timeout", "120",
            "--log-level", "warning",
        ]
        if self.config.worker_class == "gthread":
            command += ["--threads", str(self.config.threads)]
        if self.access_log is not None:
            command += ["--access-logfile", str(self.access_log), "--access-logformat", "%(m)s %(U)s %(s)s %({content-length}o)s"]
        command.append(self.app)
        env = dict(os.environ, DATABASE_URL=self.database_url, SECRET_KEY="bench-only-secret")
        env.pop("FLASK_DEBUG", None)
        log = open(self.log_path, "ab")
        # A new process group, so stop() ends gunicorn and its workers and nothing else.
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}; see {self.log_path}")
            try:
                status, _body, _elapsed = request(self.port, "GET", self.ready_path, timeout=2)
                if status == 200:
                    # One worker answers while the others may still be importing the app: let
                    # them all boot, then warm them, so no run measures a booting worker.
                    time.sleep(1.0 + 0.75 * self.config.workers)
                    for _ in range(8 * self.config.workers):
                        request(self.port, "GET", self.ready_path, timeout=5)
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer on port {self.port} within 30 s; see {self.log_path}")

    def worker_cpu(self) -> dict[int, float]:
        """CPU seconds (user + system) each gunicorn worker has used so far, by pid (/proc)."""
        if self.process is None:
            return {}
        found = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:  # the master's child: a worker
                found[int(entry)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return found

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.process = None

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.stop()


def request(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
            timeout: float = 60) -> tuple[int, bytes, float]:
    """One request on a fresh connection: (status, body, seconds from send to last byte)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    payload = None
    all_headers = dict(headers or {})
    if body is not None:
        payload = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    try:
        connection.connect()  # not timed: the connection is not the app's work
        started = time.perf_counter()
        connection.request(method, path, body=payload, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - started
        return response.status, data, elapsed
    finally:
        connection.close()
