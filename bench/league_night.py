"""A league night under load (issue 23): N tables recording, editing and undoing rounds through gunicorn for a minute, all in one league and then each in a league of its own.

Each table is one thread: a phone that records the next round (POST .../rounds?number=n
with a fresh Idempotency-Key), and every `--edit-every`th write edits a recent round
(PUT) and every `--undo-every`th undoes the last one (DELETE), one request at a time,
as fast as the server answers. A scoreboard thread reads each league's standings once a
second (a league night shows them; the standings ledger is moved by every write). Any
answer but 2xx is a refusal: one phone per table, so nothing else writes its match.

Per layout (`one`: every table in one league; `many`: a league per table), on a fresh
database: rounds recorded per second (201s), rounds stored at the end (net of the
undos), edits and undos done, refusals by status and code, p50 / p99 of every write, and
whether every match is in step with its rounds afterwards (summary, result and latest
snapshot equal to a replay, checked in-process). The layouts run one after the other
on the same gunicorn configuration; `one / many` is the ratio of their rounds per second.

Usage: python -m bench.league_night [postgresql|sqlite] [--tables 8] [--duration 60]
       [--config "gthread 2x4"] [--layouts one,many] [--port PORT]
PostgreSQL: the database `bench_league_night` at 127.0.0.1:5432 (user postgres) is
dropped and re-created for each layout. Writes bench/results/league-night-<database>.json.
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
import random  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
from collections import Counter  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

from bench.scale import database_url  # noqa: E402
from bench.seed import bench_account, make_app, upgrade_schema  # noqa: E402
from bench.server import RESULTS, Server, ServerConfig, request  # noqa: E402

PG_DATABASE = "bench_league_night"
# Endless partnership Nameless: every hand below is legal after any other.
ENDLESS = {"target": 1_000_000}
HANDS = [{"tricks": [2, 1, 1, 1]}, {"tricks": [1, 2, 1, 1]}, {"tricks": [1, 1, 2, 1]}, {"tricks": [0, 3, 1, 1]}]
SEATS = ("Ann", "Bob", "Cid", "Dee")


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def parse_config(text: str) -> ServerConfig:
    """"sync x4" or "gthread 2x4", as ServerConfig.name says them."""
    kind, _, shape = text.partition(" ")
    if kind == "sync":
        return ServerConfig("sync", int(shape.lstrip("x")))
    workers, _, threads = shape.partition("x")
    return ServerConfig("gthread", int(workers), int(threads))


@dataclass
class Table:
    """One phone at one table: its match, the rounds it knows of and what it was told."""

    match_id: str
    rounds: int = 0
    answers: Counter = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)
    recorded: int = 0
    edited: int = 0
    undone: int = 0


def api(port: int, token: str, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any, float]:
    """One request with the scorer's token (and an Idempotency-Key): status, JSON body, seconds."""
    headers = {"Authorization": f"Bearer {token}"} | ({"Idempotency-Key": key} if key else {})
    status, raw, elapsed = request(port, method, path, body, headers, timeout=60)
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw[:200].decode(errors="replace")
    return status, parsed, elapsed


def play(port: int, token: str, table: Table, seed: int, deadline: float, edit_every: int, undo_every: int) -> None:
    rng = random.Random(seed)
    path = f"/api/v1/matches/{table.match_id}/rounds"
    writes = 0
    while time.monotonic() < deadline:
        writes += 1
        if table.rounds >= 2 and writes % undo_every == 0:
            kind, answer = "undo", api(port, token, "DELETE", f"{path}/{table.rounds}")
        elif table.rounds >= 2 and writes % edit_every == 0:
            number = rng.randint(max(1, table.rounds - 3), table.rounds)
            kind, answer = "edit", api(port, token, "PUT", f"{path}/{number}", rng.choice(HANDS))
        else:
            kind, answer = "record", api(
                port, token, "POST", f"{path}?number={table.rounds + 1}", rng.choice(HANDS), key=uuid.uuid4().hex
            )
        status, body, elapsed = answer
        table.latencies_ms.append(elapsed * 1000)
        code = body.get("error") if isinstance(body, dict) and status >= 400 else None
        table.answers[f"{kind} {status}{' ' + code if code else ''}"] += 1
        if status < 300:
            if kind == "record":
                table.rounds += 1
                table.recorded += 1
            elif kind == "undo":
                table.rounds -= 1
                table.undone += 1
            else:
                table.edited += 1
        elif status == 409 and kind == "record":
            # What a phone does on a refusal: reload the match and go on from what is stored.
            status, served, _elapsed = api(port, token, "GET", f"/api/v1/matches/{table.match_id}")
            if status == 200:
                table.rounds = len(served["rounds"])


