"""Runs every benchmark scenario on SQLite (WAL) and PostgreSQL, prints a table and writes bench/results/latest.json.

Per database: a fresh database is seeded (bench/seed.py), gunicorn configurations are
compared on a few scenarios (the sweep), then every scenario runs against the best one,
each figure next to the ceiling measured in the same run: a bare Flask app
(bench/bare_app.py, one route returning a small JSON body) under the same gunicorn
configuration. The app's own GET /api/v1/health (every request hook, no database) is
kept as a second reference row. The page weight is measured once in Chromium.

Usage: python -m bench.main [--duration 10] [--sweep-duration 5] [--no-sweep]
       [--config "gthread 2x4"] [--databases sqlite,postgresql]
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
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from datetime import datetime  # noqa: E402
from typing import Any  # noqa: E402

from bench.server import BARE_APP, PORT, RESULTS, Server, ServerConfig, request, wrk  # noqa: E402

PYTHON = str(ROOT / ".venv" / "bin" / "python")
PG_ADMIN = os.environ.get("BENCH_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
PG_URL = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/bench")
SQLITE_PATH = RESULTS / "bench.sqlite"
CONFIGS = [
    ServerConfig("sync", 2),
    ServerConfig("sync", 4),
    ServerConfig("gthread", 2, 4),
    ServerConfig("gthread", 4, 4),
]
LEAGUE_SIZES = (1000, 10000)
COLD_SAMPLES = 3
WARM_SAMPLES = 5


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- databases


def fresh_database(kind: str) -> str:
    """A new, empty benchmark database; returns its URL."""
    if kind == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{SQLITE_PATH}{suffix}").unlink(missing_ok=True)
        return f"sqlite:///{SQLITE_PATH}"
    import psycopg

    # Only the benchmark's database (`bench`, or the one BENCH_PG_URL names) is dropped
    # and created: never `test` or anything else.
    name = PG_URL.rsplit("/", 1)[1]
    if not name.startswith("bench"):
        raise SystemExit(f"BENCH_PG_URL must name a database whose name starts with 'bench', not {name!r}")
    with psycopg.connect(PG_ADMIN, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return PG_URL


def seed(url: str, kind: str, post_sets: int) -> dict[str, Any]:
    fixtures = RESULTS / f"fixtures-{kind}.json"
    started = time.perf_counter()
    subprocess.run(
        [PYTHON, "-m", "bench.seed", url, str(fixtures), "--post-sets", str(post_sets),
         "--leagues", ",".join(str(size) for size in LEAGUE_SIZES)],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
    )
    data = json.loads(fixtures.read_text())
    data["seed_s"] = round(time.perf_counter() - started, 1)
    return data


def sql_engine(url: str):
    from sqlalchemy import create_engine

    from scorekeeper.config import database_url_from_env

    return create_engine(database_url_from_env(url))


def bump_league(engine, league_id: str) -> None:
    """What any write to the league does: its version moves on and every cached result is stale."""
    from sqlalchemy import text

    with engine.begin() as connection:
        connection.execute(text("UPDATE leagues SET version = version + 1 WHERE id = :id"), {"id": league_id})


def round_counts(engine, match_ids: list[str]) -> int:
    from sqlalchemy import bindparam, text

    with engine.connect() as connection:
        return int(connection.execute(
            text("SELECT COALESCE(SUM(round_count), 0) FROM matches WHERE id IN :ids").bindparams(
                bindparam("ids", expanding=True)), {"ids": match_ids}).scalar_one())


# --------------------------------------------------------------------------- scenarios


BARE_PORT = PORT + 1


def bare_ceiling(url: str, config: ServerConfig, seconds: int) -> dict[str, Any]:
    """The ceiling: wrk on the bare Flask app under `config` (started alone: it shares the cores with nothing)."""
    with Server(url, config, port=BARE_PORT, log_name="gunicorn-bare", app=BARE_APP) as bare:
        return bare.balanced(lambda: wrk(bare.base + "/", seconds=seconds))


def with_ratios(result: dict[str, Any], ceiling: dict[str, Any], health: dict[str, Any] | None = None) -> dict[str, Any]:
    """Throughput as a share of the ceiling's (the bare Flask app); latencies as multiples
    of the ceiling's; throughput also as a share of the app's health endpoint, when given.

    A run with more than 1% errors measured failures, not the app: it is marked invalid
    (the app is edited by others while this runs; re-run when it is whole again)."""
    requests = result.get("requests") or 0
    result["valid"] = bool(requests) and (result["non_2xx"] + result["socket_errors"]) <= 0.01 * requests
    result["rps_ratio"] = round(result["rps"] / ceiling["rps"], 3) if ceiling["rps"] else None
    if health is not None and health["rps"]:
        result["rps_x_health"] = round(result["rps"] / health["rps"], 3)
    for key in ("p50_ms", "p99_ms"):
        if result.get(key) and ceiling.get(key):
            result[key.replace("_ms", "_ratio")] = round(result[key] / ceiling[key], 2)
    return result


PHONES = 64


def phone_cookies(server: Server, fixtures: dict[str, Any]) -> Path:
    """The cookies of page.lua's 64 returning phones: each its device cookie and the session
    cookie its first page view set (a browser sends it back with every later view; without
    it, every request of the run was a phone's first visit of a browser session, which
    makes a session and sets its cookie)."""
    lines = []
    for phone in range(PHONES):
        device = f"sk_device=bench{phone:027d}"
        headers = response_headers(server.port, f"/matches/{fixtures['match_5']}", {"Cookie": device})
        session = next((value.split(";", 1)[0] for name, value in headers if name.lower() == "set-cookie"
                        and value.startswith("session=")), None)
        lines.append(f"{device}; {session}" if session else device)
    path = RESULTS / "page-cookies.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def response_headers(port: int, path: str, headers: dict[str, str]) -> list[tuple[str, str]]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.getheaders()
    finally:
        connection.close()


def post_run(server: Server, engine, ids: list[str], seconds: int) -> dict[str, Any]:
    """POST rounds round-robin over `ids`; the rounds stored are counted in the database too."""
    ids_file = RESULTS / "post-ids.txt"
    ids_file.write_text("\n".join(ids) + "\n")
    first = round_counts(engine, ids)

    def run() -> dict[str, Any]:
        server.settle()
        before = round_counts(engine, ids)
        result = wrk(server.base, seconds=seconds, script="post_round.lua", script_args=[str(ids_file)])
        result["rounds_stored"] = round_counts(engine, ids) - before
        return result

    result = server.balanced(run)
    result["matches"] = len(ids)
    result["rounds_per_match_after"] = round(5 + (round_counts(engine, ids) - first) / len(ids), 1)
    return result


def sweep(url: str, fixtures: dict[str, Any], seconds: int, engine) -> list[dict[str, Any]]:
    """The same scenarios under each gunicorn configuration, each with its own ceiling (the bare app under it)."""
    rows = []
    for index, config in enumerate(CONFIGS):
        log(f"  sweep {config.name}")
        ceiling = bare_ceiling(url, config, seconds)
        with Server(url, config, log_name="gunicorn-sweep") as server:
            health = with_ratios(wrk(server.base + "/api/v1/health", seconds=seconds), ceiling)
            match_json = with_ratios(
                wrk(f"{server.base}/api/v1/matches/{fixtures['match_5']}", seconds=seconds), ceiling, health)
            post = with_ratios(post_run(server, engine, fixtures["post_sets"][index]["many"], seconds), ceiling, health)
        rows.append({"config": config.name, "bare": ceiling, "health": health, "match_json": match_json,
                     "post_many": post})
    return rows


def best_config(rows: list[dict[str, Any]]) -> ServerConfig:
    """The configuration with the most app throughput (geometric mean of GET match and POST round)."""
    def score(row):
        return (row["match_json"]["rps"] * row["post_many"]["rps"]) ** 0.5

    best = max(rows, key=score)
    return next(config for config in CONFIGS if config.name == best["config"])


def timed(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[float, int, int]:
    status, body, seconds = request(port, "GET", path, headers=headers, timeout=120)
    return seconds * 1000, status, len(body)


def league_scenarios(server: Server, engine, fixtures: dict[str, Any], seconds: int, ceiling) -> dict[str, Any]:
    """Cold (first computation) and warm (cached) standings and ratings per league size."""
    out: dict[str, Any] = {}
    # League records are read by league members: the bench account's token, when the app has accounts.
    auth = {"Authorization": f"Bearer {fixtures['token']}"} if fixtures.get("token") else {}
    for size in LEAGUE_SIZES:
        league = fixtures["leagues"][str(size)]
        paths = {
            "standings": f"/api/v1/leagues/{league['id']}/standings",
            "ratings": f"/api/v1/leagues/{league['id']}/ratings",
        }
        cold: dict[str, list[float]] = {name: [] for name in paths}
        statuses = set()
        sizes = {}
        for _ in range(COLD_SAMPLES):
            bump_league(engine, league["id"])  # every cached result of the league is now stale
            for name, path in paths.items():
                ms, status, length = timed(server.port, path, auth)
                cold[name].append(ms)
                statuses.add(status)
                sizes[name] = length
        warm: dict[str, list[float]] = {name: [] for name in paths}
        for name, path in paths.items():
            for _ in range(WARM_SAMPLES):
                ms, status, _length = timed(server.port, path, auth)
                warm[name].append(ms)
                statuses.add(status)
        if statuses != {200}:
            raise RuntimeError(f"league {size}: unexpected statuses {sorted(statuses)} (has the app's access changed?)")
        entry: dict[str, Any] = {"matches": size, "rounds": league["rounds"], "statuses": sorted(statuses)}
        for name, path in paths.items():
            load = with_ratios(wrk(server.base + path, seconds=max(3, seconds // 2), headers=auth), ceiling)
            entry[name] = {
                "response_bytes": sizes[name],
                "cold_ms": [round(x, 1) for x in cold[name]],
                "cold_median_ms": round(statistics.median(cold[name]), 1),
                "warm_ms": [round(x, 1) for x in warm[name]],
                "warm_median_ms": round(statistics.median(warm[name]), 1),
                "warm_load": load,
            }
        out[str(size)] = entry
        log(f"  league {size}: standings cold {entry['standings']['cold_median_ms']} ms, warm "
            f"{entry['standings']['warm_median_ms']} ms; ratings cold {entry['ratings']['cold_median_ms']} ms, "
            f"warm {entry['ratings']['warm_median_ms']} ms")
    return out


def run_database(kind: str, args) -> dict[str, Any]:
    log(f"{kind}: fresh database and seed")
    url = fresh_database(kind)
    post_sets = (len(CONFIGS) if args.sweep else 0) + 1
    fixtures = seed(url, kind, post_sets)
    engine = sql_engine(url)
    result: dict[str, Any] = {"seed_s": fixtures["seed_s"], "leagues_seeded": fixtures["leagues"]}
    if args.sweep:
        result["sweep"] = sweep(url, fixtures, args.sweep_duration, engine)
        config = best_config(result["sweep"])
    else:
        config = parse_config(args.config)
    result["config"] = config.name
    log(f"{kind}: scenarios under {config.name}")
    post_set = fixtures["post_sets"][-1]
    seconds = args.duration
    scen: dict[str, Any] = {}
    scen["bare"] = ceiling = bare_ceiling(url, config, seconds)
    with Server(url, config, log_name=f"gunicorn-{kind}") as server:
        base = server.base
        scen["health"] = health = with_ratios(
            server.balanced(lambda: wrk(base + "/api/v1/health", seconds=seconds)), ceiling)
        cookies = phone_cookies(server, fixtures)
        for rounds in (5, 200):
            match_id = fixtures[f"match_{rounds}"]
            # One request first: the stored document (and the templates) are made once, so
            # the run measures the steady state, not 32 connections rendering it at once.
            server.settle()
            json_bytes = timed(server.port, f"/api/v1/matches/{match_id}")[2]
            scen[f"match_json_{rounds}"] = with_ratios(
                server.balanced(lambda path=f"{base}/api/v1/matches/{match_id}": wrk(path, seconds=seconds)), ceiling, health)
            scen[f"match_json_{rounds}"]["response_bytes"] = json_bytes
            server.settle()
            page_bytes = timed(server.port, f"/matches/{match_id}")[2]
            scen[f"match_page_{rounds}"] = with_ratios(server.balanced(lambda url=f"{base}/matches/{match_id}": wrk(
                url, seconds=seconds, script="page.lua", script_args=[str(cookies)])),
                ceiling, health)
            scen[f"match_page_{rounds}"]["response_bytes"] = page_bytes
        scen["post_round_many"] = with_ratios(post_run(server, engine, post_set["many"], seconds), ceiling, health)
        scen["post_round_one"] = with_ratios(post_run(server, engine, [post_set["one"]], seconds), ceiling, health)
        for name, value in scen.items():
            log(f"  {name}: {value['rps']:.0f} req/s, p50 {value.get('p50_ms')} ms, p99 {value.get('p99_ms')} ms, "
                f"non-2xx {value['non_2xx']}{'' if value.get('valid', True) else '  INVALID (errors)'}")
        result["scenarios"] = scen
        try:
            result["leagues"] = league_scenarios(server, engine, fixtures, seconds, ceiling)
        except RuntimeError as error:
            # Keep the figures already measured; the league part is reported as not measured.
            log(f"  league scenarios failed: {error}")
            result["leagues"] = {}
            result["leagues_error"] = str(error)
    result["fixtures"] = {"match_5": fixtures["match_5"], "match_200": fixtures["match_200"]}
    result["url"] = url
    engine.dispose()
    return result


def parse_config(text: str) -> ServerConfig:
    for config in CONFIGS:
        if config.name == text:
            return config
    kind, _, shape = text.partition(" ")
    if kind == "sync":
        return ServerConfig("sync", int(shape.lstrip("x")))
    workers, threads = shape.split("x")
    return ServerConfig("gthread", int(workers), int(threads))


def page_weight(kind: str, url: str, match_id: str, config: ServerConfig) -> dict[str, Any]:
    """The match page in Chromium against a server that logs every request it gets."""
    access_log = RESULTS / "page-weight-access.log"
    access_log.unlink(missing_ok=True)
    out = RESULTS / "page-weight.json"
    with Server(url, config, log_name="gunicorn-page-weight", access_log=access_log) as server:
        subprocess.run(
            [PYTHON, "-m", "bench.page_weight", f"{server.base}/matches/{match_id}", "--json", str(out),
             "--access-log", str(access_log)],
            cwd=ROOT, check=True, timeout=300,
        )
    data = json.loads(out.read_text())
    data["database"] = kind
    return data


# --------------------------------------------------------------------------- report


def machine() -> dict[str, Any]:
    cpu = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                  if line.startswith("MemTotal"))
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN) as connection:
            pg = connection.execute("SHOW server_version").fetchone()[0]
    except Exception as error:  # noqa: BLE001
        pg = f"unavailable ({error})"
    import sqlite3

    wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.splitlines()[0:1]
    return {
        "nproc": os.cpu_count(), "memory_gb": round(mem_kb / 1024 / 1024, 1), "cpu": cpu,
        "python": platform.python_version(), "postgresql": pg, "sqlite": sqlite3.sqlite_version,
        "wrk": wrk_version[0] if wrk_version else "", "kernel": platform.release(),
    }


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Every target of issues 5, 7 and 16, met or missed, with the measured figure (ratios to the bare Flask app)."""
    rows = []

    def add(db: str, name: str, figure: str, met: bool) -> None:
        rows.append({"database": db, "target": name, "measured": figure, "met": met})

    invalid = [f"{db}:{name}" for db, res in results["databases"].items()
               for name, row in res["scenarios"].items() if not row.get("valid", True)]
    if invalid:
        rows.append({"database": "-", "target": "runs without errors (>1% non-2xx makes a figure meaningless)",
                     "measured": "invalid: " + ", ".join(invalid), "met": False})

    for db, res in results["databases"].items():
        s = res["scenarios"]
        add(db, "GET match (JSON) >= 60% of the bare Flask app's throughput",
            f"{s['match_json_5']['rps_ratio']:.0%}", s["match_json_5"]["rps_ratio"] >= 0.60)
        add(db, "POST round (many matches) >= 25% of the bare Flask app's throughput",
            f"{s['post_round_many']['rps_ratio']:.0%}", s["post_round_many"]["rps_ratio"] >= 0.25)
        add(db, "match page (5 rounds) >= 25% of the bare Flask app's throughput",
            f"{s['match_page_5']['rps_ratio']:.0%}", s["match_page_5"]["rps_ratio"] >= 0.25)
        add(db, "p99 < 100 ms at 32 connections: match_page_5", f"{s['match_page_5']['p99_ms']:.1f} ms",
            s["match_page_5"]["p99_ms"] < 100)
        for name in ("match_json_5", "match_page_5", "post_round_many", "post_round_one"):
            add(db, f"p99 < 50 ms at 32 connections: {name}", f"{s[name]['p99_ms']:.1f} ms", s[name]["p99_ms"] < 50)
        for size in LEAGUE_SIZES if res["leagues"] else ():
            for what in ("standings", "ratings"):
                add(db, f"p99 < 50 ms at 32 connections: {what} ({size} matches, cached)",
                    f"{res['leagues'][str(size)][what]['warm_load']['p99_ms']:.1f} ms",
                    res["leagues"][str(size)][what]["warm_load"]["p99_ms"] < 50)
        for kind, most in (("json", 1.5), ("page", 2.0)):
            name = f"200-round match costs <= {most}x a 5-round one ({kind})"
            if not s[f"match_{kind}_200"]["rps"]:
                add(db, name, "not measured (no request completed)", False)
                continue
            cost = s[f"match_{kind}_5"]["rps"] / s[f"match_{kind}_200"]["rps"]
            add(db, name, f"{cost:.2f}x", cost <= most)
        for what in ("standings", "ratings") if res["leagues"] else ():
            league = res["leagues"]["10000"][what]
            add(db, f"{what}, 10,000 matches: first computation < 2 s",
                f"{league['cold_median_ms'] / 1000:.2f} s", league["cold_median_ms"] < 2000)
            add(db, f"{what}, 10,000 matches: repeat request < 50 ms",
                f"{league['warm_median_ms']:.1f} ms", league["warm_median_ms"] < 50)
    weight = results.get("page_weight")
    if weight:
        first = weight["first"]
        wire = first["transferred_body_bytes"]
        add("-", "first load of the match page <= 40 KB compressed",
            f"{wire / 1024:.1f} KB on the wire, {'compressed' if first['compressed_by_server'] else 'not compressed'} "
            f"({first['gzip_body_bytes'] / 1024:.1f} KB if gzipped)", wire <= 40 * 1024)
        repeat = weight["repeat"]
        server = repeat.get("server") or {}
        static = server.get("static_requests", repeat["network_static_requests"])
        add("-", "repeat load sends no request for static files", f"{static} static requests reached the server",
            static == 0)
    return rows


