"""Skill ratings: openskill's Plackett-Luce model (default parameters) over finished matches in played order."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from .ledgers import RatingLedger
from .matches import StoredMatch, finished_in_order
from .plackett_luce import ordinal


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
    ledger = RatingLedger()
    history: dict[str, list[RatingPoint]] = {}
    for match in finished_in_order(matches, game):
        for rated in ledger.rate(match):
            history.setdefault(rated.player_id, []).append(
                RatingPoint(match_id=rated.match_id, played_at=rated.played_at, ordinal=ordinal(rated.skill))
            )
    return ratings_of(ledger, game=game, history=history)


def ratings_of(
    ledger: RatingLedger, *, game: str | None = None, history: Mapping[str, Sequence[RatingPoint]] | None = None
) -> Ratings:
    """The ratings a ledger holds, best ordinal first; histories only when given."""
    players = [
        PlayerRating(
            player_id=player,
            mu=skill[0],
            sigma=skill[1],
            ordinal=ordinal(skill),
            matches=ledger.matches[player],
            history=tuple(history[player]) if history is not None else (),
        )
        for player, skill in ledger.current.items()
    ]
    players.sort(key=lambda rating: (-rating.ordinal, rating.player_id))
    return Ratings(game=game, players=tuple(players))
