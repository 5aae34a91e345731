"""Spades: partnership contracts, nil and blind nil, bags and sandbagging, special calls.

The game (`Spades`, registered here) over its hand's scoring (`scoring.py`) and its bids' checks
(`bids.py`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.base import (
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
    target_winners,
    tricks_field,
)
from ...core.bidding import NumberInput, PlayView, Unavailable, Word, calling_order, count_inputs, draft_counts, draft_value
from ...core.house_rules import MAX_ROUNDS, round_limit_winners
from ...core.i18n import N_, _
from .. import register
from .bids import check_bids_total, check_side_bids, parse_bids, parse_calls
from .scoring import (
    BOOK,
    CLASSIC,
    COUNTS_BAGS,
    NIL_LABEL,
    NIL_VALUE_OPTION,
    SIDES,
    SPECIAL_CALLS,
    TRICKS,
    NilStats,
    SpadesBid,
    SpadesHand,
    SpadesProgress,
    blind_nil_allowed,
    contract,
    is_nil,
    score_hand,
)


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
        calls = parse_calls(table, raw.get("calls"))
        bids = parse_bids(table, raw["bids"], calls)
        tricks = tricks_field(raw, table, TRICKS)
        hand = SpadesHand(bids=bids, tricks=tricks, calls=calls)
        for index, side in enumerate(table.sides):
            if calls[index] is None:
                check_side_bids(table, state, hand, index, side)
        check_bids_total(table, bids)
        return hand

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
        calls = parse_calls(table, raw.get("calls"))
        bids = parse_bids(table, raw["bids"], calls)
        hand = SpadesHand(bids=bids, tricks=(), calls=calls)
        for index, side in enumerate(table.sides):
            if calls[index] is None:
                check_side_bids(table, state, hand, index, side)
        check_bids_total(table, bids)
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
                    check_side_bids(
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
