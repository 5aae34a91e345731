"""The match page's changing blocks, each to replace its element on the page out of band
(htmx's hx-swap-oob): a polling phone's live refresh, and a Save made in place by the page's
script (static/js/page/save.js), whose answer carries them instead of a new page."""
from __future__ import annotations

from typing import Any

from flask import Response, request
from jinja2_fragments.flask import render_blocks

# The blocks of match.html that a phone polling for changes gets refreshed.
LIVE_BLOCKS = ["scoreboard", "progress", "rounds", "history"]


def blocks_response(context: dict[str, Any], status: int = 200, entry: bool = True) -> Response:
    """The match page's changing blocks, each to replace its element on the page out of band
    (htmx's hx-swap-oob), with the version they show (the page's live sync goes on from it)."""
    blocks = LIVE_BLOCKS + (["entry"] if entry else [])
    response = Response(render_blocks("match.html", blocks, **{**context, "oob": True}), status=status)
    response.headers["ETag"] = context["etag"]
    response.headers["Cache-Control"] = "no-store"
    return response


def scripted() -> bool:
    """Whether the page's script sent this form (save.js), to swap in what changed: without
    JavaScript the browser posts it and is sent on to the page (303)."""
    return request.headers.get("HX-Request") == "true"
