"""League records: standings, ratings, records, head-to-head and player profiles, computed from match records."""
from __future__ import annotations

from .matches import StoredMatch, StoredRound, finished_in_order
from .profile import GameProfile, PlayerProfile, player_profile
from .ratings import PlayerRating, RatingPoint, Ratings, ratings
from .records import (
    BiggestWin,
    Records,
    RoundHigh,
    Streak,
    records,
)
from .standings import HeadToHeadRow, StandingRow, head_to_head, standings

__all__ = [
    "BiggestWin",
    "GameProfile",
    "HeadToHeadRow",
    "StoredMatch",
    "PlayerProfile",
    "PlayerRating",
    "RatingPoint",
    "Ratings",
    "Records",
    "RoundHigh",
    "StoredRound",
    "StandingRow",
    "Streak",
    "finished_in_order",
    "head_to_head",
    "player_profile",
    "ratings",
    "records",
    "standings",
]
