"""Nameless on the pages: tricks per seat, who went alone and who reneged."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..core.base import Table
from ..core.i18n import N_, _, _n
from ..games import nameless as rules
from . import register_adapter
from .adapter import GameAdapter, seat_counts, tricks_so_far
from .form_fields import optional_int
from .round_form import Values
from .shared import posted_back
from .template_words import said_n

# Going alone needs partners to leave: only the four-player partnership game has them.
ALONE_PLAYERS = 4


class NamelessAdapter(GameAdapter):
    game_id = rules.Nameless.id
    template = "games/nameless.html"
    default_seats = 4
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "alone_players": "rule-alone",
        "alone_partner_tricks": "rule-alone",
    }

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        return {"alone_allowed": table.n == ALONE_PLAYERS, "tricks_total": hints.get("tricks", 5)}

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        tricks = seat_counts(form, "tricks", table, "tricks", N_("tricks of {name}"), _("tricks"))
        data: dict[str, Any] = {"tricks": tricks}
        alone = optional_int(form, "alone", _("who went alone"), "alone")
        if alone is not None:
            data["alone"] = alone
        renege = optional_int(form, "renege", _("who reneged"), "renege")
        if renege is not None:
            data["renege"] = renege
        return data

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        return posted_back(raw, {"tricks": "tricks"}, ("alone", "renege"))

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        tricks = raw.get("tricks") or []
        cells = []
        for side in table.sides:
            words = _n("took {n}", "took {n}", sum(tricks[seat] for seat in side if seat < len(tricks)))
            if raw.get("alone") in side:
                words = _("{made} · alone", made=words)
            if raw.get("renege") in side:
                words = _("{made} · reneged", made=words)
            cells.append(words)
        return cells

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        dealer = hints.get("dealer", 0)
        return _(
            "Round {number}: {dealer} deals; {first} leads first",
            number=hints.get("round"),
            dealer=table.name(dealer),
            first=table.name(table.left_of(dealer)),
        )

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        return tricks_so_far(table, entry, values)

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        words = super().entry_words(table, entry)
        total = entry["tricks_total"]
        words["who"] = escape(
            said_n("%(name)s deals · %(num)s trick", "%(name)s deals · %(num)s tricks", total, name=entry["dealer_name"])
        )
        return words


register_adapter(NamelessAdapter)
