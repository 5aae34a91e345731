"""Round-input helpers shared by the games: each reads one field and refuses it with a message naming the player and the rule."""
from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeGuard

from .errors import RoundError, RuleError
from .i18n import N_, _, _n

if TYPE_CHECKING:
    from .state import Table

SUITS = ("clubs", "diamonds", "hearts", "spades")
CLUBS, DIAMONDS, HEARTS, SPADES = SUITS  # the suits by name (SPADES the suit, not the game)
#: Trump suits (and "no trump") in words, for every game that names one.
SUIT_NAMES: Mapping[str, str] = {
    "clubs": N_("♣ Clubs"),
    "diamonds": N_("♦ Diamonds"),
    "hearts": N_("♥ Hearts"),
    "spades": N_("♠ Spades"),
    "none": N_("No trump"),
}

# The kinds of InputField.
INT = "int"  # a whole number between minimum and maximum
CHOICE = "choice"  # one of `choices` (their words in `choice_names`)
INT_OR_CHOICE = "int_or_choice"  # a whole number, or one of `choices` (Spades: a number, "nil", "blind_nil")
SEAT = "seat"  # a seat index
ASSIGN = "assign"  # each of `choices` given to one side: per side, the list of codes it took
# The phases of a round (InputField.phase).
BID, PLAY = "bid", "play"


@dataclass(frozen=True)
class InputField:
    """One field of a round input, described for a generic form.

    `per` says how many values: "round" (one), "seat" (a list, one per seat), "side"
    (one per side) or "part" (one per name in `parts`: Doppelkopf's Re pair is two seats,
    its foxes a count for Re and one for Kontra). Per-side fields with a `group` are gathered into one list of objects
    under that key (Zwicker's "sides": [{"cards", "zwicks", "honours"}]). An `optional`
    field left blank is left out (one per round) or null (one per seat or side).

    `total`: the values of a per-seat or per-side field add up to this (tricks, captured
    cards), so the last one follows from the others. `phase`: "bid" for what is decided
    before the hand is played (styles, stakes, bids, calls, trump), "play" for its outcome.

    `shown_when`: a field the round has only for some choices of other fields (Nwik's
    VIP card), as alternatives, each the values of other per-round fields that must all
    hold ({"style": 5}, {"style": 6, "acting_style": 5}); () is every round. `usual`: the
    count most rounds have (Zwicker's Zwicks: 0), so a form may choose it beforehand.
    `blank_is_null`: an optional per-round field left blank is sent as null, not left out
    (Skat's declarer: nobody declared, all passed). `blank_is_absent`: an optional per-seat
    field left blank for every seat is left out, not sent as a list of nulls (Preferans's
    tricks of a game nobody whisted: it was not played).
    """

    name: str
    #: what the field is, in words (N_-marked)
    label: str
    per: str = "round"
    kind: str = INT
    choices: tuple[Any, ...] = ()
    #: words for the choices (N_-marked), by choice
    choice_names: Mapping[Any, str] | None = None
    optional: bool = False
    minimum: int | None = 0
    maximum: int | None = None
    group: str | None = None
    total: int | None = None
    phase: str = PLAY
    shown_when: tuple[Mapping[str, Any], ...] = ()
    usual: int | None = None
    blank_is_null: bool = False
    blank_is_absent: bool = False
    #: the names of a per-"part" field's values, in order (N_-marked)
    parts: tuple[str, ...] = ()

    def count(self, table: Table) -> int:
        """How many values the field has: one per seat, side or part; 1 for a round's one value."""
        if self.per == "seat":
            return table.n
        if self.per == "side":
            return len(table.sides)
        return len(self.parts) if self.per == "part" else 1

    def owners(self, table: Table) -> list[str]:
        """Whose each value is, in words: the players, the sides or the parts (none for a round's one value)."""
        if self.per == "seat":
            return list(table.players)
        if self.per == "side":
            return [table.side_name(index) for index in range(len(table.sides))]
        return [_(part) for part in self.parts]


def shown(value: Any) -> str:
    """A short rendering of a refused input value for a message; never fails.

    Python refuses to print ints of more than 4300 digits (ValueError): a message must
    not turn such an input into anything but a RuleError.
    """
    try:
        return reprlib.repr(value)
    except ValueError:
        return "a number far too large"


def is_int(value: Any) -> bool:
    """A JSON whole number (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_int_within(value: Any, minimum: int | None = None, maximum: int | None = None) -> TypeGuard[int]:
    """A JSON whole number from `minimum` to `maximum` (None: no bound that way): the one test
    of a range-checked whole number, bounded_int's, the services' and a seat's alike."""
    return is_int(value) and (minimum is None or value >= minimum) and (maximum is None or value <= maximum)


