"""Willi Stich's random legal rounds: calls that do not add up to the cards in hand, a trump, the tricks."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table

from . import SUITS4, split

PLAYER_COUNTS = (3, 4, 5, 6)
OPTIONS: dict[str, Any] = {}


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    cards = hints["cards"]
    bids = [rng.randint(0, cards) for _ in range(table.n)]
    dealer = hints["dealer"]
    if sum(bids) == cards:  # the dealer's rule: the calls may not add up to the cards
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
    trump = "none" if hints["kind"] == "no_trump" else rng.choice(SUITS4)
    return {"trump": trump, "bids": bids, "tricks": split(rng, cards, table.n)}
