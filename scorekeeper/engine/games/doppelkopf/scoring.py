"""Doppelkopf's scoring: who wins a hand and what it is worth (TSR 7), Bock rounds, and who deals, sits out and owes or must play a compulsory solo."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.base import RoundScore, Table, signed
from ...core.i18n import N_, _, _n
from .values import (
    AGAINST,
    AGAINST_NAMES,
    AGAINST_QUEENS,
    AGAINST_SOLOIST,
    APPEND,
    BLACK,
    CALL_NAMES,
    CALL_POINTS,
    DOPPELKOPF_TRICK,
    DOUBLE,
    FOX,
    GAME_NAMES,
    KARLCHEN,
    KONTRA,
    LOST_KONTRA,
    LOST_RE,
    LOST_SOLO,
    NORMAL,
    PARTY_NAMES,
    RE,
    TIE,
    TSR,
    UNDER,
    UNDER_NAMES,
    ZERO,
    Hand,
    Outcome,
    Progress,
)

WON, NO_TRICK = N_("won"), N_("no trick")

# ---- who wins and what it is worth (TSR 7.1, 7.2)


def other(party: str) -> str:
    return KONTRA if party == RE else RE


def promise_holds(level: int, points: int, trickless: bool) -> bool:
    """Whether a party at `level` >= 2 kept its promise about the other's `points`."""
    return trickless if level == BLACK else points < UNDER[level]


def reached(points: int, level: int) -> list[tuple[str, int]]:
    """The points a party reached against the other's promise at `level`: 1 each."""
    return [(AGAINST_NAMES[step], 1) for step in range(2, level + 1) if points >= AGAINST[step]]


def unders(points: int) -> list[tuple[str, int]]:
    return [(UNDER_NAMES[limit], 1) for limit in (90, 60, 30) if points < limit]


def winner_of(hand: Hand) -> str | None:
    """Re, Kontra or None (both promised and both promises failed): TSR 7.1."""
    a, b = hand.re_level, hand.kontra_level
    re_holds = a >= 2 and promise_holds(a, hand.kontra_points, hand.no_trick == KONTRA)
    kontra_holds = b >= 2 and promise_holds(b, hand.re_points, hand.no_trick == RE)
    if a >= 2:
        re_wins = re_holds
    elif b >= 2:
        re_wins = not kontra_holds
    else:
        # Only Kontra announced: Re wins with 120 (the announcement costs Kontra the tie).
        re_wins = hand.re_points >= 121 or (hand.re_points >= 120 and a == 0 and b == 1)
    if b >= 2:
        kontra_wins = kontra_holds
    elif a >= 2:
        kontra_wins = not re_holds
    else:
        kontra_wins = not re_wins
    return RE if re_wins else KONTRA if kontra_wins else None


def value_hand(hand: Hand, options: Mapping[str, Any]) -> Outcome:
    """The hand's outcome: who won, the game value's items, the special points and N."""
    winner = winner_of(hand)
    points = {RE: hand.re_points, KONTRA: hand.kontra_points}
    levels = {RE: hand.re_level, KONTRA: hand.kontra_level}
    items: list[tuple[str, int]] = []
    kontra_items: list[tuple[str, int]] = []
    if winner is not None:
        loser = other(winner)
        items.append((WON, 1))
        items.extend(unders(points[loser]))
        if hand.no_trick == loser:
            items.append((NO_TRICK, 1))
        if options["announcements"] == TSR:
            items.extend((PARTY_NAMES[party], CALL_POINTS) for party in (RE, KONTRA) if levels[party])
        items.extend((CALL_NAMES[step], 1) for party in (RE, KONTRA) for step in range(2, levels[party] + 1))
        items.extend(reached(points[winner], levels[loser]))
        value = sum(count for _word, count in items)
        base = value if winner == RE else -value
    else:
        # Nobody won: no "won", no call points; each party its own (TSR 7.2.2 and 7.1.4).
        items = unders(hand.kontra_points) + reached(hand.re_points, hand.kontra_level)
        kontra_items = unders(hand.re_points) + reached(hand.kontra_points, hand.re_level)
        base = sum(count for _word, count in items) - sum(count for _word, count in kontra_items)
    specials = special_points(hand, winner, options)
    total = base + sum(count if party == RE else -count for _kind, party, count in specials)
    calls = (hand.re_level > 0) + (hand.kontra_level > 0)
    if options["announcements"] == DOUBLE:
        total *= 2**calls
    return Outcome(winner, tuple(items), tuple(kontra_items), tuple(specials), base, total, calls)


