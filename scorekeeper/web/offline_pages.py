"""What the pages carry for offline use: the sentences the offline modules show (in the
request's language, as data), the engine worker's address, and the files the service
worker stores for it. The offline home (the matches stored on this phone) is the offline
page's list, filled by static/js/page/phone-matches.js from IndexedDB."""
from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..engine.core.i18n import _
from . import engine_bundle

bp = Blueprint("offline_pages", __name__)


def offline_messages() -> dict[str, str]:
    """The sentences of offline use (static/js/page/); i18n.js fills in the {name} placeholders."""
    return {
        "round": _("Round {number}"),
        "edit_round": _("Edit round {number} (not yet sent)"),
        "save_round": _("Save round {number}"),
        "save_changes": _("Save changes to round {number}"),
        "would_score": _("This round would score"),
        "tap_chips": _("Tap the chips: the round is checked as you go"),
        "why": _("why?"),
        # A greyed chip of the form moved on offline (_macros.html greyed_chip), for a screen reader.
        "not_available": _("not available:"),
        "ends_match": _("This round ends the match: {names} win."),
        "ends_match_one": _("This round ends the match: {name} wins."),
        "and": _(" and "),
        "wins": _("★ {name} wins!"),
        "team_wins": _("★ {names} win!"),
        "shared_win": _("★ {names} win (shared)!"),
        "dealt": _("{name} dealt"),
        "not_sent": _("not yet sent"),
        # The scoreboard's lead mark, for a screen reader (_macros.html totals_list).
        "leads": _("leads:"),
        "sending": _("being sent"),
        # The running totals' chart drawn on the phone (static/js/page/chart.js).
        "running_totals": _("Running totals"),
        "chart_label": _("Running totals from {low} to {high}"),
        "edit": _("Edit"),
        "undo": _("Undo"),
        "cancel": _("Cancel"),
        "pending_title": _("Waiting to be sent (saved on this phone):"),
        "pending_round": _("Round {number} · pending"),
        "refused": _("Round {number} saved on this phone was refused: {message}"),
        "taken_one": _("Another phone recorded round {number} first: round {number} saved on this phone is not recorded yet."),
        "taken_many": _(
            "Another phone recorded round {number} first: rounds {number} to {last} saved on this phone are not recorded yet."
        ),
        "keep_mine": _("Keep mine as round {number}"),
        "drop_mine": _("Drop mine"),
        "edit_mine": _("Edit mine"),
        "keep_preview": _("Recorded after the other phone's rounds, yours would score:"),
        "record_mine": _("Record mine from round {number}"),
        "no_engine": _(
            "This phone has not stored the rules yet: the round is kept and checked by the server when the connection returns."
        ),
        # Rounds queued without the engine (static/js/page/sheet.js showUncounted, entry.js
        # moveFormPlain): the totals leave them out, and whose turn it is goes unsaid.
        "uncounted_one": _(
            "Round {number} saved on this phone is not counted yet: the totals are from before it until the connection is back."
        ),
        "uncounted_many": _(
            "Rounds {first} to {last} saved on this phone are not counted yet: "
            "the totals are from before them until the connection is back."
        ),
        "turn_unchecked": _("Whose deal it is (and who bids) follows the rules: this phone cannot check it until the connection is back."),
        # The save bar's state line: three short lines at most beside Save on a 360 px phone.
        "engine_missing": _("Not checked offline: Save keeps it for the server."),
        "engine_starting": _("Starting the rules on this phone…"),
        "keep_working": _("Working out what your rounds score after the other phone's…"),
        "needs_connection": _("No connection: this needs the server. Nothing was changed; try again when the phone is back online."),
        "bids_kept": _(
            "No connection: the bids stay on this phone with round {number}. Play the hand, tap the tricks, then Save round {number}."
        ),
        "phone_matches": _("Matches on this phone"),
        "phone_none": _("No match is stored on this phone yet."),
        "phone_rounds": _("Rounds recorded: {number}"),
        "phone_queued": _("Not yet sent: {number}"),
    }


@bp.app_context_processor
def offline_context() -> dict[str, Any]:
    return {"offline_messages": offline_messages, "engine_worker_url": engine_bundle.worker_url}
