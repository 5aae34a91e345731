"""Zwicker on the pages: cards and Zwicks per side, who took each honour."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..core.base import Game, InputField, Table
from ..core.fields import is_int_within
from ..core.i18n import N_, _, _n
from ..games import zwicker as rules
from . import register_adapter
from .adapter import Blanks, GameAdapter, still_to_enter
from .form_fields import MISSING, FormError, form_text, int_or_none, required_int, whole_number
from .game_words import REFUSAL_WORDS
from .round_form import FEW_PAST_USUAL, MORE, Values, text_of
from .template_words import said

# Up to this many honours still open are named in the save bar; more are counted.
FEW_HONOURS = 3


def deck_honours(table: Table) -> tuple[str, ...]:
    return rules.DECK_HONOURS[table.options.get("jokers", 3)]


def zwicks_text(form: Values, index: int) -> str:
    """A side's Zwicks as the form says them: the chip's count, or with "more" the number typed beside it."""
    text = form_text(form, f"zwicks_{index}")
    return form_text(form, f"zwicks_{index}_more") if text == MORE else text


class ZwickerAdapter(GameAdapter):
    game_id = rules.Zwicker.id
    template = "games/zwicker.html"
    default_seats = 2
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "cards_sum": "recording",
        "honour_duplicate": "rule-honours",
        "honour_missing": "rule-honours",
        "honour_other_deck": "option-jokers",
        "honour_twice": "rule-honours",
        "honour_unknown": "rule-honours",
        "honours_over_cards": "rule-honours",
        "zwicks_over_cards": "rule-zwicks",
    }

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        points = table.options.get("points", {})
        return {
            "deck_size": hints.get("deck_size", rules.DECK_SIZE[table.options.get("jokers", 3)]),
            "honours": [
                (code, rules.honour_name(code), points.get(code)) for code in hints.get("honours", deck_honours(table))
            ],
        }

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        # Everything still blank is named at once, in words (never an honour's code).
        # Said short, so the save bar holds it whole: "cards of Ann & Cid and Bob & Dee, who took
        # the honours" (each side's cards, then its Zwicks; a few honours by name, many counted).
        each_side = range(len(table.sides))
        no_cards = [index for index in each_side if not form_text(form, f"cards_{index}")]
        no_zwicks = [index for index in each_side if not zwicks_text(form, index)]
        honours = deck_honours(table)
        open_honours = [code for code in honours if not form_text(form, f"honour_{code}")]
        if no_cards or no_zwicks or open_honours:
            missing: list[str | Blanks] = [
                Blanks(N_("cards of {name}"), [table.side_name(index) for index in no_cards], _("cards"), len(each_side)),
                Blanks(N_("Zwicks of {name}"), [table.side_name(index) for index in no_zwicks], _("Zwicks"), len(each_side)),
            ]  # (a field with no blanks is left out by still_to_enter)
            if len(open_honours) == len(honours) and len(honours) > FEW_HONOURS:
                missing.append(_("who took the honours"))
            elif len(open_honours) > FEW_HONOURS:
                missing.append(_n("who took the {n} honour left", "who took the {n} honours left", len(open_honours)))
            elif open_honours:
                names = [rules.honour_name(code) for code in open_honours]
                missing.append(Blanks(N_("who took {honour}"), names, _("who took the honours"), len(honours)))
            paths = [f"sides.{index}.cards" for index in no_cards] + [f"sides.{index}.zwicks" for index in no_zwicks]
            raise FormError(still_to_enter(missing), (paths or ["sides"])[0], code=MISSING)
        sides = []
        for index in range(len(table.sides)):
            who = table.side_name(index)
            sides.append(
                {
                    "cards": required_int(form, f"cards_{index}", _("cards of {name}", name=who), f"sides.{index}.cards"),
                    "zwicks": whole_number(zwicks_text(form, index), _("Zwicks of {name}", name=who), f"sides.{index}.zwicks"),
                    "honours": [code for code in deck_honours(table) if form_text(form, f"honour_{code}") == str(index)],
                }
            )
        return {"sides": sides}

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        values: dict[str, str] = {}
        for index, side in enumerate(raw.get("sides") or []):
            values[f"cards_{index}"] = text_of(side.get("cards"))
            zwicks = side.get("zwicks")
            if is_int_within(zwicks, minimum=FEW_PAST_USUAL + 1):
                values[f"zwicks_{index}"], values[f"zwicks_{index}_more"] = MORE, str(zwicks)
            else:
                values[f"zwicks_{index}"] = text_of(zwicks)
            for code in side.get("honours") or []:
                values[f"honour_{code}"] = str(index)
        return values

    def default_values(self, table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        # A deal where nobody zwicked (most of them) costs no tap for Zwicks.
        return {f"zwicks_{index}": "0" for index in range(len(table.sides))}

    def chip_name(self, path: str) -> str:
        # "sides.0.cards" -> "cards_0": the form names a side's counts by what they count.
        parts = path.split(".")
        return f"{parts[2]}_{parts[1]}" if len(parts) == 3 else super().chip_name(path)

    def draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        # The cards entered so far: the Zwicks a side can have follow from its cards.
        return {"sides": [{"cards": int_or_none(form.get(f"cards_{index}"))} for index in range(len(table.sides))]}

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        cells = []
        for side in raw.get("sides") or []:
            parts = [_n("{n} card", "{n} cards", side.get("cards") or 0)]
            if side.get("zwicks"):
                parts.append(_n("{n} Zwick", "{n} Zwicks", side["zwicks"]))
            parts += [rules.honour_name(code) for code in side.get("honours") or []]
            cells.append(" · ".join(parts))
        return cells

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        cards = [int_or_none(values.get(f"cards_{index}")) for index in range(len(table.sides))]
        if all(count is None for count in cards):
            return []
        count = sum(value for value in cards if value is not None)
        return [_("Cards captured: {count} of {total}", count=count, total=entry["deck_size"])]

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        words = super().entry_words(table, entry)
        words["who"] = escape(
            said("%(name)s deals · deck of %(total)s cards", name=entry["dealer_name"], total=entry["deck_size"])
        )
        return words

    def value_words(self, table: Table, field: InputField, value: Any) -> str:
        # The history names honours as the score explanations do (♠A, ♦10, Joker 25), not by code.
        if field.name == "honours" and isinstance(value, list):
            return " · ".join(rules.honour_label(code) if code in rules.HONOUR_NAMES else str(code) for code in value)
        return super().value_words(table, field, value)


register_adapter(ZwickerAdapter)


@REFUSAL_WORDS.of(rules.Zwicker)
def zwicker_refusal_words(game: Game, table: Table, code: str, field: str | None, message: str) -> str | None:
    # The honour refusals spell honours by code ("honour AC is missing"): a screen says their names.
    if not code.startswith("honour"):
        return None
    return rules.HONOUR_CODE.sub(lambda found: rules.honour_name(found.group(1)), message)
