"""What the match page shows per request, built from the match's current view: the round form and its chips, the live check's preview, two phones' versions of one round, the waiting round and the open bidding.

Everything that differs between games comes from the game's adapter (engine/entry/).
The parts every reader of one language sees alike (totals, sheet, chart, history) come
stored (match_sheet.py); the rest is rendered per request from the match's current state,
restored from its snapshot (services.matches.current_view).
"""
from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from ...engine.core.state import RoundScore
from ...engine.entry import adapter_for
from ...engine.entry.adapter import GameAdapter, round_entry
from ...engine.entry.form_fields import MISSING, FormError
from ...identity import current_actor
from ...services import ServiceError, access
from ...services import leagues as league_service
from ...services import matches as service
from .match_sheet import asks_whole_sheet, in_window, sheet_parts, side_names


def new_key() -> str:
    return secrets.token_urlsafe(18)


def league_of(match):
    """The league a match counts for, or None for a casual match."""
    return league_service.get_league(match.league_id) if match.league_id else None


def state_before(view, number: int | None):
    """The match as it stood before the next round, or before recorded round `number` (to
    edit it: played on from the snapshot before it, service.state_before)."""
    return view.state if number is None else service.state_before(view, number)


def hints_before(view, number: int | None) -> Mapping[str, Any]:
    """The `next` hints for the next round, or for recorded round `number` (to edit it)."""
    return state_before(view, number).next or {}


def in_words(view, refused: ServiceError) -> str:
    """The refusal as a player reads it: a form field the page could not read is worded
    already; the engine's (worded for API clients too: "vip_card is required") goes
    through the game's adapter, in the reader's language."""
    if isinstance(refused, FormError):
        return refused.message
    return adapter_for(view.game).refusal_of_round(
        view.table, refused.code, refused.field, refused.message, refused.round_number
    )


def refusal_field(view, refused: ServiceError) -> str | None:
    """The form field (or group of fields) a refusal is about, for the message beside it."""
    return adapter_for(view.game).chip_name(refused.field) if refused.field else None


def field_errors(view, adapter: GameAdapter, error: ServiceError | None) -> dict[str, str]:
    """A refusal beside the field it is about, by form field ("tricks.2" -> "tricks_2"; "tricks" -> the group)."""
    if error is None or not error.field:
        return {}
    return {adapter.chip_name(error.field): in_words(view, error)}


def entry_context(
    view,
    adapter: GameAdapter,
    hints: Mapping[str, Any],
    number: int,
    values: Mapping[str, Any],
    edit_number: int | None = None,
    error: ServiceError | None = None,
) -> dict[str, Any]:
    """What the round form offers: the shared part, and the game's own from its adapter."""
    return {
        **round_entry(adapter, view.table, hints, number),
        "chips": adapter.chips(view.table, state_before(view, edit_number), values, hints),
        "errors": field_errors(view, adapter, error),
    }


def preview_result(match_id: str, view, values, number: int | None) -> dict[str, Any]:
    """The engine's answer to the entries so far: the would-be scores, or its refusal."""
    try:
        raw = adapter_for(view.game).round_input(values, view.table, hints_before(view, number))
        _scores, state = service.preview_round(match_id, raw, number, actor=current_actor(), view=view)
    except ServiceError as refused:
        if number is None and refused.code == MISSING:
            # The tricks are still to come, the bids are in: "Save the bids" would check
            # them now, so the live check says the same refusal before the tap.
            refused = bidding_refusal(view, values) or refused
        # Not an error page: the refusal is the preview, shown beside the form.
        return {"ok": False, "message": in_words(view, refused), "error": refused, "field": refusal_field(view, refused)}
    scored = state.scored(number or state.round_count)
    return {
        "ok": True,
        "play": adapter_for(view.game).bar_play(view.table, scored),
        "scores": [
            {"name": view.table.side_name(index), "score": score, "explanation": scored.score.explanation[index]}
            for index, score in enumerate(scored.score.scores)
        ],
        "finishes": state.finished and not view.state.finished,
        "winners": [view.table.side_name(index) for index in state.winners],
        # How many people win (one player, a team, a shared win): the verb agrees with it.
        "winner_people": sum(len(view.table.sides[index]) for index in state.winners),
    }


