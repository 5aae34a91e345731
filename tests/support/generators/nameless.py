"""Nameless's random legal rounds: the tricks of each seat."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

from . import split

PLAYER_COUNTS = (2, 3, 4)
OPTIONS: dict[str, Any] = {}


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    return {"tricks": split(rng, 5 if table.n <= 4 else 4, table.n)}
