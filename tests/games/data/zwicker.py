"""Zwicker's test data: two players, a first round with every honour held, the issue's tap budget."""
from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bob"]
FIRST_ROUND = {
    "sides": [
        {"cards": 30, "zwicks": 2, "honours": ["J25", "J15", "D10", "AS", "AH"]},
        {"cards": 25, "zwicks": 0, "honours": ["J20", "D7", "S7", "AD", "AC"]},
    ]
}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    """Two sides: the first side's cards (a tap, two digits; the other's follow), the honours
    (at most 5 chips and "the rest"), a Zwick chip per side that zwicked (0 is chosen
    beforehand), Save: 12 at most. Three sides: the issue's 15."""
    return 12 if len(raw["sides"]) == 2 else 15
