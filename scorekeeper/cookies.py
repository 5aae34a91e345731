"""One rule for every cookie's Secure flag: on under SCOREKEEPER_HTTPS=1, and on any HTTPS request."""
from __future__ import annotations

from flask import Flask, current_app, request


def secure() -> bool:
    """Whether a cookie set now is sent over HTTPS only. Behind a TLS-terminating proxy that
    SCOREKEEPER_PROXY_HOPS does not cover, request.is_secure is false although the browser
    speaks HTTPS: SCOREKEEPER_HTTPS=1 says so for every cookie, not just the session's."""
    return bool(current_app.config.get("SCOREKEEPER_HTTPS")) or request.is_secure


def init_cookies(app: Flask) -> None:
    """Flask's and Flask-Login's own cookies follow the same setting (a config mapping given
    to create_app may turn SCOREKEEPER_HTTPS on after Config read the environment)."""
    if app.config.get("SCOREKEEPER_HTTPS"):
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["REMEMBER_COOKIE_SECURE"] = True
