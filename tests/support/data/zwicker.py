"""Zwicker's test data: two players, a first round with every honour held, the issue's tap budget."""
from __future__ import annotations

from typing import Any

from tests.support.chips import chips

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

# One scored round and one refused round, with the English they give today (tests/engine/test_i18n.py).
I18N_CASE = {'players': 2,
 'options': {},
 'round': {'sides': [{'cards': 30, 'zwicks': 2, 'honours': ['J25', 'J20', 'J15', 'D10', 'D7']},
                     {'cards': 25, 'zwicks': 0, 'honours': ['S7', 'AS', 'AH', 'AD', 'AC']}]},
 'explanation': 'Joker 25 7 + Joker 20 6 + Joker 15 5 + ♦10 3 + ♦7 1 + most cards 1 + 2 Zwicks 2 = 25',
 'refused': {'sides': [{'cards': 30, 'zwicks': 2, 'honours': ['J25', 'J20', 'J15', 'D10', 'D7']},
                       {'cards': 25, 'zwicks': 0, 'honours': ['S7', 'AS', 'AH', 'AD']}]},
 'refusal': 'honour AC is missing: every honour is captured by some side'}

# A round the game takes again and again, each side's score listed (the round limit's tests).
ROUND_LIMIT_EXAMPLE = (
    ["Ann", "Bob"],
    {"sides": [
        {"cards": 30, "zwicks": 0, "honours": ["J25", "J20", "J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC"]},
        {"cards": 25, "zwicks": 1, "honours": []},
    ]},
    (29, 1),
)

# Forms as the page posts them -> the engine's round input (tests/web/test_pages.py):
# (players, options, form, input).
FORM_CONVERSIONS = [
    (["Ann", "Bob", "Cid", "Dee"], None,
     {"cards_0": "30", "zwicks_0": "2", "cards_1": "25", "zwicks_1": "0",
      **{f"honour_{code}": "0" for code in ("J25", "J15", "D10", "AS", "AH")},
      **{f"honour_{code}": "1" for code in ("J20", "D7", "S7", "AD", "AC")}},
     {"sides": [
         {"cards": 30, "zwicks": 2, "honours": ["J25", "J15", "D10", "AS", "AH"]},
         {"cards": 25, "zwicks": 0, "honours": ["J20", "D7", "S7", "AD", "AC"]},
     ]}),
]
# Forms the page cannot read -> the message (players, form, message): every blank field named at once.
UNREADABLE_FORMS = [
    (PLAYERS,
     {"cards_0": "1.5", "cards_1": "20", "zwicks_0": "0", "zwicks_1": "0",
      **{f"honour_{code}": "0" for code in ("J25", "J20", "J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC")}},
     "cards of Ann must be a whole number, got '1.5'"),
    (PLAYERS, {"cards_0": "20", "zwicks_0": "0", "zwicks_1": "0", "honour_AC": "1"},
     "Still to enter: cards of Bob, who took the 9 honours left"),
    (PLAYERS, {"cards_0": "20", "cards_1": "35", "zwicks_0": "0",
               **{f"honour_{code}": "0" for code in ("J25", "J20", "J15", "D10", "D7", "S7", "AS")}},
     "Still to enter: Zwicks of Bob, who took Ace of Hearts, Ace of Diamonds and Ace of Clubs"),
]


# Chips worked out by hand from the rules, asserted (tests/engine/test_chips.py).
def worked_chips() -> None:
    """Zwicker's chips: the last side's cards follow, at most half a side's cards are Zwicks."""
    found = chips("zwicker", ["Ann", "Bob"], [], {"sides": [{"cards": 30}, {}]})
    assert found["sides.1.cards"].implied == 25 and found["sides.0.cards"].values() == range(0, 56)
    # At most half a side's cards are Zwicks.
    assert found["sides.0.zwicks"].maximum == 15 and found["sides.1.zwicks"].maximum == 12
