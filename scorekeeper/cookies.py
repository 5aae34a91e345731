"""One rule for every cookie's Secure flag: on under SCOREKEEPER_HTTPS=1, and on any HTTPS request."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, current_app, request


def secure() -> bool:
    """Whether a cookie set now is sent over HTTPS only. Behind a TLS-terminating proxy that
    SCOREKEEPER_PROXY_HOPS does not cover, request.is_secure is false although the browser
    speaks HTTPS: SCOREKEEPER_HTTPS=1 says so for every cookie, not just the session's."""
    return secure_for(current_app.config, request.is_secure)


def secure_for(config: Mapping[str, Any], is_secure: bool) -> bool:
    """The same rule for a request's scheme read without Flask (round_writes.py)."""
    return bool(config.get("SCOREKEEPER_HTTPS")) or is_secure


def init_cookies(app: Flask) -> None:
    """Flask's and Flask-Login's own cookies follow the same setting (a config mapping given
    to create_app may turn SCOREKEEPER_HTTPS on after Config read the environment)."""
    if app.config.get("SCOREKEEPER_HTTPS"):
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["REMEMBER_COOKIE_SECURE"] = True
