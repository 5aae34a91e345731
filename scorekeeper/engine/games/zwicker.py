"""Zwicker (Zwickern, Zwickeln): honours, most cards and Zwicks (sweeps) per deal, 101 to win.

Over 400 lines, and one module on purpose: a game's rules (its options, a round's parse and
score, its honours and its snapshot) change together and none of them stands alone (Spades
and Skat, whose scoring and input reading do, are packages).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from ..core.base import (
    ASSIGN,
    Game,
    InputField,
    MatchState,
    OptionError,
    OptionSpec,
    RoundError,
    RoundScore,
    Table,
    bounded_int,
    check_fields,
    is_int,
    of_player,
    shown,
    target_winners,
)
from ..core.bidding import NumberInput, count_inputs, draft_value
from ..core.house_rules import MAX_ROUNDS, round_limit_winners
from ..core.i18n import N_, _, _n
from . import register

# Sides per player count, in their fixed order (partners opposite).
SIDES: Mapping[int, tuple[tuple[int, ...], ...]] = {
    2: ((0,), (1,)),
    3: ((0,), (1,), (2,)),
    4: ((0, 2), (1, 3)),
}

# The jokers of each deck, named by their matching value, highest first.
JOKERS: Mapping[int, tuple[str, ...]] = {
    0: (),
    3: ("J25", "J20", "J15"),
    6: ("J30", "J25", "J22", "J20", "J17", "J15"),
}
# The honours every deck has besides its jokers.
PLAIN_HONOURS: tuple[str, ...] = ("D10", "D7", "S7", "AS", "AH", "AD", "AC")
DECK_HONOURS: Mapping[int, tuple[str, ...]] = {
    jokers: (*codes, *PLAIN_HONOURS) for jokers, codes in JOKERS.items()
}
# Every honour code of any deck, in deck order (the 6-joker deck holds all the jokers).
ALL_HONOURS: tuple[str, ...] = DECK_HONOURS[6]
DECK_SIZE: Mapping[int, int] = {jokers: 52 + jokers for jokers in JOKERS}
# N_-marked: translated where a message names the deck.
DECK_NAME: Mapping[int, str] = {
    0: N_("the deck without jokers"),
    3: N_("the deck with 3 jokers"),
    6: N_("the deck with 6 jokers"),
}
# How a page names an honour; the codes stay the input values (and the scoresheet's
# short labels) in every language.
HONOUR_NAMES: Mapping[str, str] = {
    "J30": N_("Joker 30"),
    "J25": N_("Joker 25"),
    "J22": N_("Joker 22"),
    "J20": N_("Joker 20"),
    "J17": N_("Joker 17"),
    "J15": N_("Joker 15"),
    "D10": N_("Ten of Diamonds"),
    "D7": N_("Seven of Diamonds"),
    "S7": N_("Seven of Spades"),
    "AS": N_("Ace of Spades"),
    "AH": N_("Ace of Hearts"),
    "AD": N_("Ace of Diamonds"),
    "AC": N_("Ace of Clubs"),
}


# An ace as the corner of the card shows it in the reader's language (a Russian deck's туз is Т).
# TRANSLATORS: the letter of an ace, as on the corner of a card (German A, Russian Т for туз).
ACE = N_("A")
# How a score explanation names the plain honours: the suit's sign and the card's rank, as on
# the card (the rank's letter in the reader's language, translated when the words are
# rendered, never stored); a joker is named in words ("Joker 25").
HONOUR_CARDS: Mapping[str, tuple[str, str]] = {
    "D10": ("♦", "10"), "D7": ("♦", "7"), "S7": ("♠", "7"),
    "AS": ("♠", ACE), "AH": ("♥", ACE), "AD": ("♦", ACE), "AC": ("♣", ACE),
}


#: Any honour's code as a word of a message.
HONOUR_CODE = re.compile(r"\b({})\b".format("|".join(sorted(ALL_HONOURS, key=len, reverse=True))))


def honour_label(code: str) -> str:
    """The honour as a score explanation names it: ♠A (♠Т in Russian), ♦10, Joker 25 (never its code)."""
    if code not in HONOUR_CARDS:
        return honour_name(code)
    suit, rank = HONOUR_CARDS[code]
    return suit + (_(rank) if rank == ACE else rank)


def honour_name(code: str) -> str:
    """The honour's name in the current language."""
    return _(HONOUR_NAMES[code])


