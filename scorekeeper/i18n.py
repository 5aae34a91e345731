"""The language of the app: chosen from the browser or per user, English, German or Russian."""
from __future__ import annotations

import functools
from typing import Any

from babel import Locale, UnknownLocaleError
from flask import Flask, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from flask_login import current_user

from .engine.core.i18n import set_translator

LANGUAGES = {"en": "English", "de": "Deutsch", "ru": "Русский"}
LANGUAGE_COOKIE = "sk_lang"

babel = Babel()
# Parsed once: Flask-Babel parses the selector's answer on every request, and a Locale
# given to it is taken as it is.
LOCALES = {code: Locale.parse(code) for code in LANGUAGES}


def chosen_language() -> str:
    """The signed-in user's choice, else this browser's choice (cookie), else the best
    match of the browser's Accept-Language, else English."""
    if current_user and current_user.is_authenticated and getattr(current_user, "language", None) in LANGUAGES:
        return current_user.language
    cookie = request.cookies.get(LANGUAGE_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def chosen_locale() -> Locale:
    """Flask-Babel's locale selector: the chosen language's Locale."""
    return LOCALES[chosen_language()]


def reader_locale() -> Locale:
    """The request's locale for dates: its language's, in the region the browser names for
    that language (en-GB: "5 Dec 2026", not en's "Dec 5, 2026"); outside a request, or with
    no region asked for, the language's own."""
    language = current_language()
    if has_request_context():
        for tag, _quality in request.accept_languages:
            if tag.split("-")[0].lower() == language and "-" in tag:
                found = _regional_locale(tag)
                if found is not None:
                    return found
    return LOCALES.get(language, LOCALES["en"])


@functools.lru_cache(maxsize=64)
def _regional_locale(tag: str) -> Locale | None:
    """A browser's language tag ("en-GB") as Babel's Locale, parsed once (a page writes many
    dates); None for a tag Babel does not know."""
    try:
        return Locale.parse(tag, sep="-")
    except (ValueError, UnknownLocaleError):
        return None


def current_language() -> str:
    """The language of this request's answer ("en", "de", "ru"); English outside a request."""
    locale = get_locale()
    return locale.language if locale else "en"


def request_translations() -> Any:
    """This request's catalog, looked up once per request: Flask-Babel looks it up (its
    domain, the request's context, the locale, its cache) for every message, and a match
    page says some 80. Kept on the request object itself, so no other request (a test's
    request inside one app context, say) ever sees it; outside a request, Flask-Babel's."""
    try:
        current = request._get_current_object()  # type: ignore[attr-defined]
    except RuntimeError:
        return get_translations()
    found = current.__dict__.get(TRANSLATIONS)
    if found is None:
        found = current.__dict__[TRANSLATIONS] = get_translations()
    return found


TRANSLATIONS = "scorekeeper_translations"


def _engine_gettext(message: str) -> str:
    # As flask_babel.gettext without variables (the engine formats its own {placeholders}).
    return str(request_translations().ugettext(message))


def _engine_ngettext(singular: str, plural: str, n: int) -> str:
    # Not flask_babel.ngettext: that one always applies %-formatting (it adds `num`),
    # which the engine's {placeholder} messages do not use and a literal % would break.
    return str(request_translations().ngettext(singular, plural, n))


def install_engine_translator() -> None:
    """The rules engine's messages follow the request's language, plural forms included."""
    set_translator((_engine_gettext, _engine_ngettext))


def init_i18n(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    babel.init_app(app, locale_selector=chosen_locale)
    # The templates' {% trans %} and _() as Flask-Babel installs them, from the request's
    # catalog looked up once.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda message: request_translations().ugettext(message),
        ngettext=lambda singular, plural, n: request_translations().ungettext(singular, plural, n),
        newstyle=True,
        pgettext=lambda context, message: request_translations().upgettext(context, message),
        npgettext=lambda context, singular, plural, n: request_translations().unpgettext(context, singular, plural, n),
    )
    # install_engine_translator runs before every request (request_hooks).
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
