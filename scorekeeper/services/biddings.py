"""The bidding half of the next round: stored before the hand is played, so every phone sees it.

A write of a bidding is a write of the match like a round: it bumps the match's version
(the ETag) under the same lock and If-Match check, is audited, and is refused with the
engine's own words. `POST .../rounds` with the hand's part then completes the round.
"""
from __future__ import annotations

from typing import Any

from ..engine.core.i18n import _
from ..engine.games import RuleError
from ..models import Bidding, utcnow
from . import Actor, ServiceError
from .matches import MatchView, audit, locked_for_writing, open_bidding, rule_error, snapshot_view


def _check_next_round(view: MatchView, number: int) -> None:
    """A bidding is only said for the round about to be played."""
    if view.state.finished:
        raise ServiceError(409, _("the match is finished: no more rounds can be recorded"), code="match_finished")
    if view.pending is not None:
        raise ServiceError(
            409,
            _("round {number} is waiting for a second phone to confirm it", number=view.pending.number),
            code="round_pending",
        )
    if number != view.state.next_round:
        raise ServiceError(
            409,
            _(
                "the bidding of round {number} cannot be given: the next round is {next}",
                number=number,
                next=view.state.next_round,
            ),
            code="round_number_taken",
            field="number",
        )


def put_bidding(
    match_id: str, number: int, raw: Any, *, if_match: str | None = None, actor: Actor
) -> MatchView:
    """Store (or replace) the bidding of round `number`, the next round, once the engine accepts it."""
    with locked_for_writing(match_id, if_match, actor) as match:
        view = snapshot_view(match)
        _check_next_round(view, number)
        try:
            view.game.validate_bidding(view.table, view.state, raw)
        except RuleError as error:
            raise rule_error(error) from None
        stored = match.bidding
        before = stored.input if stored is not None and stored.round_number == number else None
        if stored is None:
            match.bidding = Bidding(round_number=number, input=raw, recorded_by=actor.key)
        else:
            stored.round_number, stored.input, stored.recorded_by = number, raw, actor.key
            stored.updated_at = utcnow()
        audit(match, actor, "bidding.put", round_number=number, before=before, after=raw)
    return view


def withdraw_bidding(match_id: str, number: int, *, if_match: str | None = None, actor: Actor) -> MatchView:
    """Remove the open bidding of round `number` (the hand was never played, or it was said wrongly)."""
    with locked_for_writing(match_id, if_match, actor) as match:
        view = snapshot_view(match)
        bidding_of(view, number)
        assert match.bidding is not None  # bidding_of refused a round without one
        audit(match, actor, "bidding.delete", round_number=number, before=match.bidding.input)
        match.bidding = None
    return view


def bidding_of(view: MatchView, number: int) -> dict[str, Any]:
    """The open bidding of round `number` as served, else 404."""
    served = open_bidding(view)
    if served is None or served["round"] != number:
        raise ServiceError(404, _("round {number} has no open bidding", number=number), code="bidding_not_found")
    return served
