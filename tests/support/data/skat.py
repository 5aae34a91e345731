"""Skat's test data: three players, the spec's first worked example as the first deal, its
English words, and the English Skat words its German and Russian pages must not show.
(Read by the registry-following tests once Skat is registered.)"""
from __future__ import annotations

PLAYERS = ["Ann", "Bob", "Cid"]
FIRST_ROUND = {"declarer": 1, "game": "clubs", "matadors": 2, "bid": 36, "points": 75}

# One scored deal and one refused deal, with the English they give (tests/engine/test_i18n.py).
I18N_CASE = {
    "players": 3,
    "options": {},
    "round": FIRST_ROUND,
    "explanation": "clubs with 2, game 3 × 12 = 36; won: 36 + 50 = +86",
    "refused": {**FIRST_ROUND, "bid": 19},
    "refusal": "19 is not a bidding value (the nearest are 18 and 20)",
}

# The players' own words: a German table says Kreuz, Pik, Herz, Karo, überreizt.
FOREIGN_WORDS = {
    "de": {"clubs", "spades", "hearts", "diamonds", "overbid", "declarer", "matadors"},
    "ru": {"clubs", "spades", "hearts", "diamonds", "overbid", "declarer", "matadors", "grand", "schneider", "schwarz"},
}
