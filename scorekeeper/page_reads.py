"""The match page below Flask: a returning phone's view of a casual match whose page is stored, in one query, with the very headers the Flask route answers with.

Flask's request machinery (the contexts, the session's and flask-login's work, the
hooks, the response object, flask-compress) cost a stored page more than the rest of it.
This WSGI layer answers the common view: a phone without an account (its session cookie
holds a CSRF secret and signs nobody in; its device cookie opened the match within
SEEN_REFRESH, so the view writes nothing) reading a casual match started without an
account (every such reader may write, confirm and rematch: one variant a language) whose
page of this version and build is stored. The reader's values go in as the route puts
them in: the CSRF token signed from the session's secret as flask-wtf signs it, a new
form key, the gzip pieces for a browser that takes gzip. Everything else goes to Flask
unchanged: a first visit (no session or CSRF secret yet: Flask makes them), a signed-in
or remembered session, an API token, a league match or one started with an account
(their access checks and the refusal's words), a device not seen lately (the view
records it), a page not stored yet, a query string, HEAD, a NUL anywhere in the headers,
a database error, debug mode. tests/web/test_page_reads.py holds its answers to the
Flask route's, header by header.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import http_date, parse_cookie

from .device import COOKIE as DEVICE_COOKIE
from .encodings import enabled_codings, gzip_coding
from .etags import coded_etag
from .gzip_pieces import assemble
from .services import Actor
from .services.access import MatchRights
from .services.matches import page_reader
from .web.pages.match_routes import PAGE_CACHE_CONTROL
from .web.pages.match_views import new_key
from .web.pages.page_tags import none_match, page_build, page_tag
from .web.pages.stored_pages import marks, page_variant, put_in
from .web.security import security_headers
from .wsgi_layers import NOT_ANONYMOUS, VARY, Answer, BelowFlask, StartResponse

# What a reader without an account may do with a casual match started without one.
EVERYONE = MatchRights(write=True, confirm=True, rematch=True, refusal=None)


class PageReads(BelowFlask):
    """The WSGI layer in front of `app`'s own (`downstream`)."""

    PREFIX = "/matches/"

    def __init__(self, app: Flask, downstream: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        super().__init__(app, downstream)
        self.read = page_reader(app)
        self.fixed = [*security_headers(app), ("Vary", VARY), ("Cache-Control", PAGE_CACHE_CONTROL)]
        self.codings = enabled_codings(app.config)
        self.csrf_field = app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
        self.signer: URLSafeTimedSerializer | None = None
        self.build: str | None = None

    def answer(self, environ: dict[str, Any], match_id: str) -> Answer | None:
        if self.app.debug or not self.app.config["STORED_MATCH_PAGES"]:
            return None
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        device = cookies.get(DEVICE_COOKIE)
        if self.remember_cookie in cookies or not device or not device.isalnum() or len(device) > 32:
            return None
        secret = self.csrf_secret(cookies.get(self.session_cookie))
        if secret is None:
            return None
        language = self.language(cookies, environ)
        coding = gzip_coding(self.codings, environ.get("HTTP_ACCEPT_ENCODING", ""))
        build = self.page_build()
        try:
            stored = self.read(match_id, device, page_variant(False, EVERYONE, language, None), build, coding is not None)
        except SQLAlchemyError:
            return None  # the app answers (503 storage_unavailable, ...)
        if stored is None:
            return None
        # The actor the route makes of a device without an account (identity.current_actor).
        actor = Actor(user_id=None, label=f"device {device[:8]}", key=f"device:{device}", device=device)
        tag = page_tag(match_id, stored.version, language, None, build, actor, EVERYONE, secret, [None])
        if none_match(environ.get("HTTP_IF_NONE_MATCH"), tag):
            return "304 NOT MODIFIED", [("ETag", tag), *self.fixed], b""
        mark = marks(self.app)
        values = [self.csrf_token(secret), new_key(), mark["user"]]
        if isinstance(stored.page, bytes):
            body = assemble(stored.page, [value.encode() for value in values])
            encoded = [("Content-Encoding", "gzip"), ("Date", http_date())]
            tag = coded_etag(tag, "gzip")
        else:
            body = put_in(stored.page, values, mark).encode()
            encoded = []
        headers = [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body))), *encoded]
        return "200 OK", [*headers, ("ETag", tag), *self.fixed], body

    def csrf_secret(self, cookie: str | None) -> str | None:
        """The CSRF secret of a session cookie that signs nobody in (Flask's reading of it:
        a bad signature or too old is an empty session), else None."""
        data = self.session(cookie) or {}
        secret = data.get(self.csrf_field)
        if any(key in data for key in NOT_ANONYMOUS) or not isinstance(secret, str) or not secret:
            return None
        return secret

    def csrf_token(self, secret: str) -> str:
        """flask-wtf's token for the session's secret (generate_csrf), by one kept signer."""
        if self.signer is None:
            key = self.app.config.get("WTF_CSRF_SECRET_KEY") or self.app.secret_key or ""
            self.signer = URLSafeTimedSerializer(key, salt="wtf-csrf-token")
        return str(self.signer.dumps(secret))

    def page_build(self) -> str:
        if self.build is None:
            with self.app.app_context():
                self.build = page_build()
        return self.build


def install_page_reads(app: Flask) -> None:
    if app.config.get("FAST_PAGE_READS", True):
        app.wsgi_app = PageReads(app, app.wsgi_app)  # type: ignore[method-assign]
