"""Spades' bids and calls: read from a round's input and checked against the table's house rules
(nil per side, blind nil's deficit, the minimum team bid, bids that may not make 13)."""
from __future__ import annotations

from typing import Any

from ...core.base import (
    MatchState,
    RoundError,
    Table,
    is_int,
    per_seat,
    shown,
)
from ...core.i18n import _, _n
from .scoring import SPECIAL_CALLS, TRICKS, SpadesHand, behind_by, blind_nil_allowed, contract, is_nil


def check_bids_total(table: Table, bids: tuple[int | str | None, ...]) -> None:
    """House rule "someone must lose": the four bids may not add up to 13."""
    if table.options["bids_total_13"]:
        return
    # nil, blind nil and the null bids of a side with a call count 0.
    if sum(bid for bid in bids if isinstance(bid, int)) == TRICKS:
        raise RoundError(
            _(
                "the bids add up to {total}: in this match they may not (house rule: someone must lose)",
                total=TRICKS,
            ),
            field="bids",
            code="bids_total_13",
        )


def parse_calls(table: Table, value: Any) -> tuple[str | None, ...]:
    n_sides = len(table.sides)
    # A missing or null `calls` field means nobody called.
    if value is None:
        return tuple(None for _ in table.sides)
    if not isinstance(value, list):
        raise RoundError(
            _("calls must be a list with one entry per side (null or a special call)"), field="calls", code="type"
        )
    if len(value) != n_sides:
        raise RoundError(
            _n(
                "calls must have {n} entry, one per side, got {got}",
                "calls must have {n} entries, one per side, got {got}",
                n_sides,
                got=len(value),
            ),
            field="calls",
            code="length",

        )
    enabled = table.options["special_calls"]
    calls: list[str | None] = []
    for index, call in enumerate(value):
        where = f"calls.{index}"
        side = table.side_name(index)
        if call is None:
            calls.append(None)
            continue
        if not isinstance(call, str) or call not in SPECIAL_CALLS:
            raise RoundError(
                _(
                    "call of {side} must be null or one of {choices}, got {value}",
                    side=side,
                    choices=", ".join(SPECIAL_CALLS),
                    value=shown(call),
                ),
                field=where,
                code="call_unknown",
            )
        if call not in enabled:
            allowed = ", ".join(enabled) if enabled else _("none")
            raise RoundError(
                _(
                    "{side} may not call {call}: it is not among this match's special calls (enabled: {allowed})",
                    side=side,
                    call=_(SPECIAL_CALLS[call].label),
                    allowed=allowed,
                ),
                field=where,
                code="call_not_enabled",
            )
        calls.append(call)
    return tuple(calls)


def parse_bids(table: Table, value: Any, calls: tuple[str | None, ...]) -> tuple[int | str | None, ...]:
    items = per_seat(value, "bids", table.n)
    bids: list[int | str | None] = []
    for seat, bid in enumerate(items):
        where = f"bids.{seat}"
        name = table.name(seat)
        call = calls[table.side_of(seat)]
        if call is not None:
            if bid is not None:
                raise RoundError(
                    _(
                        "{side} called {call}, so {player}'s bid must be null, got {value}",
                        side=table.side_name(table.side_of(seat)),
                        call=_(SPECIAL_CALLS[call].label),
                        player=name,
                        value=shown(bid),
                    ),
                    field=where,
                    code="bid_with_call",
                )
            bids.append(None)
            continue
        if bid is None:
            raise RoundError(
                _(
                    '{player} needs a bid: 0 to {most}, "nil" or "blind_nil" '
                    "(null only when the side makes a special call)",
                    player=name,
                    most=TRICKS,
                ),
                field=where,
                code="bid_missing",
            )
        if is_nil(bid):
            bids.append(bid)
            continue
        if not is_int(bid):
            raise RoundError(
                _(
                    'bid of {player} must be 0 to {most}, "nil" or "blind_nil", got {value}',
                    player=name,
                    most=TRICKS,
                    value=shown(bid),
                ),
                field=where,
                code="bid_type",
            )
        if not 0 <= bid <= TRICKS:
            raise RoundError(
                _("bid of {player} must be 0 to {most}, got {value}", player=name, most=TRICKS, value=shown(bid)),
                field=where,
                code="bid_range",

            )
        bids.append(bid)
    return tuple(bids)


def check_side_bids(table: Table, state: MatchState, hand: SpadesHand, index: int, side: tuple[int, ...]) -> None:
    options = table.options
    side_name = table.side_name(index)
    nil_seats = [seat for seat in side if is_nil(hand.bids[seat])]
    if len(nil_seats) > options["nil_per_side"]:
        raise RoundError(
            _n(
                "only {allowed} of {side} may bid nil (house rule: nils per side), got {n} nil bid",
                "only {allowed} of {side} may bid nil (house rule: nils per side), got {n} nil bids",
                len(nil_seats),
                allowed=options["nil_per_side"],
                side=side_name,
            ),
            field=f"bids.{nil_seats[-1]}",
            code="nil_per_side",
        )
    for seat in nil_seats:
        if hand.bids[seat] == "blind_nil" and not blind_nil_allowed(table, state.totals, index):
            behind = behind_by(state.totals, index)
            if behind > 0:
                standing = _("they are behind by {points}", points=behind)
            elif behind < 0:
                standing = _("they are ahead by {points}", points=-behind)
            else:
                standing = _("they are level")
            raise RoundError(
                _n(
                    "blind nil by {player}: blind nil needs {side} to be behind by at least {n} point, {standing}",
                    "blind nil by {player}: blind nil needs {side} to be behind by at least {n} points, {standing}",
                    options["blind_nil_deficit"],
                    player=table.name(seat),
                    side=side_name,
                    standing=standing,
                ),
                field=f"bids.{seat}",
                code="blind_nil_not_allowed",
            )
    bid = contract(hand, side)
    if bid is not None and not 1 <= bid <= TRICKS:
        if bid == 0 and nil_seats:
            message = _(
                "{side}'s contract must be 1 to {most}: the partner of a nil bids at least 1",
                side=side_name,
                most=TRICKS,
            )
        elif bid == 0:
            # Two bids of 0 are no nil: said as the table says it (the API's "nil" is the same word).
            message = _(
                "{side} bid 0 tricks together, but a side's contract must be 1 to {most}: "
                "a player who means to take no trick bids nil",
                side=side_name,
                most=TRICKS,
            )
        else:
            message = _("{side}'s contract must be 1 to {most}, got {got}", side=side_name, most=TRICKS, got=bid)
        raise RoundError(
            message,
            field="bids",
            code="contract_range",
        )
    minimum = options["min_team_bid"]
    if not nil_seats and bid is not None and bid < minimum:
        raise RoundError(
            _(
                "{side}'s contract is {got}: this match's minimum team bid is {minimum} (house rule)",
                side=side_name,
                got=bid,
                minimum=minimum,
            ),
            field="bids",
            code="min_team_bid",
        )

# ---- scoring and end
