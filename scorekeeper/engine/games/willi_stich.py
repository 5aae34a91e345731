"""Willi Stich: 19 rounds of exact trick calling (Stiche-Raten) with six special rounds."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.base import (
    BID,
    CHOICE,
    SEAT,
    SUIT_NAMES,
    SUITS,
    Game,
    InputField,
    MatchState,
    OptionSpec,
    PlayedMatch,
    RoundError,
    RoundScore,
    Table,
    check_fields,
    highest_winners,
    optional_seat,
    seat_ints,
    shown,
    tricks_field,
)
from ..core.bidding import NumberInput, PlayView, Unavailable, calling_order, count_inputs, draft_counts
from ..core.i18n import N_, _
from . import register

ROUNDS = 19
# Two 32-card packs (7 to Ace); the most cards ever dealt is 10 x 6 = 60, leaving at
# least 4 to turn up a trump card, so a normal round always has a suit as trump.
DECK_SIZE = 64

# The six special rounds of the seed; every other round is "normal".
ROUND_KINDS: Mapping[int, str] = {
    5: "trump_choice",
    15: "trump_choice",
    7: "no_trump",
    13: "no_trump",
    10: "blind_bid",
    19: "forehead",
}
NORMAL = "normal"
# How a page names each kind of round; the kinds above stay the codes the API serves.
ROUND_KIND_NAMES: Mapping[str, str] = {
    NORMAL: N_("normal round"),
    "trump_choice": N_("trump choice"),
    "no_trump": N_("no trump"),
    "blind_bid": N_("blind bid"),
    "forehead": N_("forehead round"),
}

# What `trump` may be in each kind of round, and why anything else is refused.
# "none" is refused outside the no-trump rounds: a card is always left to turn up (see
# DECK_SIZE), and in the trump-choice rounds the seed says "No trump is not allowed".
# The reasons are N_-marked and translated when a refusal is raised.
TRUMP_RULES: Mapping[str, tuple[tuple[str, ...], str]] = {
    NORMAL: (SUITS, N_("the turned-up card sets trump: trump must be clubs, diamonds, hearts or spades")),
    "trump_choice": (
        SUITS,
        N_(
            "the chooser picks one of the four suits, no trump is not allowed: "
            "trump must be clubs, diamonds, hearts or spades"
        ),
    ),
    "no_trump": (("none",), N_("this round is played without trump: trump must be none or left out")),
    "blind_bid": (SUITS, N_("the turned-up card sets trump: trump must be clubs, diamonds, hearts or spades")),
    "forehead": (SUITS, N_("the turned-up card sets trump: trump must be clubs, diamonds, hearts or spades")),
}
# Only in these rounds does a player choose trump, so only they record who did.
CHOOSER_KINDS = frozenset({"trump_choice"})
CHOOSER_ROUNDS = tuple(sorted(number for number, kind in ROUND_KINDS.items() if kind in CHOOSER_KINDS))


@dataclass(frozen=True)
class Scheme:
    """One scoring scheme.

    exact: (base, per_trick, per_call) -> base + per_trick x tricks + per_call x call.
    missed: (per_trick, per_difference, constant)
        -> per_trick x tricks + per_difference x |call - tricks| + constant.
    """

    exact: tuple[int, int, int]
    missed: tuple[int, int, int]


SCHEMES: Mapping[str, Scheme] = {
    # exact call -> 10 + tricks, missed -> tricks
    "stiche_raten": Scheme(exact=(10, 1, 0), missed=(1, 0, 0)),
    # exact -> 20 + 10 x tricks, missed -> -10 x the difference
    "wizard": Scheme(exact=(20, 10, 0), missed=(0, -10, 0)),
    # exact -> 10 + call, missed -> 0
    "oh_hell": Scheme(exact=(10, 0, 1), missed=(0, 0, 0)),
}


def round_kind(number: int) -> str:
    """The kind of round `number`: normal or one of the six special rounds."""
    return ROUND_KINDS.get(number, NORMAL)


def round_kind_name(kind: str) -> str:
    """The kind of round's name in the current language."""
    return _(ROUND_KIND_NAMES[kind])


def cards_in_round(number: int) -> int:
    """Cards per player in round `number`: 1 up to 10, then back down to 1."""
    return number if number <= 10 else 20 - number


def forbidden_dealer_call(cards: int, other_bids: Sequence[int]) -> int | None:
    """The call the dealer may not make once the other calls are in, or None if every
    call is allowed (the others already called more than `cards`)."""
    forbidden = cards - sum(other_bids)
    return forbidden if 0 <= forbidden <= cards else None


@dataclass(frozen=True)
class WilliStichBid:
    """The bidding half of a round: the calls (and trump, when it is known before play)."""

    number: int
    cards: int
    kind: str
    bids: tuple[int, ...]
    trump: str | None
    trump_chooser: int | None


