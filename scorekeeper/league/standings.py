"""League standings and head-to-head counts from finished matches (no engine replay: totals suffice)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .matches import StoredMatch, finished_in_order, placement_scores


@dataclass(frozen=True)
class StandingRow:
    """One player's line in the standings of a game (or of all games).

    points: the sum of their side's totals; rounds: the rounds of those matches;
    placement_score: the average of (n_sides - rank) / (n_sides - 1) over their matches,
    tied sides sharing the average of their ranks (1.0 = always first, 0.0 = always last);
    ranked: played >= the min_matches asked for.
    """

    player_id: str
    played: int
    wins: int
    win_rate: float
    points: int
    rounds: int
    avg_points_per_match: float
    avg_points_per_round: float
    placement_score: float
    ranked: bool


@dataclass
class _PlayerTally:
    """Running sums for one player while the matches are read (private, mutable)."""

    played: int = 0
    wins: int = 0
    points: int = 0
    rounds: int = 0
    placement: Fraction = Fraction(0)


def standings(
    matches: Iterable[StoredMatch], *, game: str | None = None, min_matches: int = 0
) -> list[StandingRow]:
    """Standings over the finished matches of `game` (all games when None).

    A win is being on a winning side (a shared win counts as a win). Players without a
    finished match get no row. Sort order: ranked rows first, then win_rate desc, then
    placement_score desc, then avg_points_per_match desc, then played desc, then
    player_id. The comparisons use exact fractions, so two rates that are equal as
    fractions are a tie even where their floats would round differently.
    """
    tallies: dict[str, _PlayerTally] = {}
    for match in finished_in_order(matches, game):
        winners = set(match.winners)
        placements = placement_scores(match.totals)
        rounds = match.rounds_played
        for side, seats in enumerate(match.sides):
            total = match.totals[side]
            won = side in winners
            for seat in seats:
                tally = tallies.setdefault(match.players[seat], _PlayerTally())
                tally.played += 1
                tally.wins += int(won)
                tally.points += total
                tally.rounds += rounds
                tally.placement += placements[side]

    keyed = []
    for player_id, tally in tallies.items():
        win_rate = Fraction(tally.wins, tally.played)
        placement = tally.placement / tally.played
        per_match = Fraction(tally.points, tally.played)
        ranked = tally.played >= min_matches
        row = StandingRow(
            player_id=player_id,
            played=tally.played,
            wins=tally.wins,
            win_rate=float(win_rate),
            points=tally.points,
            rounds=tally.rounds,
            avg_points_per_match=float(per_match),
            # A finished match always has rounds; the guard only keeps odd data from dividing by 0.
            avg_points_per_round=tally.points / tally.rounds if tally.rounds else 0.0,
            placement_score=float(placement),
            ranked=ranked,
        )
        key = (not ranked, -win_rate, -placement, -per_match, -tally.played, player_id)
        keyed.append((key, row))
    keyed.sort(key=lambda pair: pair[0])
    return [row for _, row in keyed]


@dataclass(frozen=True)
class HeadToHeadRow:
    """How `player_id` fared against `opponent_id` when they sat on different sides.

    A win: the player's side ranked strictly better (a higher total) than the opponent's;
    a draw: equal totals. In a match of three sides both can lose to a third side and
    still win or lose against each other.
    """

    player_id: str
    opponent_id: str
    meetings: int
    wins: int
    draws: int
    losses: int


def head_to_head(matches: Iterable[StoredMatch], *, game: str | None = None) -> list[HeadToHeadRow]:
    """Every ordered pair of players who met on different sides in a finished match.

    Both (A, B) and (B, A) are listed, sorted by player_id, then opponent_id.
    """
    # (player, opponent) -> [wins, draws, losses]
    counts: dict[tuple[str, str], list[int]] = {}
    for match in finished_in_order(matches, game):
        sides = [(match.side_players(side), total) for side, total in enumerate(match.totals)]
        for side, (players, total) in enumerate(sides):
            for other_side, (opponents, other_total) in enumerate(sides):
                if other_side == side:
                    continue
                outcome = 0 if total > other_total else 1 if total == other_total else 2
                for player in players:
                    for opponent in opponents:
                        counts.setdefault((player, opponent), [0, 0, 0])[outcome] += 1
    return [
        HeadToHeadRow(
            player_id=player,
            opponent_id=opponent,
            meetings=wins + draws + losses,
            wins=wins,
            draws=draws,
            losses=losses,
        )
        for (player, opponent), (wins, draws, losses) in sorted(counts.items())
    ]
