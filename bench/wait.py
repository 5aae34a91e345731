"""The wait (issue 35): what a phone waits for a saved round, its page and the match JSON, under the production gunicorn (docs/hosting.md), at 5 and at 200 rounds, on SQLite and PostgreSQL.

Everything is HTTP to gunicorn on 127.0.0.1, started as docs/hosting.md's production command
(gthread, 2 workers x 512 threads) on a fresh database of its own. The matches are endless
Nameless matches (target 1,000,000) made and scored through the API; the round is always
{"tricks": [2, 1, 1, 1]}. Per case (database x match size), `--reps` times each, timed from
sending the request to reading its last byte on a keep-alive connection:

- **api**: the API client POSTs the round (JSON, If-Match with the ETag it holds); then
  phone A, a browser that had the page open (its device and session cookies), reloads the
  match page (GET /matches/<id>, If-None-Match with its old page tag); then phone B, another
  browser, loads the match JSON (GET /api/v1/matches/<id>, If-None-Match with its old ETag),
  as its poll does when the match moved;
- **form**: the PWA's own Save: phone A POSTs the round form (CSRF token, version, expected
  number, idempotency key from the page it holds; the Idempotency-Key header as
  static/js/page/save.js sends it), gets the 303 and GETs its target, the match page; then
  phone B loads the JSON as above.

Each request's server CPU is the gunicorn workers' run time before and after it
(/proc/<pid>/task/*/schedstat, nanoseconds); the batch's CPU per request is also read from
/proc/<pid>/stat (utime + stime, 10 ms ticks) before and after the whole batch, and on
PostgreSQL the database's backends' CPU (/proc, by process title) the same way.
At 5 rounds each repetition posts round 6 of a fresh match; at 200 one match takes rounds
201 onwards. Two untimed repetitions come first (every worker's first page and write).

Usage: python -m bench.wait [--database sqlite|postgresql|both] [--reps 20] [--sizes 5,200] [--port 8771]
PostgreSQL: the database `bench` (or --pg-database, whose name must start with "bench") at
127.0.0.1:5432 (user postgres) is dropped and created afresh. Writes bench/results/wait-<database>.json.
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is on sys.path and the project root is not: import from the root.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import time  # noqa: E402
from datetime import datetime, timezone  # noqa: E402
from typing import Any  # noqa: E402

from bench.phones import (  # noqa: E402
    ROOMY_LIMITS,
    ROUND,
    Phone,
    new_match,
    percentile,
    postgres_backends,
    read_page,
    round_form,
    run_time,
    stat_cpu,
    table,
)
from bench.scale import database_url  # noqa: E402
from bench.seed import make_app, upgrade_schema  # noqa: E402
from bench.server import PRODUCTION, PRODUCTION_ARGS, PRODUCTION_STREAMS, RESULTS, Server  # noqa: E402

# Up to this many rounds, each repetition gets a fresh match (so every POST is the same round).
FRESH_UP_TO = 20
WARM = 2
PAUSE = 0.05  # between repetitions: a phone does not save again the moment its page came
PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
KINDS = ("post", "page", "json")


def log(message: str) -> None:
    print(f"[wait {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


class Table:
    """One match as the three clients hold it: the API client's ETag, phone A's page, phone B's JSON tag."""

    def __init__(self, api: Phone, phone_a: Phone, phone_b: Phone, size: int) -> None:
        self.api, self.phone_a, self.phone_b = api, phone_a, phone_b
        self.match_id, self.api_tag = new_match(api, size)
        self.path = f"/matches/{self.match_id}"
        self.json_path = f"/api/v1/matches/{self.match_id}"
        # Both phones opened the match (their first visit: device and session cookies set).
        self.page = read_page(phone_a.call("GET", self.path, headers={"Accept": PAGE_ACCEPT}))
        phone_b.call("GET", self.path, headers={"Accept": PAGE_ACCEPT})
        self.b_tag = phone_b.call("GET", self.json_path, headers={"Accept": "application/json"}).header("ETag")

    def post(self, path: str) -> tuple[float, str]:
        """One Save by `path` (api or form): (seconds, the page phone A loads next)."""
        if path == "api":
            reply = self.api.json("POST", f"{self.json_path}/rounds", ROUND, {"If-Match": self.api_tag})
            assert reply.status == 201, (reply.status, reply.body[:300])
            self.api_tag = reply.header("ETag") or ""
            return reply.seconds, self.path
        fields = round_form(self.page)
        origin = f"http://127.0.0.1:{self.phone_a.port}"
        reply = self.phone_a.form(f"{self.path}/rounds", fields, {
            "Idempotency-Key": fields["idempotency_key"], "Origin": origin, "Referer": origin + self.path})
        assert reply.status == 303, (reply.status, reply.body[:300])
        target = (reply.header("Location") or self.path).split("#", 1)[0]
        if target.startswith("http"):
            target = "/" + target.split("/", 3)[3]
        return reply.seconds, target

    def reload(self, target: str) -> float:
        """Phone A's page after the Save (If-None-Match with the tag of the page it held)."""
        before = self.page.version
        reply = self.phone_a.call("GET", target, headers={"Accept": PAGE_ACCEPT, "If-None-Match": self.page.etag or ""})
        assert reply.status == 200, (reply.status, reply.body[:300])
        self.page = read_page(reply)
        assert self.page.version == before + 1, (before, self.page.version)
        return reply.seconds

    def poll(self) -> float:
        """Phone B's poll seeing the change: the match JSON (If-None-Match with its old tag)."""
        reply = self.phone_b.call("GET", self.json_path, headers={"Accept": "application/json", "If-None-Match": self.b_tag or ""})
        assert reply.status == 200, (reply.status, reply.body[:300])
        self.b_tag = reply.header("ETag")
        return reply.seconds


