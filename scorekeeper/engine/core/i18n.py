"""Marks the rules engine's messages for translation without tying it to a web framework.

The engine writes `_("tricks must add up to {total}, got {got}", total=13, got=12)`;
the message id is extracted into the catalogs like any other. Which language comes
out is decided by whoever calls the engine: the web app installs its translator for
each request (`use_translator`); without one, messages stay in English.

Counts with a noun go through `_n("{n} trick", "{n} tricks", n)`: Russian has three
plural forms (1 взятка, 2 взятки, 5 взяток), so choosing between two English ids in
code cannot work; the catalog's plural rule picks the form.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
# Either a gettext alone (tests, scripts: plurals then use the English rule and pass
# the chosen form through it) or a (gettext, ngettext) pair as a catalog provides.
Translator = Gettext | tuple[Gettext, Ngettext]


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


_translator: ContextVar[tuple[Gettext, Ngettext]] = ContextVar(
    "translator", default=(_english, _english_plural)
)


def _pair(translate: Translator) -> tuple[Gettext, Ngettext]:
    if isinstance(translate, tuple):
        return translate
    return translate, lambda singular, plural, n: translate(_english_plural(singular, plural, n))


def _(message: str, /, **params: Any) -> str:
    """The message in the current language, with its {placeholders} filled in.

    Positional-only, so that a placeholder may itself be called {message}.
    """
    translated = _translator.get()[0](message)
    return translated.format(**params) if params else translated


def _n(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of a counted message that fits `n` in the current language; `{n}` and
    the other {placeholders} are filled in."""
    translated = _translator.get()[1](singular, plural, n)
    return translated.format(n=n, **params)


def N_(message: str) -> str:
    """Marks a message for extraction where it is translated later (tables of names)."""
    return message


def set_translator(translate: Translator) -> None:
    """Use `translate` for the rest of this context (e.g. one web request)."""
    _translator.set(_pair(translate))


@contextmanager
def use_translator(translate: Translator) -> Iterator[None]:
    """Use `translate` inside the block only (tests, scripts)."""
    token = _translator.set(_pair(translate))
    try:
        yield
    finally:
        _translator.reset(token)
