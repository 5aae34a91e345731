"""Prints bench/results/latest.json (and profile.json, if there) as the Markdown tables used in BENCHMARKS.md.

Usage: python -m bench.report [RESULTS_JSON]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def ms(value) -> str:
    return "-" if value is None else f"{value:.1f}"


def main() -> None:
    data = json.loads(Path(sys.argv[1] if len(sys.argv) > 1 else RESULTS / "latest.json").read_text())
    m = data["machine"]
    print(f"Run {data['started_at']}, {data['elapsed_s']} s; {m['nproc']} cores ({m['cpu']}), {m['memory_gb']} GB, "
          f"Python {m['python']}, PostgreSQL {m['postgresql']}, SQLite {m['sqlite']}, {m['wrk']}\n")
    for db, res in data["databases"].items():
        print(f"### {db}: gunicorn {res['config']}, wrk 1 thread, 32 connections, {data['duration_s']} s per run\n")
        print("The ceiling is the bare Flask app (bench/bare_app.py) under the same gunicorn configuration; "
              "`x health` is the share of the app's /api/v1/health.\n")
        print("| scenario | req/s | share of ceiling | x health | p50 ms | p50 x ceiling | p99 ms | p99 x ceiling | non-2xx | load 1m |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        rows = list(res["scenarios"].items())
        for size, league in res["leagues"].items():
            for what in ("standings", "ratings"):
                rows.append((f"{what}, {size} matches (cached)", league[what]["warm_load"]))
        for name, row in rows:
            extra = ""
            if name.startswith("post_round"):
                extra = f" ({row['matches']} match{'es' if row['matches'] > 1 else ''}, {row['rounds_stored']} rounds stored)"
            x_health = f"{row['rps_x_health']:.0%}" if "rps_x_health" in row else "-"
            print(f"| {name}{extra} | {row['rps']:.0f} | {row.get('rps_ratio', 1.0):.0%} | {x_health} | {ms(row.get('p50_ms'))} | "
                  f"{row.get('p50_ratio', 1.0):.1f} | {ms(row.get('p99_ms'))} | {row.get('p99_ratio', 1.0):.1f} | "
                  f"{row['non_2xx']} | {row.get('loadavg_1m', 0):.1f} |")
        print("\n| league computation | first (cold), median of 3, ms | cold samples ms | repeat (cached), median of 5, ms | response bytes |")
        print("|---|---:|---|---:|---:|")
        for size, league in res["leagues"].items():
            for what in ("standings", "ratings"):
                item = league[what]
                print(f"| {what}, {size} matches | {item['cold_median_ms']:.0f} | {', '.join(f'{x:.0f}' for x in item['cold_ms'])} | "
                      f"{item['warm_median_ms']:.1f} | {item['response_bytes']} |")
        if res.get("sweep"):
            print("\n| gunicorn config | bare app req/s | health req/s | GET match req/s (share) | POST round req/s (share) |")
            print("|---|---:|---:|---:|---:|")
            for row in res["sweep"]:
                bare = f"{row['bare']['rps']:.0f}" if "bare" in row else "-"
                print(f"| {row['config']} | {bare} | {row['health']['rps']:.0f} | {row['match_json']['rps']:.0f} "
                      f"({row['match_json']['rps_ratio']:.0%}) | {row['post_many']['rps']:.0f} ({row['post_many']['rps_ratio']:.0%}) |")
        print()
    weight = data.get("page_weight")
    if weight:
        print("### page weight\n")
        print("| load | responses | network | served by SW | static requests at server | body bytes on wire | if gzipped |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name in ("first", "repeat"):
            part = weight[name]
            server = part.get("server") or {}
            print(f"| {name} | {part['responses']} | {part['network_requests']} | {part['served_by_service_worker']} | "
                  f"{server.get('static_requests')} of {server.get('requests')} | {part['transferred_body_bytes']} | "
                  f"{part['gzip_body_bytes']} |")
        print()
        for name in ("first", "repeat"):
            print(f"{name} load, per response:\n")
            print("| method | status | path | wire bytes | body bytes | gzip bytes | by service worker |")
            print("|---|---:|---|---:|---:|---:|---|")
            for row in weight[name]["rows"]:
                how = "served" if row["served_by_service_worker"] else ("fetched" if row["fetched_by_service_worker"] else "")
                print(f"| {row['method']} | {row['status']} | {row['url']} | {row['encoded_body_bytes']} | "
                      f"{row['body_bytes']} | {row['gzip_bytes']} | {how} |")
            print()
    print("### targets\n")
    print("| database | target | measured | |")
    print("|---|---|---|---|")
    for row in data["targets"]:
        print(f"| {row['database']} | {row['target']} | {row['measured']} | {'met' if row['met'] else '**missed**'} |")
    profile = RESULTS / "profile.json"
    if profile.exists():
        prof = json.loads(profile.read_text())
        print(f"\n### CPU per request in-process ({prof['database']}, Flask test client, cProfile on)\n")
        print("| scenario | CPU ms | wall ms | response bytes |")
        print("|---|---:|---:|---:|")
        for name, row in prof.items():
            if isinstance(row, dict):
                print(f"| {name} | {row['cpu_ms']:.2f} | {row['wall_ms']:.2f} | {row['response_bytes']} |")


if __name__ == "__main__":
    main()