def run_case(server: Server, database: str, pg_database: str, size: int, path: str, reps: int) -> dict[str, Any]:
    workers = list(server.worker_cpu())
    api, phone_a, phone_b = Phone(server.port), Phone(server.port), Phone(server.port)
    count = reps + WARM
    seed_started = time.perf_counter()
    tables = [Table(api, phone_a, phone_b, size) for _ in range(count if size <= FRESH_UP_TO else 1)]
    seeded = time.perf_counter() - seed_started
    walls: dict[str, list[float]] = {kind: [] for kind in KINDS}
    cpus: dict[str, list[float]] = {kind: [] for kind in KINDS}
    backends: list[int] = []
    batch_before = db_before = 0.0
    for index in range(count):
        if index == WARM:
            backends = postgres_backends(pg_database) if database == "postgresql" else []
            batch_before, db_before = stat_cpu(workers), stat_cpu(backends)
        match = tables[index % len(tables)]
        time.sleep(PAUSE)
        cpu0 = run_time(workers)
        post_s, target = match.post(path)
        cpu1 = run_time(workers)
        page_s = match.reload(target)
        cpu2 = run_time(workers)
        json_s = match.poll()
        cpu3 = run_time(workers)
        if index < WARM:
            continue
        for kind, wall, cpu in (("post", post_s, cpu1 - cpu0), ("page", page_s, cpu2 - cpu1), ("json", json_s, cpu3 - cpu2)):
            walls[kind].append(wall)
            cpus[kind].append(cpu)
    batch = stat_cpu(workers) - batch_before
    db_cpu = stat_cpu(backends) - db_before if backends else None
    result: dict[str, Any] = {"database": database, "rounds": size, "path": path, "reps": reps,
                              "fresh_matches": len(tables) > 1, "seed_s": round(seeded, 1)}
    for kind in KINDS:
        result[kind] = {"p50_ms": round(percentile(walls[kind], 0.5) * 1000, 2),
                        "p95_ms": round(percentile(walls[kind], 0.95) * 1000, 2),
                        "cpu_ms": round(sum(cpus[kind]) / len(cpus[kind]) * 1000, 2)}
    result["save_to_page_p50_ms"] = round(percentile([a + b for a, b in zip(walls["post"], walls["page"])], 0.5) * 1000, 2)
    result["batch_cpu_ms_per_request"] = round(batch / (len(KINDS) * reps) * 1000, 2)
    if db_cpu is not None:
        result["postgres_cpu_ms_per_request"] = round(db_cpu / (len(KINDS) * reps) * 1000, 2)
    for phone in (api, phone_a, phone_b):
        phone.close()
    return result


