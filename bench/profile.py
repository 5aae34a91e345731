"""Measures the CPU cost of each scenario in-process and profiles it with cProfile, to name the hot spots.

Wall-clock figures from wrk move with whatever else the machine runs; the CPU time one
request takes in the app (Flask test client, same database, same code path but no
gunicorn or socket) is far steadier, so the cost ratios (200 rounds v 5, cold v cached)
are taken from here too. Run bench/run first: this reuses its seeded database.

Usage: python -m bench.profile [sqlite|postgresql]   (writes bench/results/profile.txt and profile.json)
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is on sys.path and the project root is not: import from the root.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

import cProfile  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import pstats  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

RESULTS = ROOT / "bench" / "results"


def main() -> None:
    kind = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    fixtures = json.loads((RESULTS / f"fixtures-{kind}.json").read_text())
    from sqlalchemy import text

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": fixtures["url"], "TESTING": False})
    client = app.test_client()
    league = fixtures["leagues"]["10000"]["id"]
    cookie = {"Cookie": "sk_device=benchprofile0000000000000000000"}
    # League records are read by league members: the bench account's token.
    auth = {"Authorization": f"Bearer {fixtures['token']}"} if fixtures.get("token") else {}

    def bump() -> None:
        with app.app_context():
            db.session.execute(text("UPDATE leagues SET version = version + 1 WHERE id = :id"), {"id": league})
            db.session.commit()

    # A fresh endless Nameless match to post to (as in the load test).
    created = client.post("/api/v1/matches", json={
        "game": "nameless", "players": ["Bench Ann", "Bench Bob", "Bench Cid", "Bench Dee"],
        "options": {"target": 1_000_000}})
    assert created.status_code == 201, created.get_data(as_text=True)[:300]
    post_id = created.get_json()["id"]

    scenarios: dict[str, tuple[Any, int, Any]] = {
        # name: (request, iterations, setup before each iteration)
        "health": (lambda: client.get("/api/v1/health"), 300, None),
        "match_json_5": (lambda: client.get(f"/api/v1/matches/{fixtures['match_5']}"), 200, None),
        "match_json_200": (lambda: client.get(f"/api/v1/matches/{fixtures['match_200']}"), 30, None),
        "match_page_5": (lambda: client.get(f"/matches/{fixtures['match_5']}", headers=cookie), 100, None),
        "match_page_200": (lambda: client.get(f"/matches/{fixtures['match_200']}", headers=cookie), 20, None),
        "post_round": (lambda: client.post(f"/api/v1/matches/{post_id}/rounds", json={"tricks": [2, 1, 1, 1]}), 100, None),
        "standings_10000_cached": (lambda: client.get(f"/api/v1/leagues/{league}/standings", headers=auth), 50, None),
        "ratings_10000_cached": (lambda: client.get(f"/api/v1/leagues/{league}/ratings", headers=auth), 5, None),
        "standings_10000_cold": (lambda: client.get(f"/api/v1/leagues/{league}/standings", headers=auth), 2, bump),
        "ratings_10000_cold": (lambda: client.get(f"/api/v1/leagues/{league}/ratings", headers=auth), 2, bump),
    }
    report = io.StringIO()
    results: dict[str, Any] = {"database": kind}
    for name, (call, iterations, setup) in scenarios.items():
        if setup is None:
            for _ in range(3):  # warm caches (and fill the league's cached results)
                assert call().status_code < 400
        cpu = wall = 0.0
        profiler = cProfile.Profile()
        for _ in range(iterations):
            if setup is not None:
                setup()
            started_cpu, started_wall = time.process_time(), time.perf_counter()
            profiler.enable()
            response = call()
            profiler.disable()
            cpu += time.process_time() - started_cpu
            wall += time.perf_counter() - started_wall
            assert response.status_code < 400, (name, response.status_code, response.get_data(as_text=True)[:300])
        results[name] = {
            "iterations": iterations, "cpu_ms": round(cpu / iterations * 1000, 2),
            "wall_ms": round(wall / iterations * 1000, 2), "response_bytes": len(response.get_data()),
        }
        stats = pstats.Stats(profiler, stream=report)
        report.write(f"\n===== {name}: {results[name]['cpu_ms']} ms CPU per request "
                     f"({iterations} requests, {results[name]['response_bytes']} bytes) =====\n")
        stats.sort_stats("tottime").print_stats(12)
        stats.sort_stats("cumulative").print_stats(25)
        print(f"{name:26} {results[name]['cpu_ms']:9.2f} ms CPU {results[name]['wall_ms']:9.2f} ms wall", file=sys.stderr)
    with app.app_context():
        rounds = db.session.execute(text("SELECT round_count FROM matches WHERE id = :id"), {"id": post_id}).scalar_one()
    results["post_round"]["rounds_after"] = rounds
    (RESULTS / "profile.txt").write_text(report.getvalue())
    (RESULTS / "profile.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
