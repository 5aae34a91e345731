"""What bench/wait.py and bench/capacity.py share: a phone's keep-alive connection with its cookies, the match page's form fields, the server's CPU from /proc, percentiles.

Only 127.0.0.1 is ever contacted, every request with a timeout. Nothing here imports the app:
the phones speak HTTP to gunicorn as a browser or the API client does.
"""
from __future__ import annotations

import gzip
import html
import http.client
import json
import math
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench.server import HOST

# What Chromium sends; the app answers gzip (the stored page) or br (JSON) to it.
BROWSER_ENCODING = "gzip, deflate, br, zstd"
# Every client here is 127.0.0.1: the per-address budgets would refuse the matches.
ROOMY_LIMITS = "anonymous-match-address=100000,sign-up-address=100000,login-address=100000"
# A Nameless match that never ends (target 1,000,000), four players in two partnerships, and a
# round that is always legal and never ends it: the partnerships take 3 and 2 of 5 tricks.
GAME = "nameless"
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
OPTIONS = {"target": 1_000_000}
ROUND = {"tricks": [2, 1, 1, 1]}
VERSION = re.compile(r'v(\d+)')
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
LIVE_ETAG = re.compile(r'<div id="live"[^>]*data-etag="([^"]*)"')
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Reply:
    status: int
    body: bytes
    headers: list[tuple[str, str]]
    seconds: float  # from sending the request to its last byte read

    def header(self, name: str) -> str | None:
        lowered = name.lower()
        return next((value for key, value in self.headers if key.lower() == lowered), None)


@dataclass
class Phone:
    """One phone (a browser or the API client): its own keep-alive connection and cookies."""

    port: int
    timeout: float = 30.0
    encoding: str = BROWSER_ENCODING
    cookies: dict[str, str] = field(default_factory=dict)
    conn: http.client.HTTPConnection | None = None
    reconnects: int = 0

    def call(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> Reply:
        sent = {"Accept-Encoding": self.encoding, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        started = time.perf_counter()
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            try:
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # gunicorn closed the idle keep-alive connection (after 2 s): a browser opens
                # another and sends again, and so does this phone (once; the time counts).
                self.close()
                self.reconnects += 1
                if attempt:
                    raise
        elapsed = time.perf_counter() - started
        headers_got = response.getheaders()
        for name, value in headers_got:
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                cookie, _eq, content = pair.partition("=")
                self.cookies[cookie.strip()] = content.strip()
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return Reply(response.status, data, headers_got, elapsed)

    def json(self, method: str, path: str, payload: Any, headers: dict[str, str] | None = None) -> Reply:
        return self.call(method, path, json.dumps(payload).encode(),
                         {"Content-Type": "application/json", "Accept": "application/json", **(headers or {})})

    def form(self, path: str, fields: dict[str, str], headers: dict[str, str] | None = None) -> Reply:
        return self.call("POST", path, urlencode(fields).encode(),
                         {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})})

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def decoded(reply: Reply) -> str:
    """The body as text, decompressed as the browser would."""
    coding = (reply.header("Content-Encoding") or "").lower()
    body = reply.body
    if coding == "gzip":
        body = gzip.decompress(body)
    elif coding == "br":
        import brotli  # the app's own dependency (flask-compress)

        body = brotli.decompress(body)
    return body.decode()


@dataclass
class Page:
    """What a phone keeps of the match page it holds: its tag, the match version it shows and the round form's fields."""

    etag: str | None
    version: int
    fields: dict[str, str]


def read_page(reply: Reply) -> Page:
    text = decoded(reply)
    found = LIVE_ETAG.search(text)
    version = int(VERSION.search(html.unescape(found[1]))[1]) if found else 0
    fields: dict[str, str] = {}
    for name, value in HIDDEN.findall(text):
        fields.setdefault(name, html.unescape(value))  # the first form with it: the round form's csrf and version
    return Page(reply.header("ETag"), version, fields)


def version_of(etag: str | None) -> int:
    found = VERSION.search(etag or "")
    return int(found[1]) if found else 0


def round_form(page: Page, round_input: dict[str, Any] = ROUND) -> dict[str, str]:
    """The round form as the page's Save posts it: its hidden fields and one tricks_<seat> per seat."""
    fields = {name: page.fields[name] for name in ("csrf_token", "version", "expected_number", "idempotency_key")}
    for seat, tricks in enumerate(round_input["tricks"]):
        fields[f"tricks_{seat}"] = str(tricks)
    return fields


def new_match(phone: Phone, rounds: int) -> tuple[str, str]:
    """An endless Nameless match with `rounds` rounds, made and scored through the API: (id, ETag)."""
    reply = phone.json("POST", "/api/v1/matches", {"game": GAME, "players": PLAYERS, "options": OPTIONS})
    assert reply.status == 201, (reply.status, reply.body[:300])
    match_id, etag = json.loads(decoded(reply))["id"], reply.header("ETag") or ""
    for _ in range(rounds):
        reply = phone.json("POST", f"/api/v1/matches/{match_id}/rounds", ROUND, {"If-Match": etag})
        assert reply.status == 201, (reply.status, reply.body[:300])
        etag = reply.header("ETag") or ""
    return match_id, etag


# --------------------------------------------------------------------------- CPU from /proc


def children(parent: int) -> list[int]:
    """The pids whose parent is `parent` (gunicorn's workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry))
    return found


def stat_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system, all threads) the processes used so far, from /proc/<pid>/stat (10 ms ticks)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / CLOCK_TICKS


def run_time(pids: list[int]) -> float:
    """CPU seconds the processes' threads ran so far, in nanoseconds' precision (/proc/<pid>/task/*/schedstat)."""
    total = 0
    for pid in pids:
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
    return total / 1e9


def postgres_backends(database: str) -> list[int]:
    """The PostgreSQL backends serving `database` (their process title names it), when the server runs here."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                title = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if title.startswith("postgres: ") and f" {database} " in title:
                found.append(int(entry))
    return found


def own_cpu() -> float:
    """This process's CPU seconds (user + system, all threads)."""
    usage = os.times()
    return usage.user + usage.system


# --------------------------------------------------------------------------- figures


def percentile(values: list[float], share: float) -> float | None:
    """The nearest-rank percentile (share 0.5, 0.95, ...) of `values`; None when there are none."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.1f}"


def table(header: list[str], rows: list[list[str]]) -> str:
    """A plain text table (also valid Markdown)."""
    widths = [max(len(str(row[index])) for row in [header, *rows]) for index in range(len(header))]
    lines = ["| " + " | ".join(str(cell).ljust(width) for cell, width in zip(header, widths)) + " |",
             "|" + "|".join("-" * (width + 2) for width in widths) + "|"]
    lines += ["| " + " | ".join(str(cell).rjust(width) if index else str(cell).ljust(width)
                                 for index, (cell, width) in enumerate(zip(row, widths))) + " |" for row in rows]
    return "\n".join(lines)
