"""A game's round form on the pages: its fields, labels and hints, the form read into the round's input and an input written back into the form, and the bidding half of a two-step round."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..core.base import (
    ASSIGN,
    BID,
    CHOICE,
    INT,
    INT_OR_CHOICE,
    SEAT,
    InputField,
    Table,
)
from ..core.i18n import N_, _
from ..games import Game
from .form_fields import MISSING, FormError, form_text, int_or_none, whole_number
from .game_words import FIRST_LEAD_WORDS

Values = Mapping[str, Any]
#: A wide count with a usual value (InputField.usual: Zwicker's Zwicks) is chips up to this
#: many past it, then a "more" chip (MORE) with a number field beside it for the rare larger
#: count: six 44 px chips, one row on a 360 px phone.
FEW_PAST_USUAL = 4
MORE = "more"


class RoundForm:
    """The round form of one game (GameAdapter's part): generic, from the engine's own
    field descriptions (Game.input_fields); a game's adapter overrides what it shows differently."""

    game: Game

    # ---- the round form

    def fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        return self.game.input_fields(table, hints)

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        """What this game's round form shows beyond the shared part (dealer, seats, names):
        the engine's fields, what is decided before the hand (phase "bid") first. A count
        with a usual value comes after the other questions of its half: chosen beforehand, it
        is brought up after the questions still open, so none of them is scrolled away before
        it is answered. A choice given to sides (a grid of several questions, the tallest
        part) comes last of all: a tap among its rows keeps it in view (next-question.js), so a question
        after it would stay under the save bar."""
        fields = sorted(
            self.fields(table, hints), key=lambda field: (field.phase != BID, field.kind == ASSIGN, field.usual is not None)
        )
        return {
            "fields": [self.field_view(table, field) for field in fields],
            "totals": self.totals(table, fields),
            # Headings for the two halves only when the round has a bidding half.
            "phased": any(field.phase == BID for field in fields),
        }

    def totals(self, table: Table, fields: Sequence[InputField]) -> list[dict[str, Any]]:
        """The fields whose values add up to a known total (tricks, cards), with their form names."""
        found = []
        for field in fields:
            if field.total is None or field.kind != INT or field.per == "round":
                continue
            names = [self.form_name(field, index) for index in range(field.count(table))]
            found.append({"label": _(field.label), "total": field.total, "names": names})
        return found

    def field_view(self, table: Table, field: InputField) -> dict[str, Any]:
        """One described field as the generic template draws it: its inputs, each with a name and a label."""
        label = _(field.label)
        # One input for the whole round, or one per owner (a player, a side, a part).
        owners: list[str | None] = [None] if field.per == "round" else list(field.owners(table))
        choices = self.choice_options(table, field)
        inputs = []
        if field.kind == ASSIGN:
            side_options = [(str(index), table.side_name(index)) for index in range(len(table.sides))]
            for code in field.choices:
                inputs.append({"name": self.assign_name(field, code), "label": self.choice_words(field, code),
                               "options": [("", _("nobody"))] + side_options})
            return {"label": label, "heading": heading_of(label), "kind": "assign", "inputs": inputs, "phase": field.phase,
                    "rest_of": f"{field.name}_", "shown_when": self.shown_when(field)}
        for index, owner in enumerate(owners):
            name = self.form_name(field, index if owner is not None else None)
            text = label if owner is None else self.owned_words(field, label, owner)
            # A count of its own is a fieldset: its label is also its legend, a heading.
            inputs.append({"name": name, "label": text, "heading": heading_of(text), "options": choices})
        kind = "number" if field.kind == INT else "select"
        return {
            "label": label,
            "heading": heading_of(label),
            "kind": kind,
            "inputs": inputs,
            "minimum": field.minimum,
            "maximum": field.maximum,
            "phase": field.phase,
            # One input for the round: its own legend is the field's, said once.
            "single": field.per == "round",
            # The values add up to a total: the last one is filled in (round-form.js, data-count-total).
            "total": field.total if field.kind == INT and field.per != "round" else None,
            # The box a refusal of the whole group goes beside ("tricks", "sides": their sum).
            "box": field.group or field.name,
            "usual": field.usual,
            "shown_when": self.shown_when(field),
        }

    @staticmethod
    def shown_when(field: InputField) -> str:
        """When the form asks for `field`, as the pages' data-shown-when says it
        ("style=5 style=6&acting_style=5": the form names of per-round fields are theirs); "" for every round."""
        return " ".join(
            "&".join(f"{name}={value}" for name, value in alternative.items()) for alternative in field.shown_when
        )

    @staticmethod
    def asked(form: Values, field: InputField) -> bool:
        """Whether the form as filled in asks for `field` (a value left in a part hidden
        since, such as a VIP card chosen before another style, is not sent)."""
        return not field.shown_when or any(
            all(form_text(form, name) == str(value) for name, value in alternative.items())
            for alternative in field.shown_when
        )

    def choice_options(self, table: Table, field: InputField) -> list[tuple[str, str]]:
        # Only an optional field has a blank to choose: a required one's first chip chosen
        # beforehand as "not given" would look answered (and be skipped by the page's scroll).
        blank = [("", _("not given"))] if field.optional else []
        if field.kind == SEAT:
            return blank + [(str(seat), name) for seat, name in enumerate(table.players)]
        if field.kind == INT_OR_CHOICE:
            top = field.maximum if field.maximum is not None else 13
            numbers = [(str(number), str(number)) for number in range(field.minimum or 0, top + 1)]
            return blank + numbers + [(str(choice), self.choice_words(field, choice)) for choice in field.choices]
        if field.kind == CHOICE:
            return blank + [(str(choice), self.choice_words(field, choice)) for choice in field.choices]
        return []

    @staticmethod
    def owned_words(field: InputField, label: str, owner: str) -> str:
        """One value of a list field in words: "tricks of Ann"; a part by its name ("Re party: player 1")."""
        if field.per == "part":
            return _("{field}: {part}", field=label, part=owner)
        return _("{field} of {name}", field=label, name=owner)

    @staticmethod
    def choice_words(field: InputField, choice: Any) -> str:
        names = field.choice_names or {}
        return _(names[choice]) if choice in names else str(choice)

    @staticmethod
    def form_name(field: InputField, index: int | None) -> str:
        prefix = f"{field.group}_" if field.group else ""
        return f"{prefix}{field.name}" if index is None else f"{prefix}{field.name}_{index}"

    @staticmethod
    def assign_name(field: InputField, code: Any) -> str:
        return f"{field.name}_{code}"

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        """The engine's round input for the posted form; FormError for a field that cannot be read."""
        return self.read_fields(form, table, self.fields(table, hints))

    def read_fields(self, form: Values, table: Table, fields: Sequence[InputField]) -> dict[str, Any]:
        """The engine's input of `fields` from the posted form (the whole round, or its bidding half)."""
        data: dict[str, Any] = {}
        groups: dict[str, list[dict[str, Any]]] = {}
        for field in fields:
            if not self.asked(form, field):
                continue
            if field.per == "round":
                value = self.read_value(form, field, self.form_name(field, None), _(field.label), field.name)
                if value is not None or field.blank_is_null:
                    data[field.name] = value
                continue
            count, owners = field.count(table), field.owners(table)
            if field.kind == ASSIGN:
                values: list[Any] = [
                    [code for code in field.choices if form_text(form, self.assign_name(field, code)) == str(index)]
                    for index in range(count)
                ]
            else:
                values = [
                    self.read_value(
                        form,
                        field,
                        self.form_name(field, index),
                        self.owned_words(field, _(field.label), owners[index]),
                        f"{field.group}.{index}.{field.name}" if field.group else f"{field.name}.{index}",
                    )
                    for index in range(count)
                ]
            left_out = field.per == "part" or field.blank_is_absent
            if left_out and field.optional and all(value is None for value in values):
                # Parts left blank are the field left out (Doppelkopf's foxes: none caught), and
                # so is a field that says so (Preferans's tricks of a game not played).
                if field.blank_is_null:
                    data[field.name] = None
                continue
            if field.group:
                rows = groups.setdefault(field.group, [{} for _index in range(count)])
                for row, value in zip(rows, values, strict=True):
                    row[field.name] = value
            else:
                data[field.name] = values
        data.update(groups)
        return data

    def read_value(self, form: Values, field: InputField, name: str, what: str, where: str) -> Any:
        """One form value as the engine takes it; None when blank (the engine names what is missing)."""
        text = form_text(form, name)
        if text == MORE and field.usual is not None:
            text = form_text(form, f"{name}_{MORE}")  # "more": the count typed beside the chips
        if not text:
            if field.kind == INT and not field.optional:
                # Not entered yet: what is still to do, not an error (an untouched form earns none).
                raise FormError(_("{what} is missing: enter a whole number", what=what), where, code=MISSING)
            return None
        if field.kind in (CHOICE, INT_OR_CHOICE):
            for choice in field.choices:
                if str(choice) == text:
                    return choice
            if field.kind == CHOICE:
                return text  # not one of the choices: the engine says which are allowed
        return whole_number(text, what, where)

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        """The form fields that post back `raw` (to prefill the edit of a recorded round)."""
        values: dict[str, str] = {}
        for field in self.fields(table, hints):
            if field.group:
                for index, row in enumerate(raw.get(field.group) or []):
                    value = row.get(field.name) if isinstance(row, Mapping) else None
                    if field.kind == ASSIGN:
                        for code in value or []:
                            values[self.assign_name(field, code)] = str(index)
                    else:
                        values[self.form_name(field, index)] = text_of(value)
            elif field.per == "round":
                if field.name in raw:
                    values[self.form_name(field, None)] = text_of(raw[field.name])
            else:
                for index, value in enumerate(raw.get(field.name) or []):
                    values[self.form_name(field, index)] = text_of(value)
        # A count past the usual one's chips is "more" and the number typed beside it.
        for field in self.fields(table, hints):
            if field.usual is None or field.per == "round":
                continue
            for index in range(field.count(table)):
                name = self.form_name(field, index)
                number = int_or_none(values.get(name))
                if number is not None and number > field.usual + FEW_PAST_USUAL:
                    values[name], values[f"{name}_{MORE}"] = MORE, str(number)
        return values

    def default_values(self, table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        """A fresh form: the usual counts chosen beforehand (most Zwicker deals have no
        Zwick), nothing else filled in (the engine's refusal names what is still missing)."""
        values = {}
        for field in self.fields(table, hints):
            if field.usual is not None and field.per != "round":
                for index in range(field.count(table)):
                    values[self.form_name(field, index)] = str(field.usual)
        return values

    # ---- two-step rounds: the bidding half of the form

    def bidding_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        """The bidding half of the round from the form: the fields the engine says are given
        before the hand (phase BID), an optional one left out while blank. A game without
        bidding has none, and the engine refuses it in its own words."""
        if not self.game.has_bidding:
            return {}
        bidding = [field for field in self.fields(table, hints) if field.phase == BID]
        return {name: value for name, value in self.read_fields(form, table, bidding).items() if value is not None}

    #: fields of the bidding that the round form still shows once the bids are saved
    hand_fields: ClassVar[tuple[str, ...]] = ()

    def bid_words(self) -> dict[str, str]:
        """This game's own word for the bids on the two-step buttons and the play view's heading
        (Willi Stich's players "call"), one word per game in each language."""
        return {
            "save": _("Save the bids"),
            "heading": _("The bids are in: play the hand"),
            "change": _("Change the bids"),
            "keep": _("Keep the saved bids"),
        }

    #: the match history's words for a bidding given and withdrawn (audit actions), in the
    #: game's own word for the bids, as its buttons say it
    bidding_history_words: ClassVar[Mapping[str, str]] = {
        "bidding.put": N_("gave the bids of round {number}"),
        "bidding.delete": N_("withdrew the bids of round {number}"),
    }

    def play_targets(self, table: Table, raw: Mapping[str, Any], play: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Each player's target while the hand is played, in words (the engine's numbers)."""
        return [(table.name(seat), str(target)) for seat, target in enumerate(play["targets"]) if target is not None]

    def play_lines(self, table: Table, raw: Mapping[str, Any], play: Mapping[str, Any]) -> list[str]:
        """Everything else the saved bids say the hand is played for (style, trump, stake,
        contracts), in words; `raw` is the stored bidding, `play` the engine's play view."""
        return []

    def first_lead(self, table: Table, play: Mapping[str, Any]) -> str | None:
        """Who leads the first trick, in words: the engine's leader by name, or when the cards
        decide, how the game says the first trick is opened (None: it says nothing)."""
        if play.get("leader") is None:
            words = FIRST_LEAD_WORDS.get(self.game)
            return words(self.game, table, play) if words else None
        return _("{name} leads the first trick.", name=table.name(play["leader"]))


def heading_of(label: str) -> str:
    """A field's label as the heading of its fieldset: its first letter a capital (the label
    is also said mid-line, "tricks Ann 3", in lower case where the language writes it so)."""
    return label[:1].upper() + label[1:]


def usual_of(fields: Sequence[InputField], path: str) -> int | None:
    """The usual value of the field an engine input path is of ("sides.0.zwicks", "tricks.2")."""
    parts = path.split(".")
    for field in fields:
        if field.name in (parts[0], parts[-1]) and field.per != "round":
            return field.usual
    return None


def text_of(value: Any) -> str:
    return "" if value is None else str(value)
