"""Nwik (The Game With No Name): styles and stakes used once per game, overtricks x stake, zero-sum.

Over 400 lines, and one module on purpose: a game's rules (its options, a round's parse and
score, its bidding and its snapshot) change together and none of them stands alone (Spades
and Skat, whose scoring and input reading do, are packages).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.base import (
    BID,
    CHOICE,
    SPADES,
    SUIT_NAMES,
    SUITS,
    Game,
    InputField,
    MatchState,
    PlayedMatch,
    RoundError,
    RoundScore,
    Table,
    check_fields,
    highest_winners,
    int_field,
    signed,
    suit_field,
    tricks_field,
)
from ..core.bidding import NumberInput, PlayView, Unavailable, count_inputs, draft_counts
from ..core.i18n import N_, _, _n
from . import register

# Everyone is their own side.
SIDES: Mapping[int, tuple[tuple[int, ...], ...]] = {
    2: ((0,), (1,)),
    3: ((0,), (1,), (2,)),
}
TRICKS_PER_ROUND: Mapping[int, int] = {2: 17, 3: 13}
# Every player is nominal Bidder this many times, so the match has 5 x players rounds.
ROUNDS_AS_BIDDER = 5

# Roles counted from the Acting Bidder to the left: index 0 is the Bidder.
# The roles by seat from the (Acting) Bidder on, in words (the rules' table of targets).
ROLE_NAMES: Mapping[int, tuple[str, ...]] = {
    2: (N_("Bidder"), N_("Opponent")),
    3: (N_("Bidder"), N_("Left of the Bidder"), N_("Right of the Bidder")),
}
TARGETS: Mapping[int, tuple[int, ...]] = {2: (10, 7), 3: (6, 4, 3)}
# No Tricks reverses the targets: the Bidder gets the last role's target and so on.
NO_TRICKS_TARGETS: Mapping[int, tuple[int, ...]] = {2: (7, 10), 3: (3, 4, 6)}
# Cards each role may swap with the undealt pile (a reminder for the table, no scoring).
SWAP_ALLOWANCE: Mapping[int, tuple[int, ...]] = {2: (7, 4), 3: (5, 3, 2)}

# English ids, N_-marked: style_name() (or the pages' _()) gives the current language.
STYLE_NAMES: Mapping[int, str] = {
    1: N_("Spades trumps"),
    2: N_("Hearts, Diamonds or Clubs trumps"),
    3: N_("No Trumps"),
    4: N_("No Tricks"),
    5: N_("VIP"),
    6: N_("Pass"),
}
STAKES = (1, 2, 3, 4, 5, 6)
PASS = 6
NO_TRICKS = 4
VIP = 5
# The styles an Acting Bidder may choose from (never Pass).
ACTING_STYLES = (1, 2, 3, 4, 5)
# Which trumps a style accepts; a style not listed takes no trump field at all.
# VIP: the turned card decides, so any suit is possible and recording it is optional.
TRUMP_CHOICES: Mapping[int, tuple[str, ...]] = {2: ("hearts", "diamonds", "clubs"), VIP: SUITS}
TRUMP_REQUIRED = frozenset({2})
# VIP: the card accepted (1st, 2nd or 3rd turned) multiplies the stake by its number.
VIP_CARDS = (1, 2, 3)


def style_name(style: int) -> str:
    """The style's name in the current language."""
    return _(STYLE_NAMES[style])


def played_as(*styles: int) -> tuple[dict[str, int], ...]:
    """The round's choices that play one of `styles`: the Bidder's own, or the Acting Bidder's after a Pass."""
    return (*({"style": style} for style in styles), *({"style": PASS, "acting_style": style} for style in styles))


def style_label(style: int) -> str:
    return _("style {number} ({name})", number=style, name=style_name(style))


@dataclass(frozen=True)
class SeatUsage:
    """What one player has chosen so far as nominal Bidder (acting choices are not counted)."""

    styles: frozenset[int] = frozenset()
    stakes: frozenset[int] = frozenset()

    def available_styles(self) -> list[int]:
        return [style for style in STYLE_NAMES if style not in self.styles]

    def available_stakes(self) -> list[int]:
        return [stake for stake in STAKES if stake not in self.stakes]

    def acting_styles(self) -> list[int]:
        """Styles this player may choose as Acting Bidder: those not yet chosen as Bidder."""
        fresh = [style for style in ACTING_STYLES if style not in self.styles]
        # The rule runs dry once all of 1-5 are used; then any of them is allowed.
        return fresh or list(ACTING_STYLES)


