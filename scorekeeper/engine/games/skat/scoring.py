"""Skat's scoring: a declared game or a Ramsch on the list, Bock deals, the list's winners
and its end columns, and who plays a deal at a table of four."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.base import (
    RoundScore,
    Table,
    highest_winners,
    signed,
)
from ...core.i18n import _, _n
from .values import (
    CARD_POINTS,
    GRAND,
    LOST_BONUS,
    NULL,
    OPPONENT_BONUS,
    SEEGER_FABIAN,
    WON_BONUS,
    SkatDeal,
    SkatGame,
    SkatProgress,
    SkatRamsch,
    Valuation,
    game_words,
    times,
    value_game,
)

# ---- scoring a deal


def score_game(table: Table, game: SkatGame, bock: bool, sits_out: int | None) -> tuple[RoundScore, Valuation]:
    """Points per player for a declared game (`sits_out`: the dealer at 4 players), with an
    explanation per player."""
    options = table.options
    seeger_fabian = options["scoring"] == SEEGER_FABIAN
    valued = value_game(game)
    factor = 2 if bock else 1
    declarer = table.name(game.declarer)
    parts = game_words(game, valued)
    if bock:
        parts.append(_("Bock"))
    scores = [0] * table.n
    notes = [""] * table.n
    if valued.won:
        points = factor * valued.scored + (WON_BONUS if seeger_fabian else 0)
        formula = times(factor, valued.scored) + (f" + {WON_BONUS}" if seeger_fabian else "")
        written = signed(points) if formula == str(points) else f"{formula} = {signed(points)}"
        parts.append(_("won: {formula}", formula=written))
    else:
        points = -2 * factor * valued.scored - (LOST_BONUS if seeger_fabian else 0)
        formula = f"-2 × {times(factor, valued.scored)}" + (f" - {LOST_BONUS}" if seeger_fabian else "")
        written = f"{formula} = {signed(points)}"
        parts.append(_("lost: {formula}", formula=written))
    scores[game.declarer] = points
    notes[game.declarer] = "; ".join(parts)
    for seat in range(table.n):
        if seat == game.declarer:
            continue
        share = 0
        if seeger_fabian and not valued.won and (seat != sits_out or options["dealer_bonus"]):
            share = OPPONENT_BONUS[table.n]
        scores[seat] = share
        if seat == sits_out and not share:
            notes[seat] = _("deals and sits out: {points}", points=signed(share))
        elif valued.won:
            notes[seat] = _("{player} won: {points}", player=declarer, points=signed(share))
        else:
            notes[seat] = _("{player} lost: {points}", player=declarer, points=signed(share))
    details = {
        "declarer": game.declarer,
        "value": valued.value,
        "scored_value": valued.scored,
        "level": valued.level,
        "won": valued.won,
        "overbid": valued.overbid,
        "bock": bock,
    }
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details=details), valued


def score_ramsch(table: Table, ramsch: SkatRamsch, bock: bool) -> RoundScore:
    """Points per player for a Ramsch: the most card points lose them, a Durchmarsch wins 120."""
    factor = 2 if bock else 1
    playing = [seat for seat, points in enumerate(ramsch.points) if points is not None]
    scores = [0] * table.n
    notes = [_("deals and sits out: {points}", points=signed(0))] * table.n
    bock_note = _("Bock") + "; " if bock else ""
    if len(ramsch.no_trick) == 2:
        winner = next(seat for seat in playing if seat not in ramsch.no_trick)
        points = factor * CARD_POINTS
        formula = signed(points) if factor == 1 else f"{factor} × {CARD_POINTS} = {signed(points)}"
        for seat in playing:
            if seat == winner:
                scores[seat] = points
                notes[seat] = bock_note + _("Ramsch, Durchmarsch: {formula}", formula=formula)
            else:
                notes[seat] = _("Ramsch, Durchmarsch by {player}: {points}", player=table.name(winner), points=signed(0))
        return RoundScore(scores=tuple(scores), explanation=tuple(notes), details={"ramsch": True, "bock": bock})
    jungfrau = len(ramsch.no_trick) == 1
    most = max(points for points in ramsch.points if points is not None)
    for seat in playing:
        points = ramsch.points[seat] or 0
        if points == most:
            multiplier = factor * (2 if jungfrau else 1)
            lost = -multiplier * most
            factors = " × ".join(["2"] * (factor == 2) + ["2"] * jungfrau)
            formula = signed(lost) if multiplier == 1 else f"-{factors} × {most} = {signed(lost)}"
            scores[seat] = lost
            if jungfrau:
                notes[seat] = bock_note + _("Ramsch, most points ({points}), Jungfrau: {formula}", points=most, formula=formula)
            else:
                notes[seat] = bock_note + _("Ramsch, most points ({points}): {formula}", points=most, formula=formula)
        else:
            notes[seat] = _n("Ramsch, {n} point: {score}", "Ramsch, {n} points: {score}", points, score=signed(0))
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details={"ramsch": True, "bock": bock})


def bock_triggered(triggers: Sequence[str], deal: SkatDeal, valued: Valuation | None) -> bool:
    """Whether the deal owes a Bock round under the table's triggers."""
    game = deal.game
    if game is None:
        return "all_pass" in triggers
    if "sixty" in triggers and game.game != NULL and game.points == 60:
        return True
    return "lost_grand" in triggers and game.game == GRAND and valued is not None and not valued.won


