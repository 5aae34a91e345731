"""Save to new totals on a throttled phone in chromium: the time from the tap on Save to the round in the totals, and to the server's blocks settling it.

A Zwicker match (a target no round reaches, so it never ends) is opened on a fresh phone,
left alone until its corner says "Ready offline" (the engine is booted), then the phone is
slowed as a modest one at the table: CPU 4x (CDP Emulation.setCPUThrottlingRate) and 150 ms
of latency (Network.emulateNetworkConditions). Each round is tapped (chips and counts, as a
player does), and once the save bar scores it, Save is tapped: `shown` is the time until the
totals show the round (the phone's engine counts it while the server is asked), `settled`
until the server's blocks have replaced it (no round "being sent", the next round's entry).
The median (p50) and 95th percentile of each, over `--saves` saves.

Usage: python -m bench.save_in_place http://127.0.0.1:PORT [--saves 20] [--json OUT]
(or --serve: gunicorn on 127.0.0.1 against a fresh SQLite file, bench/results/save-in-place.sqlite)
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import urllib.request
from typing import Any

from bench.engine import close_run, fresh_phone

HONOURS = {**{f"honour_{code}": "0" for code in ("J25", "J15", "D10", "AS", "AH")},
           **{f"honour_{code}": "1" for code in ("J20", "D7", "S7", "AD", "AC")}}
CARDS = {"cards_0": "30", "cards_1": "25"}
# One Save timed in the page: from the click on Save (a DOM click, as a tap) to the totals
# changing, then to the server's blocks settled. Frames are watched, not timers.
TIMED_SAVE = """async () => {
  const totals = () => [...document.querySelectorAll('#scores ol.totals .points')].map(e => e.textContent).join();
  const heading = () => (document.getElementById('h-entry') || {}).textContent;
  const before = totals(), round = heading();
  const started = performance.now();
  document.getElementById('save').click();
  const until = (done) => new Promise(resolve => {
    const look = () => done() ? resolve(Math.round(performance.now() - started)) : requestAnimationFrame(look);
    look();
  });
  const shown = await until(() => totals() !== before);
  const settled = await until(() => !document.querySelector('.sending') && heading() !== round);
  return {shown_ms: shown, settled_ms: settled};
}"""


def new_match(base: str) -> str:
    body = {"game": "zwicker", "players": ["Ann", "Bob"], "options": {"target": 100000}}
    request = urllib.request.Request(
        base + "/api/v1/matches", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)["id"]


def tap_round(page) -> None:
    """The round's counts typed and its honours tapped (the Zwicks' chips stand at 0)."""
    for name, value in CARDS.items():
        page.locator(f"#f-{name}").fill(value)
    for name, value in HONOURS.items():
        page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').click()
    page.wait_for_selector("#bar-state.good", timeout=60_000)
    page.wait_for_function("() => !document.getElementById('save').disabled && !document.querySelector('.htmx-request')")


def percentile(samples: list[int], share: float) -> int:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(base: str, saves: int) -> dict[str, Any]:
    match_id = new_match(base)
    rows: list[dict[str, int]] = []
    with fresh_phone("sk-bench-save-") as context:
        page = context.new_page()
        page.goto(f"{base}/matches/{match_id}")
        page.wait_for_selector("#net-status.ready", timeout=180_000)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1})
        for _save in range(saves):
            tap_round(page)
            rows.append(page.evaluate(TIMED_SAVE))
        ready = page.locator("#net-status.ready").count() == 1
    result: dict[str, Any] = {"saves": len(rows), "ready_offline_kept": ready, "load_average": list(os.getloadavg())}
    for key in ("shown_ms", "settled_ms"):
        samples = [row[key] for row in rows]
        result[key] = {"p50": round(statistics.median(samples)), "p95": percentile(samples, 0.95), "samples": samples}
    return result


def served(saves: int) -> dict[str, Any]:
    """The measure against gunicorn (the production settings) on a fresh SQLite file."""
    from bench.scale import database_url
    from bench.seed import make_app, upgrade_schema
    from bench.server import PRODUCTION, Server

    url = database_url("sqlite", "bench_save_in_place", "save-in-place.sqlite")
    upgrade_schema(make_app(url))
    with socket.socket() as probe:  # a free port: other runs on this machine may hold the usual one
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with Server(url, PRODUCTION, port=port, log_name="gunicorn-save-in-place") as server:
        return measure(server.base, saves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--serve", action="store_true", help="start gunicorn on a fresh SQLite file")
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--json", help="write the result here as JSON")
    args = parser.parse_args()
    if not args.serve and not args.base:
        parser.error("give the server's address, or --serve")
    result = served(args.saves) if args.serve else measure(args.base.rstrip("/"), args.saves)
    for key, said in (("shown_ms", "Save to the round in the totals"), ("settled_ms", "Save to the server's blocks")):
        print(f"{said}: p50 {result[key]['p50']} ms, p95 {result[key]['p95']} ms ({result['saves']} saves)", file=sys.stderr)
    print(f"'Ready offline' kept: {result['ready_offline_kept']}", file=sys.stderr)
    close_run(result, args.json)


if __name__ == "__main__":
    main()
