"""League records: best rounds, biggest wins, winning streaks, and each game's own player stats.

The game-specific stats (Nwik bidder stats, Spades nils, ...) come from the game modules
(Game.league_stats); everything here reads the stored totals and scores of any game.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from scorekeeper.engine.games import all_games

from .matches import StoredMatch, finished_in_order


@dataclass(frozen=True)
class RoundHigh:
    """The highest score one side made in one round; `equalled_by`, the other sides'
    players who made as many later, in the order they first did."""

    game: str
    match_id: str
    played_at: datetime
    round_number: int
    side: int
    players: tuple[str, ...]
    points: int
    equalled_by: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class BiggestWin:
    """The largest lead of a sole winner over the next side when a match ended."""

    game: str
    match_id: str
    played_at: datetime
    side: int
    players: tuple[str, ...]
    winning_total: int
    next_total: int
    margin: int


@dataclass(frozen=True)
class Streak:
    """A run of consecutive finished matches won; length 0 (and no match ids) for a player who never won."""

    player_id: str
    length: int
    first_match_id: str | None
    last_match_id: str | None


@dataclass(frozen=True)
class Records:
    """Everything records() finds; mappings iterate in sorted key order.

    Round scores and margins are kept per game: a Spades hand and a Nameless hand are not
    on the same scale. Ties go to whoever set the record first (in played order); a round
    score equalled later names who equalled it too.
    """

    highest_round: Mapping[str, RoundHigh]
    biggest_win: Mapping[str, BiggestWin]
    longest_streak: Streak | None
    longest_streak_by_player: Mapping[str, Streak]
    current_streak_by_player: Mapping[str, int]
    #: game id -> player id -> that game's own stats value (only games that have any)
    game_stats: Mapping[str, Mapping[str, Any]]


def records(matches: Iterable[StoredMatch]) -> Records:
    """Records over all finished matches of every game."""
    ordered = finished_in_order(matches)
    longest, current, overall = win_streaks(ordered)
    return Records(
        highest_round=highest_rounds(ordered),
        biggest_win=biggest_wins(ordered),
        longest_streak=overall,
        longest_streak_by_player=_sorted_by_key(longest),
        current_streak_by_player=_sorted_by_key(current),
        game_stats=game_stats(ordered),
    )


def _sorted_by_key(mapping: Mapping) -> dict:
    return {key: mapping[key] for key in sorted(mapping)}


def highest_rounds(ordered: list[StoredMatch]) -> dict[str, RoundHigh]:
    """Per game, the highest score of one side in one round; the first to reach it keeps
    it, and whoever made as many later is named with it (a league night's three twelves
    are one record, not one player's)."""
    best: dict[str, RoundHigh] = {}
    for match in ordered:
        for round_ in sorted(match.rounds, key=lambda round_: round_.number):
            for side, points in enumerate(round_.scores):
                held = best.get(match.game)
                if held is not None and points == held.points:
                    players = match.side_players(side)
                    if players != held.players and players not in held.equalled_by:
                        best[match.game] = replace(held, equalled_by=(*held.equalled_by, players))
                elif held is None or points > held.points:
                    best[match.game] = RoundHigh(
                        game=match.game,
                        match_id=match.match_id,
                        played_at=match.played_at,
                        round_number=round_.number,
                        side=side,
                        players=match.side_players(side),
                        points=points,
                    )
    return _sorted_by_key(best)


def biggest_wins(ordered: list[StoredMatch]) -> dict[str, BiggestWin]:
    """Per game, the largest margin of a sole winner over the next-best side.

    A shared win has no margin over anyone, so matches with several winners are skipped.
    """
    best: dict[str, BiggestWin] = {}
    for match in ordered:
        if len(match.winners) != 1:
            continue
        winner = match.winners[0]
        next_total = max(total for side, total in enumerate(match.totals) if side != winner)
        margin = match.totals[winner] - next_total
        held = best.get(match.game)
        if held is None or margin > held.margin:
            best[match.game] = BiggestWin(
                game=match.game,
                match_id=match.match_id,
                played_at=match.played_at,
                side=winner,
                players=match.side_players(winner),
                winning_total=match.totals[winner],
                next_total=next_total,
                margin=margin,
            )
    return _sorted_by_key(best)


def win_streaks(ordered: list[StoredMatch]) -> tuple[dict[str, Streak], dict[str, int], Streak | None]:
    """Per player the longest run of matches won and the current run; and the longest of all.

    A shared win counts as a win, as in the standings; matches of every game count. Of
    equal runs the one completed first holds the record (within one match: the lower
    side, then the lower seat), so a later equal run does not take it away.
    """
    longest: dict[str, Streak] = {}
    running: dict[str, tuple[int, str | None]] = {}  # player -> (length, first match id)
    overall: Streak | None = None
    for match in ordered:
        winners = set(match.winners)
        for side in range(len(match.sides)):
            for player in match.side_players(side):
                length, first = running.get(player, (0, None))
                if side in winners:
                    length, first = length + 1, first if length else match.match_id
                    held = longest.get(player)
                    if held is None or length > held.length:
                        longest[player] = Streak(player, length, first, match.match_id)
                    if overall is None or length > overall.length:
                        overall = longest[player]
                else:
                    length, first = 0, None
                    longest.setdefault(player, Streak(player, 0, None, None))
                running[player] = (length, first)
    current = {player: length for player, (length, _) in running.items()}
    return longest, current, overall


def game_stats(ordered: list[StoredMatch]) -> dict[str, dict[str, Any]]:
    """Each registered game's own stats over its finished matches; games with none are left out."""
    found: dict[str, dict[str, Any]] = {}
    for game in all_games():
        stats = game.league_stats([match for match in ordered if match.game == game.id])
        if stats:
            found[game.id] = stats
    return found
