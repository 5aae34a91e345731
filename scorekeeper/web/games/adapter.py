"""How a game looks on the pages: its round form (fields, labels, hints, preview notes, form <-> JSON),
its defaults, its extra match, league and player sections, and the template holding them.

GameAdapter itself is the generic fallback: it builds the round form from the engine's own
field descriptions (Game.input_fields), so a game without an adapter of its own works on
every page. A game's adapter (web/games/<game module>.py) subclasses it and overrides
what that game shows differently. Messages go through the engine's pure hook (`_`, `_n`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

from ...games import Game
from ...games.base import (
    ASSIGN,
    BID,
    CHOICE,
    INT,
    INT_OR_CHOICE,
    SEAT,
    SUIT_NAMES,
    InputField,
    MatchState,
    RoundError,
    RuleError,
    Table,
)
from ...games.fields import is_int_within
from ...games.i18n import N_, _
from .form_fields import MISSING, FormError, form_text, int_or_none, required_int, whole_number
from .template_words import said

Values = Mapping[str, Any]
#: A number input with more values than this is a number field, not a grid of chips
#: (two digits are quicker than finding 55 among 56 chips).
CHIP_LIMIT = 18
# The engine's codes of a bid not entered yet: while the live check waits for it, no refusal.
BLANK_CODES = frozenset({MISSING, "bid_missing"})
#: A wide count with a usual value (InputField.usual: Zwicker's Zwicks) is chips up to this
#: many past it, then a "more" chip (MORE) with a number field beside it for the rare larger
#: count: six 44 px chips, one row on a 360 px phone.
FEW_PAST_USUAL = 4
MORE = "more"


class GameAdapter:
    """One game on the pages. This class, used as it is, is the generic fallback."""

    #: the game id this adapter is for; None for the fallback (bound to any game)
    game_id: ClassVar[str | None] = None
    #: the template whose macros draw this game (round_fields; optionally progress,
    #: league_stats, player_stats)
    template: ClassVar[str] = "games/_generic.html"
    #: the rules-page anchor of each of the game's own refusal codes (its "why?" link)
    refusal_anchors: ClassVar[Mapping[str, str]] = {}
    #: how many seats the new-match form offers first (clamped to the game's range); None: its minimum
    default_seats: ClassVar[int | None] = None

    def __init__(self, game: Game) -> None:
        self.game = game

    # ---- refusals in a player's words

    #: the engine's codes of a value the form's chips never offer (a hand-made post): the
    #: page says so in words instead of the engine's API wording (field names, JSON values)
    UNOFFERED_CODES: ClassVar[frozenset[str]] = frozenset({"type", "range", "choice", "length", "field_unknown", "round_type"})

    def field_words(self, table: Table, field: str | None) -> str | None:
        """A refused field ("vip_card", "sides.1.cards", "tricks.2") in words: the engine's label."""
        if not field:
            return None
        parts = field.split(".")
        names = {item.name: item for item in self.game.input_fields(table, {})}
        found = names.get(parts[-1]) or names.get(parts[0])
        if found is None:
            return None
        words = _(found.label)
        if len(parts) >= 2 and parts[1].isdigit() and found.per == "seat" and int(parts[1]) < table.n:
            return _("{field} of {player}", field=words, player=table.name(int(parts[1])))
        if len(parts) >= 2 and parts[1].isdigit() and found.per == "side" and int(parts[1]) < len(table.sides):
            return _("{field} of {player}", field=words, player=table.side_name(int(parts[1])))
        return words

    def refusal_of_round(self, table: Table, code: str, field: str | None, message: str, round_number: int | None) -> str:
        """refusal_words, still naming the recorded round an edit would break ("round 4: ...")."""
        words = self.refusal_words(table, code, field, message)
        if round_number is not None and words != message:
            return _("round {number}: {message}", number=round_number, message=words)
        return words

    def refusal_words(self, table: Table, code: str, field: str | None, message: str) -> str:
        """The engine's refusal as a player reads it beside its field. The engine words its
        messages for API clients too ("vip_card is required", "must be one of clubs, ..."):
        the game rewords its own codes (Game.refusal_words, the same for every adapter); a
        missing field is what is still to enter; a value no chip offers says so in words."""
        own = self.game.refusal_words(table, code, field, message)
        if own is not None:
            return own
        words = self.field_words(table, field)
        if words is None:
            return message
        if code in (MISSING, "field_missing") or code.endswith("_missing") or message.endswith("required"):
            return _("still to enter: {what}", what=words)
        plain = all(part.isalpha() or part.isdigit() for part in (field or "").split("."))
        if code == "range" and plain:
            return message  # "stake must be at most 6, got 7" names the field in words already
        if code in self.UNOFFERED_CODES:
            return _("{what}: not one of the values offered here", what=words)
        return message

    # ---- the new-match form

    def first_seat_count(self) -> int:
        wanted = self.default_seats if self.default_seats is not None else self.game.min_players
        return max(self.game.min_players, min(self.game.max_players, wanted))

    # ---- the round form

    def fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        return self.game.input_fields(table, hints)

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        """What this game's round form shows beyond the shared part (dealer, seats, names):
        the engine's fields, what is decided before the hand (phase "bid") first. A count
        with a usual value comes after the other questions of its half: chosen beforehand, it
        is brought up after the questions still open, so none of them is scrolled away before
        it is answered. A choice given to sides (a grid of several questions, the tallest
        part) comes last of all: a tap among its rows keeps it in view (app.js), so a question
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
            count = table.n if field.per == "seat" else len(table.sides)
            names = [self.form_name(field, index) for index in range(count)]
            found.append({"label": _(field.label), "total": field.total, "names": names})
        return found

    def field_view(self, table: Table, field: InputField) -> dict[str, Any]:
        """One described field as the generic template draws it: its inputs, each with a name and a label."""
        label = _(field.label)
        owners: list[str | None]
        if field.per == "seat":
            owners = list(table.players)
        elif field.per == "side":
            owners = [table.side_name(index) for index in range(len(table.sides))]
        else:
            owners = [None]  # one input for the whole round
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
            text = label if owner is None else _("{field} of {name}", field=label, name=owner)
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
            # The values add up to a total: the last one is filled in (app.js, data-count-total).
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
                if value is not None:
                    data[field.name] = value
                continue
            count = table.n if field.per == "seat" else len(table.sides)
            owners = list(table.players) if field.per == "seat" else [table.side_name(i) for i in range(count)]
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
                        _("{field} of {name}", field=_(field.label), name=owners[index]),
                        f"{field.group}.{index}.{field.name}" if field.group else f"{field.name}.{index}",
                    )
                    for index in range(count)
                ]
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
            for index in range(table.n if field.per == "seat" else len(table.sides)):
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
                for index in range(table.n if field.per == "seat" else len(table.sides)):
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
            return self.game.first_lead_words(table, play)
        return _("{name} leads the first trick.", name=table.name(play["leader"]))

    # ---- chips: the engine's number inputs of the round being entered

    def chip_name(self, path: str) -> str:
        """The form field of an engine input path: "tricks.0" -> "tricks_0", "sides.0.cards" -> "sides_cards_0"."""
        parts = path.split(".")
        if len(parts) == 3:
            return f"{parts[0]}_{parts[2]}_{parts[1]}"
        return "_".join(parts)

    def draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        """The round entered so far as the engine's input (for chips that depend on it); None while unreadable."""
        try:
            return self.round_input(form, table, hints)
        except FormError:
            return None

    def bidding_refusal(self, table: Table, state: MatchState, form: Values) -> RuleError | None:
        """The engine's refusal of the bids entered so far, as "Save the bids" would meet it
        (the live check says it while the tricks are still blank); None while a bid is still
        blank, when the bids are fine, or for a game without bidding. The server's preview
        and the phone's engine (web/phone.py) both ask here."""
        if not self.game.has_bidding or state.finished:
            return None
        hints = state.next or {}
        try:
            self.game.validate_bidding(table, state, self.bidding_input(form, table, hints))
        except FormError:
            # Some bids still blank: a bid entered that the others' bids already refuse (the
            # engine greys it among the chips, with its reason) is said now.
            for item in self.game.number_inputs(table, state, self.bids_draft(form, table, hints)):
                entered = form.get(self.chip_name(item.field))
                for refused in item.unavailable:
                    if entered and str(refused.value) == str(entered):
                        return RoundError(refused.reason, field=item.field, code=refused.code)
            return None
        except RuleError as error:
            return None if error.code in BLANK_CODES else error
        return None

    def bids_draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        """The bids entered so far as the engine's draft, some still blank (for the live
        check of a bid the others' bids refuse); the chips' draft unless a game says more."""
        return self.draft(form, table, hints)

    def chips(self, table: Table, state: MatchState, form: Values, hints: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """Each number input of the round as the page draws it, by form field: its values,
        the greyed ones with the engine's reason, the words (nil) and whether chips fit."""
        found: dict[str, dict[str, Any]] = {}
        fields = self.fields(table, hints)
        for item in self.game.number_inputs(table, state, self.draft(form, table, hints)):
            chip = found[self.chip_name(item.field)] = {
                "min": item.minimum,
                "max": item.maximum,
                "unavailable": {str(refused.value): refused.reason for refused in item.unavailable},
                "words": [(word.value, word.label) for word in item.words],
                "implied": item.implied,
                "as_chips": item.maximum - item.minimum < CHIP_LIMIT,
            }
            # A wide count most rounds leave at its usual value: the few counts near it are
            # chips, "more" opens a number field for the rare larger one (count_input's more_after).
            usual = usual_of(fields, item.field)
            if usual is not None and item.maximum > usual + FEW_PAST_USUAL:
                chip.update(as_chips=True, more_after=usual + FEW_PAST_USUAL)
        return found

    # ---- what the page says around the form

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        """What changes in the round form from one round to the next, in the template's own
        words (the phone's worker moves its form on by itself): the line above the form
        ("who"), legends, choices and the counts' maximum. The generic one: who deals."""
        # The counts' chips run to this round's maximum, when all the counts share one
        # (Willi Stich's calls and tricks: the round's cards).
        maxima = {field["maximum"] for field in entry.get("fields", []) if field.get("kind") == "number"}
        return {
            "legends": {},
            "choices": {},
            "max": maxima.pop() if len(maxima) == 1 else None,
            "who": escape(said("%(name)s deals", name=entry["dealer_name"])),
        }

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        number, dealer = hints.get("round"), table.name(hints.get("dealer", 0))
        return _("Round {number}: {dealer} deals", number=number, dealer=dealer)

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        """Live helper lines from the entries so far (sums, targets, a forbidden call); the
        generic one sums every field whose values add up to a known total."""
        return [
            _(
                "{field} so far: {count} of {total}",
                field=total["label"],
                count=sum(int_or_none(values.get(name)) or 0 for name in total["names"]),
                total=total["total"],
            )
            for total in entry.get("totals", [])
        ]

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        """What each side bid and made in a recorded round, in a few words for the score sheet
        (the generic game: its per-side or per-seat counts, e.g. "tricks 4")."""
        cells: list[list[str]] = [[] for _side in table.sides]
        for field in self.fields(table, {}):
            if field.kind != "int" or field.per == "round":
                continue
            values = [row.get(field.name) for row in raw.get(field.group) or []] if field.group else raw.get(field.name)
            if not isinstance(values, list):
                continue
            if field.per == "seat":
                values = [sum(values[seat] or 0 for seat in side) for side in table.sides]
            for index, value in enumerate(values[: len(cells)]):
                if value is not None:
                    cells[index].append(f"{_(field.label)} {value}")
        return [" · ".join(parts) for parts in cells]

    def board_note(self, table: Table, state: MatchState, side: int) -> dict[str, Any] | None:
        """A note under one side's total on the scoreboard, in words: {"text": ..., "warning":
        whether it warns of points about to be lost}; None: the game notes nothing there."""
        return None

    def progress(self, table: Table, state: MatchState) -> Any:
        """Data for the template's `progress` macro (e.g. Nwik's usage grid); None: no such section."""
        return None

    def progress_cells(self, table: Table, state: MatchState) -> list[list[dict[str, Any]]] | None:
        """The `progress` section as the phone's worker redraws it offline: per row, its cells'
        text, whether used, and title (in the template's words); None: no such section."""
        return None

    # ---- league and player pages

    def league_stats(self, stats: Mapping[str, Any], names: Any) -> Any:
        """Data for the template's `league_stats` macro from the game's league stats (JSON, by
        player id; `names` turns an id into a name); None: nothing to show."""
        return None

    def player_stats(self, stats: Any) -> Any:
        """Data for the template's `player_stats` macro from one player's stats (JSON); None: nothing."""
        return None

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
        owners = list(table.players) if field.per == "seat" else [table.side_name(i) for i in range(len(table.sides))]
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
            return "/".join("–" if item is None else GameAdapter.plain_words(item) for item in value)
        if isinstance(value, Mapping):
            return ", ".join(GameAdapter.plain_words(item) for item in value.values() if item is not None)
        return str(value)


def heading_of(label: str) -> str:
    """A field's label as the heading of its fieldset: its first letter a capital (the label
    is also said mid-line, "tricks Ann 3", in lower case where the language writes it so)."""
    return label[:1].upper() + label[1:]


def tricks_so_far(table: Table, entry: Mapping[str, Any], values: Values, prefix: str = "tricks") -> list[str]:
    """The running sum of the tricks entered so far, once any is entered (an untouched form says nothing)."""
    given = [int_or_none(values.get(f"{prefix}_{seat}")) for seat in range(table.n)]
    if all(value is None for value in given):
        return []
    count = sum(value for value in given if value is not None)
    return [_("Tricks so far: {count} of {total}", count=count, total=entry["tricks_total"])]
def round_entry(adapter: GameAdapter, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
    """What the round form offers: the shared part, and the game's own from its adapter
    (the match page and the phone's engine, web/phone.py, build it alike)."""
    dealer = hints.get("dealer", table.dealer(number))
    return {
        "number": number,
        "dealer": dealer,
        "dealer_name": table.name(dealer),
        "hints": dict(hints),
        "seats": list(range(table.n)),
        "names": list(table.players),
        "side_names": [table.side_name(index) for index in range(len(table.sides))],
        "seat_options": [(str(seat), name) for seat, name in enumerate(table.players)],
        "side_options": [(str(index), table.side_name(index)) for index in range(len(table.sides))],
        "template": adapter.template,
        **adapter.entry(table, hints, number),
    }


def usual_of(fields: Sequence[InputField], path: str) -> int | None:
    """The usual value of the field an engine input path is of ("sides.0.zwicks", "tricks.2")."""
    parts = path.split(".")
    for field in fields:
        if field.name in (parts[0], parts[-1]) and field.per != "round":
            return field.usual
    return None


def text_of(value: Any) -> str:
    return "" if value is None else str(value)


PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Blanks:
    """The seats (or sides) of one field still blank, as still_to_enter says them: `message`
    (one {placeholder}, marked N_) with their names listed, or `everyone` (a word: "tricks")
    when all `of` them are blank."""

    message: str
    names: Sequence[str]
    everyone: str
    of: int


def still_to_enter(parts: Sequence[str | Blanks]) -> str:
    """"still to enter: ..." for the parts of a round still blank (a word, or a field's blank
    seats), said short enough for the save bar to hold it whole: "stake, tricks of Ann and
    Bob", "style, stake, tricks" (never "tricks of Ann, tricks of Bob, tricks of Cid")."""
    words = []
    for part in parts:
        if isinstance(part, str):
            words.append(part)
        elif part.names:
            placeholder = PLACEHOLDER.search(part.message)
            if len(part.names) == part.of > 1 or placeholder is None:
                words.append(part.everyone)
            else:
                words.append(_(part.message, **{placeholder.group(1): listed(part.names)}))
    return _("still to enter: {what}", what=", ".join(words))


def listed(values: Sequence[str]) -> str:
    """"Ann, Bob and Cid" in the current language."""
    if len(values) < 2:
        return "".join(values)
    return ", ".join(values[:-1]) + _(" and ") + values[-1]


def seat_counts(form: Values, prefix: str, table: Table, field: str, message: str, everyone: str) -> list[int]:
    """One whole number per seat from fields `<prefix>_<seat>`; `message` (one {name}, marked
    N_) says each in words, `everyone` all of them ("tricks").

    Every seat still blank is named at once ("still to enter: tricks of Ann and Bob"), so
    the page shows all that is left to do, not the first of it."""
    missing = [seat for seat in range(table.n) if not form_text(form, f"{prefix}_{seat}")]
    if missing:
        blanks = Blanks(message, [table.name(seat) for seat in missing], everyone, table.n)
        raise FormError(still_to_enter([blanks]), f"{field}.{missing[0]}", code=MISSING)
    return [
        required_int(form, f"{prefix}_{seat}", _(message, name=table.name(seat)), f"{field}.{seat}")
        for seat in range(table.n)
    ]


__all__ = ["Blanks", "FormError", "GameAdapter", "round_entry", "seat_counts", "still_to_enter", "text_of", "tricks_so_far"]