@dataclass(frozen=True)
class NwikBid:
    """The bidding half of a round: everything chosen before the first card is played."""

    bidder: int
    acting_bidder: int
    style: int
    stake: int
    acting_style: int | None
    trump: str | None
    vip_card: int | None

    @property
    def effective_style(self) -> int:
        return self.acting_style if self.acting_style is not None else self.style

    @property
    def effective_stake(self) -> int:
        multiplier = self.vip_card if self.effective_style == VIP and self.vip_card else 1
        return self.stake * multiplier


@dataclass(frozen=True)
class NwikRound(NwikBid):
    tricks: tuple[int, ...]


def role_of(table: Table, bid: NwikBid, seat: int) -> int:
    """A seat's role in the round: 0 the (Acting) Bidder, 1 to their left, 2 the next (ROLE_NAMES)."""
    return (seat - bid.acting_bidder) % table.n


def seat_targets(table: Table, bid: NwikBid) -> tuple[int, ...]:
    """The tricks each seat plays for: by role, reversed for No Tricks."""
    targets = (NO_TRICKS_TARGETS if bid.effective_style == NO_TRICKS else TARGETS)[table.n]
    return tuple(targets[role_of(table, bid, seat)] for seat in range(table.n))


def score_nwik(table: Table, hand: NwikRound) -> RoundScore:
    """Points per seat: (tricks - target) x S, reversed for No Tricks; always zero-sum."""
    no_tricks = hand.effective_style == NO_TRICKS
    targets = seat_targets(table, hand)
    stake = hand.effective_stake
    scores = []
    notes = []
    for seat, took in enumerate(hand.tricks):
        role = role_of(table, hand, seat)
        target = targets[seat]
        difference = target - took if no_tricks else took - target
        points = difference * stake
        scores.append(points)
        params = {
            "role": _(ROLE_NAMES[table.n][role]),
            "target": target,
            "difference": signed(difference),
            "stake": stake,
            "points": signed(points),
        }
        if no_tricks:
            note = _n(
                "{role}: {n} trick, No Tricks target {target}: {difference} × {stake} = {points}",
                "{role}: {n} tricks, No Tricks target {target}: {difference} × {stake} = {points}",
                took,
                **params,
            )
        else:
            note = _n(
                "{role}: {n} trick, target {target}: {difference} × {stake} = {points}",
                "{role}: {n} tricks, target {target}: {difference} × {stake} = {points}",
                took,
                **params,
            )
        notes.append(note)
    details = {
        "bidder": hand.bidder,
        "acting_bidder": hand.acting_bidder,
        "effective_style": hand.effective_style,
        "effective_stake": stake,
    }
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details=details)


def optional(raw: Mapping[str, Any], key: str) -> Any:
    """An optional field's value; JSON null counts as not given (forms send empty fields as null)."""
    return raw.get(key)



@dataclass(frozen=True)
class Tally:
    """Rounds counted and the points they brought."""

    rounds: int
    points: int


@dataclass(frozen=True)
class NwikBidderStats:
    """A player's league rounds as nominal Bidder, by the style (6 = Pass) and the base stake (1-6) they chose."""

    player_id: str
    by_style: Mapping[int, Tally]
    by_stake: Mapping[int, Tally]


