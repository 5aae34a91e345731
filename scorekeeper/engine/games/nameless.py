"""Nameless (Безымянный): 1 point per trick, bonus hands of 3/4/5 tricks, 20 to win."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.base import (
    SEAT,
    Game,
    InputField,
    MatchState,
    OptionSpec,
    RoundError,
    RoundScore,
    Table,
    check_fields,
    optional_seat,
    signed,
    target_winners,
    tricks_field,
)
from ..core.bidding import NumberInput, count_inputs, draft_counts
from ..core.house_rules import MAX_ROUNDS, round_limit_winners
from ..core.i18n import N_, _, _n
from . import register

# Sides per player count, in their fixed order (partners opposite).
SIDES: Mapping[int, tuple[tuple[int, ...], ...]] = {
    2: ((0,), (1,)),
    3: ((0,), (1,), (2,)),
    4: ((0, 2), (1, 3)),
    5: ((0,), (1, 3), (2, 4)),
    6: ((0, 3), (1, 4), (2, 5)),
}
CARDS_PER_HAND: Mapping[int, int] = {2: 5, 3: 5, 4: 5, 5: 4, 6: 4}

# Bonus hands (only in hands of 5 tricks): tricks of the bonus player ->
# (the bonus player's side scores, every other side scores / loses).
BONUS: Mapping[int, tuple[int, int]] = {3: (4, 1), 4: (6, 2), 5: (7, 3)}
RENEGE_PENALTY = 2


@dataclass(frozen=True)
class NamelessHand:
    tricks: tuple[int, ...]
    alone: int | None
    renege: int | None


def bonus_player(table: Table, hand: NamelessHand) -> int | None:
    """The seat whose hand earns a bonus, if any."""
    if CARDS_PER_HAND[table.n] != 5:
        return None
    if table.n <= 3:
        candidates = [seat for seat, took in enumerate(hand.tricks) if took >= 3]
        return candidates[0] if candidates else None
    if table.n == 4 and hand.alone is not None and hand.tricks[hand.alone] >= 3:
        return hand.alone
    return None


def score_hand(table: Table, hand: NamelessHand) -> RoundScore:
    """Points per side for one hand, with an explanation per side."""
    keep_tricks = table.options["opponents_keep_tricks"]
    side_tricks = [sum(hand.tricks[seat] for seat in side) for side in table.sides]
    scores = list(side_tricks)
    notes = [_n("{n} trick: {points}", "{n} tricks: {points}", took, points=signed(took)) for took in side_tricks]
    bonus_seat = bonus_player(table, hand)
    if bonus_seat is not None:
        took = hand.tricks[bonus_seat]
        won, lost = BONUS[took]
        bonus_side = table.side_of(bonus_seat)
        for index in range(len(table.sides)):
            if index == bonus_side:
                scores[index] = won
                if hand.alone is not None:
                    notes[index] = _(
                        "{player} took {took} of 5 alone: bonus {points}",
                        player=table.name(bonus_seat),
                        took=took,
                        points=signed(won),
                    )
                else:
                    notes[index] = _(
                        "{player} took {took} of 5: bonus {points}",
                        player=table.name(bonus_seat),
                        took=took,
                        points=signed(won),
                    )
            elif keep_tricks:
                scores[index] = side_tricks[index] - lost
                notes[index] = _n(
                    "{n} trick - {lost} for the bonus hand = {points}",
                    "{n} tricks - {lost} for the bonus hand = {points}",
                    side_tricks[index],
                    lost=lost,
                    points=signed(scores[index]),
                )
            else:
                scores[index] = -lost
                notes[index] = _("opponent's bonus hand: {points}", points=signed(-lost))
    if hand.renege is not None:
        renege_side = table.side_of(hand.renege)
        for index in range(len(table.sides)):
            # The parts of a side's explanation are joined with "; " in every language.
            if index == renege_side:
                scores[index] -= RENEGE_PENALTY
                notes[index] += "; " + _(
                    "{player} reneged: {points}", player=table.name(hand.renege), points=signed(-RENEGE_PENALTY)
                )
            else:
                scores[index] += RENEGE_PENALTY
                notes[index] += "; " + _(
                    "renege by {player}: {points}", player=table.name(hand.renege), points=signed(RENEGE_PENALTY)
                )
    return RoundScore(scores=tuple(scores), explanation=tuple(notes))


class Nameless(Game):
    id = "nameless"
    name = N_("Nameless")
    position = 20
    option_names = {"opponents_keep_tricks": N_("Opponents keep their tricks")}
    min_players = 2
    max_players = 6
    option_specs = (
        OptionSpec("target", "int", 20, N_("Points a side needs to win."), minimum=1),
        OptionSpec(
            "opponents_keep_tricks",
            "bool",
            False,
            N_("In a bonus hand the other sides score their own tricks minus the penalty."),
        ),
        MAX_ROUNDS,
    )

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return SIDES[n_players]

    def start(self, table: Table) -> None:
        return None

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> NamelessHand:
        check_fields(raw, required=("tricks",), optional=("alone", "renege"))
        tricks = tricks_field(raw, table, CARDS_PER_HAND[table.n])
        alone = optional_seat(raw.get("alone"), "alone", table)
        renege = optional_seat(raw.get("renege"), "renege", table)
        if alone is not None:
            if table.n != 4:
                raise RoundError(
                    _("going alone is only possible with 4 players"), field="alone", code="alone_players"
                )
            partner = (alone + 2) % 4
            if tricks[partner] != 0:
                raise RoundError(
                    _(
                        "{player} went alone, so partner {partner} must take 0 tricks, got {got}",
                        player=table.name(alone),
                        partner=table.name(partner),
                        got=tricks[partner],
                    ),
                    field="tricks",
                    code="alone_partner_tricks",
                )
        return NamelessHand(tricks=tricks, alone=alone, renege=renege)

    def score_round(self, table: Table, state: MatchState, round_: NamelessHand) -> tuple[RoundScore, None]:
        return score_hand(table, round_), None

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        ended = target_winners(state.totals, table.options["target"])
        return round_limit_winners(state.totals, state.round_count, table.options, ended)

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        cards = CARDS_PER_HAND[table.n]
        return {"cards": cards, "tricks": cards}

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        # No bidding: the hand's tricks are the only numbers, the last one follows from the others.
        return count_inputs("tricks", CARDS_PER_HAND[table.n], draft_counts(draft, "tricks", table.n))
    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        return (
            InputField("tricks", N_("tricks"), per="seat", maximum=hints.get("tricks", CARDS_PER_HAND[table.n]),
                       total=hints.get("tricks", CARDS_PER_HAND[table.n])),
            InputField("alone", N_("alone"), kind=SEAT, optional=True),
            InputField("renege", N_("renege"), kind=SEAT, optional=True),
        )


register(Nameless())
