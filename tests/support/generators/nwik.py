"""Nwik's random legal rounds: a style and a stake the Bidder still has, what the style asks, the tricks."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

from . import SUITS4, split

PLAYER_COUNTS = (2, 3)
OPTIONS: dict[str, Any] = {}


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    style = rng.choice(hints["available_styles"])
    raw: dict[str, Any] = {"style": style, "stake": rng.choice(hints["available_stakes"])}
    effective = style
    if style == 6:
        effective = raw["acting_style"] = rng.choice(hints["acting_styles_if_pass"])
    if effective == 2:
        raw["trump"] = rng.choice(["hearts", "diamonds", "clubs"])
    if effective == 5:
        raw["vip_card"] = rng.randint(1, 3)
        raw["trump"] = rng.choice(SUITS4)
    raw["tricks"] = split(rng, 13 if table.n == 3 else 17, table.n)
    return raw
