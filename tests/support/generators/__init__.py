"""Each game's random legal rounds, in a module named for its engine module
(tests/support/generators/<module>.py): PLAYER_COUNTS to play it with, OPTIONS (its defaults,
or a shorter match), and generate(rng, table, state), a round its engine is likely to take
(tests/support/legal_rounds.py retries a refused one). A game copied under a new id finds its
original's through its engine class.

No hypothesis here: bench/seed.py plays with these without the test tools installed.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

SUITS4 = ("clubs", "diamonds", "hearts", "spades")
Generator = Callable[[random.Random, Table, MatchState], dict[str, Any]]


def split(rng: random.Random, total: int, parts: int, minimum: list[int] | None = None) -> list[int]:
    """A random composition of `total` into `parts` non-negative parts (at least `minimum`)."""
    floor = minimum or [0] * parts
    rest = total - sum(floor)
    cuts = sorted(rng.randint(0, rest) for _ in range(parts - 1))
    bounds = [0, *cuts, rest]
    return [low + (b - a) for low, a, b in zip(floor, bounds, bounds[1:], strict=False)]
