"""Willi Stich's bidding half: worked cases of its play view and its refused biddings."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import RoundError, get_game

WILLI = get_game("willi-stich")


def test_willi_stich_has_a_bidding_phase():
    assert WILLI.has_bidding


@pytest.mark.parametrize(
    ("first_dealer", "bids", "order", "forbidden"),
    [
        # Round 1, one card: dealer 0 calls last; the others called 1, so 0 was forbidden.
        (0, [1, 1, 0, 0], (1, 2, 3, 0), 0),
        # Others called more than the one card: every call was allowed.
        (2, [1, 1, 0, 1], (3, 0, 1, 2), None),
    ],
)
def test_willi_stich_play_view(first_dealer, bids, order, forbidden):
    table = WILLI.table(["Ann", "Bob", "Cid", "Dee"], {"first_dealer": first_dealer})
    view = WILLI.validate_bidding(table, WILLI.initial_state(table), {"bids": bids, "trump": "hearts"})
    assert view.calling_order == order and view.calling_order[-1] == first_dealer
    assert view.leader == order[0] and view.targets == tuple(bids)
    assert view.dealer_may_not_call == forbidden
    assert view.details["calls_over_cards"] == sum(bids) - 1


def test_willi_stich_dealers_call_is_refused_with_the_whole_rounds_words():
    table = WILLI.table(["Ann", "Bob", "Cid", "Dee"])
    with pytest.raises(RoundError) as refused:
        WILLI.validate_bidding(table, WILLI.initial_state(table), {"bids": [1, 0, 0, 0]})
    assert refused.value.message == "the dealer Ann may not call 1: the calls would add up to 1"
    assert refused.value.field == "bids.0"


def test_willi_stich_trump_may_come_with_the_hand_in_the_blind_round():
    table = WILLI.table(["Ann", "Bob", "Cid"])
    state = WILLI.initial_state(table)
    for number in range(1, 10):
        cards = number
        state = WILLI.play(table, state, {"bids": [0, 0, 0], "tricks": [cards, 0, 0]})
    # Round 10: calls before the deal, trump turned up afterwards.
    WILLI.validate_bidding(table, state, {"bids": [3, 3, 3]})
    whole = WILLI.with_bidding({"bids": [3, 3, 3]}, {"tricks": [4, 3, 3], "trump": "clubs"})
    assert whole == {"bids": [3, 3, 3], "tricks": [4, 3, 3], "trump": "clubs"}
    assert WILLI.play(table, state, whole).rounds[-1].score.scores == (4, 13, 13)
