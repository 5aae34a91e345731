"""GET match JSON below Flask: a casual match's stored document (or its stored brotli or gzip form) straight out of its one query, with the very headers the Flask route answers with.

Flask's request machinery (the contexts, the session, the hooks, flask-smorest's
wrapper, flask-compress) costs a GET more than the query: this WSGI layer answers the
common read, an anonymous reader of a casual match whose document of the current
version is stored, and hands every other request to the app unchanged: a signed-in
reader or an API token (their account's language), a league match (its access check),
a document not yet stored, a query string, HEAD, anything the input guards would refuse,
and a database error (the app's error answers). tests/api/test_document_reads.py holds
its answers to the Flask route's, header by header.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import http_date, parse_cookie

from . import etags
from .encodings import chosen_coding, enabled_codings
from .services.matches import document_reader
from .web.security import security_headers
from .wsgi_layers import VARY, Answer, BelowFlask, StartResponse


class DocumentReads(BelowFlask):
    """The WSGI layer in front of `app`'s own (`downstream`)."""

    PREFIX = "/api/v1/matches/"

    def __init__(self, app: Flask, downstream: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        super().__init__(app, downstream)
        self.read = document_reader(app)
        self.fixed = [*security_headers(app), ("Vary", VARY), ("Cache-Control", "no-cache")]
        self.codings = enabled_codings(app.config)
        self.min_size = app.config["COMPRESS_MIN_SIZE"]

    def answer(self, environ: dict[str, Any], match_id: str) -> Answer | None:
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        if self.remember_cookie in cookies or not self.anonymous(cookies.get(self.session_cookie)):
            return None
        language = self.language(cookies, environ)
        try:
            row = self.read(match_id, language)
        except SQLAlchemyError:
            return None  # the app answers (503 storage_unavailable, ...)
        if row is None or row.league_id is not None or row.document_version != row.version:
            return None
        tag = etags.match_etag(row.version, language)
        if etags.none_match(environ.get("HTTP_IF_NONE_MATCH"), row.version, language):
            return "304 NOT MODIFIED", [("ETag", tag), *self.fixed], b""
        body = row.body.encode()
        coding = chosen_coding(self.codings, environ.get("HTTP_ACCEPT_ENCODING", ""))
        if coding is None or len(body) < self.min_size:
            headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body))), ("ETag", tag)]
            return "200 OK", [*headers, *self.fixed], body
        encoded = row.body_br if coding == "br" else row.body_gzip if coding == "gzip" else None
        if encoded is None:
            return None
        headers = [
            ("Content-Type", "application/json"), ("Content-Length", str(len(encoded))),
            ("Content-Encoding", coding), ("ETag", etags.coded_etag(tag, coding)), ("Date", http_date()),
        ]
        return "200 OK", [*headers, *self.fixed], bytes(encoded)

    def anonymous(self, cookie: str | None) -> bool:
        """Whether the session cookie signs nobody in."""
        data = self.session(cookie)
        return data is not None and "_user_id" not in data and "_remember" not in data


def install_document_reads(app: Flask) -> None:
    if app.config.get("FAST_DOCUMENT_READS", True):
        app.wsgi_app = DocumentReads(app, app.wsgi_app)  # type: ignore[method-assign]
