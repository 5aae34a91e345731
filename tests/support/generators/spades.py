"""Spades's random legal rounds: bids (now and then a nil) and tricks; a shortened target, so a match is a handful of hands."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

from . import split

PLAYER_COUNTS = (4,)
OPTIONS: dict[str, Any] = {"target": 250}


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    bids: list[Any] = [rng.randint(1, 5) for _ in range(4)]
    if rng.random() < 0.1:
        bids[rng.randrange(4)] = "nil"  # one nil per side is allowed by default
    tricks = split(rng, 13, 4)
    return {"bids": bids, "tricks": tricks}
