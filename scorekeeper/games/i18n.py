"""Marks the rules engine's messages for translation without tying it to a web framework.

The engine writes `_("tricks must add up to {total}, got {got}", total=13, got=12)`;
the message id is extracted into the catalogs like any other. Which language comes
out is decided by whoever calls the engine: the web app installs its translator for
each request (`use_translator`); without one, messages stay in English.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any


def _english(message: str) -> str:
    return message


_translator: ContextVar[Callable[[str], str]] = ContextVar("translator", default=_english)


def _(message: str, **params: Any) -> str:
    """The message in the current language, with its {placeholders} filled in."""
    translated = _translator.get()(message)
    return translated.format(**params) if params else translated


def N_(message: str) -> str:
    """Marks a message for extraction where it is translated later (tables of names)."""
    return message


def set_translator(translate: Callable[[str], str]) -> None:
    """Use `translate` for the rest of this context (e.g. one web request)."""
    _translator.set(translate)


@contextmanager
def use_translator(translate: Callable[[str], str]) -> Iterator[None]:
    """Use `translate` inside the block only (tests, scripts)."""
    token = _translator.set(translate)
    try:
        yield
    finally:
        _translator.reset(token)
