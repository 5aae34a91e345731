"""Nwik's test data: three players, a VIP first round, the issue's tap budget."""
from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bob", "Cid"]
FIRST_ROUND = {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    """The issue's budget: 6 with style and stake, 7 with VIP or Pass (also a Pass that
    hands over to a VIP: the acting style's chip says the Pass too)."""
    effective = raw.get("acting_style", raw["style"])
    return 7 if raw["style"] == 6 or effective == 5 else 6
