"""Measures the CPU, SQL statements and profile of the hot requests in-process: the bare Flask app, health, GET match JSON and POST round.

Issue 16's throughput targets are ratios to a bare Flask app. On a shared machine wrk's
requests/s measure the neighbours; the CPU one request takes in the app (Flask test
client, `time.process_time()`, no gunicorn, no socket) is steady, and its ratio to the
bare app's CPU is the in-process bound of the same ratio. Per scenario: CPU and wall time
per request (no profiler on; the lowest mean of a few batches), the SQL statements one request sends, the
Python function calls one request makes (`python_calls`: the same however loaded the machine is),
and the share of a cProfile run's own time by package (`bench/results/hot-paths-<database>-profile.txt`).

On PostgreSQL (a fresh database only) also the CPU of the database's backend processes
per request (`/proc/<pid>/stat`, same machine; counted in clock ticks of 10 ms, so a
batch of 100 requests resolves 0.1 ms).

- `bare`: bench/bare_app.py (one route, a small JSON body: the ceiling of bench/run);
- `health`: the app's GET /api/v1/health (every request hook, no database);
- `match_json_5`: GET /api/v1/matches/{id} of a 4-player Nameless match with 5 rounds
  (the stored document), also with an API token (`_token`) and as a browser asks for it,
  compressed (`_br`);
- `match_page_5`: GET /matches/{id} of the 5-round match, the HTML page (a phone with a
  device cookie and a session), also compressed as a browser asks for it (`_br`: since
  2026-12-05 gzip from the stored pieces), and a phone's first view (`_first`: no cookie,
  so a new device, session and CSRF secret, through Flask);
  `match_page_5_reload` the same with If-None-Match naming the page's ETag (a 304 since
  issue 26);
- `post_round_5` / `post_round_200`: POST .../rounds to endless Nameless matches at 5
  and 200 rounds, also with an Idempotency-Key (`_idempotent`, a new key each time).

Usage: python -m bench.hot_paths [sqlite|postgresql] [--url URL] [--iterations 100] [--repeats 5]
SQLite: a fresh file bench/results/hot-paths.sqlite. PostgreSQL: the database
`bench_hot_paths` at 127.0.0.1:5432 (user postgres), dropped and re-created.
Writes bench/results/hot-paths-<database>.json.
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is on sys.path and the project root is not: import from the root.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

import argparse  # noqa: E402
import cProfile  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import pstats  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
from typing import Any  # noqa: E402

from bench.phones import stat_cpu  # noqa: E402
from bench.scale import database_url, endless_match, shares  # noqa: E402
from bench.seed import NAMELESS_ROUND, bench_account, make_app, upgrade_schema  # noqa: E402

RESULTS = ROOT / "bench" / "results"
PG_DATABASE = "bench_hot_paths"


def fresh_url(kind: str) -> str:
    return database_url(kind, PG_DATABASE, "hot-paths.sqlite")


class StatementCounter:
    """Counts the SQL statements the app's engine sends (cursor executions)."""

    def __init__(self, engine) -> None:
        from sqlalchemy import event

        self.count = 0
        event.listen(engine, "before_cursor_execute", self._seen)

    def _seen(self, *_args: Any) -> None:
        self.count += 1


def backend_cpu_s(database: str | None) -> float:
    """The CPU seconds PostgreSQL's backend processes for `database` have used (same machine: /proc)."""
    if database is None:
        return 0.0
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres") as connection:
        pids = [row[0] for row in connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (database,))]
    return stat_cpu(pids)


