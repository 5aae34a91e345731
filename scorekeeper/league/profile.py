"""A player's profile: standings and ratings per game and overall, streaks and game stats, in one value."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .matches import StoredMatch, finished_in_order
from .ratings import PlayerRating, ratings
from .records import Streak, records
from .standings import StandingRow, standings


@dataclass(frozen=True)
class GameProfile:
    """The player's standing and rating in one game."""

    game: str
    standing: StandingRow
    rating: PlayerRating


@dataclass(frozen=True)
class PlayerProfile:
    """Everything the league knows about one player, from finished matches only.

    `by_game` holds the games the player has finished a match of, by game id; `overall`
    and `overall_rating` are None for a player with no finished match.
    """

    player_id: str
    overall: StandingRow | None
    overall_rating: PlayerRating | None
    by_game: Mapping[str, GameProfile]
    longest_streak: Streak
    current_streak: int
    #: game id -> the player's stats of that game (Game.league_stats), for games that have some
    game_stats: Mapping[str, Any]


def _row_of(rows: list[StandingRow], player_id: str) -> StandingRow | None:
    return next((row for row in rows if row.player_id == player_id), None)


def player_profile(matches: Iterable[StoredMatch], player_id: str, *, min_matches: int = 0) -> PlayerProfile:
    """The profile of `player_id`; `min_matches` sets the rows' `ranked` flag as in standings()."""
    # Read the input once: it may be a one-shot iterable, and every part below reads it again.
    finished = finished_in_order(matches)
    games = sorted({match.game for match in finished if player_id in match.players})
    by_game = {}
    for game in games:
        standing = _row_of(standings(finished, game=game, min_matches=min_matches), player_id)
        rating = ratings(finished, game=game).get(player_id)
        # The player finished a match of this game, so both exist.
        assert standing is not None and rating is not None
        by_game[game] = GameProfile(game=game, standing=standing, rating=rating)
    found = records(finished)
    return PlayerProfile(
        player_id=player_id,
        overall=_row_of(standings(finished, min_matches=min_matches), player_id),
        overall_rating=ratings(finished).get(player_id),
        by_game=by_game,
        longest_streak=found.longest_streak_by_player.get(player_id, Streak(player_id, 0, None, None)),
        current_streak=found.current_streak_by_player.get(player_id, 0),
        game_stats={game: stats[player_id] for game, stats in found.game_stats.items() if player_id in stats},
    )
