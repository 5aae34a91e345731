"""Preferans's explanations: what a hand wrote on the sheet said per player in the players' words ("pool +4", "16 whists on Cid: 6 tricks × 2 + consolation 2 × 2"), then the change of the settled result."""
from __future__ import annotations

from collections.abc import Sequence

from ...core.base import Table, signed
from ...core.i18n import _, _n
from .values import (
    ALL_PASS,
    CAUGHT,
    CLOSED,
    CONSOLATION,
    DOWN,
    HALF_WHIST,
    HELP,
    MOUNTAIN,
    NO_TRICK,
    OWN_TRICKS,
    POOL,
    SHARED_TRICKS,
    SHORT,
    Entry,
    Term,
)


def term_words(term: Term) -> str:
    """One term of a whists entry: "6 tricks × 2", "consolation 2 × 2"."""
    n, per = term.count, term.per
    if term.why == OWN_TRICKS:
        return _n("{n} trick × {per}", "{n} tricks × {per}", n, per=per)
    if term.why == SHARED_TRICKS:
        return _n("half of {n} trick × {per}", "half of {n} tricks × {per}", n, per=per)
    if term.why == CONSOLATION:
        return _("consolation {count} × {per}", count=n, per=per)
    if term.why == HALF_WHIST:
        return _n("half-whist {n} trick × {per}", "half-whist {n} tricks × {per}", n, per=per)
    return _n("all-pass {n} trick × {per}", "all-pass {n} tricks × {per}", n, per=per)


def mountain_words(term: Term) -> str:
    """A mountain entry: "mountain +4: 2 down × 2"."""
    n, per, points = term.count, term.per, signed(term.points)
    if term.why == DOWN:
        return _("mountain {points}: {count} down × {per}", points=points, count=n, per=per)
    if term.why == CAUGHT:
        return _n("mountain {points}: misère, {n} trick × {per}", "mountain {points}: misère, {n} tricks × {per}", n,
                  points=points, per=per)
    if term.why == SHORT:
        return _n("mountain {points}: whist quota short by {n} trick × {per}",
                  "mountain {points}: whist quota short by {n} tricks × {per}", n, points=points, per=per)
    if term.why == CLOSED:
        return _n("mountain {points}: {n} pool point × {per}, every pool closed",
                  "mountain {points}: {n} pool points × {per}, every pool closed", n, points=points, per=per)
    assert term.why == ALL_PASS
    return _n("mountain {points}: all-pass, {n} trick × {per}", "mountain {points}: all-pass, {n} tricks × {per}", n,
              points=points, per=per)


def entry_words(table: Table, entry: Entry) -> str:
    if entry.kind == POOL:
        if entry.why == NO_TRICK:
            return _("pool {points}: no trick in the all-pass", points=signed(entry.points))
        return _("pool {points}", points=signed(entry.points))
    if entry.kind == MOUNTAIN:
        return mountain_words(entry.terms[0])
    assert entry.on is not None
    player = table.name(entry.on)
    if entry.kind == HELP:
        return _n("help: {points} to {player}, {n} whist", "help: {points} to {player}, {n} whists", entry.whists,
                  points=entry.points, player=player)
    terms = " + ".join(term_words(term) for term in entry.terms)
    return _n("{n} whist on {player}: {terms}", "{n} whists on {player}: {terms}", entry.points, player=player, terms=terms)


def hand_words(table: Table, entries: Sequence[Entry], out: int | None, changes: Sequence[int]) -> tuple[str, ...]:
    """Per player: their entries of the hand, in the order written, then the change of the settled result."""
    notes = []
    for seat, change in enumerate(changes):
        own = [entry_words(table, entry) for entry in entries if entry.seat == seat]
        if not own:
            own = [_("sits out") if seat == out else _("nothing written")]
        notes.append(f"{'; '.join(own)} → {signed(change)}")
    return tuple(notes)