def measure(call, iterations: int, repeats: int, counter: StatementCounter | None, profile: io.StringIO,
            name: str, database: str | None = None) -> dict[str, Any]:
    """CPU per request: the lowest mean of `repeats` batches of `iterations` (on a shared
    machine a batch is only ever slowed down by the neighbours, never sped up)."""
    for _ in range(3):  # warm up (compiled statement caches, stored documents)
        response = call()
        assert response.status_code < 400, (name, response.status_code, response.get_data(as_text=True)[:300])
    statements_before = counter.count if counter else 0
    batches = []
    backend = []
    for _ in range(repeats):
        backend_before = backend_cpu_s(database)
        cpu = wall = 0.0
        for _ in range(iterations):
            started_cpu, started_wall = time.process_time(), time.perf_counter()
            response = call()
            cpu += time.process_time() - started_cpu
            wall += time.perf_counter() - started_wall
            assert response.status_code < 400, (name, response.status_code, response.get_data(as_text=True)[:300])
        batches.append((cpu / iterations * 1000, wall / iterations * 1000))
        backend.append((backend_cpu_s(database) - backend_before) / iterations * 1000)
    statements = (counter.count - statements_before) / (iterations * repeats) if counter else 0
    profiler = cProfile.Profile()
    profiled = max(10, iterations // 4)
    profiler.enable()
    for _ in range(profiled):
        status = call().status_code
    profiler.disable()
    stats = pstats.Stats(profiler, stream=profile)
    result = {
        # Python function calls per request (test client included): unlike the CPU time,
        # the same on a loaded machine as on a quiet one.
        "python_calls": round(stats.total_calls / profiled), "status": status,
        "cpu_ms": round(min(cpu for cpu, _wall in batches), 3), "wall_ms": round(min(wall for _cpu, wall in batches), 3),
        "cpu_ms_batches": [round(cpu, 3) for cpu, _wall in batches], "n": iterations, "repeats": repeats,
        "sql_statements": round(statements, 1), "profile_shares": shares(stats),
    }
    if database is not None:
        # The database server's CPU per request (PostgreSQL, same machine), lowest batch.
        result["db_server_cpu_ms"] = round(min(backend), 3)
    profile.write(f"\n===== {name}: {result['cpu_ms']} ms CPU per request, {result['sql_statements']} SQL statements =====\n")
    stats.sort_stats("tottime").print_stats(20)
    stats.sort_stats("cumulative").print_stats(30)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--url", help="use this (empty) database instead of a fresh one")
    parser.add_argument("--iterations", type=int, default=100, help="requests per batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches per scenario (the lowest mean is kept)")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    url = args.url or fresh_url(args.database)
    app = make_app(url)
    upgrade_schema(app)
    from bench.bare_app import app as bare
    from scorekeeper.extensions import db

    fixtures: dict[str, Any] = {}
    with app.app_context():
        counter = StatementCounter(db.engine)
        bench_account(fixtures)
        db.session.commit()
    token = fixtures["token"]
    client, bare_client = app.test_client(), bare.test_client()
    fresh = app.test_client(use_cookies=False)  # every request a phone's first
    auth = {"Authorization": f"Bearer {token}"}
    brotli = {"Accept-Encoding": "gzip, deflate, br"}  # as a browser asks

    shown, five, two_hundred = (endless_match(client, rounds) for rounds in (5, 5, 200))

    def post(match_id: str, idempotent: bool = False):
        def call():
            headers = {"Idempotency-Key": uuid.uuid4().hex} if idempotent else None
            return client.post(f"/api/v1/matches/{match_id}/rounds", json=NAMELESS_ROUND, headers=headers)
        return call

    # A reload of the page the phone has: If-None-Match with the page's ETag (a 304), when
    # the code gives the page one (before issue 26 it had none: a render like the first).
    client.get(f"/matches/{shown}")
    tag = client.get(f"/matches/{shown}").headers.get("ETag")
    page_tag = {"If-None-Match": tag} if tag else {}

    n = args.iterations
    scenarios = {
        "bare": (lambda: bare_client.get("/"), n, None),
        "health": (lambda: client.get("/api/v1/health"), n, counter),
        "match_json_5": (lambda: client.get(f"/api/v1/matches/{shown}"), n, counter),
        "match_json_5_token": (lambda: client.get(f"/api/v1/matches/{shown}", headers=auth), n, counter),
        "match_json_5_br": (lambda: client.get(f"/api/v1/matches/{shown}", headers=brotli), n, counter),
        "match_page_5": (lambda: client.get(f"/matches/{shown}"), max(20, n // 5), counter),
        "match_page_5_br": (lambda: client.get(f"/matches/{shown}", headers=brotli), max(20, n // 5), counter),
        "match_page_5_first": (lambda: fresh.get(f"/matches/{shown}", headers=brotli), max(20, n // 5), counter),
        "match_page_5_reload": (lambda: client.get(f"/matches/{shown}", headers=page_tag), n, counter),
        "post_round_5": (post(five), n, counter),
        "post_round_5_idempotent": (post(five, idempotent=True), n, counter),
        "post_round_200": (post(two_hundred), n, counter),
    }
    profile = io.StringIO()
    results: dict[str, Any] = {"database": args.database, "loadavg_1m_before": round(os.getloadavg()[0], 2)}
    for name, (call, iterations, counting) in scenarios.items():
        results[name] = measure(call, iterations, args.repeats, counting, profile, name,
                                database=PG_DATABASE if args.database == "postgresql" and not args.url else None)
        print(f"{args.database} {name:26} {results[name]['cpu_ms']:7.3f} ms CPU {results[name]['wall_ms']:7.3f} ms wall "
              f"{results[name]['sql_statements']:5.1f} SQL {results[name]['python_calls']:6d} calls {results[name]['status']}"
              + (f" {results[name]['db_server_cpu_ms']:7.3f} ms PostgreSQL CPU" if "db_server_cpu_ms" in results[name] else ""),
              file=sys.stderr)
    for name in scenarios:
        results[name]["x_bare_cpu"] = round(results["bare"]["cpu_ms"] / results[name]["cpu_ms"], 3)
    results["loadavg_1m_after"] = round(os.getloadavg()[0], 2)
    (RESULTS / f"hot-paths-{args.database}-profile.txt").write_text(profile.getvalue())
    (RESULTS / f"hot-paths-{args.database}.json").write_text(json.dumps(results, indent=1))
    print(f"load average {results['loadavg_1m_before']} -> {results['loadavg_1m_after']}", file=sys.stderr)


if __name__ == "__main__":
    main()
