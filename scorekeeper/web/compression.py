"""Compressed responses and long-lived caching of versioned static files: a phone on poor
Wi-Fi gets the match page in as few bytes and round trips as possible."""
from __future__ import annotations

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from flask_compress import Compress

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


# The page's modules (pages/pwa.py) are static files too, served at versioned addresses.
STATIC_ENDPOINTS = frozenset({"static", "vendor.vendor_file", "pages.page_module"})
class StaticFilesSessionInterface(SecureCookieSessionInterface):
    """Static files never depend on the session. Flask-Login reads the session after
    every request, which would add `Vary: Cookie` and keep browsers (and the service
    worker's install) from reusing a cached file after the session cookie changes."""

    def save_session(self, app, session, response) -> None:
        if request.endpoint in STATIC_ENDPOINTS and not session.modified:
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