def deck_name(jokers: int) -> str:
    return _(DECK_NAME[jokers])

# Default points per honour, plus `majority` (strictly most cards) and `zwick` (per sweep).
# One table keyed by code serves both joker decks: the jokers the two decks share
# (J25, J20, J15) are worth the same in both (7 / 6 / 5), so no per-deck table is needed.
DEFAULT_POINTS: Mapping[str, int] = {
    "J30": 8,
    "J25": 7,
    "J22": 6,
    "J20": 6,
    "J17": 5,
    "J15": 5,
    "D10": 3,
    "D7": 1,
    "S7": 1,
    "AS": 2,
    "AH": 2,
    "AD": 2,
    "AC": 2,
    "majority": 1,
    "zwick": 1,
}
# Rule decision: an overridden point value must be a whole number from 0 to 1000. Zwicker
# only ever awards points (0 switches an item off); the ceiling keeps a typo like 1000000
# from producing totals no scoresheet (or database column) is meant to hold.
POINTS_MINIMUM = 0
POINTS_MAXIMUM = 1000

# Rule decision: every Zwick is a capture, and a capture takes the card played plus at
# least one card from the table, so a side cannot have more Zwicks than half its cards.
CARDS_PER_ZWICK = 2

SIDE_FIELDS = ("cards", "zwicks", "honours")


@dataclass(frozen=True)
class ZwickerSide:
    cards: int
    zwicks: int
    honours: tuple[str, ...]


@dataclass(frozen=True)
class ZwickerDeal:
    sides: tuple[ZwickerSide, ...]


def majority_side(deal: ZwickerDeal) -> int | None:
    """The side that captured strictly the most cards; None on a tie for most."""
    most = max(side.cards for side in deal.sides)
    leaders = [index for index, side in enumerate(deal.sides) if side.cards == most]
    return leaders[0] if len(leaders) == 1 else None


def score_deal(table: Table, deal: ZwickerDeal) -> RoundScore:
    """Points per side for one deal, with an explanation per side."""
    points: Mapping[str, int] = table.options["points"]
    deck_order = DECK_HONOURS[table.options["jokers"]]
    most = majority_side(deal)
    scores = []
    notes = []
    for index, side in enumerate(deal.sides):
        items = [(honour_label(code), points[code]) for code in deck_order if code in side.honours]
        if index == most:
            items.append((_("most cards"), points["majority"]))
        if side.zwicks:
            items.append((_n("{n} Zwick", "{n} Zwicks", side.zwicks), points["zwick"] * side.zwicks))
        total = sum(value for _, value in items)
        scores.append(total)
        if items:
            notes.append(" + ".join(f"{label} {value}" for label, value in items) + f" = {total}")
        else:
            notes.append(_("no honours, Zwicks or majority = 0"))
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details={"most_cards": most})


# --------------------------------------------------------------------------- validation



def points_option_words(code: str) -> str:
    """A point override as a refusal names it ("option points: J20")."""
    return _("option points: {code}", code=code)

def parse_points(raw: Mapping[Any, Any]) -> dict[str, int]:
    """The effective point table: the defaults with the valid overrides of `raw` merged in."""
    merged = dict(DEFAULT_POINTS)
    for code, value in raw.items():
        where = f"options.points.{code}"
        if not isinstance(code, str) or code not in DEFAULT_POINTS:
            raise OptionError(
                _("option points: unknown code {code} (known: {known})", code=shown(code), known=", ".join(DEFAULT_POINTS)),
                field=where,
                code="option_unknown",
            )
        bounded_int(value, where, partial(points_option_words, code), minimum=POINTS_MINIMUM, maximum=POINTS_MAXIMUM,
                    error=OptionError, code_prefix="option_")
        merged[code] = value
    return merged


