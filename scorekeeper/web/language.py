"""Switching the language: per browser (a cookie) and, when signed in, per account."""
from __future__ import annotations

from flask import Blueprint, abort, redirect, request
from flask_login import current_user

from .. import cookies
from ..engine.core.i18n import _
from ..i18n import LANGUAGE_COOKIE, LANGUAGES
from ..services import accounts
from .redirects import safe_next

bp = Blueprint("language", __name__)
ONE_YEAR = 365 * 24 * 3600


@bp.post("/language")
def choose_language():
    language = request.form.get("language")
    if language not in LANGUAGES:
        abort(422, description=_("language must be one of {codes}", codes=", ".join(LANGUAGES)))
    if current_user.is_authenticated:
        accounts.set_language(current_user, language)
    response = redirect(safe_next(request.form.get("next")), code=303)
    response.set_cookie(
        LANGUAGE_COOKIE, language, max_age=ONE_YEAR, httponly=True, samesite="Lax", secure=cookies.secure()
    )
    return response
