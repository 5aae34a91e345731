"""Stored matches as the league computations read them, and the ordering and ranking rules they share.

Pure Python like the rules engine: the database layer builds these values, the league
modules only read them ("records" in this package means a league's records: best round,
biggest win, streaks). Only finished matches count for standings, ratings and records:
a match in progress says nothing yet about who is better, and its totals still move.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class StoredRound:
    """One recorded round: its number, its input as posted and its score per side."""

    number: int
    input: Mapping[str, Any]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class StoredMatch:
    """One match as stored: who sat where, the sides, the options and the outcome.

    `played_at` orders matches (ties broken by `match_id`); give every record the same
    kind of datetime (all UTC-aware or all naive), since Python cannot compare the two.

    `round_count` lets a caller that does not load the rounds (standings and ratings do
    not need their inputs) still give their number, for points per round; when None, the
    number of `rounds` given is used.
    """

    match_id: str
    game: str
    played_at: datetime
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    options: Mapping[str, Any]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    rounds: tuple[StoredRound, ...]
    round_count: int | None = None

    @property
    def rounds_played(self) -> int:
        return self.round_count if self.round_count is not None else len(self.rounds)

    def side_players(self, side: int) -> tuple[str, ...]:
        """Player ids of side `side`, in seat order."""
        return tuple(self.players[seat] for seat in self.sides[side])


def played_order(match: StoredMatch) -> tuple[datetime, str]:
    """The one ordering key of every league computation: when it was played, then its id."""
    return (match.played_at, match.match_id)


def finished_in_order(matches: Iterable[StoredMatch], game: str | None = None) -> list[StoredMatch]:
    """The finished matches (of `game` when given) in played order.

    Raises ValueError when two records share a match id: the order of such twins would
    depend on the order they were given in, and every result must depend only on the set
    of matches.
    """
    seen: set[str] = set()
    selected = []
    for match in matches:
        if match.match_id in seen:
            raise ValueError(f"match {match.match_id!r} is given twice")
        seen.add(match.match_id)
        if match.finished and (game is None or match.game == game):
            selected.append(match)
    selected.sort(key=played_order)
    return selected


def sides_above(totals: Sequence[int]) -> tuple[int, ...]:
    """Per side, how many sides have a strictly higher total (0 for the leaders)."""
    return tuple(sum(1 for other in totals if other > total) for total in totals)


def placement_scores(totals: Sequence[int]) -> tuple[Fraction, ...]:
    """Per side, (n - rank) / (n - 1): 1 for first, 0 for last.

    Sides with equal totals share the average of the places they cover: of three sides
    totalling 10, 5, 5 the two fives cover places 2 and 3, so both rank 2.5 and score 0.25.
    Exact fractions, so that equal placements compare equal in the tie-breakers.
    """
    n_sides = len(totals)
    if n_sides < 2:
        # The engine has no one-sided game; a lone side is first and last at once.
        return tuple(Fraction(1) for _ in totals)
    scores = []
    for total, above in zip(totals, sides_above(totals)):
        tied = sum(1 for other in totals if other == total)
        # Places above + 1 .. above + tied, averaged: above + (tied + 1) / 2.
        doubled_rank = 2 * above + tied + 1
        scores.append(Fraction(2 * n_sides - doubled_rank, 2 * (n_sides - 1)))
    return tuple(scores)
