"""Preferans's test data: four players, the spec's worked example A's first hand, its English
words, and the English Preferans words its German and Russian pages must not show.
(Read by the registry-following tests once Preferans is registered.)"""
from __future__ import annotations

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
FIRST_ROUND = {"contract": "7H", "declarer": 1, "whist": [None, None, "whist", "whist"], "tricks": [None, 7, 1, 2]}

# One scored hand and one refused hand, with the English they give (tests/engine/test_i18n.py).
I18N_CASE = {
    "players": 3,
    "options": {"pool_size": 10},
    "round": {"contract": "7H", "declarer": 1, "whist": ["whist", None, "whist"], "tricks": [2, 7, 1]},
    "explanation": "pool +4 → +14",
    "refused": {"contract": "7S", "declarer": 1, "whist": ["pass", None, "half"]},
    "refusal": "Cid cannot say half here: half only from the second defender, after a pass, on a 6 or 7",
}

# A hand every deal takes at three (an all-pass: nobody declares, nobody sits out), and its
# scores: Ann's 4 tricks go to her mountain, 1 more than each other's (10 whists a point, shared).
ROUND_LIMIT_EXAMPLE = (["Ann", "Bob", "Cid"], {"contract": "all_pass", "tricks": [4, 3, 3]}, (-6, 3, 3))

# The players' own words: a Russian table says пуля, гора, висты, распасы; a German one Berg.
FOREIGN_WORDS = {
    "de": {"mountain", "whists on", "consolation", "all-pass", "help", "nothing written", "sits out", "trick"},
    "ru": {"pool", "mountain", "whist", "consolation", "all-pass", "help", "misère", "trick", "down"},
}
