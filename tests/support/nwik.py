"""Nwik's rounds as the API takes them, and the styles and tricks its browser tests tap."""
from __future__ import annotations

NWIK_ROUNDS = [
    {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]},
    {"style": 4, "stake": 2, "tricks": [2, 7, 4]},
    {"style": 6, "stake": 6, "acting_style": 3, "tricks": [3, 7, 3]},
]


NWIK_STYLES = [1, 3, 4, 2, 5]  # each Bidder's turns in order; stakes 1..5
NWIK_TRICKS = [[6, 4, 3], [5, 5, 3], [7, 3, 3], [4, 4, 5], [3, 6, 4], [2, 8, 3], [6, 6, 1]]
