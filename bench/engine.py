"""Measures the phone's rules engine in chromium: its download (raw, gzip, and on the wire),
the time to the first score with a cold cache (first visit) and a warm one (a later visit,
the service worker's copy), a second score, and the memory it takes; and, as a player
meets it (taps only), the time to a round's score offline after an ordinary visit and
after an offline reload.

Uses Playwright with Debian's chromium (never `playwright install`) in a fresh persistent
profile, against a running server: it starts a Nwik match over the API, opens the match
page and asks the page's engine (window.ScorekeeperOffline.evaluate) to check a round.
Memory is the WebAssembly heap the worker reports and the growth of the resident memory
of chromium's processes (from /proc) between the page before and after the engine started.

Usage: python -m bench.engine http://127.0.0.1:PORT [--json OUT]
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.page_weight import ARGS, CHROMIUM

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
FORM = {"style": "1", "stake": "3", "tricks_0": "4", "tricks_1": "6", "tricks_2": "3"}
SCORE = """async ([match, form]) => {
  const started = performance.now();
  const answer = await window.ScorekeeperOffline.evaluate({match: match, queued: [], form: form});
  const first = performance.now() - started;
  const again = performance.now();
  await window.ScorekeeperOffline.evaluate({match: match, queued: [], form: form});
  return {first_score_ms: Math.round(first), second_score_ms: Math.round((performance.now() - again) * 10) / 10,
          ok: answer.check.ok, scores: answer.check.scores.map(s => s.score), worker: window.ScorekeeperOffline.timing.worker};
}"""


def chromium_rss(profile: str) -> int:
    """Resident memory (bytes) of the chromium browser using this profile and all its child processes."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    root = None
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            status = (proc / "status").read_text()
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        pid = int(proc.name)
        for line in status.splitlines():
            if line.startswith("PPid:"):
                parents[pid] = int(line.split()[1])
            elif line.startswith("VmRSS:"):
                rss[pid] = int(line.split()[1]) * 1024
        if root is None and f"--user-data-dir={profile}" in cmdline and "--type=" not in cmdline:
            root = pid
    if root is None:
        return 0

    def descends(pid: int) -> bool:
        seen = 0
        while pid and seen < 64:
            if pid == root:
                return True
            pid, seen = parents.get(pid, 0), seen + 1
        return False

    return sum(size for pid, size in rss.items() if descends(pid))


