"""Doppelkopf's test data: four players, the spec's first worked example as the first hand, its
English words, and the English Doppelkopf words its German and Russian pages must not show.
(Read by the registry-following tests once Doppelkopf is registered.)"""
from __future__ import annotations

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
FIRST_ROUND = {"game": "normal", "re": [1, 3], "re_points": 164, "re_call": "re", "foxes": [1, 0], "doppelkopfs": [0, 1]}

# One scored hand and one refused hand, with the English they give (tests/engine/test_i18n.py).
I18N_CASE = {
    "players": 4,
    "options": {},
    "round": FIRST_ROUND,
    "explanation": "Re won 164:76: won 1 + under 90 1 + Re 2 = 4; fox Re +1, Doppelkopf Kontra -1 → +4",
    "refused": {**FIRST_ROUND, "re": [1, 1]},
    "refusal": "Bob is named twice in the Re party: it is two different players",
}

# The players' own words: a German table says Fuchs, Karlchen, keine 90, gegen die Alten.
FOREIGN_WORDS = {
    "de": {"fox", "under 90", "no trick", "against the queens", "soloist", "nobody", "compulsory", "calls", "Queens solo",
           "Marriage", "black"},
    "ru": {"fox", "under 90", "no trick", "against the queens", "soloist", "nobody", "compulsory", "calls", "Queens solo",
           "Marriage", "black", "Kontra", "Re ", "Bock"},
}