def list_winners(totals: Sequence[int], progress: SkatProgress, seeger_fabian: bool) -> tuple[int, ...]:
    """The highest total wins; on the Seeger-Fabian list equal totals are separated by more
    declared games won, then fewer lost (SkWO); still equal: a shared win."""
    leaders = highest_winners(totals)
    if not seeger_fabian or len(leaders) == 1:
        return leaders
    most_won = max(progress.won[seat] for seat in leaders)
    leaders = tuple(seat for seat in leaders if progress.won[seat] == most_won)
    fewest_lost = min(progress.lost[seat] for seat in leaders)
    return tuple(seat for seat in leaders if progress.lost[seat] == fewest_lost)


@dataclass(frozen=True)
class ListColumns:
    """One player's end columns of a Seeger-Fabian list (SkWO 5.1): declared games won and
    lost, their 50s (+50 won, -50 lost), the 40s (30s at four) for the others' lost games,
    and what is left of the total: the games' own values (and Ramsch points)."""

    won: int
    lost: int
    fifties: int
    shares: int
    games: int


def list_columns(table: Table, totals: Sequence[int], progress: SkatProgress) -> tuple[ListColumns, ...]:
    """Each player's end columns; on the plain list the 50s and 40s are 0 (it has none)."""
    seeger_fabian = table.options["scoring"] == SEEGER_FABIAN
    columns = []
    for seat, total in enumerate(totals):
        won, lost = progress.won[seat], progress.lost[seat]
        fifties = WON_BONUS * won - LOST_BONUS * lost if seeger_fabian else 0
        shares = OPPONENT_BONUS[table.n] * progress.shares[seat]
        columns.append(ListColumns(won=won, lost=lost, fifties=fifties, shares=shares, games=total - fifties - shares))
    return tuple(columns)


# ---- who plays


def sitting_out(table: Table, number: int) -> int | None:
    """The dealer of deal `number` at 4 players (who deals and sits out), else None."""
    return table.dealer(number) if table.n == 4 else None


def active_seats(table: Table, number: int) -> tuple[int, int, int]:
    """Forehand, middlehand, rearhand of deal `number`."""
    dealer = table.dealer(number)
    if table.n == 4:
        return (table.left_of(dealer, 1), table.left_of(dealer, 2), table.left_of(dealer, 3))
    return (table.left_of(dealer, 1), table.left_of(dealer, 2), dealer)
