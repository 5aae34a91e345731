"""Spades on the pages: bids (nil, blind nil), tricks, special calls per side, bags on the scoreboard, nil stats."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..core.base import Game, MatchState, Table
from ..core.bidding import calling_order
from ..core.i18n import N_, _, _n
from ..games import spades as rules
from . import register_adapter
from .adapter import Blanks, GameAdapter, seat_counts, still_to_enter, tricks_so_far
from .form_fields import MISSING, FormError, form_text, int_or_none, whole_number
from .game_words import FIRST_LEAD_WORDS
from .round_form import Values
from .shared import posted_back
from .template_words import said, said_n

# The scoreboard warns of the bag penalty when a side is this many bags (or fewer) from it.
BAG_WARNING = 3


class SpadesAdapter(GameAdapter):
    game_id = rules.Spades.id
    template = "games/spades.html"
    default_seats = 4
    # The rules-page paragraph of each of the engine's own refusal codes (the "why?" link).
    refusal_anchors = {
        "bid_missing": "recording",
        "bid_range": "recording",
        "bid_type": "recording",
        "bid_with_call": "option-special_calls",
        "call_not_enabled": "option-special_calls",
        "call_unknown": "option-special_calls",
        "contract_range": "rule-contract",
        "nil_per_side": "option-nil_per_side",
        "blind_nil_not_allowed": "option-blind_nil_deficit",
        "min_team_bid": "option-min_team_bid",
        "bids_total_13": "option-bids_total_13",
    }

    def entry(self, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
        return {
            "blind_nil_allowed": list(hints.get("blind_nil_allowed", [])),
            "side_of": [table.side_of(seat) for seat in range(table.n)],
            "calls": [(call, _(rules.SPECIAL_CALLS[call].label)) for call in table.options.get("special_calls", [])],
            "bags": list(hints.get("bags", [])),
            "tricks_total": rules.TRICKS,
            "bidding_order": list(calling_order(table.left_of(hints.get("dealer", 0)), table.n)),
        }

    def chip_name(self, path: str) -> str:
        return super().chip_name(path).replace("bids_", "bid_")

    def round_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        blank = [name for seat, name in enumerate(table.players) if not form_text(form, f"tricks_{seat}")]
        missing = [*self.missing_bids(form, table), *([Blanks(N_("tricks of {name}"), blank, _("tricks"), table.n)] if blank else [])]
        if missing:
            raise FormError(still_to_enter(missing), "bids", code=MISSING)
        bidding = self.bidding_input(form, table, hints)
        tricks = seat_counts(form, "tricks", table, "tricks", N_("tricks of {name}"), _("tricks"))
        return {"bids": bidding["bids"], "tricks": tricks, **({"calls": bidding["calls"]} if "calls" in bidding else {})}

    @staticmethod
    def calls_made(form: Values, table: Table) -> list[str | None]:
        enabled = bool(table.options.get("special_calls"))
        return [(form_text(form, f"call_{index}") or None) if enabled else None for index in range(len(table.sides))]

    def missing_bids(self, form: Values, table: Table) -> list[Blanks]:
        """The bids still blank, in words (a side that makes a special call bids nothing)."""
        calls = self.calls_made(form, table)
        bidding = [seat for seat in range(table.n) if calls[table.side_of(seat)] is None]
        blank = [table.name(seat) for seat in bidding if not form_text(form, f"bid_{seat}")]
        return [Blanks(N_("bid of {name}"), blank, _("bids"), len(bidding))] if blank else []

    def bidding_input(self, form: Values, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
        missing = self.missing_bids(form, table)
        if missing:
            raise FormError(still_to_enter(missing), "bids", code=MISSING)
        enabled = bool(table.options.get("special_calls"))
        calls: list[str | None] = [
            (form_text(form, f"call_{index}") or None) if enabled else None for index in range(len(table.sides))
        ]
        bids: list[int | str | None] = []
        for seat in range(table.n):
            text = form_text(form, f"bid_{seat}")
            if calls[table.side_of(seat)] is not None:
                bids.append(None)  # a side that makes a call bids nothing
            elif text in rules.NIL_VALUE_OPTION:
                bids.append(text)
            elif not text:
                bids.append(None)  # the engine says who still needs a bid
            else:
                bids.append(whole_number(text, _("bid of {name}", name=table.name(seat)), f"bids.{seat}"))
        data: dict[str, Any] = {"bids": bids}
        if enabled:
            data["calls"] = calls
        return data

    def bids_draft(self, form: Values, table: Table, hints: Mapping[str, Any]) -> Any:
        # A side's pair of bids is checked as soon as both are in (a contract of 0, say),
        # before the other side has bid.
        bids: list[Any] = []
        for seat in range(table.n):
            text = form_text(form, f"bid_{seat}")
            bids.append(text if text in rules.NIL_VALUE_OPTION else int_or_none(text))
        return {"bids": bids, "calls": self.calls_made(form, table)}

    def form_values(self, raw: Mapping[str, Any], table: Table, hints: Mapping[str, Any]) -> dict[str, str]:
        return posted_back(raw, {"tricks": "tricks", "bids": "bid", "calls": "call"})

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        bids, tricks, calls = raw.get("bids") or [], raw.get("tricks") or [], raw.get("calls") or []
        cells = []
        for index, side in enumerate(table.sides):
            took = sum(tricks[seat] for seat in side if seat < len(tricks))
            call = calls[index] if index < len(calls) else None
            if isinstance(call, str) and call in rules.SPECIAL_CALLS:
                bid = _(rules.SPECIAL_CALLS[call].label)
            else:
                said = [bids[seat] if seat < len(bids) else None for seat in side]
                words = [self.bid_said(value) for value in said]
                bid = _("bid {bids}", bids="+".join(words))
            cells.append(_("{bid} · {made}", bid=bid, made=_n("took {n}", "took {n}", took)))
        return cells

    @staticmethod
    def bid_said(bid: Any) -> str:
        """A bid as the table says it: a number, "nil" or "blind nil" (never a bare 0 for a nil)."""
        if isinstance(bid, str) and bid in rules.NIL_LABEL:
            return _(rules.NIL_LABEL[bid])
        return str(bid)

    def play_targets(self, table: Table, raw: Mapping[str, Any], play: Mapping[str, Any]) -> list[tuple[str, str]]:
        bids = raw.get("bids") or []
        return [
            (table.name(seat), self.bid_said(bids[seat] if seat < len(bids) else target))
            for seat, target in enumerate(play["targets"])
            if target is not None
        ]

    def play_lines(self, table: Table, raw: Mapping[str, Any], play: Mapping[str, Any]) -> list[str]:
        # Per side what it plays for: its contract, its special call, or its two nils.
        calls = raw.get("calls") or [None] * len(table.sides)
        side_targets = (play.get("details") or {}).get("side_targets") or []
        lines = []
        for index, _side in enumerate(table.sides):
            call = calls[index] if index < len(calls) else None
            target = side_targets[index] if index < len(side_targets) else None
            if isinstance(call, str) and call in rules.SPECIAL_CALLS:
                lines.append(_("{side}: {call}", side=table.side_name(index), call=_(rules.SPECIAL_CALLS[call].label)))
            elif target is None:
                lines.append(_("{side}: no contract (both bid nil)", side=table.side_name(index)))
            else:
                lines.append(_("{side}: contract {n}", side=table.side_name(index), n=target))
        return lines

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        dealer = hints.get("dealer", 0)
        # Who bids first, not who leads: the lowest clubs open the first trick (the engine's
        # play view names no leader), so nobody at the table leads it by seat.
        return _(
            "Round {number}: {dealer} deals; {first} bids first",
            number=hints.get("round"),
            dealer=table.name(dealer),
            first=table.name(table.left_of(dealer)),
        )

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        notes = tricks_so_far(table, entry, values)
        # The house rules the bids must meet, said before the round is refused for them.
        minimum = table.options.get("min_team_bid") or 0
        if minimum:
            notes.append(
                _(
                    "House rule: each side bids at least {minimum} together, unless it bids nil or makes a special call",
                    minimum=minimum,
                )
            )
        if table.options.get("bids_total_13") is False:
            calling = {index for index in range(len(table.sides)) if form_text(values, f"call_{index}")}
            bids = [
                int_or_none(values.get(f"bid_{seat}")) or 0
                for seat in range(table.n)
                if table.side_of(seat) not in calling
            ]
            notes.append(_("House rule: the bids may not add up to 13 (so far {count})", count=sum(bids)))
        return notes

    def board_note(self, table: Table, state: MatchState, side: int) -> dict[str, Any] | None:
        if not state.next:
            return None
        bags = state.next.get("bags", [0] * len(state.totals))[side]
        limit = table.options.get("bag_limit")
        # Near the limit (within 3 bags) the scoreboard warns how many are left before the penalty.
        left = limit - bags if isinstance(limit, int) and table.options.get("overtricks") == "bags" else None
        text = said_n("%(num)s bag", "%(num)s bags", bags)
        if left is not None and left <= BAG_WARNING:
            # Said outside the f-string: pybabel's extractor does not look inside one.
            warning = said_n("%(num)s more loses points", "%(num)s more lose points", left)
            return {"text": f"{text} · {warning}", "warning": True}
        return {"text": text, "warning": False}

    def league_stats(self, stats: Mapping[str, Any], names: Any) -> Any:
        rows = [{**entry, "who": names(player_id)} for player_id, entry in stats.items()]
        return sorted(rows, key=lambda row: row["who"]) or None

    def player_stats(self, stats: Any) -> Any:
        return stats or None

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        words = super().entry_words(table, entry)
        bags = ", ".join(
            f"{name} {count}"
            for name, count in zip(entry["side_names"], entry.get("bags") or [0] * len(table.sides), strict=False)
        )
        words["who"] = escape(said("%(name)s deals · bags: %(bags)s", name=entry["dealer_name"], bags=bags))
        words["seat_order"] = list(entry["bidding_order"])
        return words


register_adapter(SpadesAdapter)


@FIRST_LEAD_WORDS.of(rules.Spades)
def spades_first_lead(game: Game, table: Table, play: Mapping[str, Any]) -> str | None:
    # Nobody leads the first trick by seat (the play view names no leader): the book's
    # rule, everyone's lowest club, and whoever played the highest leads on.
    return _(
        "First trick: everyone plays their lowest club (without clubs: a heart or a diamond, "
        "not a spade); the highest club takes it and leads to the next."
    )
