"""Checks the independent Doppelkopf reference on its own: the spec's examples, and the seeded lists.

The spec's twelve worked examples, played through tests/support/reference/doppelkopf_reference.py,
give exactly the spec's scores and hints; the seeded lists end under every option combination and
reach every rule and every way of scoring."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.core.base import SPADES
from tests.support.reference import doppelkopf_reference as ref
from tests.support.reference.doppelkopf_lists import (
    BOCK_SETS,
    COMBINATIONS,
    COMPULSORY,
    ENDS,
    SPECIAL_SETS,
    combination_id,
    expected_state,
    played_list,
)


def fresh(n: int = 4, **given: Any) -> ref.ListState:
    return ref.ListState(n, ref.options_for(n, given))


def played(state: ref.ListState, raw: dict[str, Any]) -> list[int]:
    broken, scores = state.play(raw)
    assert not broken, broken
    assert scores is not None
    return scores


NORMAL = {"game": "normal", "re": [0, 1], "re_points": 130}


# --------------------------------------------------------------------------- the spec's worked examples


def test_example_1_re_wins_with_a_fox_and_a_doppelkopf():
    state = fresh()
    raw = {"game": "normal", "re": [1, 3], "re_points": 164, "re_call": "re", "foxes": [1, 0], "doppelkopfs": [0, 1]}
    assert played(state, raw) == [-4, 4, -4, 4]
    assert state.totals == [-4, 4, -4, 4]
    assert state.hints() == {"round": 2, "dealer": 1, "sits_out": None, "players": [2, 3, 0, 1], "deal": 2,
                             "deals_left": 23, "compulsory_owed": [1, 1, 1, 1], "forced_solo": None, "bock": 1,
                             "bock_hands": 0}


def test_example_2_the_ddv_checklist():
    assert played(fresh(), {"game": "normal", "re": [0, 2], "re_points": 130, "re_call": "no60"}) == [-7, 7, -7, 7]


def test_example_3_only_kontra_announced_re_wins_with_120():
    assert played(fresh(), {"game": "normal", "re": [0, 1], "re_points": 120, "kontra_call": "kontra"}) == [3, 3, -3, -3]
    assert played(fresh(), {"game": "normal", "re": [0, 1], "re_points": 120}) == [-2, -2, 2, 2]


def test_example_4_a_compulsory_solo_is_dealt_again():
    state = fresh()
    assert played(state, {"game": "queens", "soloist": 2, "re_points": 185, "re_call": "re"}) == [-5, -5, 15, -5]
    hints = state.hints()
    assert hints["compulsory_owed"] == [1, 1, 0, 1]
    assert (hints["round"], hints["dealer"], hints["deal"], hints["deals_left"]) == (2, 0, 1, 24)


def test_example_5_nobody_wins():
    raw = {"game": "normal", "re": [0, 3], "re_points": 130, "re_call": "no90", "kontra_call": "no90"}
    assert played(fresh(), raw) == [1, -1, -1, 1]


def test_example_6_schwarz():
    raw = {"game": "normal", "re": [1, 2], "re_points": 240, "re_call": "black", "no_trick": "kontra", "foxes": [2, 0],
           "karlchen": "re"}
    assert played(fresh(), raw) == [-14, 14, 14, -14]


def test_example_7_five_players_the_dealer_sits_out():
    state = fresh(5)
    assert state.hints()["sits_out"] == 0 and state.hints()["players"] == [1, 2, 3, 4]
    raw = {"game": "normal", "re": [2, 4], "re_points": 100, "kontra_call": "kontra"}
    assert played(state, raw) == [0, 4, -4, 4, -4]


def test_example_8_a_silent_solo_is_no_compulsory_solo():
    raw = {"game": "silent_solo", "soloist": 3, "re_points": 110}
    state = fresh()
    assert played(state, raw) == [1, 1, 1, -3]
    assert state.hints()["dealer"] == 1 and state.hints()["compulsory_owed"] == [1, 1, 1, 1]
    assert played(fresh(solo_value="against_soloist"), raw) == [2, 2, 2, -6]


def test_example_9_announcements_tsr_or_double():
    raw = {"game": "normal", "re": [0, 2], "re_points": 190, "re_call": "re", "kontra_call": "kontra", "foxes": [0, 1]}
    assert played(fresh(), raw) == [6, -6, 6, -6]
    assert played(fresh(announcements="double"), raw) == [8, -8, 8, -8]


@pytest.mark.parametrize("overlap", ["append", "double"])
def test_example_10_bock_rounds(overlap):
    state = fresh(bock=["lost_re", "tie"], bock_overlap=overlap)
    assert played(state, {"game": "normal", "re": [0, 1], "re_points": 115, "re_call": "re"}) == [-4, -4, 4, 4]
    assert (state.hints()["bock"], state.hints()["bock_hands"]) == (2, 4)
    assert played(state, {"game": "normal", "re": [2, 3], "re_points": 120}) == [4, 4, -4, -4]
    factors = []
    for _hand in range(3, 11):
        factors.append(state.hints()["bock"])
        played(state, {"game": "normal", "re": [0, 1], "re_points": 130})
    if overlap == "append":
        assert factors == [2] * 7 + [1]
    else:
        assert factors == [4, 4, 4, 2, 1, 1, 1, 1]


def test_example_10_bock_hands_after_hand_2():
    append = fresh(bock=["lost_re", "tie"])
    double = fresh(bock=["lost_re", "tie"], bock_overlap="double")
    for state in (append, double):
        played(state, {"game": "normal", "re": [0, 1], "re_points": 115, "re_call": "re"})
        played(state, {"game": "normal", "re": [2, 3], "re_points": 120})
    assert (append.hints()["bock"], append.hints()["bock_hands"]) == (2, 7)
    assert (double.hints()["bock"], double.hints()["bock_hands"]) == (4, 4)


def test_example_11_vorfuehrung():
    state = fresh(max_deals=8)
    for _hand in range(4):
        assert state.hints()["forced_solo"] is None
        played(state, NORMAL)
    assert state.hints()["dealer"] == 0 and state.hints()["forced_solo"] == 1
    assert state.play(NORMAL) == ({"forced_solo"}, None)
    assert state.play({"game": "jacks", "soloist": 2, "re_points": 100}) == ({"forced_solo"}, None)
    assert state.play({"game": "silent_solo", "soloist": 1, "re_points": 100}) == ({"forced_solo"}, None)
    assert played(state, {"game": "jacks", "soloist": 1, "re_points": 100}) == [1, -3, 1, 1]
    forced = []
    for _hand in range(3):
        hints = state.hints()
        forced.append((hints["dealer"], hints["forced_solo"]))
        played(state, {"game": "hearts", "soloist": hints["forced_solo"], "re_points": 150})
    assert forced == [(1, 2), (2, 3), (3, 0)]
    assert state.finished and state.deals == 8


def test_example_12_special_points_not_played():
    state = fresh(special_points=["against_queens"])
    raw = {"game": "normal", "re": [0, 1], "re_points": 164, "foxes": [1, 0]}
    assert state.play(raw) == ({"special_off"}, None)
    assert state.totals == [0, 0, 0, 0]
    assert played(state, {**raw, "foxes": [0, 0]}) == [2, 2, -2, -2]


# --------------------------------------------------------------------------- readings beyond the examples


def normal_hands(state: ref.ListState, count: int) -> None:
    for _hand in range(count):
        played(state, {"game": "normal", "re": state.players()[:2], "re_points": 150})


@pytest.mark.parametrize("max_deals, forced", [(10, 0), (11, None)])
def test_five_players_a_sitting_out_dealer_who_owes_is_not_forced(max_deals, forced):
    state = fresh(5, max_deals=max_deals)
    for soloist in (1, 2, 3, 4):
        played(state, {"game": "clubs", "soloist": soloist, "re_points": 150})
    assert state.owed == [1, 0, 0, 0, 0] and state.deals == 0 and state.hands == 4
    normal_hands(state, max_deals - 1)
    hints = state.hints()
    assert (hints["deals_left"], hints["forced_solo"]) == (1, forced)
    assert hints["dealer"] == (4 if forced == 0 else 0)
    if forced is None:
        # Seat 0 sits out the last deal: the list ends with its solo still owed.
        normal_hands(state, 1)
        assert state.finished and state.owed == [1, 0, 0, 0, 0]


def test_a_refused_hand_changes_nothing_and_a_finished_list_takes_none():
    state = fresh(max_deals=1, compulsory_solos=0)
    before = expected_state(state)
    assert state.play({"game": "normal", "re": [0, 0], "re_points": 130}) == ({"re_pair"}, None)
    assert state.play([1, 2]) == ({"type"}, None)
    assert expected_state(state) == before
    played(state, NORMAL)
    assert state.finished and state.winners == [0, 1]
    assert state.play(NORMAL) == ({"match_finished"}, None)


@pytest.mark.parametrize("raw, codes", [
    ({"game": "normal", "re": [0, 1], "re_points": True}, {"type"}),
    ({"game": "normal", "re": [0, 1], "re_points": 130, "re_call": "kontra"}, {"call_value"}),
    ({"game": "queens", "soloist": 0, "re": [1, 2], "re_points": 130}, {"wrong_kind_seat"}),
    ({"game": "normal", "re": [0, 1], "soloist": None, "re_points": 0, "no_trick": "kontra"}, {"no_trick_points"}),
    ({"game": "normal", "re": [0, 1], "re_points": 239, "karlchen": "kontra"}, {"karlchen_points"}),
    ({"game": "normal", "re": [0, 1], "re_points": 21, "foxes": [2, 0]}, {"fox_points"}),
    ({"game": SPADES, "soloist": 0, "re_points": 120, "foxes": [0, 0], "karlchen": None}, set()),
    ({"game": SPADES, "soloist": 0, "re_points": 120, "doppelkopfs": [1, 0]}, {"special_in_solo"}),
])
def test_some_refusals_read_literally(raw, codes):
    assert fresh().play(raw)[0] == codes


# --------------------------------------------------------------------------- the seeded lists


def test_the_combinations_take_every_option_value():
    columns = list(zip(*COMBINATIONS))
    assert set(columns[0]) == {4, 5} and set(columns[1]) == {"tsr", "double"}
    assert set(columns[2]) == {"tsr", "against_soloist"} and set(columns[3]) == {True, False}
    assert set(columns[4]) == {"append", "double"} and set(columns[5]) == set(COMPULSORY)
    assert all(value in columns[6] for value in SPECIAL_SETS) and all(value in columns[7] for value in BOCK_SETS)
    assert set(columns[8]) == set(ENDS)
    assert len({combination_id(combination) for combination in COMBINATIONS}) == len(COMBINATIONS)


def test_every_list_ends_and_the_lists_cover_every_rule():
    reached: set[str] = set()
    scored: set[str] = set()
    for index, combination in enumerate(COMBINATIONS):
        seeded, reference, hands = played_list(index)
        assert reference.finished, f"{combination_id(combination)} did not end"
        if reference.options["max_deals"] is None or reference.deals < reference.options["max_deals"]:
            scored.add("ended by the target")
        last_deal = 0
        for played_hand in hands:
            reached |= played_hand.broken
            hints, scores = played_hand.before, played_hand.scores
            if scores is None:
                continue
            assert sum(scores) == 0
            hand = ref.read(played_hand.raw)
            scored.add(f"{hand.game}-{ref.winner(hand)}")
            scored |= {f"re level {hand.a}", f"kontra level {hand.b}"}
            if hints["bock"] > 1:
                scored.add(f"bock x{min(hints['bock'], 4)}")
            if hints["forced_solo"] is not None:
                scored.add("forced solo")
            if hints["deal"] == last_deal:
                scored.add("dealt again")
            last_deal = hints["deal"]
            if seeded.n == 5 and hints["forced_solo"] is None and hints["deals_left"] is not None \
                    and 0 < sum(hints["compulsory_owed"]) >= hints["deals_left"]:
                scored.add("only the sitting-out dealer owes")
    assert reached == set(ref.RULES) - {"match_finished"}
    outcomes = {f"{game}-{side}" for game in ref.GAMES for side in ("re", "kontra")}
    levels = {f"{party} level {level}" for party in ("re", "kontra") for level in range(6)}
    assert outcomes | levels | {"normal-None", "bock x2", "bock x4", "forced solo", "dealt again",
                       "ended by the target", "only the sitting-out dealer owes"} <= scored
