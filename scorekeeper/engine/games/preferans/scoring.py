"""Preferans's score sheet (пуля): what a hand writes (pool, help, mountain, whists), who plays and defends, the all-pass multiplier, and the settlement to whole whists."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.base import Table
from .values import (
    ALL_PASS,
    CAP,
    CAPPED,
    CAUGHT,
    CLOSED,
    CONSOLATION,
    CONVENTION,
    DOWN,
    HALF,
    HALF_LEVELS,
    HALF_WHIST,
    HELP,
    HELP_WHISTS,
    MADE,
    MISERE,
    MISERE_TRICK,
    MOUNTAIN,
    NO_TRICK,
    NONE,
    OWN_TRICKS,
    POOL,
    QUOTA,
    SETTLE_WHISTS,
    SHARED_TRICKS,
    SHORT,
    WHIST,
    WHISTS,
    Convention,
    Entry,
    Hand,
    Sheet,
    Term,
)

# ---- who deals, plays and defends


def sitting_out(table: Table, dealer: int) -> int | None:
    """At four the dealer sits the hand out."""
    return dealer if table.n == 4 else None


def players_of(table: Table, dealer: int) -> tuple[int, ...]:
    """The three who play, from the first hand (the dealer's left) round the table."""
    seats = (table.left_of(dealer, step) for step in range(1, table.n + 1))
    return tuple(seat for seat in seats if seat != sitting_out(table, dealer))


def defenders_of(active: Sequence[int], declarer: int) -> tuple[int, int]:
    """(first, second) defender: the next active seats clockwise from the declarer."""
    at = active.index(declarer)
    return active[(at + 1) % 3], active[(at + 2) % 3]


def convention_of(options: Mapping[str, Any]) -> Convention:
    return CONVENTION[options["convention"]]


def multiplier(progression: str, place: int) -> int:
    """m of the `place`-th all-pass hand in a row (1-based)."""
    if progression == NONE:
        return 1
    return min(place, CAP) if progression == CAPPED else place


# ---- writing the sheet


class _Pen:
    """The sheet being written by one hand: a scratch copy, frozen again by `sheet()`; the
    entries in the order they were written. Mutable, but it never leaves write_hand: help
    depends on the pools as the hand's earlier pool points left them."""

    def __init__(self, sheet: Sheet, pool_size: int, convention: Convention) -> None:
        self.pool = list(sheet.pool)
        self.mountain = list(sheet.mountain)
        self.whists = [list(row) for row in sheet.whists]
        self.pool_size = pool_size
        self.k = convention.k
        self.entries: list[Entry] = []

    def sheet(self) -> Sheet:
        return Sheet(tuple(self.pool), tuple(self.mountain), tuple(tuple(row) for row in self.whists))

    def write_pool(self, seat: int, points: int, why: str) -> None:
        """Fill `seat`'s pool; the rest helps the other open pools, highest first (ties: the
        first clockwise from `seat`); beyond every closed pool it comes off the mountain."""
        own = min(points, self.pool_size - self.pool[seat])
        if own:
            self.pool[seat] += own
            self.entries.append(Entry(seat, POOL, own, why=why))
        rest = points - own
        n = len(self.pool)
        others = [(seat + step) % n for step in range(1, n)]
        while rest:
            open_pools = [other for other in others if self.pool[other] < self.pool_size]
            if not open_pools:
                # Nobody left to help: the rest comes off the writer's own mountain (it may go below 0).
                self.mountain[seat] -= self.k * rest
                self.entries.append(Entry(seat, MOUNTAIN, -self.k * rest, terms=(Term(CLOSED, rest, self.k, -self.k * rest),)))
                return
            # max() keeps the first of equals: the first clockwise from the writer.
            receiver = max(open_pools, key=lambda other: self.pool[other])
            given = min(rest, self.pool_size - self.pool[receiver])
            self.pool[receiver] += given
            rest -= given
            per = HELP_WHISTS * self.k
            self.whists[seat][receiver] += given * per
            self.entries.append(Entry(seat, HELP, given, on=receiver, terms=(Term(HELP, given, per, given * per),)))

    def write_mountain(self, seat: int, why: str, count: int, per: int) -> None:
        if count * per:
            self.mountain[seat] += count * per
            self.entries.append(Entry(seat, MOUNTAIN, count * per, terms=(Term(why, count, per, count * per),)))

    def write_whists(self, seat: int, on: int, terms: Sequence[Term]) -> None:
        """One entry of whists by `seat` on `on`, its terms those worth something."""
        kept = tuple(term for term in terms if term.points)
        if kept:
            points = sum(term.points for term in kept)
            self.whists[seat][on] += points
            self.entries.append(Entry(seat, WHISTS, points, on=on, terms=kept))


@dataclass(frozen=True)
class Written:
    """What a hand wrote: the sheet after it, its entries in order, the all-pass run after it
    and, for an all-pass, its multiplier m."""

    sheet: Sheet
    entries: tuple[Entry, ...]
    all_pass_run: int
    multiplier: int | None = None


def write_hand(table: Table, sheet: Sheet, hand: Hand, all_pass_run: int) -> Written:
    """The sheet after `hand` (spec: What a hand writes)."""
    options = table.options
    convention = convention_of(options)
    pen = _Pen(sheet, options["pool_size"], convention)
    if hand.contract == ALL_PASS:
        m = multiplier(options["all_pass_progression"], all_pass_run + 1)
        write_all_pass(pen, hand, convention, m)
        return Written(pen.sheet(), tuple(pen.entries), all_pass_run + 1, m)
    if hand.contract == MISERE:
        write_misere(pen, hand, convention)
    else:
        write_game(pen, table, hand, convention)
    return Written(pen.sheet(), tuple(pen.entries), 0)


def active_tricks(hand: Hand) -> dict[int, int]:
    """The tricks of the three who played, by seat (a played hand's tricks were checked)."""
    assert hand.tricks is not None
    return {seat: hand.tricks[seat] or 0 for seat in hand.active}


def write_all_pass(pen: _Pen, hand: Hand, convention: Convention, m: int) -> None:
    """The mountain (or, Rostov, whists by the fewest tricks), then a pool point each × m for no trick."""
    tricks = active_tricks(hand)
    if convention.all_pass_whists:
        fewest = min(tricks.values())
        per = convention.all_pass_whists * m
        for seat in hand.active:
            if tricks[seat] == fewest:
                for other in hand.active:
                    if tricks[other] > fewest:
                        pen.write_whists(seat, other, (Term(ALL_PASS, tricks[other], per, tricks[other] * per),))
    else:
        for seat in hand.active:
            pen.write_mountain(seat, ALL_PASS, tricks[seat], convention.k * m)
    for seat in hand.active:
        if not tricks[seat]:
            pen.write_pool(seat, m, NO_TRICK)


def write_misere(pen: _Pen, hand: Hand, convention: Convention) -> None:
    """Never whisted, no consolation: 10 to the pool when clean, else 10k mountain a trick."""
    assert hand.declarer is not None
    took = active_tricks(hand)[hand.declarer]
    if took:
        pen.write_mountain(hand.declarer, CAUGHT, took, MISERE_TRICK * convention.k)
    else:
        pen.write_pool(hand.declarer, hand.value, MADE)


def write_game(pen: _Pen, table: Table, hand: Hand, convention: Convention) -> None:
    """A 6-10 contract: passed out, half-whisted, or played against one or two whisters."""
    assert hand.declarer is not None and hand.level is not None
    declarer, level, v = hand.declarer, hand.level, hand.value
    w, quota = convention.w(v), QUOTA[level]
    first, second = hand.defenders
    words = dict(zip(hand.defenders, hand.words, strict=True))
    if not hand.played:
        pen.write_pool(declarer, v, MADE)
        if words[second] == HALF:
            pen.write_whists(second, declarer, (Term(HALF_WHIST, quota // 2, w, quota // 2 * w),))
        return
    tricks = active_tricks(hand)
    down = max(0, level - tricks[declarer])
    defence = tricks[first] + tricks[second]
    whisters = [seat for seat in hand.defenders if words[seat] == WHIST]
    if down:
        pen.write_mountain(declarer, DOWN, down, w)
    else:
        pen.write_pool(declarer, v, MADE)
    consoling = list(hand.defenders)
    if down and hand.out is not None and table.options["dealer_consolation"]:
        consoling.append(hand.out)
    terms: dict[int, list[Term]] = {seat: [] for seat in consoling}
    if len(whisters) == 2:
        for seat in whisters:
            terms[seat].append(Term(OWN_TRICKS, tricks[seat], w, tricks[seat] * w))
    elif down and not convention.greedy:
        # Gentleman's whist: the passer shares the defence's tricks (T·w is even: w is).
        for seat in hand.defenders:
            terms[seat].append(Term(SHARED_TRICKS, defence, w, defence * w // 2))
    else:
        terms[whisters[0]].append(Term(OWN_TRICKS, defence, w, defence * w))
    if down:
        for seat in consoling:
            terms[seat].append(Term(CONSOLATION, down, w, down * w))
    for seat in consoling:
        pen.write_whists(seat, declarer, terms[seat])
    write_shortfall(pen, hand, whisters, tricks, convention.p(v), max(0, quota - defence))


def write_shortfall(pen: _Pen, hand: Hand, whisters: Sequence[int], tricks: Mapping[int, int], p: int, short: int) -> None:
    """Who answers for the tricks missing from the defence's quota: the lone whister; two
    whisters on 6 or 7 each for their half; on 8-10 the second defender."""
    if not short:
        return
    assert hand.level is not None
    if len(whisters) == 1:
        pen.write_mountain(whisters[0], SHORT, short, p)
    elif hand.level in HALF_LEVELS:
        half = QUOTA[hand.level] // 2
        for seat in whisters:
            pen.write_mountain(seat, SHORT, min(max(0, half - tricks[seat]), short), p)
    else:
        pen.write_mountain(hand.defenders[1], SHORT, short, p)


def pools_closed(sheet: Sheet, pool_size: int) -> bool:
    return all(pool >= pool_size for pool in sheet.pool)


# ---- the settlement (spec: Totals and round scores)


@dataclass(frozen=True)
class Settlement:
    """The sheet closed now: each mountain with its unfilled pool added (`mountain`, M'), the
    exact result in whists (`exact`, adding up to 0) and the whole whists (`whole`, the totals)."""

    mountain: tuple[int, ...]
    exact: tuple[Fraction, ...]
    whole: tuple[int, ...]


def settle(sheet: Sheet, options: Mapping[str, Any]) -> Settlement:
    """Unfilled pools to the mountain, every mountain × 10 shared out, whists netted, then whole
    whists: floors, and the few left over one each to the furthest behind (ties: lower seat)."""
    k, size = convention_of(options).k, options["pool_size"]
    n = len(sheet.pool)
    closed = tuple(mountain + k * (size - pool) for mountain, pool in zip(sheet.mountain, sheet.pool, strict=True))
    net = [sum(sheet.whists[i]) - sum(row[i] for row in sheet.whists) for i in range(n)]
    # n × x_i, whole: x_i = net_i + 10 × (mean(M') - M'_i).
    scaled = [n * net[i] + SETTLE_WHISTS * (sum(closed) - n * closed[i]) for i in range(n)]
    whole = [value // n for value in scaled]
    left = -sum(whole)
    for seat in sorted(range(n), key=lambda i: (scaled[i], i))[:left]:
        whole[seat] += 1
    return Settlement(closed, tuple(Fraction(value, n) for value in scaled), tuple(whole))

