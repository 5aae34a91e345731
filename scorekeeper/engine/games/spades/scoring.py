"""Spades' hand and its score: contracts, nil and blind nil, special calls, bags and sandbagging;
pure functions over frozen dataclasses."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.base import (
    RoundScore,
    Table,
    signed,
)
from ...core.i18n import N_, _, _n

TRICKS = 13
SIDES: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))

# Nil bids: the option holding what each is worth, and how a scoresheet names it.
NIL_VALUE_OPTION: Mapping[str, str] = {"nil": "nil_value", "blind_nil": "blind_nil_value"}
NIL_LABEL: Mapping[str, str] = {"nil": N_("nil"), "blind_nil": N_("blind nil")}

# Overtricks: points per overtrick, and whether they go onto the side's bag count.
OVERTRICK_POINTS: Mapping[str, int] = {"bags": 1, "minus_one": -1}
COUNTS_BAGS: Mapping[str, bool] = {"bags": True, "minus_one": False}


@dataclass(frozen=True)
class SpecialCall:
    """A side's call instead of bids: the tricks it needs and what it is worth."""

    #: N_-marked English name; messages translate it
    label: str
    tricks: int
    #: True: exactly `tricks`; False: at least `tricks`, the rest are overtricks
    exact: bool
    points: int
    #: (another enabled call, points then): Moon is worth more where 10-for-200 is played
    raised_by: tuple[str, int] | None = None


SPECIAL_CALLS: Mapping[str, SpecialCall] = {
    "blind_seven": SpecialCall(N_("blind seven"), tricks=7, exact=False, points=140),
    "ten_for_200": SpecialCall(N_("ten for 200"), tricks=10, exact=True, points=200),
    "moon": SpecialCall(N_("moon"), tricks=13, exact=True, points=200, raised_by=("ten_for_200", 500)),
}

# The option values each preset fills in (an option given explicitly still wins).
BOOK = {
    "nil_value": 50,
    "blind_nil_value": 100,
    "nil_tricks_count": True,
    "blind_nil_deficit": 100,
    "nil_per_side": 1,
    "overtricks": "bags",
    "bag_limit": 10,
    "bag_penalty": 100,
    "target": 500,
    "loss_threshold": None,
    "special_calls": [],
    "min_team_bid": 0,
    "bids_total_13": True,
    "failed_nil_bags": False,
    "max_rounds": None,
}
CLASSIC = {**BOOK, "nil_value": 100, "blind_nil_value": 200, "nil_tricks_count": False}

@dataclass(frozen=True)
class SpadesProgress:
    """Bags each side has carried forward (always below bag_limit between hands)."""

    bags: tuple[int, ...]


@dataclass(frozen=True)
class SpadesBid:
    """The bidding half of a hand: bids per seat and calls per side, as in SpadesHand."""

    bids: tuple[int | str | None, ...]
    calls: tuple[str | None, ...]


@dataclass(frozen=True)
class SpadesHand:
    #: per seat: 0-13, "nil", "blind_nil", or None for a partner of a side with a call
    bids: tuple[int | str | None, ...]
    tricks: tuple[int, ...]
    #: per side: None or an enabled special call
    calls: tuple[str | None, ...]


def is_nil(bid: Any) -> bool:
    return isinstance(bid, str) and bid in NIL_VALUE_OPTION


def contract(hand: SpadesHand, side: tuple[int, ...]) -> int | None:
    """The side's contract: the sum of its integer bids; None for a side of two nils."""
    if all(is_nil(hand.bids[seat]) for seat in side):
        return None
    return sum(bid for seat in side if isinstance(bid := hand.bids[seat], int))


def behind_by(totals: tuple[int, ...], side: int) -> int:
    """How many points `side` trails the best other side by (negative: it leads)."""
    others = [total for index, total in enumerate(totals) if index != side]
    return max(others) - totals[side]


def blind_nil_allowed(table: Table, totals: tuple[int, ...], side: int) -> bool:
    deficit = table.options["blind_nil_deficit"]
    return deficit is None or behind_by(totals, side) >= deficit


def score_contract(options: Mapping[str, Any], bid: int, took: int) -> tuple[int, int, str]:
    """Points, bags and explanation of an ordinary contract of `bid` when `took` count."""
    if took < bid:
        points = -10 * bid
        return points, 0, _("bid {bid}, took {took}: {points}", bid=bid, took=took, points=signed(points))
    over = took - bid
    points = 10 * bid + over * OVERTRICK_POINTS[options["overtricks"]]
    bags = over if COUNTS_BAGS[options["overtricks"]] else 0
    if bags:
        note = _n(
            "bid {bid}, took {took}: {points}, {n} bag",
            "bid {bid}, took {took}: {points}, {n} bags",
            bags,
            bid=bid,
            took=took,
            points=signed(points),
        )
    else:
        note = _("bid {bid}, took {took}: {points}", bid=bid, took=took, points=signed(points))
    return points, bags, note


