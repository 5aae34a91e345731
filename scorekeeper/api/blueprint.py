"""The API's blueprint class: JSON bodies read within the input limits, cookie POSTs JSON or with the CSRF token."""
from __future__ import annotations

import flask_smorest
from flask import current_app, request
from flask_smorest import abort
from flask_wtf.csrf import ValidationError, validate_csrf

from ..device import COOKIE as DEVICE_COOKIE
from ..engine.core.i18n import _
from ..input_guards import GuardedParser


def cookie_authenticated() -> bool:
    """Whether the browser's cookies (a session, or a device's matches) speak for this call,
    rather than an `Authorization: Bearer` token, which no other site can make a browser send."""
    if request.headers.get("Authorization", "").startswith("Bearer "):
        return False
    names = (
        current_app.config.get("SESSION_COOKIE_NAME", "session"),
        current_app.config.get("REMEMBER_COOKIE_NAME", "remember_token"),
        DEVICE_COOKIE,
    )
    return any(name in request.cookies for name in names)


def require_same_site_post() -> None:
    """The API is exempt from the forms' CSRF token because another site cannot send JSON
    without a CORS preflight (which this app never grants). A body-less POST (rematch,
    share, confirm) needs no JSON, so a cross-site form could post it with the visitor's
    cookies: a POST carrying those cookies must be JSON or carry the page's CSRF token in
    an X-CSRFToken header. PUT, PATCH and DELETE need a preflight from another site anyway."""
    if request.method != "POST" or not cookie_authenticated() or request.is_json:
        return
    token = next((request.headers[name] for name in ("X-CSRFToken", "X-CSRF-Token") if name in request.headers), None)
    if token is not None:
        try:
            validate_csrf(token)
            return
        except ValidationError:
            pass
    abort(
        403,
        message=_("send this request as JSON (Content-Type: application/json) or with the page's X-CSRFToken header"),
        error="csrf",
    )


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint whose JSON bodies are read within the input limits, and
    whose POSTs with the browser's cookies must be JSON or carry the CSRF token."""

    ARGUMENTS_PARSER = GuardedParser()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.before_request(require_same_site_post)
