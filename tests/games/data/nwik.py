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

# One scored round and one refused round, with the English they give today (tests/games/test_i18n.py).
I18N_CASE = {'players': 3,
 'options': {},
 'round': {'style': 1, 'stake': 4, 'tricks': [4, 5, 4]},
 'explanation': 'Bidder: 5 tricks, target 6: -1 × 4 = -4',
 'refused': {'style': 5, 'stake': 1, 'tricks': [4, 5, 4]},
 'refusal': 'vip_card is required for style 5 (VIP): which turned card set trumps, 1, 2 or 3'}