@dataclass(frozen=True)
class WilliStichRound(WilliStichBid):
    tricks: tuple[int, ...]


def dealer_call_refusal(table: Table, number: int, call: int, others: Sequence[int]) -> RoundError | None:
    """The refusal of the dealer's `call` when it would make the calls add up to the cards."""
    cards = cards_in_round(number)
    if call + sum(others) != cards:
        return None
    dealer = table.dealer(number)
    return RoundError(
        _(
            "the dealer {player} may not call {call}: the calls would add up to {cards}",
            player=table.name(dealer),
            call=call,
            cards=cards,
        ),
        field=f"bids.{dealer}",
        code="dealer_call",
    )


def _formula(terms: Sequence[tuple[int, int | None]]) -> tuple[int, str]:
    """Evaluate (coefficient, quantity) terms, quantity None for a constant; return the
    points and how a scoresheet writes them ("10 + 1 = 11", "-10 × 2 = -20", "1")."""
    used = [(coefficient, quantity) for coefficient, quantity in terms if coefficient]
    points = sum(coefficient * (1 if quantity is None else quantity) for coefficient, quantity in used)
    if not used:
        return points, "0"
    written = [
        str(coefficient) if quantity is None
        else str(quantity) if coefficient == 1
        else f"{coefficient} × {quantity}"
        for coefficient, quantity in used
    ]
    if len(used) == 1 and (used[0][1] is None or used[0][0] == 1):
        return points, written[0]
    return points, f"{' + '.join(written)} = {points}"


def score_seat(scheme: Scheme, call: int, took: int) -> tuple[int, str]:
    """Points for one player's call and tricks, with the explanation."""
    if call == took:
        base, per_trick, per_call = scheme.exact
        points, written = _formula([(base, None), (per_trick, took), (per_call, call)])
        return points, _("called {call}, took {took}: exact, {formula}", call=call, took=took, formula=written)
    per_trick, per_difference, constant = scheme.missed
    points, written = _formula([(per_trick, took), (per_difference, abs(call - took)), (constant, None)])
    return points, _("called {call}, took {took}: missed, {formula}", call=call, took=took, formula=written)


def score_willi_round(table: Table, round_: WilliStichRound) -> RoundScore:
    """Points per player for one round, with an explanation per player."""
    scheme = SCHEMES[table.options["scoring"]]
    scored = [score_seat(scheme, call, took) for call, took in zip(round_.bids, round_.tricks, strict=True)]
    return RoundScore(
        scores=tuple(points for points, _ in scored),
        explanation=tuple(note for _, note in scored),
        details={"cards": round_.cards, "kind": round_.kind},
    )



@dataclass(frozen=True)
class CallStats:
    """A player's league calls: rounds where the call matched the tricks taken, of rounds played."""

    player_id: str
    rounds: int
    exact: int
    rate: float

    @classmethod
    def from_counts(cls, player_id: str, rounds: int, exact: int) -> CallStats:
        return cls(player_id=player_id, rounds=rounds, exact=exact, rate=exact / rounds if rounds else 0.0)


