"""Willi Stich on the pages: calls and tricks per seat, the round's kind and trump, the dealer's forbidden call, call stats."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..core.base import SUIT_NAMES, SUITS, Game, Table
from ..core.bidding import calling_order
from ..core.fields import is_int_within
from ..core.i18n import N_, _, _n
from ..games import willi_stich as rules
from . import register_adapter
from .adapter import SUIT_SIGNS, Blanks, GameAdapter, seat_counts, still_to_enter, tricks_so_far
from .form_fields import MISSING, FormError, form_text, int_or_none, optional_int
from .game_words import REFUSAL_WORDS
from .round_form import Values
from .shared import posted_back
from .template_words import said, said_n


class WilliStichAdapter(GameAdapter):
    game_id = rules.WilliStich.id
    template = "games/willi_stich.html"
    default_seats = 4
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "dealer_call": "rule-dealer",
        "trump": "rule-rounds",
        "trump_chooser_round": "rule-rounds",
    }

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        kind = hints.get("kind", rules.NORMAL)
        return {
            "cards": hints.get("cards", 1),
            "kind": kind,
            "kind_label": rules.round_kind_name(kind),
            "trump_options": [(suit, _(SUIT_NAMES[suit])) for suit in rules.TRUMP_RULES.get(kind, (SUITS, ""))[0]],
            "chooser": kind in rules.CHOOSER_KINDS,
            "tricks_total": hints.get("cards", 1),
            # The dealer calls last: the form asks in calling order, from the dealer's left.
            "calling_order": list(calling_order(table.left_of(hints.get("dealer", 0)), table.n)),
        }

    def chip_name(self, path: str) -> str:
        return super().chip_name(path).replace("bids_", "bid_")

    def draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        # The calls so far, even with the tricks still blank: the dealer's forbidden call follows from them.
        return {
            "bids": [int_or_none(form.get(f"bid_{seat}")) for seat in range(table.n)],
            "tricks": [int_or_none(form.get(f"tricks_{seat}")) for seat in range(table.n)],
        }

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        # All that is still blank, named at once: the calls, then the tricks (the form's order).
        missing = [
            Blanks(message, [name for seat, name in enumerate(table.players) if not form_text(form, f"{prefix}_{seat}")],
                   everyone, table.n)
            for prefix, message, everyone in (("bid", N_("call of {name}"), _("calls")), ("tricks", N_("tricks of {name}"), _("tricks")))
        ]  # (a field with no blanks is left out by still_to_enter)
        if any(blanks.names for blanks in missing):
            raise FormError(still_to_enter(missing), "bids", code=MISSING)
        data = self.bidding_input(form, table, hints)
        data["tricks"] = seat_counts(form, "tricks", table, "tricks", N_("tricks of {name}"), _("tricks"))
        return data

    def bidding_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        # What is known before the hand: the calls, and the trump (and who chose it) once shown.
        data: dict[str, Any] = {}
        trump = form_text(form, "trump")
        if trump:
            data["trump"] = trump
        data["bids"] = seat_counts(form, "bid", table, "bids", N_("call of {name}"), _("calls"))
        chooser = optional_int(form, "trump_chooser", _("trump chooser"), "trump_chooser")
        if chooser is not None:
            data["trump_chooser"] = chooser
        return data

    # Trump and its chooser are known before the calls in most rounds: saved with them when
    # tapped, else recorded with the tricks (the form keeps showing them).
    hand_fields = ("trump", "trump_chooser")

    def bid_words(self) -> dict[str, str]:
        # Willi Stich's players call: the buttons say the form's own word.
        return {
            "save": _("Save the calls"),
            "heading": _("The calls are in: play the hand"),
            "change": _("Change the calls"),
            "keep": _("Keep the saved calls"),
        }

    bidding_history_words = {
        "bidding.put": N_("gave the calls of round {number}"),
        "bidding.delete": N_("withdrew the calls of round {number}"),
    }

    def play_lines(self, table: Table, raw: Mapping[str, Any], play: Mapping[str, Any]) -> list[str]:
        details = play.get("details") or {}
        # The cards and the kind of round: the line above the form says them.
        lines = []
        trump, chooser = details.get("trump"), details.get("trump_chooser")
        if details.get("kind") == "no_trump":
            pass  # the kind says it: no trump to record
        elif isinstance(trump, str) and trump in SUIT_NAMES:
            if is_int_within(chooser, 0, table.n - 1):
                lines.append(_("Trump: {suit}, chosen by {name}", suit=_(SUIT_NAMES[trump]), name=table.name(chooser)))
            else:
                lines.append(_("Trump: {suit}", suit=_(SUIT_NAMES[trump])))
        elif is_int_within(chooser, 0, table.n - 1):
            lines.append(_("{name} chooses trump", name=table.name(chooser)))
        else:
            lines.append(_("Trump: not recorded yet"))
        cards = details.get("cards") or 0
        called = sum(target for target in play["targets"] if isinstance(target, int))
        lines.append(_n("Called: {total} of {cards} trick", "Called: {total} of {cards} tricks", cards, total=called, cards=cards))
        return lines

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        return posted_back(raw, {"tricks": "tricks", "bids": "bid"}, ("trump", "trump_chooser"))

    # A paper score sheet writes down each round's cards and trump.
    sheet_play_head = N_("Cards")

    def sheet_play(self, table: Table, raw: Mapping[str, Any], number: int) -> tuple[str, str]:
        """The round's cards and its trump's sign ("5 ♥", "7 –" without trump); in words the same."""
        cards = rules.cards_in_round(number)
        words = _n("{n} card", "{n} cards", cards)
        trump = raw.get("trump")
        if not isinstance(trump, str) or trump not in SUIT_NAMES:
            return str(cards), words
        sign = SUIT_SIGNS.get(trump, "–")
        return f"{cards} {sign}", _("{cards} · {trump}", cards=words, trump=_(SUIT_NAMES[trump]))

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        bids, tricks = raw.get("bids") or [], raw.get("tricks") or []
        return [
            _("{bid} · {made}", bid=_("call {n}", n=call), made=_n("took {n}", "took {n}", took))
            for call, took in zip(bids, tricks, strict=False)
        ]

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        dealer = hints.get("dealer", 0)
        return _n(
            "Round {number}: {dealer} deals, {n} card each; calls start with {first}",
            "Round {number}: {dealer} deals, {n} cards each; calls start with {first}",
            hints.get("cards") or 0,
            number=hints.get("round"),
            dealer=table.name(dealer),
            first=table.name(table.left_of(dealer)),
        )

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        notes = tricks_so_far(table, entry, values)
        dealer = entry["dealer"]
        others = [int_or_none(values.get(f"bid_{seat}")) for seat in range(table.n) if seat != dealer]
        if any(call is None for call in others):
            return notes  # the dealer's call is free or not until everyone else has called
        forbidden = rules.forbidden_dealer_call(entry["cards"], [call for call in others if call is not None])
        if forbidden is None:
            notes.append(_("The dealer {name} may call anything", name=entry["dealer_name"]))
        else:
            notes.append(_("The dealer {name} may not call {call}", name=entry["dealer_name"], call=forbidden))
        return notes

    def league_stats(self, stats: Mapping[str, Any], names: Any) -> Any:
        rows = [{**entry, "who": names(player_id)} for player_id, entry in stats.items()]
        return sorted(rows, key=lambda row: -row["rate"]) or None

    def player_stats(self, stats: Any) -> Any:
        return stats or None

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        words = super().entry_words(table, entry)
        cards = entry["cards"]
        words["who"] = escape(
            " · ".join([
                said_n("%(num)s card each", "%(num)s cards each", cards),
                str(entry["kind_label"]),
                said("%(name)s deals and calls last", name=entry["dealer_name"]),
            ])
        )
        # As templates/games/willi_stich.html says them (a "#id" names a box by its id).
        words["legends"] = {
            "seats": said("Calls, in calling order"),
            "#c-tricks": said("Tricks taken (%(total)s in all)", total=cards),
        }
        words["seat_order"] = list(entry["calling_order"])
        words["seat_notes"] = {str(entry["dealer"]): said("(dealer)")}
        words["max"] = cards
        words["choices"] = {
            "trump": [[str(value), str(label)] for value, label in entry["trump_options"]] + [["", said("not recorded")]]
        }
        return words


register_adapter(WilliStichAdapter)


@REFUSAL_WORDS.of(rules.WilliStich)
def willi_stich_refusal_words(game: Game, table: Table, code: str, field: str | None, message: str) -> str | None:
    # The trump rule spells the suits as JSON does; a screen offers only the allowed ones, in words.
    if code == "trump":
        return _("{what}: not one of the values offered here", what=_("trump"))
    return None
