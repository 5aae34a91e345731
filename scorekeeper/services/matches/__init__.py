"""Matches: reading them (views), creating them and writing their rounds (writes), and their audit trail.

One import for the callers (`from ..services import matches as service`): each concern
has its module; the roster and league helpers the writes use are services of their own
(services/roster.py, services/league_bookkeeping.py).
"""
from __future__ import annotations

from .audit import audit, audit_trail
from .recording import RecordedRound, record_round, recorded_from_view, replayed_round
from .views import (
    MatchView,
    counted,
    current_match,
    current_view,
    current_view_of,
    document_reader,
    etag_for,
    find_game,
    get_match,
    get_view,
    match_head,
    matches_for,
    open_bidding,
    page_parts,
    pending_round,
    read_view,
    readable_match,
    remember_on_device,
    round_dict,
    rule_error,
    served_document,
    stored_page_body,
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
    rematch,
    replay_edit,
    undo_round,
)

__all__ = [
    "MatchView",
    "RecordedRound",
    "audit",
    "audit_trail",
    "confirm_round",
    "counted",
    "create_match",
    "current_match",
    "current_view",
    "current_view_of",
    "edit_round",
    "etag_for",
    "find_game",
    "get_match",
    "get_view",
    "locked_for_writing",
    "matches_for",
    "open_bidding",
    "page_parts",
    "pending_round",
    "preview_round",
    "read_view",
    "readable_match",
    "record_round",
    "recorded_from_view",
    "rematch",
    "remember_on_device",
    "replay_edit",
    "replayed_round",
    "round_dict",
    "rule_error",
    "document_reader",
    "match_head",
    "served_document",
    "stored_page_body",
    "table_for",
    "undo_round",
    "view_of",
    "with_stored_bidding",
]
