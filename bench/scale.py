"""Measures whether costs grow with the match and the league (issue 16): CPU per request in-process, and a 100,000-match league's first and next standings and ratings with the worker's peak memory.

In-process CPU time per request (Flask test client, no gunicorn or socket) is what a busy
2-core machine still measures steadily; every figure is also a ratio within one run.

- POST round at 5 and at 200 rounds (an endless Nameless match, rounds posted in turn),
  and at 200 rounds with its snapshots dropped before each POST (the write then rebuilds
  the state by replay, as every write did before snapshots);
- the match page (GET /matches/{id}) at 5 and 200 rounds, the blocks a polling phone
  refreshes (GET /matches/{id}/live?entry=1) at 200, and the live preview of a round
  (the htmx POST /matches/{id}/preview) at 5 and 200;
- a league of N matches (default 100,000): the engine plays `--distinct` finished matches
  of every game (random legal rounds), and the league's matches are these results seated
  with players drawn from a 12-player roster, at distinct times over two years (rows of
  matches and seats only: standings and ratings read no rounds). Then, in a fresh child
  process (its peak RSS is the worker's peak memory): the first standings and ratings
  (nothing kept), one more match recorded through the API (its last POST finishes it), and
  the next standings and ratings requests.

Usage: python -m bench.scale [sqlite|postgresql] [--league 100000] [--distinct 2000] [--pg-database bench_scale] [--reuse] [--skip-league]
Writes bench/results/scale-<database>.json and scale-<database>-profile.txt (with
--skip-league, only the per-match figures: scale-<database>-per-match.json and -profile.txt).
PostgreSQL: the database `bench_scale` (or --pg-database) at 127.0.0.1:5432 (user postgres) is dropped and re-created.
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
import random  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from datetime import datetime, timedelta  # noqa: E402
from typing import Any  # noqa: E402

from bench.seed import ENDLESS, NAMELESS_ROUND, ROSTER, bench_account, make_app, play_match, player_counts, upgrade_schema  # noqa: E402

RESULTS = ROOT / "bench" / "results"
COOKIE = {"Cookie": "sk_device=benchscale00000000000000000000000"}


def database_url(kind: str, pg_database: str = "bench_scale", sqlite_name: str = "scale.sqlite") -> str:
    """A fresh, empty database of this kind: the SQLite file removed, or the PostgreSQL
    database (only the benchmark's own) dropped and created."""
    if kind == "sqlite":
        path = RESULTS / sqlite_name
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return f"sqlite:///{path}"
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{pg_database}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{pg_database}"')
    return f"postgresql+psycopg://postgres@127.0.0.1:5432/{pg_database}"


def cpu_per_request(call, iterations: int, before=None) -> dict[str, float]:
    for _ in range(2):  # warm up (and fill the stored documents)
        if before is not None:
            before()
        assert call().status_code < 400
    cpu = wall = 0.0
    for _ in range(iterations):
        if before is not None:
            before()
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        response = call()
        cpu += time.process_time() - started_cpu
        wall += time.perf_counter() - started_wall
        assert response.status_code < 400, response.get_data(as_text=True)[:300]
    return {"cpu_ms": round(cpu / iterations * 1000, 2), "wall_ms": round(wall / iterations * 1000, 2), "n": iterations}


def seed_big_league(app, league_id: str, size: int, distinct: int, player_ids: dict[str, str]) -> dict[str, Any]:
    """Bulk-insert `size` finished matches, each the result of one of `distinct` engine-played matches."""
    from sqlalchemy import insert, update

    from scorekeeper.engine.games import all_games
    from scorekeeper.extensions import db
    from scorekeeper.models import League, Match, Seat, new_id
    from scorekeeper.services.match_records import result_text

    rng = random.Random(20261201)
    started = time.perf_counter()
    game_ids = [game.id for game in all_games()]
    played = []
    for index in range(distinct):
        game_id = game_ids[index % len(game_ids)]
        n_players = rng.choice(player_counts(game_id))
        table, state = play_match(rng, game_id, ROSTER[:n_players])
        played.append((game_id, n_players, table, state))
    engine_s = time.perf_counter() - started
    day_one = datetime(2024, 1, 1, 19, 0)
    step = timedelta(seconds=2 * 365 * 24 * 3600 // size)
    matches, seats = [], []
    for index in range(size):
        game_id, n_players, table, state = played[index % distinct]
        match_id = new_id()
        at = day_one + index * step
        seated = [player_ids[name] for name in rng.sample(ROSTER, n_players)]
        matches.append({
            "id": match_id, "game": game_id, "league_id": league_id, "options": dict(table.options),
            "sides": [list(side) for side in table.sides], "version": 1 + len(state.rounds),
            "created_at": at, "updated_at": at, "round_count": len(state.rounds),
            "totals": list(state.totals), "finished": True, "winners": list(state.winners),
            "result": result_text(seated, table.sides, state.totals, state.winners),
        })
        seats.extend({"match_id": match_id, "seat": seat, "player_id": player_id} for seat, player_id in enumerate(seated))
    with app.app_context():
        for model, rows in ((Match, matches), (Seat, seats)):
            for start in range(0, len(rows), 5000):
                db.session.execute(insert(model), rows[start : start + 5000])
        db.session.execute(update(League).where(League.id == league_id).values(version=League.version + 1))
        db.session.commit()
    return {"matches": size, "distinct_engine_matches": distinct, "engine_s": round(engine_s, 1),
            "insert_s": round(time.perf_counter() - started - engine_s, 1)}


def shares(stats: pstats.Stats) -> dict[str, float]:
    """Where a profile's own time went, by package: the app, SQLAlchemy, the web stack, C calls."""
    groups: dict[str, float] = {}
    web = ("flask", "werkzeug", "marshmallow", "webargs", "smorest", "apispec", "jinja2")
    for (filename, _line, _name), (_cc, _nc, own, _cumulative, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        group = ("sqlalchemy" if "sqlalchemy" in filename else "scorekeeper" if "/scorekeeper/" in filename
                 else "web stack" if any(part in filename for part in web) else "C calls (sqlite3, json, ...)"
                 if filename == "~" else "other")
        groups[group] = groups.get(group, 0.0) + own
    total = sum(groups.values()) or 1.0
    return {group: round(own / total, 2) for group, own in sorted(groups.items(), key=lambda item: -item[1])}


def endless_match(client, rounds: int) -> str:
    """An endless 4-player Nameless match with this many rounds, recorded through the API."""
    created = client.post("/api/v1/matches", json={
        "game": "nameless", "players": ["Bench Ann", "Bench Bob", "Bench Cid", "Bench Dee"], "options": ENDLESS})
    match_id = created.get_json()["id"]
    for _ in range(rounds):
        assert client.post(f"/api/v1/matches/{match_id}/rounds", json=NAMELESS_ROUND).status_code == 201
    return match_id


def per_match(app, client, kind: str, profile: io.StringIO) -> dict[str, Any]:
    """CPU per POST round and per match page, at 5 and 200 rounds."""
    from sqlalchemy import text

    from scorekeeper.extensions import db

    five, two_hundred, replayed = (endless_match(client, rounds) for rounds in (5, 200, 200))

    def drop_snapshots() -> None:
        with app.app_context():
            db.session.execute(text("DELETE FROM round_snapshots WHERE match_id = :id"), {"id": replayed})
            db.session.commit()

    def post(match_id: str):
        return lambda: client.post(f"/api/v1/matches/{match_id}/rounds", json=NAMELESS_ROUND)

    results: dict[str, Any] = {}
    page_5, page_200 = endless_match(client, 5), endless_match(client, 200)
    # The live preview is an htmx POST of the round form: it carries the page's CSRF token.
    page_html = client.get(f"/matches/{page_5}", headers=COOKIE).get_data(as_text=True)
    csrf = {**COOKIE, "X-CSRFToken": re.search(r'name="csrf-token" content="([^"]+)"', page_html).group(1),
            "HX-Request": "true"}
    preview_form = {f"tricks_{seat}": str(took) for seat, took in enumerate(NAMELESS_ROUND["tricks"])}

    def preview(match_id: str):
        return lambda: client.post(f"/matches/{match_id}/preview", data=preview_form, headers=csrf)

    scenarios = {
        "health": (lambda: client.get("/api/v1/health"), 200, None),
        "post_round_5": (post(five), 40, None),
        "post_round_200": (post(two_hundred), 40, None),
        "post_round_200_replayed": (post(replayed), 20, drop_snapshots),
        "match_page_5": (lambda: client.get(f"/matches/{page_5}", headers=COOKIE), 40, None),
        "match_page_200": (lambda: client.get(f"/matches/{page_200}", headers=COOKIE), 15, None),
        "live_blocks_200": (lambda: client.get(f"/matches/{page_200}/live?entry=1", headers=COOKIE), 15, None),
        "preview_5": (preview(page_5), 40, None),
        "preview_200": (preview(page_200), 15, None),
    }
    for name, (call, iterations, before) in scenarios.items():
        results[name] = cpu_per_request(call, iterations, before)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(5):
            if before is not None:
                before()
            call()
        profiler.disable()
        profile.write(f"\n===== {name}: {results[name]['cpu_ms']} ms CPU per request =====\n")
        stats = pstats.Stats(profiler, stream=profile)
        results[name]["profile_shares"] = shares(stats)
        stats.sort_stats("tottime").print_stats(15)
        stats.sort_stats("cumulative").print_stats(20)
        print(f"{kind} {name:26} {results[name]['cpu_ms']:8.2f} ms CPU {results[name]['wall_ms']:8.2f} ms wall", file=sys.stderr)
    results["post_round_200_over_5"] = round(results["post_round_200"]["cpu_ms"] / results["post_round_5"]["cpu_ms"], 2)
    results["match_page_200_over_5"] = round(results["match_page_200"]["cpu_ms"] / results["match_page_5"]["cpu_ms"], 2)
    results["preview_200_over_5"] = round(results["preview_200"]["cpu_ms"] / results["preview_5"]["cpu_ms"], 2)
    return results


def peak_rss_mb() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not inherited across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def league_child(url: str, league_id: str, token: str, out: str) -> None:
    """In a fresh process: first standings + ratings, one more match, next standings + ratings."""
    app = make_app(url)
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    report: dict[str, Any] = {}
    profile = io.StringIO()

    def forget() -> None:
        """Drop everything kept for the league: the next read computes from every match."""
        from sqlalchemy import text

        from scorekeeper.extensions import db

        with app.app_context():
            for table in ("league_ledgers", "rating_checkpoints", "cached_results"):
                db.session.execute(text(f"DELETE FROM {table}"))
            db.session.commit()

    def timed(name: str, call) -> Any:
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        response = call()
        report[name] = {"cpu_ms": round((time.process_time() - started_cpu) * 1000, 1),
                        "wall_ms": round((time.perf_counter() - started_wall) * 1000, 1)}
        assert response.status_code < 400, response.get_data(as_text=True)[:300]
        return response

    def profiled(name: str, call) -> None:
        profiler = cProfile.Profile()
        profiler.enable()
        call()
        profiler.disable()
        profile.write(f"\n===== {name} (under cProfile) =====\n")
        stats = pstats.Stats(profiler, stream=profile)
        stats.sort_stats("tottime").print_stats(15)
        stats.sort_stats("cumulative").print_stats(30)

    def standings():
        return client.get(f"/api/v1/leagues/{league_id}/standings", headers=auth)

    def ratings():
        return client.get(f"/api/v1/leagues/{league_id}/ratings", headers=auth)

    # The process's first request pays for imports and template loading: not the league's cost.
    assert client.get("/api/v1/health").status_code == 200
    report["rss_before_mb"] = peak_rss_mb()
    forget()
    timed("first_standings", standings)
    timed("first_ratings", ratings)
    timed("repeat_standings", standings)
    # One more match, recorded through the API: Nameless of two, target 5, won in one round.
    created = client.post("/api/v1/matches", headers=auth, json={
        "game": "nameless", "players": ["Bench Ann", "Bench Bob"], "options": {"target": 5}, "league": league_id})
    assert created.status_code == 201, created.get_json()
    match_id = created.get_json()["id"]
    timed("post_finishing_round", lambda: client.post(f"/api/v1/matches/{match_id}/rounds", headers=auth, json={"tricks": [5, 0]}))
    timed("next_standings", standings)
    timed("next_ratings", ratings)
    assert any(row["played"] for row in standings().get_json()["rows"])
    report["peak_rss_before_profiles_mb"] = peak_rss_mb()
    forget()
    profiled("first_standings", standings)
    profiled("first_ratings", ratings)
    report["peak_rss_mb"] = peak_rss_mb()
    Path(out).write_text(json.dumps({"report": report, "profile": profile.getvalue()}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--league", type=int, default=100_000)
    parser.add_argument("--distinct", type=int, default=2000)
    parser.add_argument("--pg-database", default="bench_scale", help="PostgreSQL: the database to drop and re-create (default bench_scale)")
    parser.add_argument("--reuse", action="store_true", help="measure the league of the last run on this database again (no per-match figures, no seeding; newer migrations are applied first)")
    parser.add_argument("--skip-league", action="store_true", help="only the per-match figures (POST round, match page): no league seeding or league child")
    parser.add_argument("--child", nargs=4, metavar=("URL", "LEAGUE", "TOKEN", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        league_child(*args.child)
        return
    RESULTS.mkdir(exist_ok=True)
    results: dict[str, Any] = {"database": args.database, "started": time.strftime("%Y-%m-%d %H:%M:%S"),
                               "load_1m_at_start": os.getloadavg()[0]}
    profile = io.StringIO()
    fixtures: dict[str, Any] = {}
    if args.reuse:
        results = {**json.loads((RESULTS / f"scale-{args.database}.json").read_text()), **results}
        url = results["url"]
        app = make_app(url)
        upgrade_schema(app)  # a database of an older run gets the newer migrations (timed apart from the league)
        from sqlalchemy import select

        from scorekeeper.extensions import db
        from scorekeeper.models import League, User
        from scorekeeper.services import accounts

        with app.test_request_context():
            league_id = db.session.scalar(select(League.id).where(League.name == "Bench scale"))
            user = db.session.scalars(select(User).where(User.username == "bench")).one()
            fixtures["token"] = accounts.create_token(user, "bench again")[1]
    else:
        url = database_url(args.database, args.pg_database)
        app = make_app(url)
        upgrade_schema(app)
        results["per_match"] = per_match(app, app.test_client(), args.database, profile)
        if args.skip_league:
            results["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
            results["load_1m_at_end"] = os.getloadavg()[0]
            (RESULTS / f"scale-{args.database}-per-match.json").write_text(json.dumps(results, indent=1))
            (RESULTS / f"scale-{args.database}-per-match-profile.txt").write_text(profile.getvalue())
            print(json.dumps(results, indent=1))
            return
        from scorekeeper.services import leagues as league_service

        with app.test_request_context():  # messages are translated for a request's reader
            owner = bench_account(fixtures)
            league = league_service.create_league("Bench scale", ROSTER, actor=owner)
            league_id = league.id
            player_ids = {member.player.name: member.player_id for member in league.members}
        results["league_seed"] = seed_big_league(app, league_id, args.league, args.distinct, player_ids)
        print(f"seeded {results['league_seed']}", file=sys.stderr)
    out = RESULTS / f"scale-{args.database}-child.json"
    subprocess.run([sys.executable, "-m", "bench.scale", "--child", url, league_id, fixtures["token"], str(out)],
                   check=True, cwd=ROOT)
    child = json.loads(out.read_text())
    results["league"] = child["report"]
    results["league_id"], results["token"], results["url"] = league_id, fixtures["token"], url
    profile.write(child["profile"])
    results["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    results["load_1m_at_end"] = os.getloadavg()[0]
    (RESULTS / f"scale-{args.database}.json").write_text(json.dumps(results, indent=1))
    (RESULTS / f"scale-{args.database}-profile.txt").write_text(profile.getvalue())
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    os.environ.setdefault("FLASK_DEBUG", "0")
    main()
