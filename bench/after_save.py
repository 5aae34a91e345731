"""The server's side of the wait after a Save, in-process: the CPU of the page and the JSON a phone loads right after a round is recorded, at 5 and at 200 rounds.

A round is POSTed through the API, then the phone that saved it loads the match page
(as a browser: its device cookie and session) and the JSON; a second phone of the table
loads the page too (what the first one built is stored: its load is the cached one). Per
match size: the median and the 90th percentile of each request's CPU (`time.process_time`,
Flask's test client, no socket) over `--saves` saves, and the page's size.

Usage: python -m bench.after_save [sqlite|postgresql] [--saves 30]
SQLite: a fresh file bench/results/after-save.sqlite; PostgreSQL: the database
`bench_after_save` at 127.0.0.1:5432 (user postgres), dropped and re-created.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bench.scale import database_url, endless_match
from bench.seed import NAMELESS_ROUND, make_app, upgrade_schema

SIZES = (5, 200)


def cpu_ms(call) -> tuple[float, Any]:
    started = time.process_time()
    response = call()
    elapsed = (time.process_time() - started) * 1000
    assert response.status_code < 400, (response.status_code, response.get_data(as_text=True)[:300])
    return elapsed, response


def figures(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median": round(statistics.median(ordered), 2), "p90": round(ordered[int(len(ordered) * 0.9) - 1], 2)}


def after_saves(app, rounds: int, saves: int) -> dict[str, Any]:
    saving, other = app.test_client(), app.test_client()
    match_id = endless_match(saving, rounds)
    page = f"/matches/{match_id}"
    for phone in (saving, other):
        phone.get(page)  # each phone has its device cookie and session, as at the table
    post, page_after, json_after, other_page = [], [], [], []
    size = 0
    for _ in range(saves):
        elapsed, _response = cpu_ms(lambda: saving.post(f"/api/v1/matches/{match_id}/rounds", json=NAMELESS_ROUND))
        post.append(elapsed)
        elapsed, response = cpu_ms(lambda: saving.get(page))
        page_after.append(elapsed)
        size = len(response.data)
        json_after.append(cpu_ms(lambda: saving.get(f"/api/v1/matches/{match_id}"))[0])
        other_page.append(cpu_ms(lambda: other.get(page))[0])
    return {
        "rounds": rounds, "post_ms": figures(post), "page_after_ms": figures(page_after),
        "json_after_ms": figures(json_after), "other_phone_page_ms": figures(other_page), "page_bytes": size,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args()
    app = make_app(database_url(args.database, "bench_after_save", "after-save.sqlite"))
    upgrade_schema(app)
    print(f"{args.database}: CPU ms per request in-process (median / p90 over {args.saves} saves)")
    print(f"{'rounds':>6}  {'POST':>13}  {'page after':>13}  {'JSON after':>13}  {'2nd phone':>13}  page bytes")
    for rounds in SIZES:
        found = after_saves(app, rounds, args.saves)
        cells = [f"{found[key]['median']:>6} / {found[key]['p90']:<4}" for key in
                 ("post_ms", "page_after_ms", "json_after_ms", "other_phone_page_ms")]
        print(f"{rounds:>6}  " + "  ".join(cells) + f"  {found['page_bytes']}")


if __name__ == "__main__":
    main()
