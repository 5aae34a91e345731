"""A per-browser device id (a cookie), so a device's home page lists the matches it opened."""
from __future__ import annotations

import secrets

from flask import Response, g, request

from . import cookies

COOKIE = "sk_device"
TEN_YEARS = 10 * 365 * 24 * 3600


def device_id(*, create: bool) -> str | None:
    """This browser's device id; with create=True a new one is issued if it has none."""
    if "device_id" in g:
        return g.device_id
    value = request.cookies.get(COOKIE)
    if value and value.isalnum() and len(value) <= 32:
        g.device_id = value
        return value
    if not create:
        return None
    g.device_id = secrets.token_hex(16)
    g.device_id_is_new = True
    return g.device_id


def set_device_cookie(response: Response) -> Response:
    if g.get("device_id_is_new"):
        response.set_cookie(
            COOKIE,
            g.device_id,
            max_age=TEN_YEARS,
            httponly=True,
            samesite="Lax",
            secure=cookies.secure(),
        )
    return response