def special_points(hand: Hand, winner: str | None, options: Mapping[str, Any]) -> list[tuple[str, str, int]]:
    """(kind, party, count) of the special points scored (TSR 7.2.3; a solo's house point)."""
    if hand.solo:
        beaten = options["solo_value"] == AGAINST_SOLOIST and winner == KONTRA
        return [(AGAINST_SOLOIST, KONTRA, 1)] if beaten else []
    kinds = options["special_points"]
    found: list[tuple[str, str, int]] = []
    if AGAINST_QUEENS in kinds and winner == KONTRA:
        found.append((AGAINST_QUEENS, KONTRA, 1))
    for kind, counts in ((FOX, hand.foxes), (DOPPELKOPF_TRICK, hand.doppelkopfs)):
        if kind in kinds:
            found.extend((kind, party, count) for party, count in zip((RE, KONTRA), counts, strict=True) if count)
    if KARLCHEN in kinds and hand.karlchen is not None:
        found.append((KARLCHEN, hand.karlchen, 1))
    return found


def bock_events(hand: Hand, outcome: Outcome) -> set[str]:
    """The Bock events the hand saw (`zero`: N = 0 before Bock)."""
    events = set()
    if hand.re_points == 120:
        events.add(TIE)
    if outcome.value == 0:
        events.add(ZERO)
    if hand.re_level and outcome.winner == KONTRA:
        events.add(LOST_RE)
    if hand.kontra_level and outcome.winner == RE:
        events.add(LOST_KONTRA)
    if hand.solo and outcome.winner == KONTRA:
        events.add(LOST_SOLO)
    return events


# ---- Bock rounds


def bock_factor(progress: Progress, overlap: str) -> int:
    """m of the next hand: 2 while Bock hands are queued (`append`), else 2 per round running."""
    if overlap == APPEND:
        return 2 if progress.bock else 1
    return 2 ** len(progress.bock)


def bock_hands(progress: Progress) -> int:
    """Hands still to be played with m > 1, the next included."""
    return max(progress.bock, default=0)


def bock_after(bock: tuple[int, ...], overlap: str, n: int, started: bool) -> tuple[int, ...]:
    """The Bock rounds running after a hand (which took its one hand from each) that started one or not."""
    if overlap == APPEND:
        queued = max(bock, default=0) - 1 if bock else 0
        queued += n if started else 0
        return (queued,) if queued else ()
    running = [left - 1 for left in bock if left > 1]
    return (*running, n) if started else tuple(running)


# ---- who deals, plays, owes


def dealer_of(table: Table, deals: int) -> int:
    """The dealer after `deals` deals: a re-dealt compulsory solo does not move the deal."""
    return (table.options["first_dealer"] + deals) % table.n


def sitting_out(table: Table, dealer: int) -> int | None:
    """At five the dealer sits the hand out."""
    return dealer if table.n == 5 else None


def players_of(table: Table, dealer: int) -> tuple[int, ...]:
    """The four who play, from the dealer's left (who leads) round the table."""
    seats = (table.left_of(dealer, step) for step in range(1, table.n + 1))
    return tuple(seat for seat in seats if seat != sitting_out(table, dealer))


def owed(table: Table, progress: Progress) -> tuple[int, ...]:
    return tuple(max(table.options["compulsory_solos"] - played, 0) for played in progress.played)


def deals_left(table: Table, progress: Progress) -> int | None:
    limit = table.options["max_deals"]
    return None if limit is None else limit - progress.deals


