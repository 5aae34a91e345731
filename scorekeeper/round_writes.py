"""POST of a round through the API below Flask: the service's own write (services.matches.record_round) for a client without an account, with the very answer the Flask route gives.

Flask's request machinery (the contexts, the hooks, flask-smorest's and webargs'
wrappers, the response object, flask-compress) cost the hottest write more than its
statements. This WSGI layer takes the common case, a JSON round posted to
/api/v1/matches/<id>/rounds by a client without an account (no session cookie, or one
that signs nobody in and that Flask-Login has nothing more to write into; no remember
cookie; no API token), with or without a device cookie (a new device gets its cookie as
from the route), If-Match and Idempotency-Key, and records it with the route's own
service call in an app context, the reader's language set as Flask-Babel's. The write's
checks, statements and refusals are the service's: the match lock, If-Match, the
Idempotency-Key's replay, who may write (a league match or one started with an account
refuses a client without one), the rules, the stored snapshot and version (whose trigger
tells the live streams on PostgreSQL).

A success is answered here with the route's body and headers (recorded_answer), the
hooks' headers and flask-compress's coding. A refusal (ServiceError) or a database error
is rendered by the app's own error handlers and after-request hooks in a request context
pushed for it alone: the write is not run a second time. Everything else goes to Flask
unchanged, the body put back: a query (?number=), another method or path, a body that is
not a JSON object within the input guards' limits (their refusals are Flask's), a body
without Content-Length or over MAX_CONTENT_LENGTH, an Idempotency-Key the route refuses,
a NUL in a header, an account or a session Flask would write. `FAST_ROUND_WRITES = False`
sends every POST through Flask. tests/api/test_round_writes.py holds its answers to the
route's, header by header, with the database after each.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, g
from werkzeug.http import parse_cookie, parse_options_header
from werkzeug.wrappers import Response

from .api.rounds.resources import recorded_answer, usable_key
from .cookies import secure_for
from .device import COOKIE as DEVICE_COOKIE
from .device import device_cookie, known_device, new_device_id
from .encodings import chosen_coding, compressed, enabled_codings
from .etags import coded_etag
from .i18n import install_engine_translator, reader_language
from .identity import device_actor
from .input_guards import InputRefused, load_json
from .services.matches import record_round
from .web.security import security_headers
from .wsgi_layers import NOT_ANONYMOUS, VARY, Answer, BelowFlask, StartResponse


class RoundWrites(BelowFlask):
    """The WSGI layer in front of `app`'s own (`downstream`)."""

    METHOD = "POST"
    PREFIX = "/api/v1/matches/"
    SUFFIX = "/rounds"

    def __init__(self, app: Flask, downstream: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        super().__init__(app, downstream)
        self.fixed = [*security_headers(app), ("Vary", VARY)]
        self.codings = enabled_codings(app.config)
        self.min_size = app.config["COMPRESS_MIN_SIZE"]
        self.max_length = app.config["MAX_CONTENT_LENGTH"]

    def answer(self, environ: dict[str, Any], match_id: str) -> Answer | Response | None:
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        if self.remember_cookie in cookies or not self.anonymous(cookies.get(self.session_cookie)):
            return None
        mimetype, _options = parse_options_header(environ.get("CONTENT_TYPE", ""))
        length = environ.get("CONTENT_LENGTH", "")
        key = environ.get("HTTP_IDEMPOTENCY_KEY")
        if (
            mimetype != "application/json" or not length.isdigit() or not 0 < int(length) <= self.max_length
            or "HTTP_TRANSFER_ENCODING" in environ or (key is not None and not usable_key(key))
        ):
            return None
        data = environ["wsgi.input"].read(int(length))
        # Whatever the layer does not answer, Flask reads as it was sent.
        environ["wsgi.input"] = io.BytesIO(data)
        if len(data) != int(length):
            return None
        try:
            body = load_json(data)
        except InputRefused:
            return None  # the route's refusal, worded and rendered by Flask
        if not isinstance(body, dict):
            return None
        device = cookies.get(DEVICE_COOKIE)
        new_device = None if known_device(device) else new_device_id()
        actor = device_actor(new_device or device, environ.get("REMOTE_ADDR") or "unknown")
        language = self.language(cookies, environ)
        with self.app.app_context(), reader_language(language):
            try:
                recorded = record_round(
                    match_id, dict(body), if_match=environ.get("HTTP_IF_MATCH"), idempotency_key=key, actor=actor
                )
            except Exception as error:  # noqa: BLE001 - answered as the route's would be, not run again
                return self.refusal(environ, error, new_device)
            etag_body, headers = recorded_answer(recorded, match_id)
        return self.created(environ, etag_body, headers, new_device)

    def created(
        self, environ: dict[str, Any], body: bytes, headers: list[tuple[str, str]], new_device: str | None
    ) -> Answer:
        """The 201 as the route, the hooks and flask-compress make it."""
        encoded: list[tuple[str, str]] = []
        coding = chosen_coding(self.codings, environ.get("HTTP_ACCEPT_ENCODING", ""))
        if coding is not None and len(body) >= self.min_size:
            body = compressed(self.app, body, coding)
            encoded = [("Content-Encoding", coding)]
            headers = [(name, coded_etag(value, coding) if name == "ETag" else value) for name, value in headers]
        cookie = []
        if new_device is not None:
            secure = secure_for(self.app.config, environ.get("wsgi.url_scheme") == "https")
            cookie = [("Set-Cookie", device_cookie(new_device, secure))]
        head = [("Content-Type", "application/json"), ("Content-Length", str(len(body))), *encoded]
        return "201 CREATED", [*head, *headers, *cookie, *self.fixed], body

    def refusal(self, environ: dict[str, Any], error: Exception, new_device: str | None) -> Response:
        """The app's own answer to the write's refusal or database error: its error handlers
        and after-request hooks (the device cookie of a new device included), in a request
        context of this request's own."""
        app = self.app
        with app.request_context(environ):
            if new_device is not None:
                g.device_id, g.device_id_is_new = new_device, True
            install_engine_translator()
            try:
                raise error
            except Exception as raised:  # noqa: BLE001 - as Flask's wsgi_app handles it
                try:
                    answer = app.finalize_request(app.handle_user_exception(raised))
                except Exception as unhandled:  # noqa: BLE001
                    answer = app.handle_exception(unhandled)
        return answer

    def anonymous(self, cookie: str | None) -> bool:
        """Whether the session cookie signs nobody in and gives Flask nothing to write back
        (extensions.ScorekeeperLoginManager finds such a request anonymous without touching
        the session; a permanent one Flask would send again)."""
        data = self.session(cookie)
        return data is not None and not any(key in data for key in NOT_ANONYMOUS)


def install_round_writes(app: Flask) -> None:
    if app.config.get("FAST_ROUND_WRITES", True):
        app.wsgi_app = RoundWrites(app, app.wsgi_app)  # type: ignore[method-assign]
