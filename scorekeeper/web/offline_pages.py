"""What the pages carry for offline use: the sentences static/js/offline.js shows (in the
request's language, as data), the engine worker's address, and the files the service
worker stores for it. The offline home (the matches stored on this phone) is the offline
page's list, filled by offline.js from IndexedDB."""
from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask_babel import gettext

from . import engine_bundle

bp = Blueprint("offline_pages", __name__)


def offline_messages() -> dict[str, str]:
    """The sentences of static/js/offline.js; %(name)s placeholders are filled in there."""
    return {
        "round": gettext("Round %(number)s"),
        "edit_round": gettext("Edit round %(number)s (not yet sent)"),
        "save_round": gettext("Save round %(number)s"),
        "save_changes": gettext("Save changes to round %(number)s"),
        "would_score": gettext("This round would score"),
        "ends_match": gettext("This round ends the match: %(names)s win."),
        "and": gettext(" and "),
        "wins": gettext("★ %(name)s wins!"),
        "team_wins": gettext("★ %(names)s win!"),
        "shared_win": gettext("★ %(names)s win (shared)!"),
        "dealt": gettext("%(name)s dealt"),
        "not_sent": gettext("not yet sent"),
        "edit": gettext("Edit"),
        "undo": gettext("Undo"),
        "cancel": gettext("Cancel"),
        "pending_title": gettext("Waiting to be sent (saved on this phone):"),
        "pending_round": gettext("Round %(number)s · pending"),
        "refused": gettext("Round %(number)s saved on this phone was refused: %(message)s"),
        "keep_mine": gettext("Keep mine as round %(number)s"),
        "drop_mine": gettext("Drop mine"),
        "edit_mine": gettext("Edit mine"),
        "no_engine": gettext(
            "This phone has not stored the rules yet: the round is kept and checked by the server when the connection returns."
        ),
        "phone_matches": gettext("Matches on this phone"),
        "phone_none": gettext("No match is stored on this phone yet."),
        "phone_rounds": gettext("Rounds recorded: %(number)s"),
        "phone_queued": gettext("Not yet sent: %(number)s"),
    }


def shell_files() -> list[str]:
    """Added to the service worker's install list (small; the engine itself is cached on first use)."""
    from .pages import static_version

    return [f"/static/js/offline.js?v={static_version()}"]


@bp.app_context_processor
def offline_context() -> dict[str, Any]:
    return {"offline_messages": offline_messages, "engine_worker_url": engine_bundle.worker_url}
