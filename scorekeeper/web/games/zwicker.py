"""Zwicker on the pages: cards and Zwicks per side, who took each honour."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ...games import zwicker as rules
from ...games.base import Table
from ...games.i18n import _
from . import register_adapter
from .adapter import GameAdapter, Values, text_of
from .form_fields import form_text, int_or_none, required_int
from .template_words import said


def deck_honours(table: Table) -> tuple[str, ...]:
    return rules.DECK_HONOURS[table.options.get("jokers", 3)]


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
        sides = []
        for index in range(len(table.sides)):
            who = table.side_name(index)
            sides.append(
                {
                    "cards": required_int(form, f"cards_{index}", _("cards of {name}", name=who), f"sides.{index}.cards"),
                    "zwicks": required_int(form, f"zwicks_{index}", _("zwicks of {name}", name=who), f"sides.{index}.zwicks"),
                    "honours": [code for code in deck_honours(table) if form_text(form, f"honour_{code}") == str(index)],
                }
            )
        return {"sides": sides}

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        values: dict[str, str] = {}
        for index, side in enumerate(raw.get("sides") or []):
            values[f"cards_{index}"] = text_of(side.get("cards"))
            values[f"zwicks_{index}"] = text_of(side.get("zwicks"))
            for code in side.get("honours") or []:
                values[f"honour_{code}"] = str(index)
        return values

    def default_values(self, table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        values: dict[str, str] = {}
        for index in range(len(table.sides)):
            values[f"cards_{index}"] = "0"
            values[f"zwicks_{index}"] = "0"
        return values

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        cards = [int_or_none(values.get(f"cards_{index}")) or 0 for index in range(len(table.sides))]
        return [_("Cards captured: {count} of {total}", count=sum(cards), total=entry["deck_size"])]

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        words = super().entry_words(table, entry)
        words["who"] = escape(
            said("%(name)s deals · deck of %(total)s cards", name=entry["dealer_name"], total=entry["deck_size"])
        )
        return words


register_adapter(ZwickerAdapter)