def fmt_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def print_table(results: dict[str, Any]) -> None:
    out = []
    for db, res in results["databases"].items():
        out.append(f"\n{db} (gunicorn {res['config']}, wrk 1 thread, 32 connections, {results['duration_s']} s per run)")
        out.append("(x ceil: against the bare Flask app of the same gunicorn config; x health: against /api/v1/health;\n"
                   " cpu ms: the workers' CPU per request; busiest: the busiest worker's share of it, a run above "
                   "0.75 is run again)")
        out.append(f"{'scenario':28} {'req/s':>8} {'x ceil':>7} {'x health':>8} {'p50 ms':>8} {'x ceil':>7} {'p99 ms':>8} "
                   f"{'x ceil':>7} {'non-2xx':>8} {'load1m':>6} {'cpu ms':>7} {'busiest':>7}")
        for name, row in res["scenarios"].items():
            x_health = f"{row['rps_x_health']:8.2f}" if "rps_x_health" in row else f"{'-':>8}"
            out.append(f"{name:28} {row['rps']:8.0f} {row.get('rps_ratio', 1.0):7.2f} {x_health} {fmt_ms(row.get('p50_ms')):>8} "
                       f"{row.get('p50_ratio', 1.0):7.1f} {fmt_ms(row.get('p99_ms')):>8} {row.get('p99_ratio', 1.0):7.1f} "
                       f"{row['non_2xx']:8d} {row.get('loadavg_1m', 0):6.1f} {row.get('cpu_ms_per_request') or 0:7.3f} "
                       f"{row.get('busiest_worker_share') or '-':>7}")
        for size, league in res["leagues"].items():
            for what in ("standings", "ratings"):
                item = league[what]
                load = item["warm_load"]
                out.append(f"{what + ' ' + size + ' (cached)':28} {load['rps']:8.0f} {load['rps_ratio']:7.2f} {'-':>8} "
                           f"{fmt_ms(load.get('p50_ms')):>8} {load.get('p50_ratio', 0):7.1f} {fmt_ms(load.get('p99_ms')):>8} "
                           f"{load.get('p99_ratio', 0):7.1f} {load['non_2xx']:8d} {load.get('loadavg_1m', 0):6.1f}")
        out.append(f"{'league computation':28} {'first (cold) ms':>16} {'repeat ms':>10} {'bytes':>10}")
        for size, league in res["leagues"].items():
            for what in ("standings", "ratings"):
                item = league[what]
                out.append(f"{what + ' ' + size:28} {item['cold_median_ms']:16.1f} {item['warm_median_ms']:10.1f} "
                           f"{item['response_bytes']:10d}")
        if res.get("sweep"):
            out.append("gunicorn configurations (sweep): bare app req/s, health req/s, GET match req/s, POST round req/s")
            for row in res["sweep"]:
                out.append(f"  {row['config']:16} {row['bare']['rps']:8.0f} {row['health']['rps']:8.0f} "
                           f"{row['match_json']['rps']:8.0f} {row['post_many']['rps']:8.0f}")
    weight = results.get("page_weight")
    if weight:
        for name in ("first", "repeat"):
            part = weight[name]
            server = part.get("server") or {}
            out.append(f"page weight, {name} load: {part['network_requests']} network responses, "
                       f"{part['served_by_service_worker']} served by the service worker, "
                       f"{part['transferred_body_bytes']} body bytes on the wire "
                       f"({part['gzip_body_bytes']} if gzipped); server saw {server.get('requests')} requests "
                       f"({server.get('static_requests')} static)")
    out.append("\ntargets:")
    for row in results["targets"]:
        out.append(f"  {'MET   ' if row['met'] else 'MISSED'} [{row['database']}] {row['target']}: {row['measured']}")
    print("\n".join(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--sweep-duration", type=int, default=5, help="seconds per wrk run in the sweep")
    parser.add_argument("--no-sweep", dest="sweep", action="store_false")
    parser.add_argument("--config", default="gthread 2x4", help="gunicorn config when not sweeping")
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--no-page-weight", dest="page_weight", action="store_false")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    results: dict[str, Any] = {
        "started_at": datetime.now().isoformat(timespec="seconds"),
        "machine": machine(),
        "duration_s": args.duration,
        "databases": {},
    }
    for kind in args.databases.split(","):
        results["databases"][kind] = run_database(kind, args)
    if args.page_weight:
        first_db = next(iter(results["databases"]))
        res = results["databases"][first_db]
        log("page weight (Chromium)")
        results["page_weight"] = page_weight(first_db, res["url"], res["fixtures"]["match_5"], parse_config(res["config"]))
    results["targets"] = targets(results)
    results["elapsed_s"] = round(time.perf_counter() - started, 1)
    (RESULTS / "latest.json").write_text(json.dumps(results, indent=1, default=str))
    print_table(results)
    log(f"done in {results['elapsed_s']} s; results in {RESULTS / 'latest.json'}")


if __name__ == "__main__":
    main()
