"""Zwicker's random legal rounds: each honour to a side, the cards and Zwicks of each side."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

from . import split

PLAYER_COUNTS = (2, 3, 4)
OPTIONS: dict[str, Any] = {}


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    n_sides = len(table.sides)
    holders = [rng.randrange(n_sides) for _ in hints["honours"]]
    honours = [[code for code, holder in zip(hints["honours"], holders, strict=True) if holder == side] for side in range(n_sides)]
    cards = split(rng, hints["deck_size"], n_sides, [len(h) for h in honours])
    return {
        "sides": [
            {"cards": cards[side], "zwicks": rng.randint(0, min(2, cards[side] // 2)), "honours": honours[side]}
            for side in range(n_sides)
        ]
    }
