"""Compressed responses and long-lived caching of versioned static files: a phone on poor
Wi-Fi gets the match page in as few bytes and round trips as possible."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_compress import Compress
from itsdangerous import BadSignature

compress = Compress()
ONE_YEAR = 365 * 24 * 3600

COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    # The phone's rules engine (Pyodide): 9.6 MB of WebAssembly, 3.5 MB compressed.
    "application/wasm",
]


def static_max_age(_filename: str | None) -> int | None:
    """A static URL carrying its version (?v=...) never changes: cache it for a year.
    Without one, the browser revalidates (an icon named in the manifest, say)."""
    return ONE_YEAR if request.args.get("v") else None


STATIC_ENDPOINTS = frozenset({"static", "vendor.vendor_file"})
# How many verified session cookies a process remembers (then it starts afresh).
VERIFIED_COOKIES = 4096


class LazySession(SecureCookieSession):
    """The signed session cookie, decoded when the session is first used: a request that
    never looks at it (health, static files) pays nothing for it (Flask decodes and
    verifies it for every request that carries it)."""

    def __init__(self, load: Callable[[], dict[str, Any]]) -> None:
        super().__init__()
        self._pending: Callable[[], dict[str, Any]] | None = load

    @property
    def loaded(self) -> bool:
        return self._pending is None

    def _load(self) -> None:
        load, self._pending = self._pending, None
        if load is not None:
            # Straight into the dict: loading is no modification.
            dict.update(self, load())


def _loading(name: str) -> Callable[..., Any]:
    method = getattr(SecureCookieSession, name)

    def loading(self: LazySession, *args: Any, **kwargs: Any) -> Any:
        if self._pending is not None:
            self._load()
        return method(self, *args, **kwargs)

    loading.__name__ = name
    return loading


# Every way to read or change the dict (dict(session) and `in` included) loads it first.
for _name in (
    "__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__len__", "__eq__", "__ne__", "__repr__",
    "get", "setdefault", "pop", "popitem", "update", "clear", "keys", "values", "items", "copy",
):
    setattr(LazySession, _name, _loading(_name))
LazySession.__hash__ = None  # as a dict's


class StaticFilesSessionInterface(SecureCookieSessionInterface):
    """Static files never depend on the session. Flask-Login reads the session after
    every request, which would add `Vary: Cookie` and keep browsers (and the service
    worker's install) from reusing a cached file after the session cookie changes."""

    def get_signing_serializer(self, app):
        # Flask builds a new serializer (and its signer) for every request; it depends only
        # on the keys, so one is kept per set of keys.
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        cached = self.__dict__.get("_serializer")
        if cached is None or cached[0] != keys:
            cached = (keys, super().get_signing_serializer(app))
            self._serializer = cached
            # Verified cookies are verified by these keys only.
            self._verified: dict[str, tuple[bytes, float]] = {}
        return cached[1]

    def decoded(self, app: Flask, value: str) -> dict[str, Any]:
        """The session a cookie holds, as Flask's open_session reads it: a bad or expired
        signature is an empty session. A cookie whose signature was verified before (its
        HMAC, with the key derived anew each time, is most of the cost) is checked for age
        only; its payload is decoded anew every time, so no request shares its objects."""
        serializer = self.get_signing_serializer(app)
        max_age = int(app.permanent_session_lifetime.total_seconds())
        seen = self._verified.get(value)
        if seen is not None and 0 <= time.time() - seen[1] <= max_age:
            return dict(serializer.load_payload(seen[0]))
        try:
            data, signed_at = serializer.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return {}
        if len(self._verified) >= VERIFIED_COOKIES:
            self._verified.clear()
        # The cookie is payload.timestamp.signature, and the payload checked out.
        self._verified[value] = (value.rsplit(".", 2)[0].encode(), signed_at.timestamp())
        return dict(data)

    def open_session(self, app, request):
        if self.get_signing_serializer(app) is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        return LazySession(lambda: self.decoded(app, value))

    def save_session(self, app, session, response) -> None:
        if request.endpoint in STATIC_ENDPOINTS and not session.modified:
            return
        if not getattr(session, "loaded", True):
            # Never used, so not changed: nothing to write (what Flask's save does for it).
            if session.accessed:
                response.vary.add("Cookie")
            return
        super().save_session(app, session, response)


def init_compression(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    # Brotli where the browser takes it (every current one does), gzip for the rest;
    # files sent from disk are streamed, and flask-compress streams brotli, not gzip.
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "deflate"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    compress.init_app(app)
    # Per app, not per class: the instance attribute replaces Flask's method for this app only.
    app.get_send_file_max_age = static_max_age  # type: ignore[method-assign,assignment]
    app.session_interface = StaticFilesSessionInterface()