def new_match(base: str) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/v1/matches",
        data=json.dumps({"game": "nwik", "players": ["Ann", "Bob", "Cid"]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def one_visit(context, url: str, match: dict[str, Any], profile: str) -> dict[str, Any]:
    engine_rows: list[dict[str, Any]] = []

    def record(response) -> None:
        path = urlsplit(response.url).path
        if not path.startswith("/engine/"):
            return
        try:
            sizes = response.request.sizes()
        except Exception:  # noqa: BLE001 - a response the browser discarded
            sizes = {"responseBodySize": 0}
        engine_rows.append({
            "url": path,
            "status": response.status,
            "served_by_service_worker": response.from_service_worker,
            "wire_bytes": 0 if response.from_service_worker else max(0, sizes.get("responseBodySize", 0)),
            "content_encoding": response.headers.get("content-encoding", ""),
        })

    context.on("response", record)
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function("window.ScorekeeperOffline")
    before = chromium_rss(profile)
    result = page.evaluate(SCORE, [match, FORM])
    time.sleep(0.5)
    result["rss_growth_bytes"] = chromium_rss(profile) - before
    context.remove_listener("response", record)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    time.sleep(1.0)  # let the service worker finish storing what it fetched
    page.close()
    result["engine_requests"] = engine_rows
    result["engine_wire_bytes"] = sum(row["wire_bytes"] for row in engine_rows)
    return result


def download_sizes(base: str) -> dict[str, Any]:
    """Raw and gzip -6 sizes of every file the engine downloads (as served by the app)."""
    with urllib.request.urlopen(base + "/offline") as response:
        page = response.read().decode()
    worker_url = page.split('name="scorekeeper-engine" content="', 1)[1].split('"', 1)[0]
    with urllib.request.urlopen(base + worker_url) as response:
        worker = response.read()
    bundle_url = worker.decode().split('fetch("', 1)[1].split('"', 1)[0]
    with urllib.request.urlopen(base + bundle_url) as response:
        bundle = response.read()
    files = {worker_url: worker, bundle_url: bundle}
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        files[f"pyodide/{name}"] = (PYODIDE / name).read_bytes()
    rows = {name: {"raw": len(body), "gzip": len(gzip.compress(body, 6))} for name, body in files.items()}
    return {
        "files": rows,
        "raw_bytes": sum(row["raw"] for row in rows.values()),
        "gzip_bytes": sum(row["gzip"] for row in rows.values()),
    }


def measure(base: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    match = new_match(base)
    url = f"{base}/matches/{match['id']}"
    with tempfile.TemporaryDirectory(prefix="sk-bench-engine-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS, service_workers="allow"
        )
        try:
            cold = one_visit(context, url, match, profile)
            warm = one_visit(context, url, match, profile)
        finally:
            context.close()
    return {"download": download_sizes(base), "cold": cold, "warm": warm, "load_average": os.getloadavg()}


def tap(page, name: str, value: str) -> None:
    """A person's tap on a chip (nothing when the page already filled it in)."""
    if page.locator(f'input[name="{name}"][value="{value}"]:checked').count():
        return
    page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').click()


def tap_round(page) -> float:
    """Taps FORM's round; returns the time of the last tap (for the time to its score)."""
    for name, value in FORM.items():
        tap(page, name, value)
    return time.perf_counter()


def scored_in_bar(page, timeout_ms: int = 120_000) -> None:
    page.wait_for_selector("#bar-state.good", timeout=timeout_ms)


@contextmanager
def fresh_phone(prefix: str) -> Iterator[Any]:
    """A phone that has never been to the app: chromium with a fresh profile (service
    workers allowed) at 390x844, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix=prefix) as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS, service_workers="allow",
            viewport={"width": 390, "height": 844}, has_touch=True,
        )
        try:
            yield context
        finally:
            context.close()


def ordinary_visits(base: str) -> dict[str, Any]:
    """As a player meets it, no call into the page: visit a match page and leave the phone
    alone until its corner says "Ready offline"; go offline and tap a round (the time from
    the last tap to its score in the save bar); save it, reload offline (the time to the
    queued round on screen, and to the next round's score, which waits for the engine to
    boot again in the new page)."""
    match = new_match(base)
    url = f"{base}/matches/{match['id']}"
    result: dict[str, Any] = {}
    with fresh_phone("sk-bench-ordinary-") as context:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("#net-status.ready", timeout=180_000)
        result["ready_offline_after_load_s"] = round(time.perf_counter() - started, 1)
        context.set_offline(True)
        page.wait_for_function("!navigator.onLine")
        last_tap = tap_round(page)
        scored_in_bar(page)
        result["offline_first_score_ms"] = round((time.perf_counter() - last_tap) * 1000)
        page.locator("#save").click()
        page.wait_for_selector("tr.provisional")
        started = time.perf_counter()
        page.reload()
        page.wait_for_selector("tr.provisional", timeout=60_000)
        result["offline_reload_queued_round_ms"] = round((time.perf_counter() - started) * 1000)
        last_tap = tap_round(page)
        scored_in_bar(page)
        result["offline_reload_next_score_ms"] = round((time.perf_counter() - last_tap) * 1000)
        result["offline_reload_next_score_from_load_ms"] = round((time.perf_counter() - started) * 1000)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--json", help="write the result here as JSON")
    args = parser.parse_args()
    result = measure(args.base.rstrip("/"))
    result["ordinary"] = ordinary_visits(args.base.rstrip("/"))
    download = result["download"]
    print(f"download: {download['raw_bytes']:,} bytes raw, {download['gzip_bytes']:,} gzip -6", file=sys.stderr)
    for name, row in download["files"].items():
        print(f"  {name:44} raw {row['raw']:>10,} gzip {row['gzip']:>10,}", file=sys.stderr)
    for name in ("cold", "warm"):
        part = result[name]
        worker = part.get("worker") or {}
        print(f"{name}: first score {part['first_score_ms']} ms (Pyodide and bundle {worker.get('load_ms')} ms, "
              f"engine import {worker.get('import_ms')} ms), second score {part['second_score_ms']} ms, "
              f"{part['engine_wire_bytes']:,} engine bytes on the wire, heap {worker.get('heap_bytes')}, "
              f"chromium RSS +{part['rss_growth_bytes'] / 2**20:.0f} MiB, scores {part['scores']}", file=sys.stderr)
    ordinary = result["ordinary"]
    print(f"ordinary visit: 'Ready offline' {ordinary['ready_offline_after_load_s']} s after the page loaded; offline, "
          f"the round scored {ordinary['offline_first_score_ms']} ms after its last tap; offline reload: the queued round "
          f"on screen after {ordinary['offline_reload_queued_round_ms']} ms, the next round scored "
          f"{ordinary['offline_reload_next_score_ms']} ms after its last tap "
          f"({ordinary['offline_reload_next_score_from_load_ms']} ms after the reload)", file=sys.stderr)
    close_run(result, args.json)


def close_run(result: dict[str, Any], json_path: str | None) -> None:
    """The machine's load during the run said (a shared machine's figures are read with it),
    and the result written as JSON when asked."""
    print(f"load average during the run: {', '.join(f'{load:.1f}' for load in result['load_average'])} "
          f"({os.cpu_count()} cores)", file=sys.stderr)
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
