"""The bidding half of a round and the chips of a round's number inputs: shapes and helpers every game shares.

A game with a bidding phase (Game.bidding_required not empty) can have its bids checked and
stored before the hand is played; the hand's result then completes the round. The
bidding is checked by the very functions the whole-round check runs, so a bidding and a
hand validate and score exactly as the same whole round.

Pure Python like the rest of the engine; words are translated when a function is called,
so nothing here carries a reader's language into a stored value.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .fields import is_int


@dataclass(frozen=True)
class PlayView:
    """What the table needs to see while the hand is played, once the bidding is in.

    Numbers and seats only (no words), so it can be stored and served in any language.
    `targets` are per seat: the tricks that seat plays for (None: the seat has no target
    of its own, e.g. the partners of a Spades side that made a special call).
    `leader` is the seat that leads the first trick (None: the cards decide, as in Spades,
    where everyone plays their lowest club to the first trick).
    """

    round: int
    dealer: int
    calling_order: tuple[int, ...]
    leader: int | None
    targets: tuple[int | None, ...]
    #: Willi Stich: the call the dealer could not make once the others were in
    dealer_may_not_call: int | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "dealer": self.dealer,
            "calling_order": list(self.calling_order),
            "leader": self.leader,
            "targets": list(self.targets),
            "dealer_may_not_call": self.dealer_may_not_call,
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class Unavailable:
    """A value a chip offers greyed out, with the engine's own refusal of it."""

    value: int | str
    code: str
    reason: str


@dataclass(frozen=True)
class Word:
    """A chip that is not a number (Spades' nil and blind nil): its input value and name."""

    value: str
    label: str


@dataclass(frozen=True)
class NumberInput:
    """One number input of the round being entered, as chips.

    `field` is the input's dotted path ("style", "bids.3", "sides.0.cards"); every whole
    number from `minimum` to `maximum` is a chip; `unavailable` are the chips shown greyed
    with the reason; `implied` is the value that follows from the others (the last seat's
    tricks, the last side's cards) when it does; `words` are non-number chips.
    """

    field: str
    minimum: int
    maximum: int
    unavailable: tuple[Unavailable, ...] = ()
    implied: int | None = None
    words: tuple[Word, ...] = ()

    def values(self) -> range:
        return range(self.minimum, self.maximum + 1)

    def refusal(self, value: int | str) -> Unavailable | None:
        for item in self.unavailable:
            if item.value == value:
                return item
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "unavailable": [
                {"value": item.value, "code": item.code, "reason": item.reason} for item in self.unavailable
            ],
            "implied": self.implied,
            "words": [{"value": word.value, "label": word.label} for word in self.words],
        }


def draft_value(draft: Any, key: str) -> Any:
    """A field of a half-entered round; None when the draft is not an object or lacks it."""
    return draft.get(key) if isinstance(draft, Mapping) else None


def draft_counts(draft: Any, key: str, n: int) -> list[int | None]:
    """Per-seat whole numbers of a half-entered round: None where nothing (or garbage) is given."""
    value = draft_value(draft, key)
    items = value if isinstance(value, list) else []
    return [items[i] if i < len(items) and is_int(items[i]) else None for i in range(n)]


def the_rest(total: int, given: Sequence[int | None]) -> list[int | None]:
    """Per entry, the value that follows from the others when it alone is missing.

    E.g. tricks [4, None, 6] of 13 give [None, 3, None]; nothing follows while two are
    missing, or when the given ones already exceed the total.
    """
    missing = [index for index, value in enumerate(given) if value is None]
    implied: list[int | None] = [None] * len(given)
    if len(missing) == 1:
        rest = total - sum(value for value in given if value is not None)
        if rest >= 0:
            implied[missing[0]] = rest
    return implied


def count_inputs(field_name: str, total: int, given: Sequence[int | None]) -> tuple[NumberInput, ...]:
    """Chips for per-seat (or per-side) counts that add up to `total` (tricks, cards)."""
    return tuple(
        NumberInput(field=f"{field_name}.{index}", minimum=0, maximum=total, implied=implied)
        for index, implied in enumerate(the_rest(total, given))
    )


def calling_order(first: int, n: int) -> tuple[int, ...]:
    """Every seat once, to the left from `first` (who calls first)."""
    return tuple((first + step) % n for step in range(n))
