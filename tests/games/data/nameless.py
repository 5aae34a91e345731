"""Nameless's test data: four players, a first round, the issue's tap budget."""
from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
FIRST_ROUND = {"tricks": [2, 1, 1, 1]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    return n + 1
