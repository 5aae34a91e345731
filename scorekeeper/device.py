"""A per-browser device id (a cookie), so a device's home page lists the matches it opened."""
from __future__ import annotations

import secrets

from flask import Response, g, request
from werkzeug.http import dump_cookie

from . import cookies

COOKIE = "sk_device"
TEN_YEARS = 10 * 365 * 24 * 3600


def device_id(*, create: bool) -> str | None:
    """This browser's device id; with create=True a new one is issued if it has none."""
    if "device_id" in g:
        return g.device_id
    value = request.cookies.get(COOKIE)
    if known_device(value):
        g.device_id = value
        return value
    if not create:
        return None
    g.device_id = new_device_id()
    g.device_id_is_new = True
    return g.device_id


def known_device(value: str | None) -> bool:
    """Whether a cookie's value is a device id this app would have issued."""
    return value is not None and value.isalnum() and len(value) <= 32


def new_device_id() -> str:
    return secrets.token_hex(16)


def device_cookie(device: str, secure: bool) -> str:
    """The Set-Cookie value that gives a browser its device id (as Response.set_cookie writes it)."""
    return dump_cookie(COOKIE, device, max_age=TEN_YEARS, httponly=True, samesite="Lax", secure=secure)


def set_device_cookie(response: Response) -> Response:
    if g.get("device_id_is_new"):
        response.headers.add("Set-Cookie", device_cookie(g.device_id, cookies.secure()))
    return response


