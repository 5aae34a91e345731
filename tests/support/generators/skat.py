"""Skat's random legal deals: a declared suit game, grand or null by one of the three who play,
now and then all passing (a Ramsch where the table plays one); a list of 9 deals, so a match
is short."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

from . import split

PLAYER_COUNTS = (3, 4)
OPTIONS: dict[str, Any] = {"max_deals": 9}
# Card points a deal often ends with (1 and 119 are impossible), and bids most games reach.
POINTS = (0, 18, 30, 31, 45, 59, 60, 61, 75, 89, 90, 100, 120)
BIDS = (18, 20, 22, 23, 24, 27, 30, 33, 36, 40, 44, 48)


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    if rng.random() < 0.1:
        if not table.options["ramsch"]:
            return {"declarer": None}
        points: list[int | None] = [None] * table.n
        for seat, got in zip(hints["active"], split(rng, 120, 3)):
            points[seat] = got
        return {"declarer": None, "ramsch": points}
    declarer = rng.choice(hints["active"])
    game = rng.choice(("clubs", "spades", "hearts", "diamonds", "grand", "null"))
    if game == "null":
        return {"declarer": declarer, "game": "null", "bid": rng.choice((18, 20, 22, 23)), "won": rng.random() < 0.5}
    return {
        "declarer": declarer,
        "game": game,
        "matadors": rng.randint(1, 4),
        "without": rng.random() < 0.3,
        "hand": rng.random() < 0.2,
        "bid": rng.choice(BIDS),
        "points": rng.choice(POINTS),
    }