def run_database(database: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    url = database_url(database, args.pg_database, "wait.sqlite")
    upgrade_schema(make_app(url))
    results = []
    with Server(url, PRODUCTION, port=args.port, log_name=f"gunicorn-wait-{database}") as server:
        for size in args.sizes:
            for path in args.paths:
                log(f"{database}, {size} rounds, Save by {path}: {args.reps} repetitions")
                result = run_case(server, database, args.pg_database, size, path, args.reps)
                result["loadavg_1m"] = round(os.getloadavg()[0], 2)
                log(json.dumps(result))
                results.append(result)
    return results


def report(results: list[dict[str, Any]]) -> str:
    header = ["database", "rounds", "Save", "POST p50", "POST p95", "page p50", "page p95", "JSON p50", "JSON p95",
              "CPU POST", "CPU page", "CPU JSON", "CPU/req batch", "PG CPU/req", "load"]
    rows = []
    for r in results:
        rows.append([r["database"], str(r["rounds"]), r["path"],
                     *(f"{r[kind][q]:.1f}" for kind in KINDS for q in ("p50_ms", "p95_ms")),
                     *(f"{r[kind]['cpu_ms']:.2f}" for kind in KINDS),
                     f"{r['batch_cpu_ms_per_request']:.2f}",
                     f"{r['postgres_cpu_ms_per_request']:.2f}" if "postgres_cpu_ms_per_request" in r else "-",
                     f"{r['loadavg_1m']:.2f}"])
    return table(header, rows) + "\n(wall times in ms, send to last byte; CPU in ms of the gunicorn workers per request)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="both", choices=["sqlite", "postgresql", "both"])
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--sizes", default="5,200", help="rounds in the match before the timed Saves, comma-separated")
    parser.add_argument("--paths", default="api,form", help="the Saves: api (JSON POST) and/or form (the page's Save)")
    parser.add_argument("--port", type=int, default=8771)
    parser.add_argument("--pg-database", default="bench")
    args = parser.parse_args()
    args.sizes = [int(part) for part in args.sizes.split(",") if part]
    args.paths = [part for part in args.paths.split(",") if part in ("api", "form")]
    if not args.pg_database.startswith("bench"):
        raise SystemExit("--pg-database must name a database whose name starts with 'bench'")
    RESULTS.mkdir(parents=True, exist_ok=True)
    os.environ["SCOREKEEPER_RATE_LIMITS"] = ROOMY_LIMITS
    os.environ.setdefault("SCOREKEEPER_LIVE_STREAMS", PRODUCTION_STREAMS)
    os.environ["GUNICORN_CMD_ARGS"] = PRODUCTION_ARGS
    started = datetime.now(timezone.utc)
    load_before = os.getloadavg()
    results = []
    for database in (["sqlite", "postgresql"] if args.database == "both" else [args.database]):
        found = run_database(database, args)
        (RESULTS / f"wait-{database}.json").write_text(json.dumps({
            "started": started.isoformat(timespec="seconds"), "nproc": os.cpu_count(), "config": PRODUCTION.name,
            "load_before": load_before, "results": found}, indent=1))
        results += found
    print(f"The wait: {PRODUCTION.name}, nproc {os.cpu_count()}, {started:%Y-%m-%d %H:%M} UTC, "
          f"load before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, after {os.getloadavg()[0]:.2f}")
    print(report(results))


if __name__ == "__main__":
    main()
