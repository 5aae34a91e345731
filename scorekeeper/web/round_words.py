"""The sentences around a round's entry (whose deal it is, running sums, targets), shared by
the server's pages and the phone's rules engine (run in the browser, see phone.py).

Only the engine, flask_babel's gettext/ngettext and plain data are used here, so that the
phone's web worker can import this module with its small stand-in for flask_babel.
"""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext

from ..games import nwik as nwik_rules
from ..games.base import SUITS, Table
from ..games.willi_stich import TRUMP_RULES, forbidden_dealer_call

# Games whose length is a number of rounds rather than a target.
FIXED_ROUNDS = {"nwik": lambda n: nwik_rules.ROUNDS_AS_BIDDER * n, "willi-stich": lambda n: 19}
# Translations: flask_babel's gettext / lazy_gettext with %(name)s placeholders (lazy for
# the module-level tables, read in the request's language).
KIND_LABELS = {
    "normal": lazy_gettext("normal round: the turned-up card sets trump"),
    "trump_choice": lazy_gettext("trump choice: the player who drew the highest card picks trump"),
    "no_trump": lazy_gettext("no trump this round"),
    "blind_bid": lazy_gettext("blind round: calls are made before the deal"),
    "forehead": lazy_gettext("forehead round: one card held to the forehead, calls 0 or 1"),
}
SUIT_LABELS = {
    "clubs": lazy_gettext("♣ Clubs"),
    "diamonds": lazy_gettext("♦ Diamonds"),
    "hearts": lazy_gettext("♥ Hearts"),
    "spades": lazy_gettext("♠ Spades"),
    "none": lazy_gettext("No trump"),
}


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


def nwik_choices(hints: Mapping[str, Any]) -> dict[str, list[tuple[int, str]]]:
    """The Nwik Bidder's chips: the styles and stakes still free, and the Acting Bidder's styles."""
    acting_styles = hints.get("acting_styles_if_pass") or list(nwik_rules.ACTING_STYLES)
    return {
        "style": [(style, f"{style} · {nwik_rules.STYLE_NAMES[style]}") for style in hints.get("available_styles", [])],
        "stake": [(stake, str(stake)) for stake in hints.get("available_stakes", [])],
        "acting_style": [(style, f"{style} · {nwik_rules.STYLE_NAMES[style]}") for style in acting_styles],
    }


def entry_words(game_id: str, table: Table, hints: Mapping[str, Any]) -> dict[str, Any]:
    """What changes in a round's entry form from one round to the next, in words, for the
    phone moving its form on by itself (the server renders the same in round_fields/)."""
    dealer = table.name(hints.get("dealer", 0))
    words: dict[str, Any] = {"legends": {}, "choices": {}, "max": None}
    if game_id == "nwik":
        bidder = table.name(hints.get("bidder", 0))
        acting = table.name(hints.get("acting_bidder_if_pass", 0))
        words["who"] = gettext("%(dealer)s deals · <b>%(bidder)s</b> is Bidder", dealer=escape(dealer), bidder=escape(bidder))
        words["legends"] = {
            "style": gettext("%(name)s's style", name=bidder),
            "stake": gettext("%(name)s's stake", name=bidder),
            "acting_style": gettext(
                "%(bidder)s passes: %(acting)s's style as Acting Bidder", bidder=bidder, acting=acting
            ),
        }
        words["choices"] = {name: [[str(value), label] for value, label in options] for name, options in nwik_choices(hints).items()}
    elif game_id == "spades":
        bags = ", ".join(
            f"{table.side_name(index)} {count}" for index, count in enumerate(hints.get("bags") or [0] * len(table.sides))
        )
        words["who"] = escape(gettext("%(name)s deals · bags: %(bags)s", name=dealer, bags=bags))
        allowed = hints.get("blind_nil_allowed", [])
        words["blind_nil"] = {
            "label": gettext("Blind nil"),
            "seats": [bool(allowed[table.side_of(seat)]) if allowed else False for seat in range(table.n)],
        }
    elif game_id == "willi-stich":
        cards = hints.get("cards", 1)
        kind = hints.get("kind", "normal")
        words["who"] = escape(
            " · ".join(
                [
                    ngettext("%(num)s card each", "%(num)s cards each", cards),
                    str(KIND_LABELS.get(kind, kind)),
                    gettext("%(name)s deals and calls last", name=dealer),
                ]
            )
        )
        words["legends"] = {"seats": gettext("Calls and tricks (%(total)s in all)", total=cards)}
        words["max"] = cards
        trumps = TRUMP_RULES.get(kind, (SUITS, ""))[0]
        words["choices"] = {"trump": [[suit, str(SUIT_LABELS[suit])] for suit in trumps] + [["", gettext("not recorded")]]}
    elif game_id == "nameless":
        total = tricks_total(game_id, table, hints)
        words["who"] = escape(
            ngettext("%(name)s deals · %(num)s trick", "%(name)s deals · %(num)s tricks", total, name=dealer)
        )
    elif game_id == "zwicker":
        words["who"] = escape(
            gettext("%(name)s deals · deck of %(total)s cards", name=dealer, total=hints.get("deck_size", 55))
        )
    return words


def progress_line(game_id: str, table: Table, played: int) -> str:
    """The line under the totals: rounds left (or the target) and rounds played."""
    rule = FIXED_ROUNDS.get(game_id)
    target = table.options.get("target")
    if rule is not None:
        left = rule(table.n) - played
        first = ngettext("%(num)s round left", "%(num)s rounds left", left)
    elif target:
        first = gettext("First to %(target)s points", target=target)
    else:
        first = ""
    played_words = ngettext("%(num)s round played", "%(num)s rounds played", played)
    return f"{first} · {played_words}" if first else f"· {played_words}"


def nwik_usage_cells(table: Table, details: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    """The Nwik usage grid per seat: styles 1-6 then stakes 1-6, used or free, with their titles."""
    rows = []
    for entry in details.get("usage", []):
        cells = []
        for style, name in nwik_rules.STYLE_NAMES.items():
            used = style in entry["styles_used"]
            title = (
                gettext("style %(number)s: %(name)s used", number=style, name=name)
                if used
                else gettext("style %(number)s: %(name)s free", number=style, name=name)
            )
            cells.append({"text": str(style), "used": used, "title": title})
        for stake in nwik_rules.STAKES:
            used = stake in entry["stakes_used"]
            title = (
                gettext("stake %(number)s used", number=stake) if used else gettext("stake %(number)s free", number=stake)
            )
            cells.append({"text": str(stake), "used": used, "title": title})
        rows.append(cells)
    return rows
