"""Compressed responses and long-lived caching of versioned static files: a phone on poor
Wi-Fi gets the match page in as few bytes and round trips as possible."""
from __future__ import annotations

import functools
import gzip
from pathlib import Path

import brotli
from flask import Flask, Response, request, send_from_directory
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


# A versioned file's encodings, best first; br at flask-compress's level.
FILE_ENCODINGS = ("br", "gzip")


@functools.cache
def compressed_file(path: Path, encoding: str, modified: float) -> bytes:
    """A file compressed with `encoding`, once per process (and again if it changes on disk)."""
    data = path.read_bytes()
    if encoding == "br":
        return brotli.compress(data, quality=5)
    return gzip.compress(data, compresslevel=6)


def versioned_file(folder: Path, filename: str, mimetype: str) -> Response:
    """A file at an address that names its version (so it never changes): compressed once
    per process rather than streamed through the compressor for every phone (the page's 23
    modules on each first visit, Pyodide's 13 MB), and cached by the browser for a year."""
    encoding = next((name for name in FILE_ENCODINGS if request.accept_encodings[name]), None)
    if encoding is None:
        response = send_from_directory(folder, filename, mimetype=mimetype, max_age=ONE_YEAR)
    else:
        path = folder / filename
        response = Response(compressed_file(path, encoding, path.stat().st_mtime), mimetype=mimetype)
        response.headers["Content-Encoding"] = encoding  # flask-compress leaves it as it is
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    return response


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
