"""Spades: partnership contracts, nil and blind nil, bags and sandbagging, special calls."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.base import (
    BID,
    CHOICE,
    INT_OR_CHOICE,
    Game,
    InputField,
    MatchState,
    OptionError,
    OptionSpec,
    PlayedMatch,
    RoundError,
    RoundScore,
    Table,
    check_fields,
    is_int,
    per_seat,
    shown,
    signed,
    target_winners,
    tricks_field,
)
from ..core.bidding import NumberInput, PlayView, Unavailable, Word, calling_order, count_inputs, draft_counts, draft_value
from ..core.house_rules import MAX_ROUNDS, round_limit_winners
from ..core.i18n import N_, _, _n
from . import register

# Rule decisions the spec leaves open (a careful table's reading):
# - "behind by" for blind nil compares the side's total with the other side's total
#   before the hand; being level is behind by 0.
# - nil and blind nil both count toward nil_per_side.
# - With nil_tricks_count false, a nil bidder's tricks count for nothing: not toward the
#   contract and not as bags (the spec's T excludes them, overtricks are T - C).
# - blind_seven needs no deficit (the source sets none); its overtricks are bags like
#   any others and feed sandbagging; ten_for_200 and moon are exact, so they make no bags.
# - Both sides may make a special call in the same hand.
# - A missing or null `calls` field means no calls.
# - loss_threshold must be negative (see its option).
# - min_team_bid never applies to a side with a nil (or two): its integer bid may be
#   anything the contract rule allows; a side with a special call has no bid to check.
# - bids_total_13 false counts the bids as recorded: nil, blind nil and the null bids of
#   a side with a special call count 0 toward the 13 the four bids may not make.
# - failed_nil_bags: the tricks of a failed nil are bags even for a side of two nils
#   (which has no contract and so no overtricks of its own); they score no point, they
#   only feed sandbagging, counted after the side's own overtricks.
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


class Spades(Game):
    id = "spades"
    name = N_("Spades")
    position = 40
    option_names = {
        "nil_value": N_("Nil value"),
        "blind_nil_value": N_("Blind nil value"),
        "nil_tricks_count": N_("Nil bidder's tricks count"),
        "blind_nil_deficit": N_("Blind nil only when behind by"),
        "nil_per_side": N_("Nils per side"),
        "overtricks": N_("Overtricks"),
        "bag_limit": N_("Bag limit"),
        "bag_penalty": N_("Bag penalty"),
        "loss_threshold": N_("Loss threshold"),
        "special_calls": N_("Special calls"),
        "min_team_bid": N_("Minimum team bid"),
        "bids_total_13": N_("Bids may add up to 13"),
        "failed_nil_bags": N_("Failed nil tricks are bags"),
    }
    choice_names = {
        "book": N_("book"),
        "classic": N_("classic"),
        "bags": N_("bags"),
        "minus_one": N_("minus one"),
        "blind_seven": N_("blind seven"),
        "ten_for_200": N_("ten for 200"),
        "moon": N_("shoot the moon"),
    }
    min_players = 4
    max_players = 4
    option_specs = (
        OptionSpec(
            "preset",
            "choice",
            "book",
            N_(
                "Fills the defaults of the other options: book (Parlett: nil 50, blind nil 100) "
                "or classic (club/online: nil 100, blind nil 200, a nil bidder's tricks do not count)."
            ),
            choices=("book", "classic"),
        ),
        OptionSpec("nil_value", "int", 50, N_("Nil made: plus this; failed: minus this."), minimum=0),
        OptionSpec(
            "blind_nil_value", "int", 100, N_("Blind nil made: plus this; failed: minus this."), minimum=0
        ),
        OptionSpec(
            "nil_tricks_count",
            "bool",
            True,
            N_("A nil bidder's tricks count toward the partner's contract (and as overtricks)."),
        ),
        OptionSpec(
            "blind_nil_deficit",
            "int",
            100,
            N_("Blind nil only for a side behind by at least this many points; null: always allowed."),
            minimum=0,
            nullable=True,
        ),
        OptionSpec("nil_per_side", "int", 1, N_("How many players of one side may bid nil."), choices=(1, 2)),
        OptionSpec(
            "overtricks",
            "choice",
            "bags",
            N_("Bags: each overtrick +1 and counts toward sandbagging; minus one: each overtrick -1, no sandbagging."),
            choices=("bags", "minus_one"),
        ),
        OptionSpec(
            "bag_limit",
            "int",
            10,
            N_("Every time a side's bags reach this, it loses bag_penalty and the count drops by this."),
            minimum=1,
        ),
        OptionSpec("bag_penalty", "int", 100, N_("Points lost each time the bags reach bag_limit."), minimum=0),
        OptionSpec("target", "int", 500, N_("Points a side needs to win."), minimum=1),
        OptionSpec(
            "loss_threshold",
            "int",
            None,
            N_("A side at or below this total loses at once (e.g. -200); null: no such rule."),
            # Below 0: every side starts at 0, so a threshold of 0 or more would have
            # both sides "at or below it" before a card is played.
            maximum=-1,
            nullable=True,
        ),
        OptionSpec(
            "special_calls",
            "list",
            [],
            N_("Special calls a side may make instead of bidding."),
            choices=tuple(SPECIAL_CALLS),
        ),
        OptionSpec(
            "min_team_bid",
            "int",
            0,
            N_(
                "A side's contract may not be below this (house rule); a side with a nil or a "
                "special call is exempt. 0: no minimum."
            ),
            minimum=0,
            maximum=TRICKS,
        ),
        OptionSpec(
            "bids_total_13",
            "bool",
            True,
            N_(
                "The four bids may add up to exactly 13. No: someone must lose, a total of 13 is "
                "refused (nil and a side's special call count 0)."
            ),
        ),
        OptionSpec(
            "failed_nil_bags",
            "bool",
            False,
            N_(
                "Every trick a failed nil or blind nil bidder takes is also a bag of the side "
                "(needs: a nil bidder's tricks do not count, and overtricks are bags)."
            ),
        ),
        MAX_ROUNDS,
    )
    presets = {"book": BOOK, "classic": CLASSIC}

    def finish_options(self, options: dict[str, Any], n_players: int) -> dict[str, Any]:
        # A failed nil's tricks as bags only make sense where those tricks count for
        # nothing else and where there are bags at all.
        if options["failed_nil_bags"] and (options["nil_tricks_count"] or not COUNTS_BAGS[options["overtricks"]]):
            raise OptionError(
                _(
                    "the house rule \"failed nil tricks are bags\" needs a nil bidder's tricks not to count "
                    "toward the contract and overtricks to be bags"
                ),
                field="options.failed_nil_bags",
                code="option_combination",
            )
        return options

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return SIDES

    def start(self, table: Table) -> SpadesProgress:
        return SpadesProgress(bags=tuple(0 for _ in table.sides))

    def encode_progress(self, progress: SpadesProgress) -> Any:
        return {"bags": list(progress.bags)}

    def decode_progress(self, table: Table, data: Any) -> SpadesProgress:
        bags = tuple(int(bag) for bag in data["bags"])
        if len(bags) != len(table.sides):
            raise ValueError("one bag count per side")
        return SpadesProgress(bags=bags)

    def details(self, table: Table, progress: SpadesProgress) -> dict[str, Any]:
        return {"bags": list(progress.bags)}

    # ---- round input

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> SpadesHand:
        check_fields(raw, required=("bids", "tricks"), optional=("calls",))
        calls = self._parse_calls(table, raw.get("calls"))
        bids = self._parse_bids(table, raw["bids"], calls)
        tricks = tricks_field(raw, table, TRICKS)
        hand = SpadesHand(bids=bids, tricks=tricks, calls=calls)
        for index, side in enumerate(table.sides):
            if calls[index] is None:
                self._check_side_bids(table, state, hand, index, side)
        self._check_bids_total(table, bids)
        return hand

    def _check_bids_total(self, table: Table, bids: tuple[int | str | None, ...]) -> None:
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

    def _parse_calls(self, table: Table, value: Any) -> tuple[str | None, ...]:
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

    def _parse_bids(
        self, table: Table, value: Any, calls: tuple[str | None, ...]
    ) -> tuple[int | str | None, ...]:
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

    def _check_side_bids(
        self, table: Table, state: MatchState, hand: SpadesHand, index: int, side: tuple[int, ...]
    ) -> None:
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

    def score_round(
        self, table: Table, state: MatchState, round_: SpadesHand
    ) -> tuple[RoundScore, SpadesProgress]:
        score = score_hand(table, round_, state.progress.bags)
        return score, SpadesProgress(bags=tuple(score.details["bags"]))

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        threshold = table.options["loss_threshold"]
        if threshold is not None:
            sunk = [index for index, total in enumerate(state.totals) if total <= threshold]
            if len(sunk) == 1:
                return tuple(index for index in range(len(state.totals)) if index not in sunk)
            if len(sunk) > 1:
                best = max(state.totals)
                leaders = [index for index, total in enumerate(state.totals) if total == best]
                # Both sunk and level: neither has lost to the other yet, so play on.
                sunk_ending = (leaders[0],) if len(leaders) == 1 else None
                return round_limit_winners(state.totals, state.round_count, table.options, sunk_ending)
        ended = target_winners(state.totals, table.options["target"])
        return round_limit_winners(state.totals, state.round_count, table.options, ended)

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        return {
            "bags": list(state.progress.bags),
            "blind_nil_allowed": [
                blind_nil_allowed(table, state.totals, index) for index in range(len(table.sides))
            ],
        }

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        calls = tuple(table.options.get("special_calls") or ())
        fields = []
        if calls:
            fields.append(
                InputField("calls", N_("special calls"), per="side", kind=CHOICE, choices=calls,
                           choice_names={call: SPECIAL_CALLS[call].label for call in calls}, optional=True, phase=BID)
            )
        fields.append(
            InputField("bids", N_("bids"), per="seat", kind=INT_OR_CHOICE, choices=tuple(NIL_LABEL),
                       choice_names=NIL_LABEL, maximum=TRICKS, optional=bool(calls), phase=BID)
        )
        fields.append(InputField("tricks", N_("tricks"), per="seat", maximum=TRICKS, total=TRICKS))
        return tuple(fields)

    def league_stats(self, matches: Sequence[PlayedMatch]) -> dict[str, Any]:
        """Per player who bid nil or blind nil: attempts and successes (no trick taken)."""
        # player -> [nil attempted, nil made, blind attempted, blind made]
        counts: dict[str, list[int]] = {}
        for match in matches:
            for round_ in match.rounds:
                for seat, (bid, took) in enumerate(zip(round_.input["bids"], round_.input["tricks"], strict=False)):
                    if not is_nil(bid):
                        continue
                    tally = counts.setdefault(match.players[seat], [0, 0, 0, 0])
                    offset = 0 if bid == "nil" else 2
                    tally[offset] += 1
                    tally[offset + 1] += int(took == 0)
        return {player: NilStats.from_counts(player, *counts[player]) for player in sorted(counts)}


    # ---- the bidding half of a hand, and the chips of its inputs

    bidding_required = ("bids",)
    bidding_optional = ("calls",)

    def parse_bidding(self, table: Table, state: MatchState, raw: Mapping[str, Any]) -> SpadesBid:
        """The bids and calls, checked by the hand's own checks (which never look at tricks)."""
        calls = self._parse_calls(table, raw.get("calls"))
        bids = self._parse_bids(table, raw["bids"], calls)
        hand = SpadesHand(bids=bids, tricks=(), calls=calls)
        for index, side in enumerate(table.sides):
            if calls[index] is None:
                self._check_side_bids(table, state, hand, index, side)
        self._check_bids_total(table, bids)
        return SpadesBid(bids=bids, calls=calls)

    def play_view(self, table: Table, state: MatchState, bidding: SpadesBid) -> PlayView:
        number = state.next_round
        dealer = table.dealer(number)
        targets = tuple(
            # A side with a special call has no bids of its own (None).
            None if bidding.calls[table.side_of(seat)] is not None or bid is None else 0 if is_nil(bid) else int(bid)
            for seat, bid in enumerate(bidding.bids)
        )
        hand = SpadesHand(bids=bidding.bids, tricks=(), calls=bidding.calls)
        side_targets = [
            SPECIAL_CALLS[call].tricks if call is not None else contract(hand, side)
            for side, call in zip(table.sides, bidding.calls, strict=True)
        ]
        return PlayView(
            round=number,
            dealer=dealer,
            calling_order=calling_order(table.left_of(dealer), table.n),
            # The first trick: everyone plays their lowest club; the highest club wins it.
            leader=None,
            targets=targets,
            details={
                "bids": list(bidding.bids),
                "calls": list(bidding.calls),
                "side_targets": side_targets,
                "nil": [seat for seat, bid in enumerate(bidding.bids) if is_nil(bid)],
                "bags": list(state.progress.bags),
            },
        )

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        calls = draft_value(draft, "calls")
        calls = calls if isinstance(calls, list) and len(calls) == len(table.sides) else [None] * len(table.sides)
        raw_bids = draft_value(draft, "bids")
        raw_bids = raw_bids if isinstance(raw_bids, list) and len(raw_bids) == table.n else [None] * table.n
        dealer = table.dealer(state.next_round)
        bids = []
        for seat in calling_order(table.left_of(dealer), table.n):
            index = table.side_of(seat)
            unavailable: list[Unavailable] = []
            words = []
            partner = next(other for other in table.sides[index] if other != seat)
            partner_bid = raw_bids[partner]
            for value in (*range(TRICKS + 1), *NIL_VALUE_OPTION):
                if not is_nil(value):
                    # A number is refused only with the partner's bid in (the contract is the pair's).
                    if not (is_int(partner_bid) or is_nil(partner_bid)):
                        continue
                else:
                    words.append(Word(value, _(NIL_LABEL[value])))
                # The partner's bid as entered, else a bid that never refuses a nil.
                trial = [1] * table.n
                trial[partner] = partner_bid if is_int(partner_bid) or is_nil(partner_bid) else 1
                trial[seat] = value
                try:
                    self._check_side_bids(
                        table, state, SpadesHand(bids=tuple(trial), tricks=(), calls=(None,) * len(table.sides)),
                        index, table.sides[index],
                    )
                except RoundError as error:
                    unavailable.append(Unavailable(value, error.code, error.message))
            call = calls[index]
            if isinstance(call, str) and call in SPECIAL_CALLS:
                # The side made a special call: its partners bid nothing.
                reason = _(
                    "{side} called {call}: the partners make no bid",
                    side=table.side_name(index),
                    call=_(SPECIAL_CALLS[call].label),
                )
                unavailable = [Unavailable(value, "bid_with_call", reason) for value in (*range(TRICKS + 1), *NIL_VALUE_OPTION)]
            bids.append(NumberInput(f"bids.{seat}", 0, TRICKS, unavailable=tuple(unavailable), words=tuple(words)))
        return (*bids, *count_inputs("tricks", TRICKS, draft_counts(draft, "tricks", table.n)))


register(Spades())