class WilliStich(Game):
    id = "willi-stich"
    name = N_("Willi Stich")
    position = 50
    option_names = {"scoring": N_("Scoring")}
    choice_names = {"stiche_raten": N_("Stiche-Raten"), "wizard": N_("Wizard"), "oh_hell": N_("Oh Hell")}
    min_players = 3
    max_players = 6
    option_specs = (
        OptionSpec(
            "scoring",
            "choice",
            "stiche_raten",
            N_(
                "stiche_raten: exact call 10 + tricks, missed tricks; wizard: exact 20 + 10 × tricks, "
                "missed -10 × the difference; oh_hell: exact 10 + call, missed 0."
            ),
            choices=tuple(SCHEMES),
        ),
    )

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return tuple((seat,) for seat in range(n_players))

    def start(self, table: Table) -> None:
        return None

    bidding_required = ("bids",)
    bidding_optional = ("trump", "trump_chooser")

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> WilliStichRound:
        check_fields(raw, required=(*self.bidding_required, "tricks"), optional=self.bidding_optional)
        bid = self.parse_bidding(table, state, raw)
        tricks = tricks_field(raw, table, bid.cards)
        return WilliStichRound(**{name: getattr(bid, name) for name in WilliStichBid.__dataclass_fields__}, tricks=tricks)

    def parse_bidding(self, table: Table, state: MatchState, raw: Mapping[str, Any]) -> WilliStichBid:
        number = state.next_round
        cards = cards_in_round(number)
        kind = round_kind(number)
        bids = seat_ints(raw.get("bids"), "bids", table, maximum=cards)
        dealer = table.dealer(number)
        refusal = dealer_call_refusal(table, number, bids[dealer], [bid for seat, bid in enumerate(bids) if seat != dealer])
        if refusal is not None:
            raise refusal
        trump = self._trump(raw.get("trump"), kind)
        chooser = optional_seat(raw.get("trump_chooser"), "trump_chooser", table)
        # null counts as "not given" (as for every optional field), so only a seat is refused.
        if chooser is not None and kind not in CHOOSER_KINDS:
            raise RoundError(
                _(
                    "trump_chooser is only recorded in rounds {first} and {second}, "
                    "where a player chooses trump (this is round {number})",
                    first=CHOOSER_ROUNDS[0],
                    second=CHOOSER_ROUNDS[1],
                    number=number,
                ),
                field="trump_chooser",
                code="trump_chooser_round",
            )
        return WilliStichBid(number=number, cards=cards, kind=kind, bids=bids, trump=trump, trump_chooser=chooser)

    def play_view(self, table: Table, state: MatchState, bidding: WilliStichBid) -> PlayView:
        dealer = table.dealer(bidding.number)
        others = [bid for seat, bid in enumerate(bidding.bids) if seat != dealer]
        return PlayView(
            round=bidding.number,
            dealer=dealer,
            # Calls start left of the dealer; the dealer calls last.
            calling_order=calling_order(table.left_of(dealer), table.n),
            leader=table.left_of(dealer),
            targets=bidding.bids,
            dealer_may_not_call=forbidden_dealer_call(bidding.cards, others),
            details={
                "cards": bidding.cards,
                "kind": bidding.kind,
                "trump": bidding.trump,
                "trump_chooser": bidding.trump_chooser,
                # Above 0: more tricks called than there are (someone must miss), below: fewer.
                "calls_over_cards": sum(bidding.bids) - bidding.cards,
            },
        )

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        number = state.next_round
        cards = cards_in_round(number)
        dealer = table.dealer(number)
        calls = draft_counts(draft, "bids", table.n)
        others = [call for seat, call in enumerate(calls) if seat != dealer]
        bids = []
        for seat in calling_order(table.left_of(dealer), table.n):
            unavailable: tuple[Unavailable, ...] = ()
            known = [call for call in others if call is not None]
            if seat == dealer and len(known) == len(others):
                refusals = (dealer_call_refusal(table, number, call, known) for call in range(cards + 1))
                unavailable = tuple(
                    Unavailable(call, error.code, error.message)
                    for call, error in enumerate(refusals)
                    if error is not None
                )
            bids.append(NumberInput(f"bids.{seat}", 0, cards, unavailable=unavailable))
        # The calls in calling order (dealer last), then the tricks in seat order.
        return (*bids, *count_inputs("tricks", cards, draft_counts(draft, "tricks", table.n)))

    @staticmethod
    def _trump(value: Any, kind: str) -> str | None:
        """`trump` as the round's kind allows it; None (or absent) means not recorded."""
        if value is None:
            return None
        allowed, rule = TRUMP_RULES[kind]
        if not isinstance(value, str) or value not in allowed:
            raise RoundError(
                _("{rule}, got {value}", rule=_(rule), value=shown(value)),
                field="trump",
                code="trump",
            )
        return value

    def score_round(self, table: Table, state: MatchState, round_: WilliStichRound) -> tuple[RoundScore, None]:
        return score_willi_round(table, round_), None

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        if state.round_count < ROUNDS:
            return None
        return highest_winners(state.totals)

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        number = state.next_round
        return {"cards": cards_in_round(number), "kind": round_kind(number)}

    def fixed_rounds(self, table: Table) -> int | None:
        return ROUNDS

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        kind = hints.get("kind", NORMAL)
        cards = hints.get("cards", 1)
        trumps = TRUMP_RULES.get(kind, (SUITS, ""))[0]
        fields = [
            InputField("trump", N_("trump"), kind=CHOICE, choices=tuple(trumps), choice_names=SUIT_NAMES, optional=True,
                       phase=BID),
            InputField("bids", N_("calls"), per="seat", maximum=cards, phase=BID),
            InputField("tricks", N_("tricks"), per="seat", maximum=cards, total=cards),
        ]
        if kind in CHOOSER_KINDS:
            fields.insert(1, InputField("trump_chooser", N_("trump chosen by"), kind=SEAT, optional=True, phase=BID))
        return tuple(fields)

    def league_stats(self, matches: Sequence[PlayedMatch]) -> dict[str, Any]:
        """Per player: rounds played and rounds where the call equalled the tricks taken."""
        counts: dict[str, list[int]] = {}  # player -> [rounds, exact]
        for match in matches:
            for round_ in match.rounds:
                for seat, (bid, took) in enumerate(zip(round_.input["bids"], round_.input["tricks"], strict=False)):
                    tally = counts.setdefault(match.players[seat], [0, 0])
                    tally[0] += 1
                    tally[1] += int(bid == took)
        return {player: CallStats.from_counts(player, *counts[player]) for player in sorted(counts)}


register(WilliStich())
