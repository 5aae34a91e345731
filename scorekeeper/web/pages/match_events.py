"""The match's live stream: server-sent events telling a phone the match's version whenever it moves.

The stream carries the version only (`event: version`, `data: 8`): the phone compares it with
its page's ETag and, when it moved, fetches its refresh as a polling phone does (in its own
language, with its own rights), so nothing pushed carries one reader's language. The page
connects with htmx's SSE extension (templates/match.html); where the stream cannot be opened
the phone polls as before (static/js/page/live.js).

A held stream takes one of its worker's threads (gunicorn gthread), so each worker process
holds at most SCOREKEEPER_LIVE_STREAMS at once and answers any stream beyond them with 204
(the phone polls, and the extension asks again later, less and less often); a
single-threaded worker holds none. Each stream ends after LIVE_STREAM_SECONDS and the
browser reopens it by itself: a phone put away never keeps a thread for long, and the
reopened stream begins with the current version, so nothing falls between two streams.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from time import monotonic

from flask import Response, current_app, request

from ...extensions import per_app
from ...identity import current_actor
from ...services import matches as service
from ...services.matches.changes import ChangeHub, change_hub
from .blueprint import bp

# How long the browser waits before reopening a stream that ended (the SSE `retry` field):
# a round saved in that gap reaches the phone when the new stream sends its first version.
REOPEN_MILLISECONDS = 500


def stream_slots() -> threading.BoundedSemaphore:
    """The streams this process may still open (one semaphore per app and process)."""
    count = max(current_app.config["SCOREKEEPER_LIVE_STREAMS"], 1)
    return per_app("scorekeeper.stream_slots", lambda: threading.BoundedSemaphore(count))


def version_event(version: int) -> str:
    return f"event: version\ndata: {version}\n\n"


def version_stream(hub: ChangeHub, match_id: str, seconds: float, heartbeat: float) -> Iterator[str]:
    """The match's version now, then each newer one, until `seconds` passed or the match is gone."""
    with hub.watch(match_id) as watch:
        if watch.version is None:
            return
        sent = watch.version
        yield f"retry: {REOPEN_MILLISECONDS}\n" + version_event(sent)
        ends = monotonic() + seconds
        while (left := ends - monotonic()) > 0:
            if not watch.wait(min(heartbeat, left)):
                # A comment line: a phone that went away shows as a failed write.
                yield ":\n\n"
                continue
            if watch.gone:
                return
            if watch.version is not None and watch.version != sent:
                sent = watch.version
                yield version_event(sent)


@bp.get("/matches/<match_id>/events")
def match_events(match_id: str):
    # Who may read the match may follow it (a 404 or 403 otherwise, as for the page).
    service.readable_match(match_id, current_actor())
    config = current_app.config
    hub, slots = change_hub(), stream_slots()
    held = (
        config["SCOREKEEPER_LIVE_STREAMS"] > 0
        and request.environ.get("wsgi.multithread", False)
        and slots.acquire(blocking=False)
    )
    if not held:
        # No thread to spare: 204 tells the browser not to reopen at once; the phone polls.
        return Response(status=204, headers={"Cache-Control": "no-store"})
    # The slot is taken last: from here on the server gives it back when it closes the response.
    response = Response(
        version_stream(hub, match_id, config["LIVE_STREAM_SECONDS"], config["LIVE_HEARTBEAT_SECONDS"]),
        mimetype="text/event-stream",
        # A proxy must pass each event on at once (nginx buffers otherwise).
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(slots.release)
    return response
