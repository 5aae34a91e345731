"""The match's live stream through real gunicorn gthread workers: a round written through one worker reaches a stream held by another."""
from __future__ import annotations

import http.client
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.gunicorn_server import ROOMY_LIMITS, Gunicorn, start_gunicorn
from tests.support.server_calls import HANDS, HTTP_TIMEOUT, call, create_match, failure

pytestmark = pytest.mark.integration

# Each worker holds one stream: two held streams are then held by the two workers.
WORKERS = 2
STREAMS_PER_WORKER = 1
# A stream refused (204) is asked again; the kernel hands each connection to either worker.
OPEN_SECONDS = 30


class Stream:
    """One phone's stream, read event by event (comment lines skipped)."""

    def __init__(self, connection: http.client.HTTPConnection, response: http.client.HTTPResponse) -> None:
        self.connection, self.response = connection, response

    def next_event(self) -> tuple[str, str]:
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline()
            assert line, "the stream ended"
            text = line.decode().rstrip("\r\n")
            if not text:
                if "event" in fields:
                    return fields["event"], fields.get("data", "")
                continue  # a comment (the heartbeat) or a `retry` alone
            name, _colon, value = text.partition(":")
            if name:
                fields[name] = value.lstrip(" ")

    def close(self) -> None:
        self.connection.close()


def open_stream(server: Gunicorn, match_id: str) -> Stream | None:
    """The match's stream, or None where the worker that took the connection has none to spare (204)."""
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=HTTP_TIMEOUT)
    connection.request("GET", f"/matches/{match_id}/events", headers={"Accept": "text/event-stream"})
    response = connection.getresponse()
    if response.status == 204:
        connection.close()
        return None
    assert response.status == 200, failure(f"stream: {response.status} {response.read()[:300]!r}", server)
    assert response.headers["Content-Type"].startswith("text/event-stream")
    return Stream(connection, response)


@pytest.fixture
def streaming_server(integration_database_url: str, tmp_path: Path) -> Iterator[Gunicorn]:
    """gunicorn as docs/hosting.md runs it (gthread), two workers each holding at most one stream."""
    server = start_gunicorn(
        integration_database_url,
        tmp_path / "gunicorn.log",
        workers=WORKERS,
        extra_env={**ROOMY_LIMITS, "SCOREKEEPER_LIVE_STREAMS": str(STREAMS_PER_WORKER)},
        extra_args=["--worker-class", "gthread", "--threads", "4"],
    )
    yield server
    server.stop()


def held_streams(server: Gunicorn, match_id: str, count: int) -> list[Stream]:
    """`count` streams, one a worker: a worker holding its one stream answers 204, so the
    phone asks again, a little later (the other worker may still be starting: on a loaded
    machine 60 quick asks all met the first one), for OPEN_SECONDS at the most."""
    streams: list[Stream] = []
    attempts = 0
    deadline = time.monotonic() + OPEN_SECONDS
    while time.monotonic() < deadline:
        attempts += 1
        stream = open_stream(server, match_id)
        if stream is None:
            time.sleep(0.1)
            continue
        streams.append(stream)
        if len(streams) == count:
            return streams
    pytest.fail(failure(f"{len(streams)} of {count} streams held after {attempts} attempts in {OPEN_SECONDS} s", server))


def each(streams: list[Stream], action: Callable[[Stream], tuple[str, str]]) -> list[tuple[str, str]]:
    return [action(stream) for stream in streams]


def test_a_round_written_through_one_worker_reaches_a_stream_held_by_the_other(streaming_server):
    server = streaming_server
    match_id = create_match(server)
    streams = held_streams(server, match_id, WORKERS * STREAMS_PER_WORKER)
    try:
        # Each stream begins with the match's version as it is.
        assert each(streams, Stream.next_event) == [("version", "1")] * len(streams)
        # Every worker holds all the streams it may: the next phone is told to poll.
        assert open_stream(server, match_id) is None
        # ... and the workers still answer requests beside the streams they hold.
        for number, hand in enumerate(HANDS[:2], start=2):
            reply = call("POST", f"{server.url}/api/v1/matches/{match_id}/rounds", hand)
            assert reply.status == 201, failure(f"round: {reply}", server)
            # Whichever worker wrote it, the stream held by the other was told too.
            assert each(streams, Stream.next_event) == [("version", str(number))] * len(streams), failure(
                "a stream missed a round", server
            )
    finally:
        for stream in streams:
            stream.close()


def test_a_round_written_through_another_server_reaches_the_stream(streaming_server, integration_database_url, tmp_path):
    """Two servers on one database: nothing a stream hears of is kept in one server."""
    other = start_gunicorn(integration_database_url, tmp_path / "other.log", workers=1, extra_env=ROOMY_LIMITS)
    try:
        match_id = create_match(other)
        (stream,) = held_streams(streaming_server, match_id, 1)
        try:
            assert stream.next_event() == ("version", "1")
            reply = call("POST", f"{other.url}/api/v1/matches/{match_id}/rounds", HANDS[0])
            assert reply.status == 201, failure(f"round: {reply}", other)
            assert stream.next_event() == ("version", "2"), failure("the stream missed the round", streaming_server)
        finally:
            stream.close()
    finally:
        other.stop()
