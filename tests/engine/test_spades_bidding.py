"""Spades's bidding half: worked cases of its play view and its refused biddings."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import RoundError, get_game

SPADES = get_game("spades")


def test_spades_has_a_bidding_phase():
    assert SPADES.has_bidding


@pytest.mark.parametrize(
    ("bidding", "targets", "side_targets", "options"),
    [
        ({"bids": [4, "nil", 3, 2]}, (4, 0, 3, 2), [7, 2], {}),
        ({"bids": [None, 2, None, 3], "calls": ["blind_seven", None]}, (None, 2, None, 3), [7, 5], {"special_calls": ["blind_seven"]}),
        ({"bids": ["nil", "nil", 5, 3], "calls": None}, (0, 0, 5, 3), [5, 3], {}),
        ({"bids": ["nil", 4, "nil", 2]}, (0, 4, 0, 2), [None, 6], {"nil_per_side": 2}),
    ],
)
def test_spades_play_view(bidding, targets, side_targets, options):
    table = SPADES.table(["Ann", "Bob", "Cid", "Dee"], options)
    view = SPADES.validate_bidding(table, SPADES.initial_state(table), bidding)
    assert view.targets == targets and view.details["side_targets"] == side_targets
    # Everyone plays their lowest club to the first trick: nobody leads it.
    assert view.leader is None and view.calling_order == (1, 2, 3, 0)


@pytest.mark.parametrize(
    ("bidding", "code", "options"),
    [
        ({"bids": ["blind_nil", 4, 3, 2]}, "blind_nil_not_allowed", {}),
        ({"bids": [0, 4, 0, 2]}, "contract_range", {}),
        ({"bids": ["nil", 4, "nil", 2]}, "nil_per_side", {}),
        ({"bids": [None, 4, 3, 2]}, "bid_missing", {}),
        ({"bids": [None, 4, None, 2], "calls": ["moon", None]}, "call_not_enabled", {}),
        ({"bids": [1, 4, 3, 2], "tricks": [1, 4, 3, 5]}, "field_unknown", {}),
        # House rules: someone must lose (4 + 3 + 3 + 3 = 13), a minimum team bid of 5.
        ({"bids": [4, 3, 3, 3]}, "bids_total_13", {"bids_total_13": False}),
        ({"bids": [2, 3, 2, 3]}, "min_team_bid", {"min_team_bid": 5}),
    ],
)
def test_spades_bad_biddings(bidding, code, options):
    table = SPADES.table(["Ann", "Bob", "Cid", "Dee"], options)
    state = SPADES.initial_state(table)
    with pytest.raises(RoundError) as refused:
        SPADES.validate_bidding(table, state, bidding)
    assert refused.value.code == code
    if "tricks" not in bidding:
        # The whole round with any hand is refused with the very same words.
        with pytest.raises(RoundError) as whole:
            SPADES.play(table, state, {**bidding, "tricks": [4, 3, 3, 3]})
        assert whole.value.message == refused.value.message
