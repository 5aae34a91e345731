"""Matches: reading them (views), serving what every reader sees alike (stored), the lists a phone keeps (devices), creating them and writing their rounds (writes), and their audit trail.

One import for the callers (`from ..services import matches as service`): each concern
has its module; the roster and league helpers the writes use are services of their own
(services/roster.py, services/league_bookkeeping.py).
"""
from __future__ import annotations

from .audit import audit, audit_trail, trail_entries, trail_heads
from .devices import matches_for, remember_on_device
from .recording import RecordedRound, record_round, recorded_from_view, replayed_round
from .renders import PAGE, WHOLE_PAGE
from .stored import page_parts, round_keys, served_document, unchanged_count
from .views import (
    MatchView,
    counted,
    counted_scores,
    current_view,
    etag_for,
    find_game,
    hints_at,
    last_round_is_mine,
    match_head,
    open_bidding,
    pending_round,
    readable_match,
    recorded_round,
    replayed_view,
    round_dict,
    rule_error,
    scored_from,
    snapshot_view,
    state_before,
    stored_match,
    table_for,
    view_after_write,
)
from .writes import (
    confirm_round,
    create_match,
    edit_round,
    end_match,
    end_refusal,
    locked_for_writing,
    play_on,
    preview_round,
    rematch,
    replay_edit,
    undo_round,
)

__all__ = [
    "MatchView",
    "PAGE",
    "WHOLE_PAGE",
    "RecordedRound",
    "audit",
    "audit_trail",
    "trail_entries",
    "trail_heads",
    "confirm_round",
    "counted",
    "counted_scores",
    "create_match",
    "current_view",
    "snapshot_view",
    "edit_round",
    "end_match",
    "end_refusal",
    "etag_for",
    "find_game",
    "stored_match",
    "hints_at",
    "last_round_is_mine",
    "locked_for_writing",
    "matches_for",
    "open_bidding",
    "page_parts",
    "pending_round",
    "play_on",
    "preview_round",
    "recorded_round",
    "view_after_write",
    "state_before",
    "readable_match",
    "record_round",
    "recorded_from_view",
    "rematch",
    "remember_on_device",
    "replay_edit",
    "replayed_round",
    "round_dict",
    "round_keys",
    "rule_error",
    "scored_from",
    "match_head",
    "served_document",
    "table_for",
    "unchanged_count",
    "undo_round",
    "replayed_view",
]