def round_versions(view, number: int, values: Mapping[str, Any]) -> dict[str, Any] | None:
    """Recorded round `number` beside these entries for it (another phone recorded it first),
    each as the score sheet says a round: per side what was made, the score and its
    explanation, with the engine scoring the entries as an edit of that round. `mine` holds
    the edit form's fields that post the entries ("Use mine"), or the rule's refusal instead.
    None: the entries are the recorded ones, there is nothing to choose; FormError: they
    are not a whole round."""
    hints = hints_before(view, number)
    recorded = service.recorded_round(view, number)
    adapter = adapter_for(view.game)
    raw = adapter.round_input(values, view.table, hints)
    if raw == recorded.input:
        return None
    theirs = version_rows(view, recorded.input, number, recorded.score)
    mine = my_version(view, number, raw, hints)
    said = None
    if [row["made"] for row in theirs] == [row["made"] for row in mine["rows"]]:
        # The sides made the same (partners who split their tricks the other way): what
        # differs is said seat by seat, as the history says a round.
        said = (adapter.round_words(view.table, recorded.input, hints), adapter.round_words(view.table, raw, hints))
    return {"number": number, "recorded": theirs, "mine": mine, "said": said}


def my_version(view, number: int, raw: Mapping[str, Any], hints: Mapping[str, Any]) -> dict[str, Any]:
    """The entries `raw` as round `number`: its rows as the engine scores them, or (a rule
    refuses them) what was made with the rule's words and no fields to post."""
    try:
        _view, state = service.preview_round(view.match.id, raw, number, actor=current_actor(), view=view)
    except ServiceError as refused:
        return {"rows": version_rows(view, raw, number, None), "refusal": in_words(view, refused), "fields": None}
    fields = adapter_for(view.game).form_values(raw, view.table, hints)
    return {"rows": version_rows(view, raw, number, state.scored(number).score), "refusal": None, "fields": fields}


def version_rows(view, raw: Mapping[str, Any], number: int, score: RoundScore | None) -> list[dict[str, Any]]:
    """Per side: its name, what it made in the score sheet's words, and (`score`: the round
    scored) its score and the explanation of it."""
    made = adapter_for(view.game).sheet_cells(view.table, raw, number)
    return [
        {
            "name": view.table.side_name(index),
            "made": made[index] if index < len(made) else "",
            "score": score.scores[index] if score is not None else None,
            "explanation": score.explanation[index] if score is not None else "",
        }
        for index in range(len(view.table.sides))
    ]


def bidding_refusal(view, values) -> ServiceError | None:
    """The engine's refusal of the bids entered so far, as "Save the bids" would meet it (the adapter says which)."""
    refused = adapter_for(view.game).bidding_refusal(view.table, view.state, values)
    return service.rule_error(refused) if refused is not None else None


def pending_view(view) -> dict[str, Any] | None:
    """The round waiting for a second phone (table check): its would-be scores per side."""
    if view.pending is None:
        return None
    table = view.table
    return {
        "number": view.pending.number,
        "cells": [
            {"side": table.side_name(index), "score": score, "explanation": explanation}
            for index, (score, explanation) in enumerate(
                zip(view.pending.score.scores, view.pending.score.explanation, strict=True)
            )
        ],
    }


def play_view(view, adapter: GameAdapter, hints: Mapping[str, Any]) -> dict[str, Any] | None:
    """The stored bidding of the next round, as the table needs it while the hand is played:
    the form fields it fills in (posted again with the hand), each seat's target, who leads
    and the call the dealer could not make. None: no bidding is open (or an edit broke it)."""
    bidding = service.open_bidding(view)
    if bidding is None or bidding["play"] is None:
        return None
    table, play = view.table, bidding["play"]
    values = adapter.form_values(bidding["input"], table, hints)
    return {
        "number": bidding["round"],
        "values": values,
        # Posted again with the hand, unseen; a field the form still shows (Willi Stich's
        # trump) is posted by its own chips, filled in.
        "hidden": {name: value for name, value in values.items() if name not in adapter.hand_fields},
        "targets": adapter.play_targets(table, bidding["input"], play),
        "lines": adapter.play_lines(table, bidding["input"], play),
        "lead": adapter.first_lead(table, play),
        "dealer": table.name(play["dealer"]),
        "dealer_may_not_call": play["dealer_may_not_call"],
    }


