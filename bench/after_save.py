"""The server's side of the wait after a Save, in-process: the CPU of the page and the JSON a phone loads right after a round is recorded, at 5 and at 200 rounds.

The two match sizes take turns, save by save. A round is POSTed through the API, then
the phone that saved it loads the match page
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


def cpu_ms(call, *args, **kwargs) -> tuple[float, Any]:
    started = time.process_time()
    response = call(*args, **kwargs)
    elapsed = (time.process_time() - started) * 1000
    assert response.status_code < 400, (response.status_code, response.get_data(as_text=True)[:300])
    return elapsed, response


def figures(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median": round(statistics.median(ordered), 2), "p90": round(ordered[int(len(ordered) * 0.9) - 1], 2)}


def after_saves(app, sizes: tuple[int, ...], saves: int) -> list[dict[str, Any]]:
    """Per match size: a match of that many rounds, its saving phone and a second phone. The
    sizes take turns save by save, so that a machine slowing down or speeding up meanwhile
    moves every size's figures alike."""
    tables = []
    for rounds in sizes:
        saving, other = app.test_client(), app.test_client()
        match_id = endless_match(saving, rounds)
        for phone in (saving, other):
            phone.get(f"/matches/{match_id}")  # each phone has its device cookie and session, as at the table
        tables.append({"rounds": rounds, "saving": saving, "other": other, "match_id": match_id,
                       "post": [], "page": [], "json": [], "other_page": [], "size": 0})
    for _ in range(saves):
        for table in tables:
            saving, other, match_id = table["saving"], table["other"], table["match_id"]
            page = f"/matches/{match_id}"
            elapsed, _response = cpu_ms(saving.post, f"/api/v1/matches/{match_id}/rounds", json=NAMELESS_ROUND)
            table["post"].append(elapsed)
            elapsed, response = cpu_ms(saving.get, page)
            table["page"].append(elapsed)
            table["size"] = len(response.data)
            table["json"].append(cpu_ms(saving.get, f"/api/v1/matches/{match_id}")[0])
            table["other_page"].append(cpu_ms(other.get, page)[0])
    return [
        {
            "rounds": table["rounds"], "post_ms": figures(table["post"]), "page_after_ms": figures(table["page"]),
            "json_after_ms": figures(table["json"]), "other_phone_page_ms": figures(table["other_page"]),
            "page_bytes": table["size"],
        }
        for table in tables
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args()
    app = make_app(database_url(args.database, "bench_after_save", "after-save.sqlite"))
    upgrade_schema(app)
    print(f"{args.database}: CPU ms per request in-process (median / p90 over {args.saves} saves)")
    print(f"{'rounds':>6}  {'POST':>13}  {'page after':>13}  {'JSON after':>13}  {'2nd phone':>13}  page bytes")
    for found in after_saves(app, SIZES, args.saves):
        rounds = found["rounds"]
        cells = [f"{found[key]['median']:>6} / {found[key]['p90']:<4}" for key in
                 ("post_ms", "page_after_ms", "json_after_ms", "other_phone_page_ms")]
        print(f"{rounds:>6}  " + "  ".join(cells) + f"  {found['page_bytes']}")


if __name__ == "__main__":
    main()
