"""Spades's test data: four players, a first round with a nil, the issue's tap budget, the
house rules and blind nils and calls its biddings are checked with."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table
from tests.support.chips import chips
from tests.support.generators.spades import generate as spades_round

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
FIRST_ROUND = {"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]}


def tap_budget(n: int, raw: dict[str, Any]) -> int:
    return 10


# Options a bidding is checked under (tests/engine/test_bidding.py): house rules that refuse
# biddings among them (someone must lose, a minimum team bid).
BIDDING_OPTION_SETS = [
    {},
    {"blind_nil_deficit": None, "nil_per_side": 2, "special_calls": ["blind_seven", "ten_for_200", "moon"]},
    {"preset": "classic", "target": 150},
    {"bids_total_13": False, "min_team_bid": 5, "nil_per_side": 2, "blind_nil_deficit": None},
]


def bidding_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    """The shared legal Spades rounds plus what they leave out: blind nils and special calls."""
    raw = spades_round(rng, table, state)
    if rng.random() < 0.2:
        raw["bids"][rng.randrange(4)] = "blind_nil"
    if table.options["special_calls"] and rng.random() < 0.3:
        side = rng.randrange(2)
        calls: list[str | None] = [None, None]
        calls[side] = rng.choice(table.options["special_calls"])
        raw["calls"] = calls
        for seat in table.sides[side]:
            raw["bids"][seat] = None
    return raw

# One scored round and one refused round, with the English they give today (tests/engine/test_i18n.py).
I18N_CASE = {'players': 4,
 'options': {},
 'round': {'bids': [3, 'nil', 4, 2], 'tricks': [4, 0, 5, 4]},
 'explanation': 'bid 7, took 9: +72, 2 bags',
 'refused': {'bids': [0, 3, 0, 3], 'tricks': [4, 0, 5, 4]},
 'refusal': "Ann & Cid bid 0 tricks together, but a side's contract must be 1 to 13: a player who means to "
            'take no trick bids nil'}

# Round 1's bids as the form posts them -> what the play view says, each line in its text
# (tests/web/test_bids_play_view.py); the first are the bids changed by "Change the bids".
PLAY_VIEW_CASES = [({'bid_0': '4', 'bid_1': 'nil', 'bid_2': '5', 'bid_3': '3'},
  ['Ann 4', 'Bob nil', 'Cid 5', 'Dee 3', 'Ann & Cid: contract 9', 'Bob & Dee: contract 3',
   'First trick: everyone plays their lowest club']),
 ({'bid_0': 'blind_nil', 'bid_1': '2', 'bid_2': '6', 'bid_3': '2'},
  ['Ann blind nil', 'Ann & Cid: contract 6'])]

# English terms German Spades pages once kept: bags are Säcke, sandbagging the Sack-Strafe.
FOREIGN_WORDS = {"de": {"Bag", "Bags", "bag", "bags", "Sandbagging", "sandbagging"}}

# Blind nil in round 1: allowed when the house rule asks no deficit.
BIDS_OPTIONS = {"blind_nil_deficit": None}
CHANGED_BID = {"bid_0": "2"}

# A round the game takes again and again, each side's score listed (the round limit's tests).
ROUND_LIMIT_EXAMPLE = (["Ann", "Bob", "Cid", "Dee"], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}, (70, 60))

# Refused rounds and the rule their "why?" links to (tests/web/test_rules_pages.py): the
# new-match form's options, round 1 as the form posts it, the rules page's anchor.
RULE_LINK_CASES = [
    ({"opt_min_team_bid": "5"},
     {"bid_0": "2", "bid_1": "3", "bid_2": "2", "bid_3": "2", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3",
      "tricks_3": "3"}, "option-min_team_bid"),
    ({"opt_bids_total_13": "false"},
     {"bid_0": "4", "bid_1": "3", "bid_2": "3", "bid_3": "3", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3",
      "tricks_3": "3"}, "option-bids_total_13"),
]

# Round 1's bids by taps -> what the play view says; one bid changed -> what it says then
# (tests/browser/test_bids_browser.py).
TAPPED_BIDS = (
    {"bid_1": "nil", "bid_2": "5", "bid_3": "3", "bid_0": "4"}, "Bob nil",
    {"bid_3": "4"}, "Bob & Dee: contract 4",
)

# Forms as the page posts them -> the engine's round input (tests/web/test_pages.py):
# (players, options, form, input).
FORM_CONVERSIONS = [
    (PLAYERS, None,
     {"bid_0": "4", "bid_1": "nil", "bid_2": "3", "bid_3": "2",
      "tricks_0": "5", "tricks_1": "1", "tricks_2": "4", "tricks_3": "3"},
     {"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]}),
    (PLAYERS, {"special_calls": ["blind_seven"]},
     {"bid_0": "4", "bid_1": "2", "bid_2": "1", "bid_3": "3", "call_0": "blind_seven", "call_1": "",
      "tricks_0": "4", "tricks_1": "2", "tricks_2": "4", "tricks_3": "3"},
     {"bids": [None, 2, None, 3], "tricks": [4, 2, 4, 3], "calls": ["blind_seven", None]}),
]
# Forms the page cannot read -> the message (players, form, message): every blank field named at once, in words.
UNREADABLE_FORMS = [
    (PLAYERS, {"bid_0": "four", "bid_1": "3", "bid_2": "3", "bid_3": "3", **{f"tricks_{seat}": "3" for seat in range(4)}},
     "bid of Ann must be a whole number, got 'four'"),
    (PLAYERS, {"bid_1": "3", "tricks_0": "3"},
     "Still to enter: bid of Ann, Cid and Dee, tricks of Bob, Cid and Dee"),
    (PLAYERS, {"tricks_0": "3"}, "Still to enter: bids, tricks of Bob, Cid and Dee"),
]

# Biddings the API refuses, with the round's words (body, code, words) (tests/api/test_biddings.py).
BAD_BIDDINGS = [({"bids": ["blind_nil", 1, 2, 3]}, "blind_nil_not_allowed", "blind nil by Ann")]


# Chips worked out by hand from the rules, asserted (tests/engine/test_chips.py).
def worked_chips() -> None:
    """Spades' chips: nil and blind nil, greyed for a partner and without the deficit, and bids under a call."""
    found = chips("spades", ["Ann", "Bob", "Cid", "Dee"], [], {"bids": ["nil", None, None, None]})
    assert [word.value for word in found["bids.2"].words] == ["nil", "blind_nil"]
    # Ann bid nil: her partner Cid may not bid nil too, nor an integer 0 (the side needs a contract).
    assert {u.value for u in found["bids.2"].unavailable} == {0, "nil", "blind_nil"}
    # Nobody is behind by 100: blind nil is greyed for everyone, with the reason.
    assert "behind by at least 100 points" in found["bids.1"].refusal("blind_nil").reason
    assert found["bids.1"].refusal("nil") is None
    called = chips("spades", ["Ann", "Bob", "Cid", "Dee"], [], {"calls": ["moon", None]}, {"special_calls": ["moon"]})
    assert called["bids.0"].refusal(3).reason == "Ann & Cid called moon: the partners make no bid"

# What the save bar asks of an untouched first round: every field, in the form's order.
UNTOUCHED_ROUND = "Still to enter: bids, tricks"
