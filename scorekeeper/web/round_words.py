"""The sentences around a round's entry (whose deal it is, running sums, targets), shared by
the server's pages and the phone's rules engine (run in the browser, see phone.py).

Only the engine, flask_babel's gettext/ngettext and plain data are used here, so that the
phone's web worker can import this module with its small stand-in for flask_babel.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, ngettext

from ..games import nwik as nwik_rules
from ..games.base import Table
from ..games.willi_stich import forbidden_dealer_call


def _int_or_none(value: Any) -> int | None:
    try:
        return int(str(value).strip(), 10)
    except (TypeError, ValueError):
        return None


def next_sentence(game_id: str, table: Table, hints: Mapping[str, Any]) -> str:
    """The deal banner: who deals round `hints["round"]` (and who bids or leads first)."""
    number, dealer_seat = hints.get("round"), hints.get("dealer", 0)
    dealer = table.name(dealer_seat)
    first = table.name(table.left_of(dealer_seat))
    if game_id == "nwik":
        return gettext(
            "Round %(number)s: %(dealer)s deals, %(bidder)s bids",
            number=number, dealer=dealer, bidder=table.name(hints.get("bidder", 0)),
        )
    if game_id == "willi-stich":
        cards = hints.get("cards")
        return ngettext(
            "Round %(number)s: %(dealer)s deals, %(num)s card each; calls start with %(first)s",
            "Round %(number)s: %(dealer)s deals, %(num)s cards each; calls start with %(first)s",
            cards or 0, number=number, dealer=dealer, first=first,
        )
    if game_id == "spades":
        return gettext(
            "Round %(number)s: %(dealer)s deals; %(first)s bids and leads first",
            number=number, dealer=dealer, first=first,
        )
    if game_id == "nameless":
        return gettext(
            "Round %(number)s: %(dealer)s deals; %(first)s leads first", number=number, dealer=dealer, first=first
        )
    return gettext("Round %(number)s: %(dealer)s deals", number=number, dealer=dealer)


def tricks_total(game_id: str, table: Table, hints: Mapping[str, Any]) -> int:
    """How many tricks a round of this game has (what the tricks must add up to)."""
    if game_id == "nwik":
        return nwik_rules.TRICKS_PER_ROUND[table.n]
    if game_id == "spades":
        return 13
    if game_id == "willi-stich":
        return hints.get("cards", 1)
    return hints.get("tricks", 5)


def entry_notes(game_id: str, table: Table, hints: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
    """Live helper lines from the entries so far (sums, targets, the dealer's forbidden call)."""
    notes: list[str] = []
    if game_id == "zwicker":
        cards = [_int_or_none(values.get(f"cards_{index}")) or 0 for index in range(len(table.sides))]
        notes.append(
            gettext("Cards captured: %(count)s of %(total)s", count=sum(cards), total=hints.get("deck_size", 55))
        )
        return notes
    tricks = [_int_or_none(values.get(f"tricks_{seat}")) or 0 for seat in range(table.n)]
    notes.append(
        gettext("Tricks so far: %(count)s of %(total)s", count=sum(tricks), total=tricks_total(game_id, table, hints))
    )
    if game_id == "nwik":
        style = _int_or_none(values.get("style"))
        acting = hints.get("bidder", 0)
        effective = style
        if style == nwik_rules.PASS:
            acting = hints.get("acting_bidder_if_pass", acting)
            effective = _int_or_none(values.get("acting_style"))
        no_tricks = effective == nwik_rules.NO_TRICKS
        targets = (nwik_rules.NO_TRICKS_TARGETS if no_tricks else nwik_rules.TARGETS)[table.n]
        parts = []
        for seat in range(table.n):
            role = (seat - acting) % table.n
            parts.append(f"{table.name(seat)} ({nwik_rules.ROLE_NAMES[table.n][role]}) {targets[role]}")
        targets_text = ", ".join(parts)
        if no_tricks:
            notes.append(gettext("No Tricks targets: %(targets)s", targets=targets_text))
        else:
            notes.append(gettext("Target tricks: %(targets)s", targets=targets_text))
    if game_id == "willi-stich":
        dealer = hints.get("dealer", 0)
        others = [_int_or_none(values.get(f"bid_{seat}")) or 0 for seat in range(table.n) if seat != dealer]
        forbidden = forbidden_dealer_call(hints.get("cards", 1), others)
        if forbidden is None:
            notes.append(gettext("The dealer %(name)s may call anything", name=table.name(dealer)))
        else:
            notes.append(gettext("The dealer %(name)s may not call %(call)s", name=table.name(dealer), call=forbidden))
    return notes
