"""Willi Stich's test data: four players, a first round, the issue's tap budget."""
from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
FIRST_ROUND = {"bids": [1, 1, 0, 1], "trump": "hearts", "tricks": [0, 1, 0, 0]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    return 2 * n + 1


# Options a bidding is checked under (tests/games/test_bidding.py).
BIDDING_OPTION_SETS = [{}, {"scoring": "wizard"}]
