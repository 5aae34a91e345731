"""Skill ratings: openskill's Plackett-Luce model (default parameters) over finished matches in played order."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce, PlackettLuceRating

from .matches import StoredMatch, finished_in_order, sides_above


@dataclass(frozen=True)
class RatingPoint:
    """A player's ordinal right after one of their matches."""

    match_id: str
    played_at: datetime
    ordinal: float


@dataclass(frozen=True)
class PlayerRating:
    """A player's current rating and how it got there.

    ordinal = mu - 3 x sigma (openskill's default): a cautious estimate that starts at 0
    and only rises with evidence, so a newcomer with one lucky win does not top the table.
    """

    player_id: str
    mu: float
    sigma: float
    ordinal: float
    matches: int
    history: tuple[RatingPoint, ...]


@dataclass(frozen=True)
class Ratings:
    """Ratings of every player with a finished match, best ordinal first (then player_id)."""

    game: str | None
    players: tuple[PlayerRating, ...]

    def get(self, player_id: str) -> PlayerRating | None:
        """The rating of `player_id`, or None if they have no finished match here."""
        for rating in self.players:
            if rating.player_id == player_id:
                return rating
        return None


def ratings(matches: Iterable[StoredMatch], *, game: str | None = None) -> Ratings:
    """Rate players by replaying finished matches (of `game`, all games when None) in played order.

    Each side is a team of its players (one player alone is a team of one). A side's rank
    comes from its total: 1 + the number of sides with a higher total, so equal totals
    share a rank (a draw, or a shared place in Nwik and Willi Stich). The order is
    (played_at, match_id), never the order given: the result depends only on the set of
    matches, and correcting an old match and recomputing equals computing afresh.
    """
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    history: dict[str, list[RatingPoint]] = {}
    for match in finished_in_order(matches, game):
        for player in match.players:
            if player not in current:
                current[player] = model.rating(name=player)
        teams = [[current[player] for player in match.side_players(side)] for side in range(len(match.sides))]
        ranks: list[float] = [above + 1 for above in sides_above(match.totals)]
        rated = model.rate(teams, ranks=ranks)
        for side, team in enumerate(rated):
            for player, rating in zip(match.side_players(side), team):
                current[player] = rating
                history.setdefault(player, []).append(
                    RatingPoint(match_id=match.match_id, played_at=match.played_at, ordinal=rating.ordinal())
                )
    players = [
        PlayerRating(
            player_id=player,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal(),
            matches=len(history[player]),
            history=tuple(history[player]),
        )
        for player, rating in current.items()
    ]
    players.sort(key=lambda rating: (-rating.ordinal, rating.player_id))
    return Ratings(game=game, players=tuple(players))
