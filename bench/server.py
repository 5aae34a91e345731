"""Starts and stops the app (or the bare Flask app of the ceiling) under gunicorn on loopback, drives wrk against it and times single requests.

Only 127.0.0.1 is ever contacted. Every wrk run is bounded by its duration; every single
request by a timeout.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
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
#: the app's port (BENCH_PORT); the bare app of the ceiling listens on the next one
PORT = int(os.environ.get("BENCH_PORT", "8731"))
#: a run is taken as using every worker when none did more than this share of the work
BALANCED = 0.75
#: the ceiling of every ratio: a bare Flask app (bench/bare_app.py) under the same gunicorn configuration
BARE_APP = "bench.bare_app:app"


class Server:
    """gunicorn serving 'scorekeeper:create_app()' (or `app`, e.g. BARE_APP) on 127.0.0.1:port against one database."""

    def __init__(self, database_url: str, config: ServerConfig, port: int = PORT, log_name: str = "gunicorn",
                 access_log: Path | None = None, app: str = APP) -> None:
        self.database_url = database_url
        self.config = config
        self.port = port
        self.app = app
        # The path that answers 200 once a worker is up (and warms the workers).
        self.ready_path = "/" if app == BARE_APP else "/api/v1/health"
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

    def settle(self) -> None:
        """Wait until the requests a finished wrk run left queued are served: wrk stops
        sending at its deadline, but the workers still work through what they accepted
        (32 slow page renders), which the next run would otherwise measure."""
        for _ in range(2 * self.config.workers):
            request(self.port, "GET", self.ready_path, timeout=120)

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

    def balanced(self, run: Callable[[], dict[str, Any]], retries: int = 2) -> dict[str, Any]:
        """One wrk run (`run`) with the workers' CPU per request, run again (up to `retries`
        times) when one worker served nearly all of it.

        wrk opens its 32 keep-alive connections at once and keeps them for the run; the
        first gunicorn worker to wake may accept them all, and then one worker (one core)
        serves the run while the other idles: the same code measured half as fast, by
        chance, for the app and for the bare app of the ceiling alike (seen on 2026-12-05:
        GET match JSON at 1,000 to 4,000 requests/s in four runs in a row)."""
        for attempt in range(retries + 1):
            before = self.worker_cpu()
            result = run()
            after = self.worker_cpu()
            used = [after[pid] - before.get(pid, 0.0) for pid in after]
            total = sum(used)
            result["worker_cpu_s"] = [round(value, 2) for value in used]
            result["busiest_worker_share"] = round(max(used) / total, 2) if total else None
            if result.get("requests"):
                result["cpu_ms_per_request"] = round(total / result["requests"] * 1000, 3)
            result["attempts"] = attempt + 1
            if len(used) < 2 or not total or max(used) / total <= BALANCED:
                break
        return result

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


# --------------------------------------------------------------------------- wrk

UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def _ms(text: str) -> float:
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    if not match:
        raise ValueError(f"unexpected wrk latency {text!r}")
    return float(match.group(1)) * UNITS[match.group(2)]


def parse_wrk(output: str) -> dict[str, Any]:
    """Requests/s, latency percentiles (ms), request and error counts from wrk --latency output."""
    result: dict[str, Any] = {}
    for pct in ("50", "75", "90", "99"):
        found = re.search(rf"^\s+{pct}%\s+(\S+)", output, re.M)
        if found:
            result[f"p{pct}_ms"] = round(_ms(found.group(1)), 3)
    found = re.search(r"^\s+(\d+) requests in ([\d.]+)(\w+), ([\d.]+)(\w+) read", output, re.M)
    if found:
        result["requests"] = int(found.group(1))
        seconds = float(found.group(2)) * {"ms": 1e-3, "s": 1.0, "m": 60.0}[found.group(3)]
        result["duration_s"] = round(seconds, 2)
        result["read_bytes"] = float(found.group(4)) * {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3}[found.group(5)]
    found = re.search(r"^Requests/sec:\s+([\d.]+)", output, re.M)
    result["rps"] = float(found.group(1)) if found else 0.0
    found = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    result["non_2xx"] = int(found.group(1)) if found else 0
    found = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    result["socket_errors"] = sum(int(x) for x in found.groups()) if found else 0
    if found:
        result["timeouts"] = int(found.group(4))
    return result


def wrk(url: str, *, seconds: int, connections: int = 32, threads: int = 1, script: str | None = None,
        script_args: list[str] | None = None, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """One bounded wrk run. One wrk thread drives 32 connections easily and leaves the
    2 cores to the app; the timeout is raised so slow responses are measured, not dropped."""
    command = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency", "--timeout", "10s"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", str(BENCH / "lua" / script)]
    command.append(url)
    if script_args:
        command += ["--", *script_args]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=False)
    if completed.returncode != 0:
        raise RuntimeError(f"wrk failed ({completed.returncode}): {completed.stderr.strip()}")
    result = parse_wrk(completed.stdout)
    result["connections"] = connections
    # The machine may be shared: the 1-minute load average after the run says how busy it was.
    result["loadavg_1m"] = round(os.getloadavg()[0], 2)
    return result