def forced_seat(table: Table, progress: Progress) -> int | None:
    """The seat that must play its compulsory solo now (Vorführung), if the deals left are
    no more than the solos owed: the first who owes one from the dealer's left."""
    left = deals_left(table, progress)
    still = owed(table, progress)
    if left is None or not 0 < sum(still) or sum(still) < left:
        return None
    dealer = dealer_of(table, progress.deals)
    return next((seat for seat in players_of(table, dealer) if still[seat]), None)


# ---- saying it


def item_words(items: Sequence[tuple[str, int]]) -> str:
    """"won 1 + under 90 1 + Re 2 = 4"; "0" when there is nothing."""
    if not items:
        return "0"
    return " + ".join(f"{_(word)} {count}" for word, count in items) + f" = {sum(count for _w, count in items)}"


def special_words(kind: str, party: str, count: int, effect: int) -> str:
    """One special point as the party reading it counts it: "fox Re +1"."""
    points = signed(effect)
    if kind == FOX:
        return _n("fox {party} {points}", "{n} foxes {party} {points}", count, party=_(PARTY_NAMES[party]), points=points)
    if kind == DOPPELKOPF_TRICK:
        return _n(
            "Doppelkopf {party} {points}", "{n} Doppelkopfs {party} {points}", count, party=_(PARTY_NAMES[party]), points=points
        )
    if kind == KARLCHEN:
        return _("Karlchen {party} {points}", party=_(PARTY_NAMES[party]), points=points)
    if kind == AGAINST_QUEENS:
        return _("against the queens {points}", points=points)
    return _("against the soloist {points}", points=points)


def hand_words(hand: Hand, outcome: Outcome, party: str, factors: Sequence[str], score: int, note: str | None) -> str:
    """One player's explanation: the game, the party and the winner, each item, the factors, the score."""
    points = {RE: hand.re_points, KONTRA: hand.kontra_points}
    mine, theirs = points[party], points[other(party)]
    words = {"party": _(PARTY_NAMES[party]), "points": mine, "other": theirs}
    if outcome.winner is None:
        head = _("{party}, nobody won {points}:{other}", **words)
        own, others = (outcome.items, outcome.kontra_items) if party == RE else (outcome.kontra_items, outcome.items)
        value = ", ".join(
            f"{_(PARTY_NAMES[who])} {item_words(items)}" for who, items in ((party, own), (other(party), others))
        )
    else:
        head = _("{party} won {points}:{other}", **words) if outcome.winner == party else _("{party} lost {points}:{other}", **words)
        value = item_words(outcome.items)
    if hand.game != NORMAL:
        head = f"{_(GAME_NAMES[hand.game])}{f' ({note})' if note else ''}, {head}"
    parts = [f"{head}: {value}"]
    sign = 1 if party == RE else -1
    if outcome.specials:
        parts.append(", ".join(
            special_words(kind, who, count, sign * (count if who == RE else -count)) for kind, who, count in outcome.specials
        ))
    if factors:
        parts.append(", ".join(factors))
    return f"{'; '.join(parts)} → {signed(score)}"


def score_hand(
    table: Table, hand: Hand, outcome: Outcome, bock: int, out: int | None, note: str | None
) -> RoundScore:
    """Points per seat: Re +N × m each, Kontra -N × m each; a soloist 3 × N × m; 0 for who sits out."""
    scores = [0] * table.n
    notes = [_("sits out: {points}", points=signed(0))] * table.n
    calls = [_("calls × {factor}", factor=2**outcome.calls)] if table.options["announcements"] == DOUBLE and outcome.calls else []
    bocked = [_("Bock × {factor}", factor=bock)] if bock > 1 else []
    for seat in range(table.n):
        if seat == out:
            continue
        party = RE if seat in hand.re else KONTRA
        soloist = hand.solo and party == RE
        score = outcome.value * bock * (3 if soloist else 1) * (1 if party == RE else -1)
        factors = [*calls, *bocked, *([_("soloist × 3")] if soloist else [])]
        scores[seat] = score
        notes[seat] = hand_words(hand, outcome, party, factors, score, note)
    details = {
        "game": hand.game,
        "re": list(hand.re),
        "winner": outcome.winner,
        "value": outcome.value,
        "bock": bock,
        "compulsory": hand.compulsory,
    }
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details=details)
