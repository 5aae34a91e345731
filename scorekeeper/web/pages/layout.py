"""What every page's layout needs: the language, the switcher's way back, the page script's words, asset versions."""
from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import request
from flask_babel import get_locale

from ...engine.core.i18n import _
from ..redirects import safe_next
from ..vendor import installed_version
from .blueprint import bp
from .pwa import page_module_url, page_modules, static_version

# Each side's colour on the scoreboard, the charts and the rounds table. In this order seats
# next to each other at the table (the last one beside the first) never get two alike: the
# close pairs of the six (blue and lavender, pink and lavender, orange and yellow) sit apart.
SIDE_COLOURS = ("#5ec8ff", "#ffb347", "#ff7b9c", "#7be38a", "#b58cff", "#f3e36b")
# Past the six chosen colours (a game of 7 seats or more): hues a golden angle apart, each far
# from the last, from a start clear of the six's hues, every other one lighter, so that none
# repeats one of the six; light enough for the dark cards.
GOLDEN_ANGLE = 137.508
FIRST_EXTRA_HUE = 330
EXTRA_LIGHTNESS = (65, 82)


def side_colour(index: int) -> str:
    """Seat or side `index`'s colour: the same on every page, distinct for any number of seats."""
    if index < len(SIDE_COLOURS):
        return SIDE_COLOURS[index]
    extra = index - len(SIDE_COLOURS)
    hue = (FIRST_EXTRA_HUE + extra * GOLDEN_ANGLE) % 360
    return f"hsl({hue:.0f} 60% {EXTRA_LIGHTNESS[extra % 2]}%)"


def current_language() -> str:
    """The language of this request's pages ("en", "de", "ru")."""
    locale = get_locale()
    return locale.language if locale else "en"


def js_messages() -> dict[str, str]:
    """The sentences the page's modules (static/js/page/) show, in this request's language (the
    page carries them as a JSON block: the modules have no English of their own). i18n.js
    fills in the {name} placeholders."""
    return {
        "offline": _("Offline"),
        # Shown online once the phone's rules engine is stored and running on this page.
        "offline_ready": _("Ready offline"),
        # Shown online while the engine's files come and it boots (seconds on a first visit).
        "offline_getting_ready": _("Getting ready for offline…"),
        "recorded_elsewhere": _("Round {number} was just recorded on another phone"),
        "ended_elsewhere": _("The match was just ended after round {number} on another phone"),
        "enter_round_instead": _("Enter round {number} instead"),
        "show_final_scores": _("Show the final scores"),
        "keep_my_entries": _("Keep my entries"),
        "copied": _("Copied"),
        "wake_on": _("The screen stays on"),
        "wake_refused": _("This phone did not let the screen stay on"),
    }


def language_next() -> str:
    """Where the language switcher returns to: this page (for a form's answer, the page it
    was posted from)."""
    if request.method == "GET":
        return safe_next(request.full_path.rstrip("?"))
    referrer = request.referrer and urlsplit(request.referrer)
    if referrer and referrer.netloc == request.host:
        return safe_next(referrer.path + (f"?{referrer.query}" if referrer.query else ""))
    return "/"


@bp.app_context_processor
def layout_context() -> dict[str, Any]:
    return {
        "static_version": static_version(),
        "page_module_url": page_module_url,
        "page_modules": page_modules,
        "htmx_version": installed_version("htmx.org"),
        "htmx_sse_version": installed_version("htmx-ext-sse"),
        "current_language": current_language(),
        "js_messages": js_messages,
        "language_next": language_next,
    }
