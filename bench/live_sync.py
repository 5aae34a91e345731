"""Live sync (issue 26): phone B's update time with the match's stream against polling, and how many phones with streams open one gunicorn holds.

Everything runs on 127.0.0.1 against gunicorn gthread, on a fresh database of its own.

1. **Update time** (docs/hosting.md's production command: gthread 2 workers x 4 threads, the default 2
   streams per worker). Phone A records `--rounds` rounds, each after a random pause of
   0.3-1.8 s; phone B does what static/js/page/live.js does and the figure is the time from A
   sending the round to B having its refreshed blocks: told by the stream (push), B fetches
   the match JSON (If-None-Match) and the page's live blocks; polling, B asks for the match
   JSON every 1.5 s, and fetches the blocks when it changed. B's requests while nothing
   changes are counted too.
2. **Phones held**: for each `--caps` value S, gunicorn gthread 2 workers x (S + 4)
   threads with SCOREKEEPER_LIVE_STREAMS=S; 2 x S phones (four to a match) open their
   streams (a 204 is asked again, at most OPEN_ATTEMPTS times a phone); then one more phone
   is refused; each match gets a round and the time until its four phones are told is
   taken; the health endpoint is timed before and while the streams are held, and the
   workers' resident memory is read from /proc.

Usage: python -m bench.live_sync [sqlite|postgresql] [--rounds 20] [--caps 8,32,64] [--port PORT]
PostgreSQL: the database `bench_live_sync` at 127.0.0.1:5432 (user postgres), dropped and
re-created. Writes bench/results/live-sync-<database>.json.
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is on sys.path and the project root is not: import from the root.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import queue  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

from bench.scale import database_url  # noqa: E402
from bench.seed import make_app, upgrade_schema  # noqa: E402
from bench.server import HOST, RESULTS, Server, ServerConfig  # noqa: E402
from tests.support.picks import an_endless_game  # noqa: E402

PG_DATABASE = "bench_live_sync"
POLL_SECONDS = 1.5  # static/js/page/live.js POLL_MS
PAUSE = (0.3, 1.8)
# How long phone B is watched while nothing changes (its requests counted).
IDLE_SECONDS = 6.0
# Every wait of the benchmark is bounded: a phone never told within this counts as lost.
TOLD_WITHIN = 10.0
OPEN_ATTEMPTS = 60
MAX_PHONES = 256
HEALTH_SAMPLES = 40
GAME, PLAYERS, OPTIONS, HANDS = an_endless_game(["Ann", "Bob", "Cid", "Dee"])
# Every client here is 127.0.0.1: the per-address budgets would refuse the matches.
ROOMY_LIMITS = "anonymous-match-address=100000,sign-up-address=100000,login-address=100000"
TAG = re.compile(r'"v(\d+)')


def log(message: str) -> None:
    print(f"[live_sync {time.strftime('%H:%M:%S')}] {message}", flush=True)


def connection(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection(HOST, port, timeout=TOLD_WITHIN * 3)


def call(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
    payload = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", **(headers or {})} if payload else dict(headers or {})
    for attempt in range(2):
        try:
            conn.request(method, path, body=payload, headers=sent)
            response = conn.getresponse()
            return response.status, response.read(), dict(response.getheaders())
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # gunicorn closed the idle keep-alive connection (after 2 s): a browser opens
            # another and sends again, and so does this phone (once).
            conn.close()
            if attempt:
                raise
    raise AssertionError("unreachable")


def version_of(etag: str | None) -> int:
    found = TAG.search(etag or "")
    return int(found[1]) if found else 0


def new_match(port: int) -> str:
    conn = connection(port)
    try:
        status, body, _ = call(conn, "POST", "/api/v1/matches", {"game": GAME.id, "players": PLAYERS, "options": OPTIONS})
        assert status == 201, (status, body[:300])
        return json.loads(body)["id"]
    finally:
        conn.close()


class Recorder:
    """Phone A: records a round, the moment it sends it and the version it made."""

    def __init__(self, port: int, match_id: str) -> None:
        self.conn, self.match_id, self.hands = connection(port), match_id, 0

    def record(self) -> tuple[float, int]:
        hand = HANDS[self.hands % len(HANDS)]
        self.hands += 1
        sent = time.perf_counter()
        status, body, headers = call(self.conn, "POST", f"/api/v1/matches/{self.match_id}/rounds", hand)
        assert status == 201, (status, body[:300])
        return sent, version_of(headers.get("ETag"))


class Refresher:
    """What phone B does once it knows of a change: the match JSON (If-None-Match), then the blocks."""

    def __init__(self, port: int, match_id: str) -> None:
        self.conn, self.match_id, self.etag, self.requests = connection(port), match_id, "", 0

    def check(self) -> int | None:
        """The new version if the match changed (the blocks fetched), else None."""
        self.requests += 1
        status, _body, headers = call(self.conn, "GET", f"/api/v1/matches/{self.match_id}", headers={
            "If-None-Match": self.etag, "Accept": "application/json"})
        if status != 200:
            return None
        self.etag = headers.get("ETag", "")
        self.requests += 1
        status, _body, _headers = call(self.conn, "GET", f"/matches/{self.match_id}/live?entry=1", headers={"HX-Request": "true"})
        assert status == 200, status
        return version_of(self.etag)


def read_events(response: http.client.HTTPResponse, told: queue.Queue, stop: threading.Event) -> str:
    """Put (version, when) for each version event until the stream ends; 'ended' or 'stopped'."""
    event = ""
    try:
        while not stop.is_set():
            line = response.readline()
            if not line:
                return "ended"
            text = line.decode().rstrip("\r\n")
            if text.startswith("event:"):
                event = text[6:].strip()
            elif text.startswith("data:") and event == "version":
                told.put((int(text[5:].strip()), time.perf_counter()))
            elif not text:
                event = ""
    except (OSError, http.client.HTTPException, ValueError, AttributeError):  # AttributeError: closed under it
        return "stopped" if stop.is_set() else "ended"
    return "stopped"


class Phone:
    """A phone holding the match's stream (reopened when it ends, as the browser does)."""

    def __init__(self, port: int, match_id: str) -> None:
        self.port, self.match_id = port, match_id
        self.told: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.conn: http.client.HTTPConnection | None = None
        self.refused = self.reopened = 0
        self.thread: threading.Thread | None = None

    def open(self) -> bool:
        """Open the stream and read it in a thread of its own; False if refused every time."""
        response = self._connect()
        if response is None:
            return False
        self.thread = threading.Thread(target=self._read, args=(response,), daemon=True)
        self.thread.start()
        return True

    def _connect(self) -> http.client.HTTPResponse | None:
        """The stream's answer, asking again after a 204 (as the extension does, without its waits)."""
        for _attempt in range(OPEN_ATTEMPTS):
            conn = connection(self.port)
            conn.request("GET", f"/matches/{self.match_id}/events", headers={"Accept": "text/event-stream"})
            response = conn.getresponse()
            if response.status == 200:
                self.conn = conn
                return response
            response.read()
            conn.close()
            self.refused += 1
        return None

    def _read(self, response: http.client.HTTPResponse) -> None:
        while read_events(response, self.told, self.stop) == "ended" and not self.stop.is_set():
            # The stream's time is up: the browser opens it again after its `retry` (1 s).
            self.reopened += 1
            time.sleep(1.0)
            if self.conn is not None:
                self.conn.close()
            try:
                reopened = self._connect()
            except (OSError, http.client.HTTPException):
                return  # the server is going away
            if reopened is None:
                return
            response = reopened

    def wait_for(self, version: int) -> float | None:
        """When the phone was told `version` (or a later one); None if not within TOLD_WITHIN."""
        deadline = time.perf_counter() + TOLD_WITHIN
        while (left := deadline - time.perf_counter()) > 0:
            try:
                told, when = self.told.get(timeout=left)
            except queue.Empty:
                return None
            if told >= version:
                return when
        return None

    def close(self) -> None:
        self.stop.set()
        if self.conn is not None:
            self.conn.close()


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {}
    return {
        "n": len(ordered),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 1),
        "p50_ms": round(ordered[len(ordered) // 2] * 1000, 1),
        "p90_ms": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }


def update_by_push(port: int, rounds: int, rng: random.Random) -> dict[str, Any]:
    match_id = new_match(port)
    phone, refresher, recorder = Phone(port, match_id), Refresher(port, match_id), Recorder(port, match_id)
    assert phone.open(), "phone B's stream was refused"
    phone.wait_for(1)
    refresher.check()
    refresher.requests = 0
    idle_started = time.perf_counter()
    time.sleep(IDLE_SECONDS)  # B idle: what does it ask meanwhile? (nothing: the stream is open)
    idle_requests, idle_seconds = refresher.requests, time.perf_counter() - idle_started
    told_after, updated_after, lost = [], [], 0
    for _ in range(rounds):
        time.sleep(rng.uniform(*PAUSE))
        sent, version = recorder.record()
        when = phone.wait_for(version)
        if when is None:
            lost += 1
            continue
        refresher.check()
        told_after.append(when - sent)
        updated_after.append(time.perf_counter() - sent)
    phone.close()
    return {"told": summary(told_after), "updated": summary(updated_after), "lost": lost,
            "idle_requests": idle_requests, "idle_seconds": round(idle_seconds, 1)}


def update_by_polling(port: int, rounds: int, rng: random.Random) -> dict[str, Any]:
    match_id = new_match(port)
    refresher, recorder = Refresher(port, match_id), Recorder(port, match_id)
    refresher.check()
    refresher.requests = 0
    seen: queue.Queue = queue.Queue()
    stop = threading.Event()

    def poll() -> None:
        tick = time.perf_counter()
        while not stop.is_set():
            version = refresher.check()
            if version is not None:
                seen.put((version, time.perf_counter()))
            tick += POLL_SECONDS
            stop.wait(max(0.0, tick - time.perf_counter()))

    poller = threading.Thread(target=poll, daemon=True)
    idle_started = time.perf_counter()
    poller.start()
    time.sleep(IDLE_SECONDS)
    idle_requests, idle_seconds = refresher.requests, time.perf_counter() - idle_started
    updated_after, lost = [], 0
    for _ in range(rounds):
        time.sleep(rng.uniform(*PAUSE))
        sent, version = recorder.record()
        deadline = time.perf_counter() + TOLD_WITHIN
        while True:
            try:
                got, when = seen.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                lost += 1
                break
            if got >= version:
                updated_after.append(when - sent)
                break
    stop.set()
    poller.join(timeout=TOLD_WITHIN)
    return {"updated": summary(updated_after), "lost": lost,
            "idle_requests": idle_requests, "idle_seconds": round(idle_seconds, 1)}


def worker_memory_kib(server: Server) -> int:
    """Resident memory of the server's processes (master and workers), from /proc."""
    assert server.process is not None
    group, total = server.process.pid, 0
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            if int(stat[stat.rindex(")") + 2:].split()[2]) != group:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return total


def health_times(port: int) -> dict[str, float]:
    conn = connection(port)
    times = []
    try:
        for _ in range(HEALTH_SAMPLES):
            started = time.perf_counter()
            status, _body, _headers = call(conn, "GET", "/api/v1/health")
            assert status == 200, status
            times.append(time.perf_counter() - started)
    finally:
        conn.close()
    return summary(times)


def phones_held(kind: str, cap: int, port: int) -> dict[str, Any]:
    phones_wanted = min(2 * cap, MAX_PHONES)
    url = database_url(kind, PG_DATABASE, "live-sync.sqlite")
    upgrade_schema(make_app(url))
    config = ServerConfig("gthread", 2, cap + 4)
    os.environ["SCOREKEEPER_LIVE_STREAMS"] = str(cap)
    with Server(url, config, port=port, log_name=f"gunicorn-live-sync-{kind}-{cap}") as server:
        matches = [new_match(port) for _ in range((phones_wanted + 3) // 4)]
        memory_before, health_before = worker_memory_kib(server), health_times(port)
        phones: list[Phone] = []
        opened_at = time.perf_counter()
        for index in range(phones_wanted):
            phone = Phone(port, matches[index // 4])
            if phone.open():
                phones.append(phone)
        open_seconds = time.perf_counter() - opened_at
        for phone in phones:
            phone.wait_for(1)
        one_more = Phone(port, matches[0])
        one_more_refused = not one_more.open()
        one_more.close()
        memory_held, health_held = worker_memory_kib(server), health_times(port)
        told_all, lost = [], 0
        for match_id in matches:
            table = [phone for phone in phones if phone.match_id == match_id]
            recorder = Recorder(port, match_id)
            sent, version = recorder.record()
            whens = [phone.wait_for(version) for phone in table]
            if None in whens:
                lost += 1
            else:
                told_all.append(max(w for w in whens if w is not None) - sent)
            recorder.conn.close()
        for phone in phones:
            phone.close()
    os.environ.pop("SCOREKEEPER_LIVE_STREAMS", None)
    return {
        "config": f"{config.name}, SCOREKEEPER_LIVE_STREAMS={cap}",
        "phones_wanted": phones_wanted,
        "phones_held": len(phones),
        "refusals_while_opening": sum(phone.refused for phone in phones),
        "open_seconds": round(open_seconds, 2),
        "one_more_refused": one_more_refused,
        "round_to_whole_table_told": summary(told_all),
        "tables_not_told": lost,
        "reopened": sum(phone.reopened for phone in phones),
        "health_before": health_before,
        "health_while_held": health_held,
        "memory_kib_before": memory_before,
        "memory_kib_while_held": memory_held,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--caps", default="8,32,64")
    parser.add_argument("--port", type=int, default=8761)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    os.environ["SCOREKEEPER_RATE_LIMITS"] = ROOMY_LIMITS
    # gunicorn waits this long for held streams when stopped (30 s by default).
    os.environ["GUNICORN_CMD_ARGS"] = "--graceful-timeout 2"
    rng = random.Random(args.seed)
    result: dict[str, Any] = {"database": args.database, "game": GAME.id, "rounds": args.rounds,
                              "load_before": os.getloadavg()[0]}
    url = database_url(args.database, PG_DATABASE, "live-sync.sqlite")
    upgrade_schema(make_app(url))
    config = ServerConfig("gthread", 2, 4)
    with Server(url, config, port=args.port, log_name=f"gunicorn-live-sync-{args.database}"):
        log(f"update time by push, {args.rounds} rounds ({config.name})")
        result["push"] = update_by_push(args.port, args.rounds, rng)
        log(f"push: {result['push']}")
        log(f"update time by polling every {POLL_SECONDS} s, {args.rounds} rounds")
        result["polling"] = update_by_polling(args.port, args.rounds, rng)
        log(f"polling: {result['polling']}")
    result["held"] = []
    for cap in (int(text) for text in args.caps.split(",") if text):
        log(f"phones held with {cap} streams a worker")
        held = phones_held(args.database, cap, args.port)
        log(json.dumps(held))
        result["held"].append(held)
    result["load_after"] = os.getloadavg()[0]
    out = RESULTS / f"live-sync-{args.database}.json"
    out.write_text(json.dumps(result, indent=2))
    log(f"wrote {out}")


if __name__ == "__main__":
    main()
