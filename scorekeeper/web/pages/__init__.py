"""The table-side pages, one blueprint: home, new match, the match (entry, edit, undo, share, live sync and its stream), the PWA.

Every write goes through the service layer; every round is validated by its game engine
(the game's web adapter only reshapes form fields into the round input). htmx fragments
are named blocks of the page templates, rendered with jinja2-fragments.
"""
from __future__ import annotations

# Importing the modules adds their routes to the blueprint.
from . import home, layout, match_events, match_routes, new_match, pwa  # noqa: F401
from .blueprint import bp

__all__ = ["bp"]
