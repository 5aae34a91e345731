"""The match page from stored bytes: the whole page per match version and reader variant, stored once in the database, with the reader's own values filled in per request.

A reader variant is what the page shows alike to every reader of one kind: the
language, whether someone is signed in, the reader's rights (write, confirm, rematch,
and the words of a refusal) and the league's name (all a page shows of its league: a
write of another match of the league leaves it as it is); the match's version and the
build (code, templates, catalogs, static files, htmx and Pyodide) make a stored page
stale. What differs between two readers of one variant is left in the
stored page as marks: the session's CSRF token, the round form's idempotency key (each
page view gets a new one, as before) and the signed-in name; `filled` puts this
request's values in. The marks carry a nonce derived from the app's secret key, which
no player's text can guess. Several workers and servers share the stored page (the
database), never a copy in one process.

The page is stored compressed too (gzip_pieces): compressed once, with the marks as
slots, so a browser's request (every one takes gzip) compresses nothing; the values go
in as stored blocks of a few dozen bytes each.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from flask import current_app, render_template
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from ...gzip_pieces import assemble, pieces
from ...services import Actor
from ...services import matches as service
from ...services.access import MatchRights
from .match_views import league_of, match_context, new_key
from .page_tags import page_build

MARK_NAMES = ("csrf", "key", "user")


@dataclass(frozen=True)
class StoredReader:
    """`current_user` as the stored page shows it: signed in or not, the name a mark."""

    is_authenticated: bool
    username: Markup


def marks(app: Any = None) -> dict[str, str]:
    """The marks of this app (or `app`: one nonce from its secret key)."""
    app = app or current_app
    found = app.extensions.get("scorekeeper_page_marks")
    if found is None:
        key = app.secret_key or ""
        secret = key.encode() if isinstance(key, str) else key
        nonce = hashlib.sha256(b"stored page marks " + secret).hexdigest()[:20]
        # Private-use characters: nothing the app writes itself uses them.
        found = {name: f"\ue000{name}-{nonce}\ue000" for name in MARK_NAMES}
        app.extensions["scorekeeper_page_marks"] = found
    return found


def page_variant(signed_in: bool, rights: MatchRights, language: str, league: Any) -> str:
    parts = [language, signed_in, rights.write, rights.confirm, rights.rematch, rights.refusal,
             league.name if league is not None else None]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def stored_match_page(match: Any, actor: Actor, rights: MatchRights, language: str, gzip: bool = False) -> str | bytes:
    """The match page (GET, no query) for this reader: the stored page of their variant,
    rendered and stored first when this version has none, with their values filled in;
    with `gzip`, the page as a gzip body (Content-Encoding: gzip)."""
    signed_in = bool(current_user.is_authenticated)
    league = league_of(match)
    mark = marks()

    def render() -> tuple[str, bytes]:
        context = match_context(service.current_view(match.id, actor), rights=rights)
        context["idempotency_key"] = Markup(mark["key"])
        body = render_template(
            "match.html",
            **context,
            csrf_token=lambda: Markup(mark["csrf"]),
            current_user=StoredReader(is_authenticated=signed_in, username=Markup(mark["user"])),
        )
        return body, pieces(split(body), current_app.config["COMPRESS_LEVEL"])

    variant = page_variant(signed_in, rights, language, league)
    stored = service.stored_page_body(match, variant, page_build(), render, gzip=gzip)
    if isinstance(stored, bytes):
        return assemble(stored, [value.encode() for value in values(signed_in)])
    return filled(stored, signed_in)


def split(body: str) -> list[bytes | int]:
    """The page's stretches of text (UTF-8) and, between them, the numbers of its marks (MARK_NAMES)."""
    mark = marks()
    numbers = {mark[name]: number for number, name in enumerate(MARK_NAMES)}
    found = re.split("(" + "|".join(re.escape(text) for text in numbers) + ")", body)
    return [numbers[part] if index % 2 else part.encode() for index, part in enumerate(found)]


def values(signed_in: bool) -> list[str]:
    """This request's values of the marks, in MARK_NAMES' order (a page for nobody signed
    in shows no name: its mark, if one were there, stays as it is)."""
    mark = marks()
    name = str(escape(current_user.username)) if signed_in else mark["user"]
    return [generate_csrf(), new_key(), name]


def filled(body: str, signed_in: bool) -> str:
    """The stored page with this request's values in place of the marks."""
    return put_in(body, values(signed_in), marks())


def put_in(body: str, values: list[str], mark: dict[str, str]) -> str:
    """`body` with `values` (in MARK_NAMES' order) in place of the marks; a value that is
    its own mark (no name: nobody signed in) costs no pass over the page."""
    for name, value in zip(MARK_NAMES, values, strict=True):
        if value != mark[name]:
            body = body.replace(mark[name], value)
    return body