def check_fields(raw: Any, required: Sequence[str], optional: Sequence[str] = ()) -> Mapping[str, Any]:
    """Refuse a round input that is not an object, misses a field or has an unknown one."""
    if not isinstance(raw, Mapping):
        raise RoundError(_("a round must be a JSON object"), code="round_type")
    for key in raw:
        if key not in required and key not in optional:
            known = ", ".join([*required, *optional])
            raise RoundError(
                _("unknown round field {field} (allowed: {known})", field=shown(key), known=known),
                field=key if isinstance(key, str) else shown(key),
                code="field_unknown",
            )
    for key in required:
        if key not in raw:
            raise RoundError(_("{field} is required", field=key), field=key, code="field_missing")
    return raw


def bounded_int(
    value: Any,
    where: str,
    what: str | Callable[[], str],
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: type[RuleError] = RoundError,
    code_prefix: str = "",
) -> int:
    """`value` if it is a whole number within the bounds, else `error` at input path `where`
    naming `what` (the field as the message says it: "tricks", "tricks of Ann", "option
    target") and the bound; its code is `code_prefix` + "type" or "range". Every range-checked
    whole number of a round or an option is checked here, so all say the same. `what` may be
    a function giving the words: they are then translated only for a refusal, not for every
    number that passes (a round's counts, every option of every match read)."""
    if is_int_within(value, minimum, maximum):
        return value
    if callable(what):
        what = what()
    if not is_int(value):
        raise error(
            _("{field} must be a whole number, got {value}", field=what, value=shown(value)),
            field=where,
            code=f"{code_prefix}type",
        )
    if minimum is not None and value < minimum:
        raise error(
            _("{field} must be at least {minimum}, got {value}", field=what, minimum=minimum, value=shown(value)),
            field=where,
            code=f"{code_prefix}range",
        )
    if maximum is not None and value > maximum:
        raise error(
            _("{field} must be at most {maximum}, got {value}", field=what, maximum=maximum, value=shown(value)),
            field=where,
            code=f"{code_prefix}range",
        )
    return value


def int_field(value: Any, field: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number within bounds, else RoundError naming `field`."""
    return bounded_int(value, field, field, minimum=minimum, maximum=maximum)


def per_seat(value: Any, field: str, n: int) -> Sequence[Any]:
    """A list with exactly one entry per seat."""
    if not isinstance(value, list):
        raise RoundError(_("{field} must be a list with one entry per seat", field=field), field=field, code="type")
    if len(value) != n:
        raise RoundError(
            _n(
                "{field} must have {n} entry, one per seat, got {got}",
                "{field} must have {n} entries, one per seat, got {got}",
                n,
                field=field,
                got=len(value),
            ),
            field=field,
            code="length",

        )
    return value


def seat_ints(
    value: Any, field: str, table: Table, *, minimum: int = 0, maximum: int | None = None
) -> tuple[int, ...]:
    """One bounded whole number per seat; messages name the player."""
    items = per_seat(value, field, table.n)
    return tuple(
        bounded_int(item, f"{field}.{seat}", partial(of_player, field, table.name(seat)), minimum=minimum, maximum=maximum)
        for seat, item in enumerate(items)
    )


def of_player(field: str, player: str) -> str:
    """A field of one player's or side's, as a message names it: "tricks of Ann"."""
    return _("{field} of {player}", field=field, player=player)


def tricks_field(raw: Mapping[str, Any], table: Table, total: int, field: str = "tricks") -> tuple[int, ...]:
    """Tricks per seat, non-negative, adding up to `total`."""
    tricks = seat_ints(raw.get(field), field, table, maximum=total)
    if sum(tricks) != total:
        raise RoundError(
            _("tricks must add up to {total}, got {got}", total=total, got=sum(tricks)), field=field, code="tricks_sum"
        )
    return tricks


def optional_seat(value: Any, field: str, table: Table) -> int | None:
    """null or a seat index."""
    if value is None:
        return None
    return int_field(value, field, minimum=0, maximum=table.n - 1)


def suit_field(value: Any, field: str, allowed: Sequence[str] = SUITS) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise RoundError(
            _("{field} must be one of {choices}, got {value}", field=field, choices=", ".join(allowed), value=shown(value)),
            field=field,
            code="choice",

        )
    return value


def signed(points: int) -> str:
    """Points with their sign, as a scoresheet writes them: +8, -2, 0."""
    return f"{points:+d}" if points else "0"
