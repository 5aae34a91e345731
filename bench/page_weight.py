"""Measures the match page's weight in a real browser: bytes over the network on a first load, and on a repeat load with the service worker.

The phone's rules engine (/engine/...), which a repeat visit loads in the background, is
counted apart from the page (bench.engine measures it).

Uses Playwright with Debian's chromium (never `playwright install`) in a fresh profile,
so the first load is a phone that has never seen the app. Every response is recorded
with its encoded (on-the-wire) body size, whether the service worker answered it, and
whether the service worker itself fetched it from the network. The gzip size of each
body is computed too, to show what compression would save.

With --access-log (the server's gunicorn access log, format "%(m)s %(U)s %(s)s %({content-length}o)s")
the requests that reached the server during each load and the bytes it sent are counted
from the server's side too: that count is exact whatever the browser reports.

Usage: python -m bench.page_weight http://127.0.0.1:PORT/matches/ID [--access-log LOG] [--json OUT]
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def is_static(path: str) -> bool:
    # /js/<version>/: the page's ES modules (scorekeeper/web/pages/pwa.py).
    return path.startswith("/static/") or path.startswith("/vendor/") or path.startswith("/js/")


def settle(page, seconds: float = 1.5) -> None:
    """Wait until the page and its service worker stop fetching (htmx's load-time preview included)."""
    try:
        page.wait_for_load_state("networkidle", timeout=15000)
    except Exception:  # noqa: BLE001 - a page that never idles is still measured
        pass
    time.sleep(seconds)


def server_side(log: Path | None, start: int) -> dict[str, Any] | None:
    """The requests the server logged from byte `start` of its access log on."""
    if log is None:
        return None
    with open(log, "rb") as handle:
        handle.seek(start)
        lines = handle.read().decode("utf-8", "replace").splitlines()
    requests = []
    for line in lines:
        parts = line.split()
        if len(parts) == 4:
            method, path, status, size = parts
            requests.append({"method": method, "path": path, "status": int(status),
                             "bytes": int(size) if size.isdigit() else 0})
    return {
        "requests": len(requests),
        "static_requests": sum(1 for r in requests if is_static(r["path"])),
        "body_bytes": sum(r["bytes"] for r in requests),
        "lines": requests,
    }


def log_size(log: Path | None) -> int:
    return log.stat().st_size if log is not None and log.exists() else 0


def load(context, url: str, first: bool) -> list[dict[str, Any]]:
    """Open `url` in a new tab and return every response the browser saw for it."""
    responses = []

    def handler(response) -> None:
        responses.append(response)

    context.on("response", handler)
    page = context.new_page()
    page.goto(url, wait_until="load", timeout=30000)
    if first:
        # The first load installs the service worker, which fetches the app shell: wait for it.
        page.evaluate("() => navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : false")
    settle(page)
    context.remove_listener("response", handler)
    rows = []
    for response in responses:
        request = response.request
        try:
            sizes = request.sizes()
        except Exception:  # noqa: BLE001 - e.g. a response the browser discarded
            sizes = {"responseBodySize": 0, "responseHeadersSize": 0}
        try:
            body = response.body()
        except Exception:  # noqa: BLE001 - redirects and opaque bodies
            body = b""
        headers = response.headers
        from_sw = response.from_service_worker
        # A request made by the service worker itself (its install, or network-first pages).
        by_sw = getattr(request, "service_worker", None) is not None
        rows.append({
            "url": urlsplit(response.url).path,
            "method": request.method,
            "status": response.status,
            "served_by_service_worker": from_sw,
            "fetched_by_service_worker": by_sw,
            "network": not from_sw,
            "encoded_body_bytes": max(0, sizes.get("responseBodySize", 0)) if not from_sw else 0,
            "header_bytes": max(0, sizes.get("responseHeadersSize", 0)) if not from_sw else 0,
            "body_bytes": len(body),
            "gzip_bytes": len(gzip.compress(body, 6)) if body else None,
            "content_encoding": headers.get("content-encoding", ""),
        })
    page.close()
    # The service worker's own fetches expose no body: use another response's for the same path.
    known = {row["url"]: row["gzip_bytes"] for row in rows if row["gzip_bytes"]}
    for row in rows:
        if row["gzip_bytes"] is None:
            row["gzip_bytes"] = known.get(row["url"], 0)
    return rows


def is_engine(path: str) -> bool:
    """The phone's rules engine, fetched in the background from the second visit on (bench.engine measures it)."""
    return path.startswith("/engine/")


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    engine = [row for row in rows if row["network"] and is_engine(row["url"])]
    network = [row for row in rows if row["network"] and not is_engine(row["url"])]
    return {
        "engine_requests": len(engine),
        "engine_body_bytes": sum(row["encoded_body_bytes"] for row in engine),
        "responses": len(rows),
        "network_requests": len(network),
        "served_by_service_worker": sum(1 for row in rows if row["served_by_service_worker"]),
        "network_static_requests": sum(1 for row in network if is_static(row["url"])),
        "transferred_body_bytes": sum(row["encoded_body_bytes"] for row in network),
        "transferred_bytes_with_headers": sum(row["encoded_body_bytes"] + row["header_bytes"] for row in network),
        "uncompressed_body_bytes": sum(row["body_bytes"] for row in network),
        "gzip_body_bytes": sum(row["gzip_bytes"] for row in network),
        "compressed_by_server": any(row["content_encoding"] for row in network),
        "rows": rows,
    }


def measure(url: str, access_log: Path | None = None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="sk-bench-profile-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS, service_workers="allow"
        )
        try:
            start = log_size(access_log)
            first = summary(load(context, url, first=True))
            time.sleep(0.5)  # gunicorn writes its access log after the response
            first["server"] = server_side(access_log, start)
            start = log_size(access_log)
            repeat = summary(load(context, url, first=False))
            time.sleep(0.5)
            repeat["server"] = server_side(access_log, start)
        finally:
            context.close()
    return {"url": urlsplit(url).path, "first": first, "repeat": repeat}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--json", help="write the result here as JSON")
    parser.add_argument("--access-log", type=Path, help="the server's access log, to count from its side")
    args = parser.parse_args()
    result = measure(args.url, args.access_log)
    for name in ("first", "repeat"):
        part = result[name]
        print(f"{name} load: {part['network_requests']} network requests "
              f"({part['network_static_requests']} static), {part['served_by_service_worker']} served by the service worker, "
              f"{part['transferred_body_bytes']} body bytes on the wire ({part['gzip_body_bytes']} if gzipped); "
              f"in the background: the engine, {part['engine_requests']} requests, {part['engine_body_bytes']} bytes",
              file=sys.stderr)
        if part.get("server"):
            server = part["server"]
            print(f"  server saw {server['requests']} requests ({server['static_requests']} static), "
                  f"sent {server['body_bytes']} body bytes", file=sys.stderr)
        for row in part["rows"]:
            print(f"  {row['method']:4} {row['status']} {row['url']:48} wire {row['encoded_body_bytes']:>7} "
                  f"body {row['body_bytes']:>7} gzip {row['gzip_bytes']:>6} "
                  f"{'SW-served' if row['served_by_service_worker'] else ''}{' SW-fetched' if row['fetched_by_service_worker'] else ''}",
                  file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
