"""Spades's own league match with nils, worked out by hand from its rules."""
from __future__ import annotations

# Book scoring, target 200. Hand 1 is the spec's example (seat 1's nil fails): 72 / -28.
# Side 1 is now behind by exactly 100, so seat 3 may bid blind nil in hand 2 and makes it:
# side 0 bids 7 takes 8 -> 71 (143); side 1 bids 3 takes 5 -> 32 + 100 = 132 (104).
# Hand 3: seat 0 bids nil and makes it: side 0 bids 5 takes 6 -> 51 + 50 (244, wins);
# side 1 bids 7 takes 7 -> 70 (174).
SPADES_NIL_MATCH = [
    {"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]},
    {"bids": [4, 3, 3, "blind_nil"], "tricks": [4, 5, 4, 0]},
    {"bids": ["nil", 4, 5, 3], "tricks": [0, 4, 6, 3]},
]
