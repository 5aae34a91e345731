"""The match page's ETag: a reload or a poll of a page the phone already has costs a 304, not a render.

The page is the match's version in the reader's language, as the reader may act on it,
with forms carrying this session's CSRF token: the tag is a hash of all of that (the
match's and its league's version, the language, the build of the code, templates and
static files, who reads it from which phone and with what rights, the session's CSRF
secret, and the page's own query). The CSRF token in the page stays valid as long as
the session keeps that secret (flask-wtf signs the same secret into every token, with no
time limit here), and the round form's idempotency key is used up only by a write, which
makes a new version. A request with no CSRF secret yet or no device cookie gets no tag:
its page makes both, and the next one gets its tag.
"""
from __future__ import annotations

import hashlib
from typing import Any

from flask import current_app, request, session

from ...builds import render_build
from ...etags import CODINGS
from ...services import Actor
from ...services.access import MatchRights
from ..vendor import installed_version
from .match_views import league_of
from .pwa import static_version

# The page's own query that changes what it shows ("Change the bids" opened).
PAGE_ARGUMENTS = ("change_bids",)


def page_build() -> str:
    """What renders the page besides the match: the code and templates (render_build) and
    the static files and vendored scripts the page names by version (once per process,
    every time in debug mode)."""
    cached = current_app.extensions.get("scorekeeper_page_build")
    if cached and not current_app.debug:
        return cached
    parts = [render_build(), static_version(), installed_version("htmx.org"), installed_version("pyodide")]
    build = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    current_app.extensions["scorekeeper_page_build"] = build
    return build


def page_etag(match: Any, actor: Actor, rights: MatchRights, language: str) -> str | None:
    """The page's ETag for this reader now (quoted), or None when it cannot be reused."""
    secret = session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    if not secret or actor.device is None:
        return None
    arguments = [request.args.get(name) for name in PAGE_ARGUMENTS]
    return page_tag(match.id, match.version, language, league_of(match), page_build(), actor, rights, secret, arguments)


def page_tag(
    match_id: str, version: int, language: str, league: Any, build: str, actor: Actor, rights: MatchRights,
    secret: str, arguments: list[str | None],
) -> str:
    """The tag (quoted) of what a page shows: see the module's docstring."""
    parts: list[Any] = [
        match_id, version, language,
        league.version if league is not None else None, league.name if league is not None else None,
        build, actor.user_id, actor.label, actor.key, actor.device,
        rights.write, rights.confirm, rights.rematch, rights.refusal,
        secret, arguments,
    ]
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f'"p{digest}"'


def page_tag_named(header: str | None, tag: str) -> bool:
    """Whether If-None-Match names `tag`, in any content coding's form (flask-compress
    sends `"p…:br"` with a compressed page), weak or strong."""
    if not header:
        return False
    wanted = tag.strip('"')
    for value in header.split(","):
        value = value.strip()
        if value == "*":
            return True
        value = value.removeprefix("W/").strip('"')
        value, _colon, coding = value.partition(":")
        if value == wanted and (not coding or coding in CODINGS):
            return True
    return False