def scoreboard(port: int, token: str, league_ids: list[str], deadline: float, seen: Counter) -> None:
    """The standings of each league in turn, once a second each round of them."""
    while time.monotonic() < deadline:
        for league_id in league_ids:
            status, _body, _elapsed = api(port, token, "GET", f"/api/v1/leagues/{league_id}/standings")
            seen[status] += 1
        time.sleep(1.0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1) if ordered else 0.0


def in_step(app: Any, match_ids: list[str]) -> list[str]:
    """Matches whose summary, result or latest snapshot differ from a replay of their rounds."""
    from scorekeeper.engine.games import get_game
    from scorekeeper.extensions import db
    from scorekeeper.models import Match
    from scorekeeper.services import snapshots
    from scorekeeper.services.matches import replayed_view, table_for

    wrong = []
    # A request's context: replaying renders each round's explanation in a language.
    with app.test_request_context():
        for match_id in match_ids:
            match = db.session.get(Match, match_id)
            game = get_game(match.game)
            state = replayed_view(match).state
            truth = (state.round_count, tuple(state.totals))
            latest = snapshots.current_state(game, table_for(match, game), match_id)
            result = json.loads(match.result or "{}")
            stored = {(match.round_count, tuple(match.totals)), (latest.round_count, tuple(latest.totals)),
                      (state.round_count, tuple(result.get("totals") or ()))}
            if stored != {truth}:
                wrong.append(match_id)
        db.session.remove()
        db.engine.dispose()
    return wrong