def parse_side(table: Table, index: int, raw: Any) -> ZwickerSide:
    """One side's entry: its cards, Zwicks and honours, each checked on its own."""
    jokers = table.options["jokers"]
    deck = DECK_HONOURS[jokers]
    who = table.side_name(index)
    where = f"sides.{index}"
    if not isinstance(raw, Mapping):
        raise RoundError(
            _("the entry of {side} must be an object with {fields}", side=who, fields=", ".join(SIDE_FIELDS)),
            field=where,
            code="type",

        )
    for key in raw:
        if key not in SIDE_FIELDS:
            raise RoundError(
                _(
                    "unknown field {field} for {side} (allowed: {fields})",
                    field=shown(key),
                    side=who,
                    fields=", ".join(SIDE_FIELDS),
                ),
                field=f"{where}.{key}",
                code="field_unknown",
            )
    for key in SIDE_FIELDS:
        if key not in raw:
            raise RoundError(
                _("{field} of {side} is required", field=key, side=who), field=f"{where}.{key}", code="field_missing"
            )

    deck_size = DECK_SIZE[jokers]
    cards = bounded_int(raw["cards"], f"{where}.cards", lambda: of_player("cards", who), minimum=0, maximum=deck_size)
    zwicks = bounded_int(raw["zwicks"], f"{where}.zwicks", lambda: of_player("zwicks", who), minimum=0, maximum=deck_size)

    honours_raw = raw["honours"]
    if not isinstance(honours_raw, list):
        raise RoundError(
            _(
                "honours of {side} must be a list of honour codes (possibly empty), got {value}",
                side=who,
                value=shown(honours_raw),
            ),
            field=f"{where}.honours",
            code="type",
        )
    honours: list[str] = []
    for position, code in enumerate(honours_raw):
        at = f"{where}.honours.{position}"
        if not isinstance(code, str) or code not in ALL_HONOURS:
            raise RoundError(
                _(
                    "{code} given to {side} is not an honour (honours of {deck}: {honours})",
                    code=shown(code),
                    side=who,
                    deck=deck_name(jokers),
                    honours=", ".join(deck),
                ),
                field=at,
                code="honour_unknown",
            )
        if code not in deck:
            raise RoundError(
                _(
                    "{code} given to {side} is not in {deck} (its honours: {honours})",
                    code=code,
                    side=who,
                    deck=deck_name(jokers),
                    honours=", ".join(deck),
                ),
                field=at,
                code="honour_other_deck",
            )
        if code in honours:
            raise RoundError(
                _("{code} is listed twice for {side}", code=code, side=who), field=at, code="honour_duplicate"
            )
        honours.append(code)
    if len(honours) > cards:
        raise RoundError(
            _(
                "{side} cannot hold {honours} with only {cards}",
                side=who,
                honours=_n("{n} honour", "{n} honours", len(honours)),
                cards=_n("{n} card", "{n} cards", cards),
            ),
            field=f"{where}.honours",
            code="honours_over_cards",
        )

    if zwicks * CARDS_PER_ZWICK > cards:
        raise RoundError(
            _n(
                "{side} cannot have {zwicks} with {cards}: every Zwick captures at least {n} card",
                "{side} cannot have {zwicks} with {cards}: every Zwick captures at least {n} cards",
                CARDS_PER_ZWICK,
                side=who,
                zwicks=_n("{n} Zwick", "{n} Zwicks", zwicks),
                cards=_n("{n} card", "{n} cards", cards),
            ),
            field=f"{where}.zwicks",
            code="zwicks_over_cards",
        )
    return ZwickerSide(cards=cards, zwicks=zwicks, honours=tuple(honours))


def parse_deal(table: Table, raw: Any) -> ZwickerDeal:
    """A whole deal: one entry per side, all cards and every honour accounted for."""
    check_fields(raw, required=("sides",))
    entries = raw["sides"]
    count = len(table.sides)
    if not isinstance(entries, list):
        raise RoundError(
            _("sides must be a list with one entry per side ({count})", count=count), field="sides", code="type"
        )
    if len(entries) != count:
        raise RoundError(
            _n(
                "sides must have {n} entry, one per side, got {got}",
                "sides must have {n} entries, one per side, got {got}",
                count,
                got=len(entries),
            ),
            field="sides",
            code="length",

        )
    sides = tuple(parse_side(table, index, entry) for index, entry in enumerate(entries))

    jokers = table.options["jokers"]
    deck_size = DECK_SIZE[jokers]
    captured = sum(side.cards for side in sides)
    if captured != deck_size:
        raise RoundError(
            _("cards must add up to {total} ({deck}), got {got}", total=deck_size, deck=deck_name(jokers), got=captured),
            field="sides",
            code="cards_sum",
        )
    holder: dict[str, int] = {}
    for index, side in enumerate(sides):
        for position, code in enumerate(side.honours):
            if code in holder:
                raise RoundError(
                    _(
                        "{code} is given to both {first} and {second}",
                        code=code,
                        first=table.side_name(holder[code]),
                        second=table.side_name(index),
                    ),
                    field=f"sides.{index}.honours.{position}",
                    code="honour_twice",
                )
            holder[code] = index
    for code in DECK_HONOURS[jokers]:
        if code not in holder:
            raise RoundError(
                _("honour {code} is missing: every honour is captured by some side", code=code),
                field="sides",
                code="honour_missing",
            )
    return ZwickerDeal(sides=sides)