def own_undo(view, rights: access.MatchRights) -> bool:
    """Whether the page offers the last round's Undo beside the scores: on the phone that
    recorded it (another phone at the table would take back a round it did not enter)."""
    return rights.write and service.last_round_is_mine(view, current_actor())


def match_context(
    view,
    *,
    values: Mapping[str, Any] | None = None,
    error: ServiceError | None = None,
    edit_number: int | None = None,
    preview: dict[str, Any] | None = None,
    live: bool = False,
    stale: str | None = None,
    versions: dict[str, Any] | None = None,
    share_url: str | None = None,
    share_link: Any = None,
    with_parts: bool = True,
    change_bids: bool = False,
    rights: access.MatchRights | None = None,
) -> dict[str, Any]:
    """The page's context. `view` is the match's current state (service.current_view);
    `edit_number` offers recorded round `edit_number` to edit, and `versions` (from
    round_versions) set entries beside a round another phone recorded; `with_parts=False` leaves
    out the stored parts (a fragment that shows none of them, such as the preview);
    `rights` are the reader's, when the caller worked them out already."""
    state, table = view.state, view.table
    adapter = adapter_for(view.game)
    # ?sheet=all, or the edit of a round the page's window leaves out: every round shown.
    whole = asks_whole_sheet() or (edit_number is not None and not in_window(view, edit_number))
    hints: Mapping[str, Any] = {}
    entry = None
    if edit_number is not None:
        hints = hints_before(view, edit_number)
        number = edit_number
    elif not state.finished and view.pending is None:
        hints = state.next or {}
        number = state.next_round
    else:
        # Finished, or a round waits for table check: no entry form until it is settled.
        number = state.next_round
    if values is None:
        if edit_number is not None:
            values = adapter.form_values(service.recorded_round(view, edit_number).input, table, hints)
        else:
            values = adapter.default_values(table, hints)
    # "Change the bids" (its hidden field rides along with every live check and save of the form).
    change_bids = change_bids or bool(values.get("change_bids"))
    bidding = play_view(view, adapter, hints) if hints and edit_number is None and view.game.has_bidding else None
    if bidding is not None:
        # The bids as they were said, posted again with the hand: the round is whole. Being
        # changed, they fill the bids form instead; the saved ones stand until replaced.
        values = {**bidding["values"], **values}
    changing = bidding is not None and change_bids
    if rights is None:
        rights = access.match_rights(view.match, current_actor())
    if hints and rights.write:
        entry = entry_context(view, adapter, hints, number, values, edit_number, error)
        entry["bidding"] = None if changing else bidding
        entry["changing_bids"] = changing
        entry["two_step"] = view.game.has_bidding and edit_number is None and entry["bidding"] is None
        entry["bid_words"] = adapter.bid_words()
    if entry is not None:
        preview = {**(preview or {"ok": None}), "notes": adapter.preview_notes(table, entry, values)}
    if error is not None:
        preview = {
            **(preview or {}),
            "ok": False,
            "message": in_words(view, error),
            "error": error,
            "field": refusal_field(view, error),
        }
    return {
        "view": view,
        "match": view.match,
        "league": league_of(view.match),
        "game": view.game,
        "table": table,
        "state": state,
        "side_names": side_names(view),
        "entry": entry,
        "pending": pending_view(view),
        "values": values,
        "preview": preview,
        "live": live,
        "edit_number": edit_number,
        "idempotency_key": values.get("idempotency_key") or new_key(),
        "error": error,
        "error_anchor": refusal_field(view, error) if error is not None else None,
        # The version the forms were rendered with: a write based on an older one is refused.
        "etag": view.etag,
        "stale": stale,
        # A round another phone recorded first beside this phone's entries for it (round_versions).
        "versions": versions,
        "share_url": share_url,
        "share_link": share_link,
        "oob": False,
        "rights": rights,
        # Last: storing a new version's parts commits, and the match is read again after it.
        # ?sheet=all: every round and change (the page, and its live refresh, keep it).
        "whole_sheet": whole,
        "parts": sheet_parts(view, rights.write, whole, undo_last=own_undo(view, rights)) if with_parts else {},
    }