def run_layout(kind: str, layout: str, args: argparse.Namespace, config: ServerConfig) -> dict[str, Any]:
    url = database_url(kind, PG_DATABASE, "league-night.sqlite")
    app = make_app(url)
    upgrade_schema(app)
    fixtures: dict[str, Any] = {}
    from scorekeeper.extensions import db

    with app.app_context():
        bench_account(fixtures)
        db.session.commit()
    token = fixtures["token"]
    port = args.port or free_port()
    with Server(url, config, port=port, log_name=f"gunicorn-league-night-{kind}-{layout}"):
        leagues = 1 if layout == "one" else args.tables
        league_ids = []
        for index in range(leagues):
            members = [f"{name} {table}" for table in range(args.tables) for name in SEATS] if layout == "one" else [
                f"{name} {index}" for name in SEATS]
            status, body, _ = api(port, token, "POST", "/api/v1/leagues", {"name": f"Night {index}", "members": members})
            assert status == 201, (status, body)
            league_ids.append(body["id"])
        tables = []
        for index in range(args.tables):
            league_id = league_ids[0 if layout == "one" else index]
            status, body, _ = api(port, token, "POST", "/api/v1/matches", {
                "game": "nameless", "players": [f"{name} {index}" for name in SEATS], "options": ENDLESS,
                "league": league_id})
            assert status == 201, (status, body)
            tables.append(Table(match_id=body["id"]))
        # The standings are read once before the night starts: from then on every write moves them.
        board: Counter = Counter()
        for league_id in league_ids:
            board[api(port, token, "GET", f"/api/v1/leagues/{league_id}/standings")[0]] += 1
        loadavg_before = os.getloadavg()[0]
        started = time.monotonic()
        deadline = started + args.duration
        threads = [threading.Thread(target=play, args=(port, token, table, index, deadline, args.edit_every,
                                                       args.undo_every), daemon=True)
                   for index, table in enumerate(tables)]
        threads.append(threading.Thread(target=scoreboard, args=(port, token, league_ids, deadline, board), daemon=True))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=args.duration + 120)
        elapsed = time.monotonic() - started
        loadavg_after = os.getloadavg()[0]
    from sqlalchemy import bindparam, text

    with app.app_context():
        stored = int(db.session.execute(
            text("SELECT COUNT(*) FROM rounds WHERE match_id IN :ids").bindparams(bindparam("ids", expanding=True)),
            {"ids": [table.match_id for table in tables]}).scalar_one())
        db.session.remove()
        db.engine.dispose()
    answers: Counter = Counter()
    for table in tables:
        answers.update(table.answers)
    latencies = [value for table in tables for value in table.latencies_ms]
    writes = sum(answers.values())
    refusals = {answer: count for answer, count in sorted(answers.items()) if int(answer.split()[1]) >= 300}
    result = {
        "layout": layout, "tables": args.tables, "leagues": leagues, "config": config.name,
        "duration_s": round(elapsed, 1),
        "writes": writes, "writes_per_s": round(writes / elapsed, 1),
        "rounds_recorded": sum(table.recorded for table in tables),
        "rounds_per_s": round(sum(table.recorded for table in tables) / elapsed, 1),
        "rounds_stored": stored,
        "edits": sum(table.edited for table in tables), "undos": sum(table.undone for table in tables),
        "refusals": sum(refusals.values()), "refused": refusals,
        "p50_ms": percentile(latencies, 0.50), "p99_ms": percentile(latencies, 0.99),
        "max_ms": round(max(latencies), 1) if latencies else 0.0,
        "mean_ms": round(statistics.fmean(latencies), 1) if latencies else 0.0,
        "standings_reads": dict(board),
        "out_of_step": in_step(app, [table.match_id for table in tables]),
        "loadavg_1m": [round(loadavg_before, 2), round(loadavg_after, 2)],
    }
    log(f"{kind} {layout}: {result['rounds_per_s']} rounds/s ({result['rounds_recorded']} recorded, "
        f"{result['rounds_stored']} stored, {result['edits']} edits, {result['undos']} undos), "
        f"{result['refusals']} refusals {refusals}, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
        f"out of step {len(result['out_of_step'])}, load {result['loadavg_1m']}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="postgresql", choices=["postgresql", "sqlite"])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play per layout")
    parser.add_argument("--config", default="gthread 2x4", help='gunicorn: "sync x4" or "gthread 2x4"')
    parser.add_argument("--layouts", default="one,many", help="one (every table in one league), many (a league each)")
    parser.add_argument("--edit-every", type=int, default=7, help="every nth write of a table is an edit")
    parser.add_argument("--undo-every", type=int, default=11, help="every nth write of a table is an undo")
    parser.add_argument("--port", type=int, default=0, help="gunicorn's port (default: a free one)")
    parser.add_argument("--output", help="JSON file (default bench/results/league-night-<database>.json)")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    config = parse_config(args.config)
    results: dict[str, Any] = {"database": args.database, "started": time.strftime("%Y-%m-%d %H:%M:%S"),
                               "layouts": {}}
    for layout in args.layouts.split(","):
        results["layouts"][layout] = run_layout(args.database, layout, args, config)
    layouts = results["layouts"]
    if "one" in layouts and "many" in layouts and layouts["many"]["rounds_per_s"]:
        results["one_over_many"] = round(layouts["one"]["rounds_per_s"] / layouts["many"]["rounds_per_s"], 3)
        log(f"one league / {args.tables} leagues: {results['one_over_many']:.0%} of the rounds per second")
    output = Path(args.output) if args.output else RESULTS / f"league-night-{args.database}.json"
    output.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
