"""The templates' own messages (Flask-Babel's %(name)s placeholders) said from Python, translated
by the engine's hook: the phone's worker repeats what a game's template shows, in its words."""
from __future__ import annotations

from typing import Any

from ..core.i18n import _, _n


def said(message: str, **values: Any) -> str:
    """A template's message, translated, its %(name)s placeholders filled in."""
    return _(message) % values if values else _(message)


def said_n(singular: str, plural: str, n: int, **values: Any) -> str:
    return _n(singular, plural, n) % {"num": n, **values}
