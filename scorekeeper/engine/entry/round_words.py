"""A game's words for a player: a refusal of the engine said in the page's terms, and a stored round input said as the match's history shows it."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..core.base import (
    BID,
    SEAT,
    SUIT_NAMES,
    InputField,
    Table,
)
from ..core.fields import is_int_within
from ..core.i18n import _
from .form_fields import MISSING
from .game_words import REFUSAL_WORDS
from .round_form import RoundForm


class RoundWords(RoundForm):
    """What a game says in words (GameAdapter's part)."""

    # ---- refusals in a player's words

    #: the engine's codes of a value the form's chips never offer (a hand-made post): the
    #: page says so in words instead of the engine's API wording (field names, JSON values)
    UNOFFERED_CODES: ClassVar[frozenset[str]] = frozenset({"type", "range", "choice", "length", "field_unknown", "round_type"})

    def field_words(self, table: Table, field: str | None) -> str | None:
        """A refused field ("vip_card", "sides.1.cards", "tricks.2") in words: the engine's label."""
        found = self.described(table, field)
        if field is None or found is None:
            return None
        parts = field.split(".")
        words = _(found.label)
        if len(parts) >= 2 and parts[1].isdigit() and found.per != "round" and int(parts[1]) < found.count(table):
            return self.owned_words(found, words, found.owners(table)[int(parts[1])])
        return words

    def described(self, table: Table, field: str | None) -> InputField | None:
        """The engine's description of a refused field ("vip_card", "sides.1.cards", "tricks.2"), if any."""
        if not field:
            return None
        parts = field.split(".")
        names = {item.name: item for item in self.game.input_fields(table, {})}
        return names.get(parts[-1]) or names.get(parts[0])

    def refusal_of_round(self, table: Table, code: str, field: str | None, message: str, round_number: int | None) -> str:
        """refusal_words, still naming the recorded round an edit would break ("round 4: ...")."""
        words = self.refusal_words(table, code, field, message)
        if round_number is not None and words != message:
            return _("round {number}: {message}", number=round_number, message=words)
        return words

    def refusal_words(self, table: Table, code: str, field: str | None, message: str) -> str:
        """The engine's refusal as a player reads it beside its field. The engine words its
        messages for API clients too ("vip_card is required", "must be one of clubs, ..."):
        the game rewords its own codes (its REFUSAL_WORDS, the same for every adapter); a
        missing field is what is still to enter; a value no chip offers says so in words."""
        game_words = REFUSAL_WORDS.get(self.game)
        own = game_words(self.game, table, code, field, message) if game_words else None
        if own is not None:
            return own
        words = self.field_words(table, field)
        if words is None:
            return message
        if code in (MISSING, "field_missing") or code.endswith("_missing") or message.endswith("required"):
            return _("Still to enter: {what}", what=words)
        plain = all(part.isalpha() or part.isdigit() for part in (field or "").split("."))
        seat = getattr(self.described(table, field), "kind", None) == SEAT
        if code == "range" and plain and not seat:
            # "stake must be at most 6, got 7" names the field in words already; a seat's
            # number is no player's name (Doppelkopf's "re"): no chip offers it.
            return message
        if code in self.UNOFFERED_CODES:
            return _("{what}: not one of the values offered here", what=words)
        return message

    # ---- the match's history: a stored round input in this game's words

    def round_words(self, table: Table, raw: Any, hints: Mapping[str, Any]) -> str:
        """A stored round input (or bidding) as one line of the match's history, in the
        players' words of the engine's field descriptions: "style Pass, stake 4, tricks
        Ann 3, Bob 5" (names for seats and sides, words for suits, styles and honours; no
        code and no seat number). `hints` are the round's own (which fields it has)."""
        if not isinstance(raw, Mapping):
            return self.plain_words(raw)
        fields = self.fields(table, hints)
        singles = {field.name: field for field in fields if not field.group}
        groups: dict[str, list[InputField]] = {}
        for field in fields:
            if field.group:
                groups.setdefault(field.group, []).append(field)
        parts = []
        # In the form's order (bidding first), then any key no field describes.
        order = [*dict.fromkeys(field.group or field.name for field in sorted(fields, key=lambda item: item.phase != BID))]
        for key, value in sorted(raw.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)):
            if value is None:
                continue
            if key in groups and isinstance(value, list):
                rows = [self.group_row_words(table, groups[key], index, row) for index, row in enumerate(value)]
                parts.append("; ".join(row for row in rows if row))
            elif key in singles:
                parts.append(self.field_words_of(table, singles[key], value))
            else:
                # Not a field of this round (an old input): its value alone, never its key.
                parts.append(self.plain_words(value))
        return ", ".join(part for part in parts if part)

    def field_words_of(self, table: Table, field: InputField, value: Any) -> str:
        """One field of a round in words: "trump ♥ Hearts", "tricks Ann 3, Bob 5"."""
        label = _(field.label)
        if field.per == "round" or not isinstance(value, list):
            if value == "none" and field.choice_names is SUIT_NAMES:
                # A round without trump says so by its name alone: "No trump", not "trump No trump".
                return self.value_words(table, field, value)
            return f"{label} {self.value_words(table, field, value)}"
        if field.kind == SEAT:
            # Several seats (Doppelkopf's Re pair) are said by their names alone: "the Re pair Ann, Cid".
            named = [self.value_words(table, field, item) for item in value if item is not None]
            return f"{label} {', '.join(named)}" if named else ""
        owners = field.owners(table)
        said = [
            f"{owners[index]} {self.value_words(table, field, item)}"
            for index, item in enumerate(value)
            if item is not None and item != [] and index < len(owners)
        ]
        return f"{label} {', '.join(said)}" if said else ""

    def group_row_words(self, table: Table, fields: Sequence[InputField], index: int, row: Any) -> str:
        """One side's row of a grouped field (Zwicker's sides): "Ann & Bob: cards 30, Zwicks 1"."""
        if not isinstance(row, Mapping) or index >= len(table.sides):
            return self.plain_words(row)
        said = [
            f"{_(field.label)} {self.value_words(table, field, row[field.name])}"
            for field in fields
            if row.get(field.name) not in (None, [])
        ]
        return _("{side}: {what}", side=table.side_name(index), what=", ".join(said)) if said else ""

    def value_words(self, table: Table, field: InputField, value: Any) -> str:
        """One value of a field in words: a seat by its player, a choice by its name."""
        if isinstance(value, list):
            return ", ".join(self.value_words(table, field, item) for item in value)
        if field.kind == SEAT and is_int_within(value, 0, table.n - 1):
            return table.name(value)
        if field.choice_names and value in field.choice_names:
            return self.choice_words(field, value)
        return self.plain_words(value)

    @staticmethod
    def plain_words(value: Any) -> str:
        """A value no field describes: numbers as they are, yes and no in words."""
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, list):
            return "/".join("–" if item is None else RoundWords.plain_words(item) for item in value)
        if isinstance(value, Mapping):
            return ", ".join(RoundWords.plain_words(item) for item in value.values() if item is not None)
        return str(value)