def score_call(options: Mapping[str, Any], name: str, took: int) -> tuple[int, int, str]:
    """Points, bags and explanation of a special call when the side took `took` tricks."""
    call = SPECIAL_CALLS[name]
    worth = call.points
    if call.raised_by is not None and call.raised_by[0] in options["special_calls"]:
        worth = call.raised_by[1]
    made = took == call.tricks if call.exact else took >= call.tricks
    if not made:
        return -worth, 0, _("{call}, took {took}: {points}", call=_(call.label), took=took, points=signed(-worth))
    over = took - call.tricks
    points = worth + over * OVERTRICK_POINTS[options["overtricks"]]
    bags = over if COUNTS_BAGS[options["overtricks"]] else 0
    if bags:
        note = _n(
            "{call}, took {took}: {points}, {n} bag",
            "{call}, took {took}: {points}, {n} bags",
            bags,
            call=_(call.label),
            took=took,
            points=signed(points),
        )
    else:
        note = _("{call}, took {took}: {points}", call=_(call.label), took=took, points=signed(points))
    return points, bags, note


def score_hand(table: Table, hand: SpadesHand, bags_before: tuple[int, ...]) -> RoundScore:
    """Points per side for one hand, given the bags each side carried into it.

    details: "bags" after the hand (sandbagging applied) and "bag_penalties" taken per side.
    """
    options = table.options
    scores: list[int] = []
    notes: list[str] = []
    bags_after: list[int] = []
    penalties: list[int] = []
    for index, side in enumerate(table.sides):
        call = hand.calls[index]
        nil_seats = [seat for seat in side if is_nil(hand.bids[seat])]
        if call is not None:
            # A call is the partnership's undertaking: both partners' tricks count.
            points, new_bags, note = score_call(options, call, sum(hand.tricks[seat] for seat in side))
        else:
            bid = contract(hand, side)
            if bid is None:
                points, new_bags, note = 0, 0, _("no contract (both bid nil)")
            else:
                counted = side if options["nil_tricks_count"] else [s for s in side if s not in nil_seats]
                points, new_bags, note = score_contract(options, bid, sum(hand.tricks[seat] for seat in counted))
        parts = [note]
        for seat in nil_seats:
            kind = str(hand.bids[seat])  # a nil seat's bid is "nil" or "blind_nil"
            value = options[NIL_VALUE_OPTION[kind]]
            made = hand.tricks[seat] == 0
            points += value if made else -value
            if made:
                parts.append(
                    _("{bid} by {player} made: {points}", bid=_(NIL_LABEL[kind]), player=table.name(seat), points=signed(value))
                )
            else:
                parts.append(
                    _(
                        "{bid} by {player} failed: {points}",
                        bid=_(NIL_LABEL[kind]),
                        player=table.name(seat),
                        points=signed(-value),
                    )
                )
        if options["failed_nil_bags"]:
            # After the side's own overtricks: the failed nil bidders' tricks, as bags only.
            for seat in nil_seats:
                if hand.tricks[seat]:
                    new_bags += hand.tricks[seat]
                    parts.append(
                        _n(
                            "failed {bid}: {n} trick, {n} bag (house rule)",
                            "failed {bid}: {n} tricks, {n} bags (house rule)",
                            hand.tricks[seat],
                            bid=_(NIL_LABEL[str(hand.bids[seat])]),
                        )
                    )
        bags = bags_before[index] + new_bags
        count = 0
        if COUNTS_BAGS[options["overtricks"]]:
            reached = bags
            # "while bags >= limit: penalty, bags -= limit" done at once.
            count, bags = divmod(bags, options["bag_limit"])
            if count:
                penalty = count * options["bag_penalty"]
                points -= penalty
                carried = _n("{n} bag carried", "{n} bags carried", bags)
                # Counted messages: Russian's noun form follows the number (12 мешков, 22 мешка).
                if count > 1:
                    parts.append(
                        _n(
                            "{n} bag: sandbagging {count} × {penalty} = {total}, {carried}",
                            "{n} bags: sandbagging {count} × {penalty} = {total}, {carried}",
                            reached,
                            count=count,
                            penalty=signed(-options["bag_penalty"]),
                            total=signed(-penalty),
                            carried=carried,
                        )
                    )
                else:
                    parts.append(
                        _n(
                            "{n} bag: sandbagging {penalty}, {carried}",
                            "{n} bags: sandbagging {penalty}, {carried}",
                            reached,
                            penalty=signed(-options["bag_penalty"]),
                            carried=carried,
                        )
                    )
        scores.append(points)
        notes.append("; ".join(parts))
        bags_after.append(bags)
        penalties.append(count)
    return RoundScore(
        scores=tuple(scores),
        explanation=tuple(notes),
        details={"bags": bags_after, "bag_penalties": penalties},
    )



@dataclass(frozen=True)
class NilStats:
    """A player's league nil and blind nil bids: made when that seat took no trick.

    The rates are fields (not properties) so that a serializer reading the dataclass
    fields passes them on; None where nothing was attempted.
    """

    player_id: str
    nil_attempted: int
    nil_made: int
    blind_nil_attempted: int
    blind_nil_made: int
    nil_rate: float | None
    blind_nil_rate: float | None
    #: nil and blind nil together
    rate: float | None

    @classmethod
    def from_counts(
        cls, player_id: str, nil_attempted: int, nil_made: int, blind_nil_attempted: int, blind_nil_made: int
    ) -> NilStats:
        attempted = nil_attempted + blind_nil_attempted
        return cls(
            player_id=player_id,
            nil_attempted=nil_attempted,
            nil_made=nil_made,
            blind_nil_attempted=blind_nil_attempted,
            blind_nil_made=blind_nil_made,
            nil_rate=nil_made / nil_attempted if nil_attempted else None,
            blind_nil_rate=blind_nil_made / blind_nil_attempted if blind_nil_attempted else None,
            rate=(nil_made + blind_nil_made) / attempted if attempted else None,
        )