# --------------------------------------------------------------------------- the game


class Zwicker(Game):
    id = "zwicker"
    name = N_("Zwicker")
    position = 30
    option_names = {"jokers": N_("Jokers"), "points": N_("Points")}
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec(
            "jokers",
            "int",
            3,
            N_("Jokers in the deck: 3 (matching values 25, 20, 15), 6 (15, 17, 20, 22, 25, 30) or 0."),
            choices=(0, 3, 6),
        ),
        OptionSpec("target", "int", 101, N_("Points a side needs to win (51 for a short game)."), minimum=1),
        OptionSpec(
            "points",
            "object",
            {},
            # The codes are written out (not joined in) so that the id is one literal to extract.
            N_(
                "Point overrides, code -> points, merged over the default table "
                "(codes: J30, J25, J22, J20, J17, J15, D10, D7, S7, AS, AH, AD, AC, majority, zwick)."
            ),
        ),
        MAX_ROUNDS,
    )

    def finish_options(self, options: dict[str, Any], n_players: int) -> dict[str, Any]:
        # The frozen options carry the whole effective table, so a later change of the
        # defaults never changes the points of a match already started.
        options["points"] = parse_points(options["points"])
        return options

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return SIDES[n_players]

    def start(self, table: Table) -> None:
        return None

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> ZwickerDeal:
        return parse_deal(table, raw)

    def score_round(self, table: Table, state: MatchState, round_: ZwickerDeal) -> tuple[RoundScore, None]:
        return score_deal(table, round_), None

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        ended = target_winners(state.totals, table.options["target"])
        return round_limit_winners(state.totals, state.round_count, table.options, ended)

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        jokers = table.options["jokers"]
        return {"deck_size": DECK_SIZE[jokers], "honours": list(DECK_HONOURS[jokers])}

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        # No bidding. Cards add up to the deck (the last side's follow from the others);
        # Zwicks are at most half a side's cards (CARDS_PER_ZWICK).
        deck_size = DECK_SIZE[table.options["jokers"]]
        entries = draft_value(draft, "sides")
        entries = entries if isinstance(entries, list) else []
        given = [
            entries[index].get("cards") if index < len(entries) and isinstance(entries[index], Mapping) else None
            for index in range(len(table.sides))
        ]
        given = [value if is_int(value) else None for value in given]
        cards = count_inputs("sides", deck_size, given)
        inputs: list[NumberInput] = []
        for index, card_input in enumerate(cards):
            known = given[index] if given[index] is not None else card_input.implied
            inputs.append(replace(card_input, field=f"sides.{index}.cards"))
            most = (known if known is not None and 0 <= known <= deck_size else deck_size) // CARDS_PER_ZWICK
            inputs.append(NumberInput(f"sides.{index}.zwicks", 0, most))
        return tuple(inputs)
    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        deck = DECK_SIZE[table.options["jokers"]]
        return (
            InputField("cards", N_("cards"), per="side", maximum=deck, group="sides", total=deck),
            InputField("zwicks", N_("Zwicks"), per="side", maximum=deck // CARDS_PER_ZWICK, group="sides", usual=0),
            InputField("honours", N_("honours"), per="side", kind=ASSIGN, choices=DECK_HONOURS[table.options["jokers"]],
                       choice_names=HONOUR_NAMES, group="sides"),
        )


register(Zwicker())
