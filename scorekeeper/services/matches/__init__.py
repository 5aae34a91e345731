"""Matches: reading them (views), creating them and writing their rounds (writes), and their audit trail.

One import for the callers (`from ..services import matches as service`): each concern
has its module; the roster and league helpers the writes use are services of their own
(services/roster.py, services/league_bookkeeping.py).
"""
from __future__ import annotations

from .audit import audit, audit_trail
from .views import (
    MatchView,
    counted,
    etag_for,
    find_game,
    get_match,
    get_view,
    matches_for,
    open_bidding,
    pending_round,
    read_view,
    readable_match,
    remember_on_device,
    round_dict,
    rule_error,
    served_document,
    table_for,
    view_of,
    with_stored_bidding,
)
from .writes import (
    confirm_round,
    create_match,
    edit_round,
    locked_for_writing,
    preview_round,
    record_round,
    rematch,
    replay_edit,
    replayed_round,
    undo_round,
)

__all__ = [
    "MatchView",
    "audit",
    "audit_trail",
    "confirm_round",
    "counted",
    "create_match",
    "edit_round",
    "etag_for",
    "find_game",
    "get_match",
    "get_view",
    "locked_for_writing",
    "matches_for",
    "open_bidding",
    "pending_round",
    "preview_round",
    "read_view",
    "readable_match",
    "record_round",
    "rematch",
    "remember_on_device",
    "replay_edit",
    "replayed_round",
    "round_dict",
    "rule_error",
    "served_document",
    "table_for",
    "undo_round",
    "view_of",
    "with_stored_bidding",
]
