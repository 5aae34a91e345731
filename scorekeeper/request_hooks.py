"""The app's per-request hooks, one before and one after every request, each doing only what this request needs.

Flask calls every registered hook through `ensure_sync` and the proxies of the request
context; nine small hooks (input guards, CSRF, the engine's translator, the remember
cookie, the device cookie, the security headers, the Vary header) cost a GET that does
nothing else (the health endpoint) about as much as the bare Flask app's whole request.
Here they are two functions, and each part returns at once when it has nothing to do:
CSRF is checked only for the methods it protects, the remember cookie only looked at
when the session holds its mark, the headers written without parsing the ones present.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, request, session

from .device import set_device_cookie
from .extensions import csrf
from .i18n import install_engine_translator
from .input_guards import guard_request
from .web.compression import STATIC_ENDPOINTS
from .web.security import security_headers

# The Vary of a page or API answer: it is written in the reader's language, chosen from
# Accept-Language and the cookies (language, session).
LANGUAGE_VARY = ("Accept-Language", "Cookie")


def registered_by(hooks: list[Callable[..., Any]], register: Callable[[], None]) -> list[Callable[..., Any]]:
    """Run `register` (an extension's init_app) and take back the hooks it added to `hooks`:
    the combined hooks below do their work, only when it is needed."""
    before = list(hooks)
    register()
    added = [hook for hook in hooks if hook not in before]
    for hook in added:
        hooks.remove(hook)
    return added


def before_every_request() -> None:
    """The rules engine's translator in the request's language (first: it reads nothing
    until a message is asked for, and the refusals below are worded in it), the input
    limits (before the CSRF check: the import routes' body limit is set before anything
    reads the form), and the forms' CSRF token on the methods it protects (the API's
    blueprints are exempt; flask-wtf's own hook ran for every GET)."""
    install_engine_translator()
    guard_request()
    config = current_app.config
    if request.method in config["WTF_CSRF_METHODS"] and config["WTF_CSRF_ENABLED"] and config["WTF_CSRF_CHECK_DEFAULT"]:
        csrf.protect(apply_exemptions=True)


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


def remember_cookie(response: Response, update: Callable[[Response], Response] | None) -> None:
    """Flask-Login's remember cookie, set or cleared when the session carries its mark
    (a sign-out with a remember cookie, say); this app never sets
    REMEMBER_COOKIE_REFRESH_EACH_REQUEST, so no other request has anything to do."""
    if update is None:
        return
    if "_remember" in session or current_app.config.get("REMEMBER_COOKIE_REFRESH_EACH_REQUEST"):
        update(response)


def install_request_hooks(app: Flask, remember: Callable[[Response], Response] | None) -> None:
    """Register the two hooks; `remember` is Flask-Login's after-request hook, taken back
    from the app by `registered_by` (None if it registered none)."""
    headers = security_headers(app)

    def after_every_request(response: Response) -> Response:
        set_device_cookie(response)
        # Headers a route set itself (the engine worker's own policy) stay.
        present = {name.lower() for name, _value in response.headers}
        response.headers.extend([(name, value) for name, value in headers if name.lower() not in present])
        add_vary(response)
        remember_cookie(response, remember)
        return response

    app.before_request_funcs.setdefault(None, []).insert(0, before_every_request)
    # Runs before flask-compress's hook (registered earlier: after-request hooks run last
    # registered first), which adds Accept-Encoding to this Vary and compresses the body.
    app.after_request(after_every_request)
