"""Nameless's test data: four players, a first round, the issue's tap budget, a refused round's rule."""
from __future__ import annotations

from typing import Any

from tests.support.chips import chips

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
# The game's English name, once kept on German pages: German players call it Namenlos.
FOREIGN_WORDS = {"de": {"Nameless"}}
FIRST_ROUND = {"tricks": [2, 1, 1, 1]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    return n + 1

# One scored round and one refused round, with the English they give today (tests/engine/test_i18n.py).
I18N_CASE = {'players': 3,
 'options': {},
 'round': {'tricks': [1, 1, 3], 'renege': 0},
 'explanation': "opponent's bonus hand: -1; Ann reneged: -2",
 'refused': {'tricks': [1, 1, 3], 'alone': 0},
 'refusal': 'going alone is only possible with 4 players'}

# A round the game takes again and again, each side's score listed (the round limit's tests).
ROUND_LIMIT_EXAMPLE = (["Ann", "Bob", "Cid"], {"tricks": [1, 2, 2]}, (1, 2, 2))

# A refused round and the rule its "why?" links to (tests/web/test_rules_pages.py).
RULE_LINK_CASES = [({}, {"tricks_0": "1", "tricks_1": "1", "tricks_2": "1", "tricks_3": "1"}, "recording")]

# Forms as the page posts them -> the engine's round input (tests/web/test_pages.py):
# (players, options, form, input).
FORM_CONVERSIONS = [
    (PLAYERS, None,
     {"tricks_0": "0", "tricks_1": "4", "tricks_2": "1", "tricks_3": "0", "alone": "1", "renege": ""},
     {"tricks": [0, 4, 1, 0], "alone": 1}),
    (PLAYERS[:3], None, {"tricks_0": "1", "tricks_1": "1", "tricks_2": "3", "renege": "0"},
     {"tricks": [1, 1, 3], "renege": 0}),
]
# Forms the page cannot read -> the message (players, form, message): every blank field named at once.
UNREADABLE_FORMS = [(["Ann", "Bob"], {"tricks_0": "", "tricks_1": "5"}, "Still to enter: tricks of Ann")]


# Chips worked out by hand from the rules, asserted (tests/engine/test_chips.py).
def worked_chips() -> None:
    """Nameless's chips: the last seat's tricks follow from the others."""
    found = chips("nameless", ["Ann", "Bob", "Cid", "Dee", "Eve"], [], {"tricks": [1, 1, None, 1, 0]})
    assert found["tricks.2"].implied == 1 and found["tricks.2"].maximum == 4

# What the save bar asks of an untouched first round: every field, in the form's order.
UNTOUCHED_ROUND = "Still to enter: tricks"
