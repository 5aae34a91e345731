"""Spades's match in the test league: two hands (a nil among the bids) to a low target."""
from __future__ import annotations

PLAYS = [
    (
        ["Ann", "Bob", "Cid", "Dan"],
        {"target": 130},
        [{"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]}, {"bids": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}],
    ),
]
