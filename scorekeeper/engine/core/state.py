"""Who sits where (Table) and what replaying a match's rounds yields (scores, state): frozen values."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Table:
    """Who sits where and under which (effective, frozen) options a match is played."""

    players: tuple[str, ...]
    options: Mapping[str, Any]
    sides: tuple[tuple[int, ...], ...]
    #: the players ended the match after this many rounds, before its own end (None: they did not)
    ended_after: int | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def dealer(self, round_number: int) -> int:
        """Dealer of round `round_number` (1-based): the deal passes to the left."""
        return (self.options["first_dealer"] + round_number - 1) % self.n

    def left_of(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.n

    def name(self, seat: int) -> str:
        return self.players[seat]

    def side_of(self, seat: int) -> int:
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise ValueError(f"seat {seat} is on no side")

    def side_name(self, index: int) -> str:
        return " & ".join(self.players[seat] for seat in self.sides[index])


@dataclass(frozen=True)
class RoundScore:
    """What one round is worth per side, with a short explanation per side.

    `details` carries game-specific facts about the round (e.g. Spades bags after it).
    """

    scores: tuple[int, ...]
    explanation: tuple[str, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoredRound:
    """A recorded round after replay: its number, its input as given, and its score."""

    number: int
    dealer: int
    input: Mapping[str, Any]
    score: RoundScore


@dataclass(frozen=True)
class MatchState:
    """Everything derived from the ordered round inputs of a match.

    `progress` is the game's own running state (Nwik usage, Spades bags, ...), a frozen
    value the game module defines. `details` is its JSON-ready public view.

    `earlier` counts the rounds played before the first of `rounds`: a state restored
    from a snapshot (Game.restore) carries no scored rounds, only what they left behind,
    and the rounds played on from it follow. Rules read the number of rounds played
    through `round_count`, never `len(rounds)`.
    """

    rounds: tuple[ScoredRound, ...]
    totals: tuple[int, ...]
    progress: Any
    finished: bool
    winners: tuple[int, ...]
    next: Mapping[str, Any] | None
    details: Mapping[str, Any]
    earlier: int = 0
    #: finished because the players ended it there (Table.ended_after), not by the game's rules
    ended_by_players: bool = False

    @property
    def round_count(self) -> int:
        """How many rounds have been played (scored here or before a restored snapshot)."""
        return self.earlier + len(self.rounds)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The sides that lead: the highest total, shared by those tied at it, once a round is
        played and while nobody has won; none while every side has it (0, 0, 0 after a round
        of nothing): a lead everyone shares tells the table nothing."""
        if not self.round_count or self.winners or not self.totals:
            return ()
        leading = highest_winners(self.totals)
        return () if len(leading) == len(self.totals) else leading

    @property
    def next_round(self) -> int:
        return self.round_count + 1

    def scored(self, number: int) -> ScoredRound:
        """Recorded round `number` (1-based); IndexError when it is not among `rounds`."""
        index = number - 1 - self.earlier
        if not 0 <= index < len(self.rounds):
            raise IndexError(f"round {number} is not in this state (rounds {self.earlier + 1} to {self.round_count})")
        return self.rounds[index]


class PlayedRound(Protocol):
    """A stored round as league statistics read it (the league's StoredRound is one)."""

    @property
    def number(self) -> int: ...
    @property
    def input(self) -> Mapping[str, Any]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


class PlayedMatch(Protocol):
    """A finished match as league statistics read it (the league's StoredMatch is one)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def rounds(self) -> Sequence[PlayedRound]: ...


def highest_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """All sides with the highest total (a tie is a shared win; MatchState.leaders)."""
    best = max(totals)
    return tuple(index for index, total in enumerate(totals) if total == best)
