"""Nwik's test data: three players, a VIP first round, the issue's tap budget."""
from __future__ import annotations

from typing import Any

from tests.support.chips import chips

PLAYERS = ["Ann", "Bob", "Cid"]
FIRST_ROUND = {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    """The issue's budget: 6 with style and stake, 7 with VIP or Pass, 8 for a Pass that
    hands over to a VIP (the Acting Bidder's style is asked only after the Pass, issue 38)."""
    effective = raw.get("acting_style", raw["style"])
    return 6 + (raw["style"] == 6) + (effective == 5)

# One scored round and one refused round, with the English they give today (tests/engine/test_i18n.py).
I18N_CASE = {'players': 3,
 'options': {},
 'round': {'style': 1, 'stake': 4, 'tricks': [4, 5, 4]},
 'explanation': 'Bidder: 5 tricks, target 6: -1 × 4 = -4',
 'refused': {'style': 5, 'stake': 1, 'tricks': [4, 5, 4]},
 'refusal': 'vip_card is required for style 5 (VIP): which turned card set trumps, 1, 2 or 3'}

# Round 1's bids as the form posts them -> what the play view says, each line in its text
# (tests/web/test_bids_play_view.py); the first are the bids changed by "Change the bids".
PLAY_VIEW_CASES = [({'style': '2', 'stake': '6', 'trump': 'clubs'}, ['Bob plays ♣ Clubs trumps, stake ×6', 'Ann 3', 'Bob 6', 'Cid 4']),
 ({'style': '5', 'stake': '5', 'vip_card': '2'}, ['Bob plays VIP, stake ×10 (5 × card 2)']),
 ({'style': '6', 'stake': '4', 'acting_style': '5', 'vip_card': '3', 'vip_trump': 'hearts'},
  ['Bob passes; Cid plays as Acting Bidder: VIP, stake ×12 (4 × card 3), ♥ Hearts trumps', 'Cid 6']),
 ({'style': '6', 'stake': '1', 'acting_style': '2', 'trump': 'diamonds'},
  ['Bob passes; Cid plays as Acting Bidder: ♦ Diamonds trumps, stake ×1'])]
CHANGED_BID = {"stake": "3"}

# Nwik's own refusals beside the form, in player words (tests/web/test_refusal_words.py):
# (language, round 1 as the form posts it, words one message holds).
_TRICKS = {"tricks_0": "5", "tricks_1": "4", "tricks_2": "4"}
RULE_WORD_CASES = [
    ("en", {"style": "2", "stake": "1", "trump": "spades", **_TRICKS}, "♠ Spades trumps is style 1: for style 2 choose ♥ Hearts"),
    ("de", {"style": "2", "stake": "1", "trump": "spades", **_TRICKS}, "♠ Pik als Trumpf ist Spielart 1"),
    ("ru", {"style": "2", "stake": "1", "trump": "spades", **_TRICKS}, "козыри — это стиль 1"),
    ("en", {"style": "2", "stake": "1", **_TRICKS}, "Still to enter: trump"),
    ("de", {"style": "6", "stake": "1", "acting_style": "5", **_TRICKS}, "Noch einzugeben: VIP-Karte"),
]
# An engine refusal of a later round, reworded by the adapter: (code, field, the engine's
# message, the round it names, the words said).
REWORDED_REFUSALS = [
    ("vip_card_missing", "vip_card", "round 4: vip_card is required for style 5 (VIP): which turned card set trumps, 1, 2 or 3",
     4, "round 4: Still to enter: VIP card"),
]

# Round 1's bids by taps -> what the play view says; one bid changed -> what it says then
# (tests/browser/test_bids_browser.py).
TAPPED_BIDS = (
    {"style": "2", "stake": "6", "trump": "clubs"}, "Bob plays ♣ Clubs trumps, stake ×6",
    {"trump": "hearts"}, "Bob plays ♥ Hearts trumps, stake ×6",
)

# Forms as the page posts them -> the engine's round input (tests/web/test_pages.py):
# (players, options, form, input).
FORM_CONVERSIONS = [
    (PLAYERS, None,
     {"style": "5", "stake": "4", "vip_card": "2", "vip_trump": "hearts", "acting_style": "3",
      "tricks_0": "5", "tricks_1": "5", "tricks_2": "3"},
     {"style": 5, "stake": 4, "vip_card": 2, "trump": "hearts", "tricks": [5, 5, 3]}),
    (PLAYERS, None,
     {"style": "6", "stake": "3", "acting_style": "2", "trump": "clubs", "vip_card": "3",
      "tricks_0": "4", "tricks_1": "6", "tricks_2": "3"},
     {"style": 6, "stake": 3, "acting_style": 2, "trump": "clubs", "tricks": [4, 6, 3]}),
    # JavaScript off, the acting style's chip alone: it says the Pass too
    (PLAYERS, None,
     {"stake": "3", "acting_style": "5", "vip_card": "2", "vip_trump": "spades",
      "tricks_0": "4", "tricks_1": "6", "tricks_2": "3"},
     {"style": 6, "stake": 3, "acting_style": 5, "vip_card": 2, "trump": "spades", "tricks": [4, 6, 3]}),
    # VIP's trump left chosen when the style went to 2 (and style 2's when it went to VIP): not sent
    (PLAYERS, None,
     {"style": "2", "stake": "2", "trump": "clubs", "vip_trump": "spades", "tricks_0": "2", "tricks_1": "7", "tricks_2": "4"},
     {"style": 2, "stake": 2, "trump": "clubs", "tricks": [2, 7, 4]}),
    (PLAYERS, None,
     {"style": "5", "stake": "2", "vip_card": "1", "trump": "clubs", "tricks_0": "2", "tricks_1": "7", "tricks_2": "4"},
     {"style": 5, "stake": 2, "vip_card": 1, "tricks": [2, 7, 4]}),
    (PLAYERS, None,
     {"style": "4", "stake": "2", "trump": "clubs", "tricks_0": "2", "tricks_1": "7", "tricks_2": "4"},
     {"style": 4, "stake": 2, "tricks": [2, 7, 4]}),
]
# Forms the page cannot read -> the message (players, form, message).
UNREADABLE_FORMS = [(PLAYERS, {"style": "x", "stake": "1"}, "style must be a whole number, got 'x'")]

# Biddings the API refuses, with the round's words (body, code, words) (tests/api/test_biddings.py).
BAD_BIDDINGS = [
    ({"style": 2, "stake": 1}, "trump_missing", "trump is required"),
    ({"style": 1, "stake": 1, "tricks": [4, 4, 5]}, "field_unknown", "unknown round field"),
]


# Chips worked out by hand from the rules, asserted (tests/engine/test_chips.py).
def worked_chips() -> None:
    """Nwik's chips: a used style and stake greyed with the reason, the Acting Bidder's styles, the last tricks."""
    # Rounds 1-3: Bob, Cid, Ann are Bidder; round 4 is Bob's again.
    played = [{"style": 3, "stake": 4, "tricks": [4, 4, 5]}] + [{"style": 1, "stake": 1, "tricks": [4, 4, 5]}] * 2
    found = chips("nwik", ["Ann", "Bob", "Cid"], played, {"tricks": [4, None, 5]})
    assert [(u.value, u.reason) for u in found["style"].unavailable] == [
        (3, "Bob has already used style 3 (No Trumps); still free: 1, 2, 4, 5, 6")
    ]
    assert [u.value for u in found["stake"].unavailable] == [4]
    # Cid (Acting Bidder if Bob passes) chose style 1 as Bidder.
    assert [u.value for u in found["acting_style"].unavailable] == [1]
    assert found["tricks.1"].implied == 4 and found["tricks.1"].values() == range(0, 14)

# What the save bar asks of an untouched first round: every field, in the form's order.
UNTOUCHED_ROUND = "Still to enter: style, stake, tricks"

# The score sheet: a whole match's rounds on one screen (tests/browser/test_score_pad.py), and
# a round passed on, as its line says it (Benedikt bids and passes, Cleo plays No Trumps).
SHEET_ROUNDS = 15
SHEET_PASS = {
    "players": ["Anna", "Benedikt", "Cleo"],
    "round": {"style": 6, "stake": 2, "acting_style": 3, "tricks": [3, 8, 2]},
    "line": "Bene.\u00a0→ Cleo",
    "words": {"en": "Benedikt passed to Cleo", "de": "Benedikt passt an Cleo", "ru": "Benedikt: пас, играет Cleo"},
    "passer": 1,
    "passer_short": "Bene.",
}
