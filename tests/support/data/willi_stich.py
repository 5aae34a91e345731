"""Willi Stich's test data: four players, a first round, the issue's tap budget."""
from __future__ import annotations

from typing import Any

from tests.support.chips import chips

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
FIRST_ROUND = {"bids": [1, 1, 0, 1], "trump": "hearts", "tricks": [0, 1, 0, 0]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    return 2 * n + 1


# Options a bidding is checked under (tests/engine/test_bidding.py).
BIDDING_OPTION_SETS = [{}, {"scoring": "wizard"}]

# One scored round and one refused round, with the English they give today (tests/engine/test_i18n.py).
I18N_CASE = {'players': 3,
 'options': {},
 'round': {'bids': [0, 1, 1], 'tricks': [0, 1, 0]},
 'explanation': 'called 0, took 0: exact, 10 + 0 = 10',
 'refused': {'bids': [0, 1, 0], 'tricks': [0, 1, 0]},
 'refusal': 'the dealer Ann may not call 0: the calls would add up to 1'}

# Round 1's bids as the form posts them -> what the play view says, each line in its text
# (tests/web/test_bids_play_view.py); the first are the bids changed by "Change the bids".
PLAY_VIEW_CASES = [({'bid_0': '0', 'bid_1': '1', 'bid_2': '1', 'bid_3': '0', 'trump': 'hearts'},
  ['Trump: ♥ Hearts', 'Called: 2 of 1 trick', 'Ann 0', 'Bob 1']),
 ({'bid_0': '1', 'bid_1': '1', 'bid_2': '0', 'bid_3': '1'},
  ['Trump: not recorded yet', 'Called: 3 of 1 trick'])]

# Willi Stich's players call: its word for the bids, per language.
BID_WORDS = {"en": "calls", "de": "ansagen", "ru": "заказы"}
CHANGED_BID = {"bid_0": "1"}

# Willi Stich's own refusals beside the form, in player words (tests/web/test_refusal_words.py):
# (language, round 1 as the form posts it, words one message holds). The dealer is named as
# a person who deals, not by a gendered role before the name ("der Geber Ann").
_DEALER_CALLS_THE_SUM = {"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0", "tricks_0": "0", "tricks_1": "1",
                         "tricks_2": "0", "tricks_3": "0"}
RULE_WORD_CASES = [
    ("en", _DEALER_CALLS_THE_SUM, "the dealer Ann may not call 0"),
    ("de", _DEALER_CALLS_THE_SUM, "Ann gibt und darf nicht 0 ansagen"),
]

# A refused round and the rule its "why?" links to (tests/web/test_rules_pages.py).
RULE_LINK_CASES = [
    ({}, {"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0", "tricks_0": "0", "tricks_1": "1", "tricks_2": "0",
          "tricks_3": "0"}, "rule-dealer"),
]

# Round 1's bids by taps -> what the play view says; one bid changed -> what it says then
# (tests/browser/test_bids_browser.py).
TAPPED_BIDS = (
    {"bid_1": "1", "bid_2": "0", "bid_3": "1", "bid_0": "1"}, "Called: 3 of 1 trick",
    {"bid_2": "1"}, "Called: 4 of 1 trick",
)

# Forms as the page posts them -> the engine's round input (tests/web/test_pages.py):
# (players, options, form, input).
FORM_CONVERSIONS = [
    (PLAYERS, None,
     {"trump": "hearts", "bid_0": "1", "bid_1": "0", "bid_2": "2", "bid_3": "1",
      "tricks_0": "1", "tricks_1": "1", "tricks_2": "1", "tricks_3": "2", "trump_chooser": ""},
     {"trump": "hearts", "bids": [1, 0, 2, 1], "tricks": [1, 1, 1, 2]}),
    (PLAYERS[:3], None,
     {"trump": "", "bid_0": "0", "bid_1": "0", "bid_2": "0", "tricks_0": "1", "tricks_1": "0", "tricks_2": "0",
      "trump_chooser": "2"},
     {"bids": [0, 0, 0], "tricks": [1, 0, 0], "trump_chooser": 2}),
]

# Biddings the API refuses, with the round's words (body, code, words) (tests/api/test_biddings.py):
# the dealer's call that makes the calls add up to the cards.
BAD_BIDDINGS = [({"bids": [1, 0, 0, 0]}, "dealer_call", "the dealer Ann may not call 1: the calls would add up to 1")]


# Chips worked out by hand from the rules, asserted (tests/engine/test_chips.py).
def worked_chips() -> None:
    """Willi Stich's chips: the dealer calls last, the forbidden call greyed with the reason."""
    found = chips("willi-stich", ["Ann", "Bob", "Cid", "Dee"], [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}], {"bids": [0, None, 1, 0]})
    # Round 2: two cards, Bob deals and calls last; 1 is called by the others, so Bob may not call 1.
    assert list(found)[:4] == ["bids.2", "bids.3", "bids.0", "bids.1"]
    assert [(u.value, u.reason) for u in found["bids.1"].unavailable] == [
        (1, "the dealer Bob may not call 1: the calls would add up to 2")
    ]
    assert found["bids.0"].unavailable == () and found["bids.1"].values() == range(0, 3)
    # Before everyone else has called, nothing is greyed yet.
    early = chips("willi-stich", ["Ann", "Bob", "Cid", "Dee"], [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}], {})
    assert early["bids.1"].unavailable == ()

# What the save bar asks of an untouched first round: every field, in the form's order.
UNTOUCHED_ROUND = "Still to enter: calls, tricks"

# The score sheet: a whole match's rounds on one screen (tests/browser/test_score_pad.py).
SHEET_ROUNDS = 19
