"""A 10,000-match league import (issue 23): matches per second through POST /api/v1/leagues/import, on SQLite and PostgreSQL, and how long its write transaction holds the database.

The export is built as GET /leagues/{id}/export writes it: `--distinct` matches of every
game are played by the engine (tests/support/legal_rounds.py's random legal rounds) and
dealt out to `--matches` matches with fresh ids, a roster of 12 players seated at random
and an hour between matches. Two shapes:

- `short`: each match is its first round only (unfinished, mostly): about 3.4 MB for
  10,000 matches, the size of the import issue 23 timed at 29-31 s;
- `full`: every match played to its end (about 12 rounds each): the engine's replay of
  every round is then most of the cost.

Each import is one request through the Flask test client with an API token (the body
limit, the input guards, the JSON parse, the service and the answer: all a worker does
but the socket), into a fresh database. Measured: the request's wall time (matches and
rounds per second), the time from the import's first INSERT to its commit (the write
transaction: on SQLite the only time another writer waits for it; on PostgreSQL nobody
waits for it, its rows being new), and afterwards that the stored league re-exports as
the very document imported.

Usage: python -m bench.league_import [sqlite|postgresql|both] [--matches 10000] [--distinct 100]
       [--shapes short,full] [--repeat 1]
PostgreSQL: the database `bench_league_import` at 127.0.0.1:5432 (user postgres) is
dropped and re-created for each import. Writes bench/results/league-import.json.
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
import time  # noqa: E402
from datetime import datetime, timedelta  # noqa: E402
from typing import Any  # noqa: E402

from bench.scale import database_url  # noqa: E402
from bench.seed import ROSTER, bench_account, make_app, upgrade_schema  # noqa: E402
from scorekeeper.engine.games import all_games  # noqa: E402
from scorekeeper.models import new_id  # noqa: E402
from scorekeeper.services import bulk_insert  # noqa: E402
from scorekeeper.services.exchange import FORMAT, FORMAT_VERSION  # noqa: E402
from tests.support.legal_rounds import generator_for, play_match  # noqa: E402

RESULTS = ROOT / "bench" / "results"
PG_DATABASE = "bench_league_import"


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def played_matches(rng: random.Random, distinct: int) -> list[tuple[str, int, dict[str, Any], list[Any]]]:
    """`distinct` finished matches of every game: (game, players, options, round inputs)."""
    played = []
    for game in all_games():
        for _ in range(distinct):
            players = [f"P{seat}" for seat in range(rng.choice(generator_for(game)[0]))]
            table, state = play_match(rng, game, players)
            played.append((game.id, len(players), dict(table.options), [scored.input for scored in state.rounds]))
    return played


def league_export(matches: int, distinct: int, shape: str, seed: int) -> dict[str, Any]:
    """An export of `matches` matches dealt from the played ones, in the export's own format."""
    rng = random.Random(seed)
    played = played_matches(rng, distinct)
    ids = {name: new_id() for name in ROSTER}
    day_one = datetime(2025, 1, 1, 19, 0)
    exported = []
    for index in range(matches):
        game, seats, options, inputs = played[index % len(played)]
        at = (day_one + timedelta(hours=index)).isoformat()
        kept = inputs[:1] if shape == "short" else inputs
        exported.append({
            "id": new_id(), "game": game, "created_at": at, "updated_at": at,
            "players": [ids[name] for name in rng.sample(ROSTER, seats)], "options": options, "table_check": False,
            "rounds": [{"number": number, "input": raw, "created_at": at} for number, raw in enumerate(kept, start=1)],
        })
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "league": {"id": new_id(), "name": "Bench import", "created_at": day_one.isoformat()},
        "players": sorted(({"id": player_id, "name": name} for name, player_id in ids.items()), key=lambda p: p["id"]),
        "members": sorted(ids.values()),
        "seasons": [],
        "matches": exported,
    }


def import_once(kind: str, export: dict[str, Any], body: bytes) -> dict[str, Any]:
    """One import into a fresh database: its figures, and whether it re-exports unchanged."""
    from sqlalchemy import event

    from scorekeeper.extensions import db

    app = make_app(database_url(kind, PG_DATABASE, "league-import.sqlite"))
    upgrade_schema(app)
    fixtures: dict[str, Any] = {}
    # A request's context: the previous import's request left its translator installed.
    with app.test_request_context():
        bench_account(fixtures)
        db.session.commit()
        engine = db.engine
    headers = {"Authorization": f"Bearer {fixtures['token']}", "Content-Type": "application/json"}
    marks: dict[str, float] = {}
    write = bulk_insert.write

    def timed_write(connection, prepared):
        # The write transaction's first INSERT (the look-ups before it take no write lock).
        marks.setdefault("first_insert", time.perf_counter())
        write(connection, prepared)

    def on_commit(_conn):
        if "first_insert" in marks:
            marks.setdefault("commit", time.perf_counter())

    bulk_insert.write = timed_write
    event.listen(engine, "commit", on_commit)
    client = app.test_client()
    started, cpu = time.perf_counter(), time.process_time()
    reply = client.post("/api/v1/leagues/import", data=body, headers=headers)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    committed = time.perf_counter()
    bulk_insert.write = write
    event.remove(engine, "commit", on_commit)
    if reply.status_code != 201:
        raise SystemExit(f"import refused: {reply.status_code} {reply.get_data(as_text=True)[:300]}")
    again = client.get(f"/api/v1/leagues/{export['league']['id']}/export", headers=headers).get_json()
    matches = len(export["matches"])
    rounds = sum(len(match["rounds"]) for match in export["matches"])
    write_s = marks.get("commit", committed) - marks.get("first_insert", committed)
    with app.app_context():
        db.engine.dispose()
    return {
        "database": kind, "matches": matches, "rounds": rounds, "megabytes": round(len(body) / 1e6, 2),
        "seconds": round(seconds, 2), "cpu_seconds": round(cpu_seconds, 2),
        "matches_per_s": round(matches / seconds), "rounds_per_s": round(rounds / seconds),
        "write_transaction_s": round(write_s, 2),
        # The league and owner's name differ (the importer owns it): the rest must be the document.
        "re_export_equal": {**again, "league": None} == {**export, "league": None},
        "load": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="both", choices=["sqlite", "postgresql", "both"])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=100, help="matches played per game, dealt out again")
    parser.add_argument("--shapes", default="short,full")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=20261202)
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    RESULTS.mkdir(exist_ok=True)
    runs = []
    for shape in args.shapes.split(","):
        export = league_export(args.matches, args.distinct, shape, args.seed)
        body = json.dumps(export).encode()
        for kind in kinds:
            for _ in range(args.repeat):
                run = {"shape": shape, **import_once(kind, export, body)}
                runs.append(run)
                log(
                    f"{shape} {kind}: {run['matches']} matches ({run['rounds']} rounds, {run['megabytes']} MB) in "
                    f"{run['seconds']} s = {run['matches_per_s']} matches/s, {run['rounds_per_s']} rounds/s; "
                    f"write transaction {run['write_transaction_s']} s; re-export equal: {run['re_export_equal']}; "
                    f"load {run['load']}"
                )
    (RESULTS / "league-import.json").write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    os.environ.setdefault("FLASK_DEBUG", "0")
    main()
