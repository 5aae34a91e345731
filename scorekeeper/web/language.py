"""Switching the language: per browser (a cookie) and, when signed in, per account."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, request
from flask_login import current_user

from ..games.i18n import _
from ..i18n import LANGUAGE_COOKIE, LANGUAGES
from ..services import accounts

bp = Blueprint("language", __name__)
ONE_YEAR = 365 * 24 * 3600


def local_path(target: str | None) -> str:
    """Only paths on this site: a `next` pointing elsewhere goes home instead."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


@bp.post("/language")
def choose_language():
    language = request.form.get("language")
    if language not in LANGUAGES:
        abort(422, description=_("language must be one of {codes}", codes=", ".join(LANGUAGES)))
    if current_user.is_authenticated:
        accounts.set_language(current_user, language)
    response = redirect(local_path(request.form.get("next")), code=303)
    response.set_cookie(
        LANGUAGE_COOKIE, language, max_age=ONE_YEAR, httponly=True, samesite="Lax", secure=request.is_secure
    )
    return response
