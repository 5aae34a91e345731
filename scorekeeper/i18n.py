"""The language of the app: chosen from the browser or per user, English, German or Russian."""
from __future__ import annotations

from flask import Flask, request
from flask_babel import Babel, gettext
from flask_login import current_user

from .games.i18n import set_translator

LANGUAGES = {"en": "English", "de": "Deutsch", "ru": "Русский"}
LANGUAGE_COOKIE = "sk_lang"

babel = Babel()


def chosen_language() -> str:
    """The signed-in user's choice, else this browser's choice (cookie), else the best
    match of the browser's Accept-Language, else English."""
    if current_user and current_user.is_authenticated and getattr(current_user, "language", None) in LANGUAGES:
        return current_user.language
    cookie = request.cookies.get(LANGUAGE_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def install_engine_translator() -> None:
    """The rules engine's messages follow the request's language."""
    set_translator(gettext)


def init_i18n(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    babel.init_app(app, locale_selector=chosen_language)
    app.before_request(install_engine_translator)
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
