"""The app's own per-request hooks: the engine's translator, the input limits, the device cookie, the security headers and the Vary header."""
from __future__ import annotations

from flask import Flask, Response, request

from .device import set_device_cookie
from .i18n import install_engine_translator
from .input_guards import guard_request
from .web.compression import STATIC_ENDPOINTS
from .web.security import security_headers

# The Vary of a page or API answer: it is written in the reader's language, chosen from
# Accept-Language and the cookies (language, session).
LANGUAGE_VARY = ("Accept-Language", "Cookie")


def before_every_request() -> None:
    """The rules engine's translator in the request's language (first: it reads nothing
    until a message is asked for, and the refusals below are worded in it), then the input
    limits (before flask-wtf's CSRF check, registered after this hook: the import routes'
    body limit is set before anything reads the form)."""
    install_engine_translator()
    guard_request()


def add_vary(response: Response) -> None:
    """Answers are written in the reader's language: caches keep one copy per language.
    Static files are the same for everybody. (Without a Vary yet, the header is written
    as text instead of parsed and re-serialised.)"""
    if request.endpoint in STATIC_ENDPOINTS:
        return
    if "Vary" in response.headers:
        response.vary.update(LANGUAGE_VARY)
    else:
        response.headers["Vary"] = ", ".join(LANGUAGE_VARY)


def install_request_hooks(app: Flask) -> None:
    """Register the hooks, before flask-wtf's and Flask-Login's: the translator and the
    limits come first. (flask-compress adds Accept-Encoding to the Vary written here, or
    this hook adds the language's to flask-compress's: either order gives both.)"""
    headers = security_headers(app)

    def after_every_request(response: Response) -> Response:
        set_device_cookie(response)
        # Headers a route set itself (the engine worker's own policy) stay.
        present = {name.lower() for name, _value in response.headers}
        response.headers.extend([(name, value) for name, value in headers if name.lower() not in present])
        add_vary(response)
        return response

    app.before_request(before_every_request)
    app.after_request(after_every_request)