class Nwik(Game):
    id = "nwik"
    name = N_("Nwik")
    position = 10
    min_players = 2
    max_players = 3

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return SIDES[n_players]

    def start(self, table: Table) -> tuple[SeatUsage, ...]:
        return tuple(SeatUsage() for _ in range(table.n))

    def encode_progress(self, progress: tuple[SeatUsage, ...]) -> Any:
        return [{"styles": sorted(usage.styles), "stakes": sorted(usage.stakes)} for usage in progress]

    def decode_progress(self, table: Table, data: Any) -> tuple[SeatUsage, ...]:
        if len(data) != table.n:
            raise ValueError("one usage per seat")
        return tuple(
            SeatUsage(styles=frozenset(int(style) for style in seat["styles"]), stakes=frozenset(int(stake) for stake in seat["stakes"]))
            for seat in data
        )

    def roles(self, table: Table, round_number: int) -> tuple[int, int]:
        """(nominal Bidder, Acting Bidder if the Bidder passes) of a round."""
        bidder = table.left_of(table.dealer(round_number))
        return bidder, table.left_of(bidder)

    bidding_required = ("style", "stake")
    bidding_optional = ("acting_style", "trump", "vip_card")

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> NwikRound:
        check_fields(raw, required=(*self.bidding_required, "tricks"), optional=self.bidding_optional)
        bid = self.parse_bidding(table, state, raw)
        tricks = tricks_field(raw, table, TRICKS_PER_ROUND[table.n])
        return NwikRound(**{name: getattr(bid, name) for name in NwikBid.__dataclass_fields__}, tricks=tricks)

    @staticmethod
    def style_refusal(table: Table, usage: tuple[SeatUsage, ...], bidder: int, style: int) -> RoundError | None:
        if style not in usage[bidder].styles:
            return None
        return RoundError(
            _(
                "{player} has already used {style}; still free: {free}",
                player=table.name(bidder),
                style=style_label(style),
                free=", ".join(map(str, usage[bidder].available_styles())),
            ),
            field="style",
            code="style_used",
        )

    @staticmethod
    def stake_refusal(table: Table, usage: tuple[SeatUsage, ...], bidder: int, stake: int) -> RoundError | None:
        if stake not in usage[bidder].stakes:
            return None
        return RoundError(
            _(
                "{player} has already used stake {stake}; still free: {free}",
                player=table.name(bidder),
                stake=stake,
                free=", ".join(map(str, usage[bidder].available_stakes())),
            ),
            field="stake",
            code="stake_used",
        )

    @staticmethod
    def acting_style_refusal(
        table: Table, usage: tuple[SeatUsage, ...], acting_bidder: int, acting_style: int
    ) -> RoundError | None:
        allowed = usage[acting_bidder].acting_styles()
        if acting_style in allowed:
            return None
        return RoundError(
            _(
                "{player} has already chosen {style} as Bidder, so may not "
                "choose it as Acting Bidder: choose one of {allowed}",
                player=table.name(acting_bidder),
                style=style_label(acting_style),
                allowed=", ".join(map(str, allowed)),
            ),
            field="acting_style",
            code="acting_style_used",
        )

    def parse_bidding(self, table: Table, state: MatchState, raw: Mapping[str, Any]) -> NwikBid:
        usage: tuple[SeatUsage, ...] = state.progress
        bidder, left = self.roles(table, state.next_round)
        bidder_name = table.name(bidder)

        style = int_field(raw["style"], "style", minimum=1, maximum=PASS)
        stake = int_field(raw["stake"], "stake", minimum=1, maximum=max(STAKES))
        refusal = self.style_refusal(table, usage, bidder, style) or self.stake_refusal(table, usage, bidder, stake)
        if refusal is not None:
            raise refusal

        acting_style = optional(raw, "acting_style")
        acting_bidder = bidder
        if style == PASS:
            acting_bidder = left
            acting_style = self.parse_acting_style(table, usage, acting_bidder, bidder_name, acting_style)
        elif acting_style is not None:
            raise RoundError(
                _(
                    "acting_style is only given when the Bidder passes (style 6); {player} chose {style}",
                    player=bidder_name,
                    style=style_label(style),
                ),
                field="acting_style",
                code="acting_style_without_pass",
            )
        effective = acting_style if acting_style is not None else style

        trump = self.parse_trump(effective, optional(raw, "trump"))
        vip_card = optional(raw, "vip_card")
        if effective == VIP:
            if vip_card is None:
                raise RoundError(
                    _("vip_card is required for style 5 (VIP): which turned card set trumps, 1, 2 or 3"),
                    field="vip_card",
                    code="vip_card_missing",
                )
            vip_card = int_field(vip_card, "vip_card", minimum=min(VIP_CARDS), maximum=max(VIP_CARDS))
        elif vip_card is not None:
            raise RoundError(
                _("vip_card is only given for style 5 (VIP), not for {style}", style=style_label(effective)),
                field="vip_card",
                code="vip_card_refused",
            )
        return NwikBid(
            bidder=bidder,
            acting_bidder=acting_bidder,
            style=style,
            stake=stake,
            acting_style=acting_style,
            trump=trump,
            vip_card=vip_card,
        )

    def play_view(self, table: Table, state: MatchState, bidding: NwikBid) -> PlayView:
        number = state.next_round
        callers = (bidding.bidder,) if bidding.style != PASS else (bidding.bidder, bidding.acting_bidder)
        swap = SWAP_ALLOWANCE[table.n]
        return PlayView(
            round=number,
            dealer=table.dealer(number),
            calling_order=callers,
            # "the Bidder leading the 1st trick": the Acting Bidder when the Bidder passed.
            leader=bidding.acting_bidder,
            targets=seat_targets(table, bidding),
            details={
                "bidder": bidding.bidder,
                "acting_bidder": bidding.acting_bidder,
                "style": bidding.style,
                "stake": bidding.stake,
                "effective_style": bidding.effective_style,
                "effective_stake": bidding.effective_stake,
                "trump": bidding.trump,
                "vip_card": bidding.vip_card,
                "roles": [role_of(table, bidding, seat) for seat in range(table.n)],
                "swap": [swap[role_of(table, bidding, seat)] for seat in range(table.n)],
            },
        )

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        usage: tuple[SeatUsage, ...] = state.progress
        bidder, acting_bidder = self.roles(table, state.next_round)

        def refused(check: Any, seat: int, values: Any) -> tuple[Unavailable, ...]:
            found = ((value, check(table, usage, seat, value)) for value in values)
            return tuple(Unavailable(value, error.code, error.message) for value, error in found if error is not None)

        return (
            NumberInput("style", 1, PASS, unavailable=refused(self.style_refusal, bidder, STYLE_NAMES)),
            NumberInput("stake", min(STAKES), max(STAKES), unavailable=refused(self.stake_refusal, bidder, STAKES)),
            NumberInput(
                "acting_style",
                min(ACTING_STYLES),
                max(ACTING_STYLES),
                unavailable=refused(self.acting_style_refusal, acting_bidder, ACTING_STYLES),
            ),
            NumberInput("vip_card", min(VIP_CARDS), max(VIP_CARDS)),
            *count_inputs("tricks", TRICKS_PER_ROUND[table.n], draft_counts(draft, "tricks", table.n)),
        )

    def parse_acting_style(
        self, table: Table, usage: tuple[SeatUsage, ...], acting_bidder: int, bidder_name: str, value: Any
    ) -> int:
        acting_name = table.name(acting_bidder)
        allowed = usage[acting_bidder].acting_styles()
        if value is None:
            raise RoundError(
                _(
                    "{player} passed, so acting_style is required: the style {acting} chooses "
                    "as Acting Bidder ({allowed})",
                    player=bidder_name,
                    acting=acting_name,
                    allowed=", ".join(map(str, allowed)),
                ),
                field="acting_style",
                code="acting_style_missing",
            )
        acting_style = int_field(value, "acting_style", minimum=1)
        if acting_style == PASS:
            raise RoundError(
                _(
                    "{player} as Acting Bidder may not pass: choose one of {allowed}",
                    player=acting_name,
                    allowed=", ".join(map(str, allowed)),
                ),
                field="acting_style",
                code="acting_style_pass",
            )
        int_field(acting_style, "acting_style", maximum=max(ACTING_STYLES))
        refusal = self.acting_style_refusal(table, usage, acting_bidder, acting_style)
        if refusal is not None:
            raise refusal
        return acting_style

    def parse_trump(self, effective: int, value: Any) -> str | None:
        choices = TRUMP_CHOICES.get(effective)
        if choices is None:
            if value is not None:
                raise RoundError(
                    _(
                        "trump is only given for style 2 or 5 (VIP); {style} has no trump to name",
                        style=style_label(effective),
                    ),
                    field="trump",
                    code="trump_refused",
                )
            return None
        if value is None:
            if effective in TRUMP_REQUIRED:
                raise RoundError(
                    _("trump is required for {style}: {choices}", style=style_label(effective), choices=", ".join(choices)),
                    field="trump",
                    code="trump_missing",
                )
            return None
        if value == SPADES and SPADES not in choices:
            raise RoundError(
                _(
                    "trump for style {number} must be {choices}: spades trumps is style 1",
                    number=effective,
                    choices=", ".join(choices),
                ),
                field="trump",
                code="trump_spades",
            )
        return suit_field(value, "trump", choices)

    def score_round(
        self, table: Table, state: MatchState, round_: NwikRound
    ) -> tuple[RoundScore, tuple[SeatUsage, ...]]:
        usage = list(state.progress)
        # Only the nominal Bidder's choices are used up (Pass counts as style 6); the
        # Acting Bidder's style stays free for later.
        before = usage[round_.bidder]
        usage[round_.bidder] = SeatUsage(
            styles=before.styles | {round_.style}, stakes=before.stakes | {round_.stake}
        )
        return score_nwik(table, round_), tuple(usage)

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        if state.round_count < ROUNDS_AS_BIDDER * table.n:
            return None
        return highest_winners(state.totals)

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        usage: tuple[SeatUsage, ...] = state.progress
        bidder, acting_bidder = self.roles(table, state.next_round)
        return {
            "bidder": bidder,
            "acting_bidder_if_pass": acting_bidder,
            "available_styles": usage[bidder].available_styles(),
            "available_stakes": usage[bidder].available_stakes(),
            "acting_styles_if_pass": usage[acting_bidder].acting_styles(),
        }

    def details(self, table: Table, progress: tuple[SeatUsage, ...]) -> dict[str, Any]:
        return {
            "usage": [
                {"seat": seat, "styles_used": sorted(used.styles), "stakes_used": sorted(used.stakes)}
                for seat, used in enumerate(progress)
            ]
        }

    def fixed_rounds(self, table: Table) -> int | None:
        return ROUNDS_AS_BIDDER * table.n

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        return (
            InputField("style", N_("style"), kind=CHOICE, choices=tuple(hints.get("available_styles") or STYLE_NAMES),
                       choice_names=STYLE_NAMES, phase=BID),
            InputField("stake", N_("stake"), kind=CHOICE, choices=tuple(hints.get("available_stakes") or STAKES), phase=BID),
            InputField("acting_style", N_("acting style"), kind=CHOICE, choices=ACTING_STYLES, choice_names=STYLE_NAMES,
                       optional=True, phase=BID, shown_when=({"style": PASS},)),
            InputField("vip_card", N_("VIP card"), kind=CHOICE, choices=VIP_CARDS, optional=True, phase=BID,
                       shown_when=played_as(VIP)),
            InputField("trump", N_("trump"), kind=CHOICE, choices=SUITS, choice_names=SUIT_NAMES, optional=True, phase=BID,
                       shown_when=played_as(*TRUMP_CHOICES)),
            InputField("tricks", N_("tricks"), per="seat", maximum=TRICKS_PER_ROUND[table.n], total=TRICKS_PER_ROUND[table.n]),
        )

    def league_stats(self, matches: Sequence[PlayedMatch]) -> dict[str, Any]:
        """Per player, rounds as nominal Bidder by chosen style and by chosen base stake.

        The replay names each round's nominal Bidder (details["bidder"], a seat); the points
        are that seat's score in the round. Style 6 (Pass) is the Bidder's own choice, so a
        pass is counted under 6 whatever the Acting Bidder then chose.
        """
        by_style: dict[str, dict[int, list[int]]] = {}
        by_stake: dict[str, dict[int, list[int]]] = {}
        for match in matches:
            table = self.table(match.players, dict(match.options))
            inputs = [round_.input for round_ in sorted(match.rounds, key=lambda round_: round_.number)]
            for scored in self.replay(table, inputs).rounds:
                bidder = scored.score.details["bidder"]
                player = match.players[bidder]
                # Nwik sides are single seats in seat order, so side index == seat.
                points = scored.score.scores[bidder]
                for tallies, choice in ((by_style, scored.input["style"]), (by_stake, scored.input["stake"])):
                    tally = tallies.setdefault(player, {}).setdefault(choice, [0, 0])
                    tally[0] += 1
                    tally[1] += points
        return {
            player: NwikBidderStats(
                player_id=player,
                by_style={style: Tally(*by_style[player][style]) for style in sorted(by_style[player])},
                by_stake={stake: Tally(*by_stake[player][stake]) for stake in sorted(by_stake[player])},
            )
            for player in sorted(by_style)
        }


register(Nwik())
