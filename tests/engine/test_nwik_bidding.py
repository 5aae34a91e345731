"""Nwik's bidding half: worked cases of its play view and its refused biddings."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import RoundError, get_game

NWIK = get_game("nwik")


def test_nwik_has_a_bidding_phase():
    assert NWIK.has_bidding


@pytest.mark.parametrize(
    ("bidding", "leader", "targets", "calling_order", "stake"),
    [
        # The spec's round 1 (3 players, dealer 0, Bidder 1): VIP with the 2nd card, S = 8.
        ({"style": 5, "stake": 4, "vip_card": 2}, 1, (3, 6, 4), (1,), 8),
        # Bidder 1 passes with stake 3; Acting Bidder 2 plays style 2: roles move on by one.
        ({"style": 6, "stake": 3, "acting_style": 2, "trump": "clubs"}, 2, (4, 3, 6), (1, 2), 3),
        # No Tricks reverses the targets: the Bidder aims at 3 tricks.
        ({"style": 4, "stake": 2}, 1, (6, 3, 4), (1,), 2),
    ],
)
def test_nwik_play_view(bidding, leader, targets, calling_order, stake):
    table = NWIK.table(["Ann", "Bob", "Cid"])
    view = NWIK.validate_bidding(table, NWIK.initial_state(table), bidding)
    assert (view.leader, view.targets, view.calling_order) == (leader, targets, calling_order)
    assert view.details["effective_stake"] == stake
    assert view.dealer == 0 and view.dealer_may_not_call is None


def test_nwik_swap_allowance_follows_the_roles():
    table = NWIK.table(["Ann", "Bob"])
    view = NWIK.validate_bidding(table, NWIK.initial_state(table), {"style": 1, "stake": 1})
    # Two players: Bidder seat 1 swaps 7 and aims at 10; seat 0 swaps 4, aims at 7.
    assert view.details["swap"] == [4, 7] and view.targets == (7, 10)


@pytest.mark.parametrize(
    ("bidding", "code", "field"),
    [
        ({"style": 6, "stake": 2}, "acting_style_missing", "acting_style"),
        ({"style": 2, "stake": 2}, "trump_missing", "trump"),
        ({"style": 2, "stake": 2, "trump": "spades"}, "trump_spades", "trump"),
        ({"style": 5, "stake": 2}, "vip_card_missing", "vip_card"),
        ({"style": 1, "stake": 9}, "range", "stake"),
        ({"style": 1}, "field_missing", "stake"),
        ({"style": 1, "stake": 1, "tricks": [4, 4, 5]}, "field_unknown", "tricks"),
    ],
)
def test_nwik_bad_biddings(bidding, code, field):
    table = NWIK.table(["Ann", "Bob", "Cid"])
    with pytest.raises(RoundError) as refused:
        NWIK.validate_bidding(table, NWIK.initial_state(table), bidding)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_nwik_used_stake_is_refused_with_the_whole_rounds_words():
    table = NWIK.table(["Ann", "Bob", "Cid"])
    state = NWIK.initial_state(table)
    for _ in range(3):
        state = NWIK.play(table, state, {"style": 3, "stake": 4, "tricks": [4, 4, 5]})
    with pytest.raises(RoundError) as refused:
        NWIK.validate_bidding(table, state, {"style": 1, "stake": 4})
    assert refused.value.message == "Bob has already used stake 4; still free: 1, 2, 3, 5, 6"
