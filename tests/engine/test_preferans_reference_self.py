"""Checks the independent Preferans reference on its own: the spec's examples, and the seeded lists.

The spec's worked examples A-H, played through tests/support/reference/preferans_reference.py,
give exactly the spec's numbers and hints; each refusal rule is met by a literal hand; the seeded
matches end under every option value, keep the totals whole and zero-sum, and reach every rule
and every way of writing the sheet."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.support.reference import preferans_reference as ref
from tests.support.reference.preferans_lists import (
    COMBINATIONS,
    CONVENTIONS,
    ENDS,
    POOLS,
    PROGRESSIONS,
    combination_id,
    expected_state,
    played_list,
    seeded_list,
)

ANN, BOB, CID, DAN = 0, 1, 2, 3


def fresh(n: int = 3, **given: Any) -> ref.ListState:
    """A match of the examples: `pool_size` 10, first_dealer 0 unless said otherwise."""
    return ref.ListState(n, ref.options_for(n, {"pool_size": 10, **given}))


def played(state: ref.ListState, raw: dict[str, Any]) -> list[int]:
    broken, scores = state.play(raw)
    assert not broken, broken
    assert scores is not None
    return scores


def passed(declarer: int, contract: str, n: int = 3) -> dict[str, Any]:
    """A contract both defenders pass (3 players)."""
    whist: list[str | None] = ["pass"] * n
    whist[declarer] = None
    return {"contract": contract, "declarer": declarer, "whist": whist}


# --------------------------------------------------------------------------- the spec's worked examples


def test_example_a_two_whisters_then_a_greedy_whister():
    state = fresh()
    assert played(state, {"contract": "7H", "declarer": BOB, "whist": ["whist", None, "whist"], "tricks": [2, 7, 1]}) == [-5, 14, -9]
    assert state.sheet.pool == [0, 4, 0] and state.sheet.whists[ANN][BOB] == 8 and state.sheet.whists[CID][BOB] == 4
    assert state.exact() == [Fraction(-16, 3), Fraction(44, 3), Fraction(-28, 3)]
    hints = state.hints()
    assert (hints["dealer"], hints["players"]) == (BOB, [CID, ANN, BOB])
    raw = {"contract": "6S", "declarer": CID, "whist": ["pass", "whist", None], "tricks": [2, 4, 4]}
    assert played(state, raw) == [17, 30, -47]
    assert state.totals == [12, 44, -56]
    assert state.sheet.mountain == [0, 0, 4]
    assert (state.sheet.whists[ANN][CID], state.sheet.whists[BOB][CID]) == (4, 16)


@pytest.mark.parametrize("convention, totals", [
    ("sochi", [-46, 17, 29]), ("leningrad", [-93, 47, 46]), ("rostov", [-46, 23, 23]),
])
def test_example_b_a_failed_six_in_each_convention(convention, totals):
    state = fresh(convention=convention)
    assert played(state, {"contract": "6S", "declarer": ANN, "whist": [None, "pass", "whist"], "tricks": [4, 4, 2]}) == totals
    mountain, bob, cid = {"sochi": (4, 4, 16), "leningrad": (8, 20, 20), "rostov": (4, 10, 10)}[convention]
    assert state.sheet.mountain[ANN] == mountain
    assert (state.sheet.whists[BOB][ANN], state.sheet.whists[CID][ANN]) == (bob, cid)


def test_example_b_leningrad_a_caught_misere():
    state = fresh(convention="leningrad")
    played(state, {"contract": "6S", "declarer": ANN, "whist": [None, "pass", "whist"], "tricks": [4, 4, 2]})
    assert played(state, {"contract": "misere", "declarer": BOB, "tricks": [3, 2, 5]}) == [133, -267, 134]
    assert state.totals == [40, -220, 180] and state.sheet.mountain == [8, 40, 0]


def test_example_c_shortfalls_and_a_half_whist():
    state = fresh()
    assert played(state, {"contract": "8NT", "declarer": ANN, "whist": [None, "whist", "whist"], "tricks": [10, 0, 0]}) == [60, 0, -60]
    assert state.sheet.pool == [6, 0, 0] and state.sheet.mountain == [0, 0, 6]
    assert played(state, {"contract": "7D", "declarer": BOB, "whist": ["half", None, "pass"]}) == [-10, 23, -13]
    assert state.totals == [50, 23, -73] and state.sheet.whists[ANN][BOB] == 4 and state.sheet.pool == [6, 4, 0]
    assert state.hints()["dealer"] == CID
    assert played(state, {"contract": "6C", "declarer": ANN, "whist": [None, "whist", "whist"], "tricks": [7, 0, 3]}) == [14, -20, 6]
    assert state.totals == [64, 3, -67]
    assert state.sheet.mountain == [0, 2, 6] and state.sheet.whists[CID][ANN] == 6


def test_example_d_all_pass_capped():
    state = fresh()
    assert state.hints()["all_pass_multiplier"] == 1
    assert played(state, {"contract": "all_pass", "tricks": [3, 2, 5]}) == [3, 13, -16]
    assert state.sheet.mountain == [3, 2, 5]
    assert state.hints()["all_pass_run"] == 1 and state.hints()["all_pass_multiplier"] == 2
    assert played(state, {"contract": "all_pass", "tricks": [6, 0, 4]}) == [-59, 80, -21]
    assert state.totals == [-56, 93, -37]
    assert state.sheet.mountain == [15, 2, 13] and state.sheet.pool == [0, 2, 0]
    assert state.hints()["all_pass_run"] == 2 and state.hints()["all_pass_multiplier"] == 3


@pytest.mark.parametrize("progression, mountain", [("none", [16, 12, 12]), ("capped", [36, 27, 27]), ("open", [40, 30, 30])])
def test_example_d_four_all_passes_in_a_row(progression, mountain):
    state = fresh(all_pass_progression=progression)
    for _hand in range(4):
        played(state, {"contract": "all_pass", "tricks": [4, 3, 3]})
    assert state.sheet.mountain == mountain


def test_example_d_another_hand_ends_the_run():
    state = fresh()
    played(state, {"contract": "all_pass", "tricks": [4, 3, 3]})
    played(state, passed(CID, "6S"))
    assert state.hints()["all_pass_run"] == 0 and state.hints()["all_pass_multiplier"] == 1


def test_example_e_rostov_all_pass():
    state = fresh(convention="rostov")
    assert state.options["all_pass_progression"] == "none"
    assert played(state, {"contract": "all_pass", "tricks": [1, 3, 6]}) == [45, -15, -30]
    assert (state.sheet.whists[ANN][BOB], state.sheet.whists[ANN][CID]) == (15, 30)
    assert played(state, {"contract": "all_pass", "tricks": [4, 0, 6]}) == [-23, 56, -33]
    assert state.totals == [22, 41, -63]
    assert (state.sheet.whists[BOB][ANN], state.sheet.whists[BOB][CID]) == (20, 30) and state.sheet.pool == [0, 1, 0]


@pytest.mark.parametrize("consolation, scores", [(True, [14, 22, -58, 22]), (False, [10, 22, -54, 22])])
def test_example_f_four_players_the_dealer_sits_out(consolation, scores):
    state = fresh(4, dealer_consolation=consolation)
    hints = state.hints()
    assert (hints["dealer"], hints["sits_out"], hints["players"]) == (ANN, ANN, [BOB, CID, DAN])
    raw = {"contract": "7C", "declarer": CID, "whist": [None, "whist", None, "whist"], "tricks": [None, 2, 6, 2]}
    assert played(state, raw) == scores
    assert state.sheet.mountain == [0, 0, 4, 0]
    assert [row[CID] for row in state.sheet.whists] == [4 if consolation else 0, 12, 0, 12]
    hints = state.hints()
    assert (hints["dealer"], hints["sits_out"], hints["players"]) == (BOB, BOB, [CID, DAN, ANN])


def test_example_g_help_and_close():
    state = fresh()
    assert played(state, passed(ANN, "10NT")) == [66, -33, -33]
    assert state.sheet.pool == [10, 0, 0]
    played(state, passed(ANN, "6H"))
    assert state.totals == [80, -40, -40] and state.sheet.pool == [10, 2, 0] and state.sheet.whists[ANN][BOB] == 20
    played(state, passed(BOB, "8S"))
    assert state.totals == [60, 0, -60] and state.sheet.pool == [10, 8, 0]
    played(state, passed(ANN, "8D"))
    assert state.totals == [100, -20, -80] and state.sheet.pool == [10, 10, 4]
    assert (state.sheet.whists[ANN][BOB], state.sheet.whists[ANN][CID]) == (40, 40)
    assert not state.finished
    assert played(state, passed(CID, "9NT")) == [-27, -26, 53]
    assert state.sheet.mountain == [0, 0, -2]
    assert state.totals == [73, -46, -27] and state.finished and state.winners == [ANN]
    assert expected_state(state)["next"] is None
    assert state.play(passed(ANN, "6S")) == ({"match_finished"}, None)


def test_example_h_max_rounds():
    state = fresh(max_rounds=1)
    assert played(state, passed(BOB, "6NT")) == [-6, 13, -7]
    assert state.finished and state.winners == [BOB]


def test_the_inputs_the_spec_shows_are_valid_as_hand_one():
    for raw in ({"contract": "7H", "declarer": 1, "whist": ["whist", None, "pass"], "tricks": [2, 7, 1]},
                {"contract": "6S", "declarer": 0, "whist": [None, "pass", "half"]},
                {"contract": "misere", "declarer": 2, "tricks": [4, 6, 0]}):
        played(fresh(pool_size=20), raw)
    played(fresh(4, pool_size=20), {"contract": "all_pass", "tricks": [None, 3, 5, 2]})


# --------------------------------------------------------------------------- readings beyond the examples


def test_settling_to_whole_whists():
    """Floors, then the leftover one each to the lowest x (ties: lower seat)."""
    third = Fraction(1, 3)
    assert ref.whole_whists([20 * third, -10 * third, -10 * third]) == [6, -3, -3]
    assert ref.whole_whists([-2 * third, -2 * third, 4 * third]) == [0, -1, 1]
    assert ref.whole_whists([Fraction(5, 2), Fraction(-5, 2), Fraction(0)]) == [2, -2, 0]
    assert ref.whole_whists([Fraction(4), Fraction(-4), Fraction(0)]) == [4, -4, 0]


def test_help_at_four_players_reaches_the_sitting_out_dealer():
    """"the other players' open pools": at 4 the one sitting out is one of them (the reading chosen)."""
    state = fresh(4, pool_size=4)
    played(state, {"contract": "6S", "declarer": BOB, "whist": [None, None, "pass", "pass"]})
    # Hand 2, Bob deals and sits out: Cid's 6 fill his own 4, the other 2 go to the highest open
    # pool, the sitting-out Bob's.
    played(state, {"contract": "8S", "declarer": CID, "whist": ["pass", None, None, "pass"]})
    assert state.sheet.pool == [0, 4, 4, 0]
    assert state.sheet.whists[CID] == [0, 20, 0, 0]


def test_a_refused_hand_changes_nothing():
    state = fresh()
    played(state, {"contract": "all_pass", "tricks": [3, 2, 5]})
    before = expected_state(state)
    assert state.play({"contract": "7H", "declarer": 1, "whist": ["whist", None, "pass"]}) == ({"tricks_missing"}, None)
    assert state.play({"contract": "all_pass", "tricks": [3, 3, 5]}) == ({"tricks_sum"}, None)
    assert expected_state(state) == before and state.hands == 1


@pytest.mark.parametrize("n, raw, codes", [
    (3, [1, 2], {"round_type"}),
    (3, {"contract": "all_pass", "tricks": [3, 2, 5], "talon": 2}, {"field_unknown"}),
    (3, {"declarer": 0, "whist": [None, "pass", "pass"]}, {"contract_missing"}),
    (3, {"contract": "7h", "declarer": 0, "whist": [None, "pass", "pass"]}, {"contract_value"}),
    (3, {"contract": "11NT", "declarer": 0, "whist": [None, "pass", "pass"]}, {"contract_value"}),
    (3, {"contract": "misere", "tricks": [0, 5, 5]}, {"declarer_missing"}),
    (3, {"contract": "all_pass", "declarer": 1, "tricks": [3, 2, 5]}, {"declarer_all_pass"}),
    (3, {"contract": "all_pass", "declarer": None, "tricks": [3, 2, 5], "whist": None}, set()),
    (3, {"contract": "6S", "declarer": 3, "whist": [None, "pass", "pass"]}, {"seat_range"}),
    (3, {"contract": "6S", "declarer": True, "whist": [None, "pass", "pass"]}, {"type"}),
    (4, {"contract": "misere", "declarer": 0, "tricks": [None, 3, 5, 2]}, {"declarer_sits_out"}),
    (3, {"contract": "misere", "declarer": 0, "whist": [None, "pass", "pass"], "tricks": [0, 5, 5]},
     {"whist_not_applicable"}),
    (3, {"contract": "6S", "declarer": 0}, {"whist_missing"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "pass"]}, {"length"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "vist", "pass"]}, {"whist_value"}),
    (3, {"contract": "6S", "declarer": 0, "whist": ["pass", "pass", "pass"]}, {"whist_seat"}),
    (4, {"contract": "6S", "declarer": 1, "whist": ["pass", None, "pass", "pass"]}, {"whist_seat"}),
    (3, {"contract": "6S", "declarer": 0, "whist": ["vist", "pass", "pass"]}, {"whist_seat"}),
    (3, {"contract": "6S", "declarer": 0, "whist": ["pass", "vist", "pass"]}, {"whist_seat", "whist_value"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "half", "pass"]}, {"whist_combination"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "whist", "half"]}, {"whist_combination"}),
    (3, {"contract": "8S", "declarer": 0, "whist": [None, "pass", "half"]}, {"whist_combination"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, None, "pass"]}, {"whist_combination"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "pass", "whist"]}, {"tricks_missing"}),
    (3, {"contract": "all_pass", "tricks": [3, None, 7]}, {"tricks_missing"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "pass", "pass"], "tricks": [6, 2, 2]}, {"tricks_not_played"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "pass", "half"], "tricks": [6, 2, 2]}, {"tricks_not_played"}),
    (3, {"contract": "6S", "declarer": 0, "whist": [None, "pass", "pass"], "tricks": None}, set()),
    (3, {"contract": "misere", "declarer": 0, "tricks": [-1, 5, 6]}, {"tricks_negative"}),
    (3, {"contract": "misere", "declarer": 0, "tricks": [0, 5, 4]}, {"tricks_sum"}),
    (3, {"contract": "misere", "declarer": 0, "tricks": [0, "5", 5]}, {"type"}),
    (4, {"contract": "all_pass", "tricks": [0, 3, 5, 2]}, {"tricks_sits_out"}),
    (4, {"contract": "all_pass", "tricks": [3, 5, 2]}, {"length"}),
])
def test_each_refusal_rule_literally(n, raw, codes):
    assert fresh(n).play(raw)[0] == codes


def test_half_whist_off_refuses_half():
    raw = {"contract": "6S", "declarer": 0, "whist": [None, "pass", "half"]}
    assert fresh(half_whist=False).play(raw) == ({"whist_combination"}, None)


# --------------------------------------------------------------------------- the seeded lists


def test_the_combinations_take_every_option_value():
    columns = list(zip(*COMBINATIONS))
    assert set(columns[0]) == {3, 4} and set(columns[1]) == set(CONVENTIONS) and set(columns[2]) == set(PROGRESSIONS)
    assert set(columns[3]) == {True, False} and set(columns[4]) == {True, False}
    assert set(columns[5]) == set(POOLS) and set(columns[6]) == set(ENDS)
    assert len({combination_id(combination) for combination in COMBINATIONS}) == len(COMBINATIONS)
    effective: dict[str, set[Any]] = {}
    given_keys: set[str] = set()
    for index in range(len(COMBINATIONS)):
        seeded = seeded_list(index)
        given_keys |= set(seeded.given)
        for key, value in seeded.options.items():
            effective.setdefault(key, set()).add(value)
    assert effective["convention"] == {"sochi", "leningrad", "rostov"}
    assert effective["all_pass_progression"] == {"none", "capped", "open"}
    assert effective["half_whist"] == effective["dealer_consolation"] == {True, False}
    assert 20 in effective["pool_size"] and {3, 10} & effective["pool_size"] and min(effective["pool_size"]) >= 3
    assert None in effective["max_rounds"] and any(value is not None for value in effective["max_rounds"])
    assert effective["first_dealer"] == {0, 1, 2, 3}
    assert given_keys == set(ref.options_for(3, {}))


def test_the_lists_are_the_same_for_the_same_seed():
    for index in (0, 17, len(COMBINATIONS) - 1):
        first, second = played_list(index), played_list(index)
        assert first[0].given == second[0].given and first[2] == second[2]
        assert expected_state(first[1]) == expected_state(second[1])


def test_every_list_ends_whole_and_zero_sum():
    ends: set[str] = set()
    for index, combination in enumerate(COMBINATIONS):
        seeded, reference, hands = played_list(index)
        assert reference.finished, f"{combination_id(combination)} did not end"
        ends.add("pools closed" if reference.sheet.all_closed() else "max_rounds")
        totals = [0] * seeded.n
        for number, hand in enumerate(hands):
            following = hands[number + 1].before if number + 1 < len(hands) else None
            if hand.scores is None:
                # Refused: the next hand finds the match as this one did.
                assert following is None or following == hand.before
                continue
            assert all(type(score) is int for score in hand.scores) and sum(hand.scores) == 0
            totals = [total + score for total, score in zip(totals, hand.scores)]
            if following is not None:
                assert following["round"] == hand.before["round"] + 1
                assert following["pool_open"] == [seeded.options["pool_size"] - pool for pool in following["pool"]]
        assert totals == reference.totals and sum(totals) == 0
        exact = reference.exact()
        assert sum(exact) == 0 and all(abs(total - x) < 1 for total, x in zip(totals, exact))
        assert reference.winners == [seat for seat in range(seeded.n) if totals[seat] == max(totals)]
    assert ends == {"pools closed", "max_rounds"}


def test_the_lists_cover_every_rule_and_every_writing():
    reached: set[str] = set()
    written: set[str] = set()
    for index in range(len(COMBINATIONS)):
        seeded, _reference, hands = played_list(index)
        for hand in hands:
            reached |= hand.broken
            if hand.scores is None:
                continue
            written |= {f"{seeded.options['convention']} {event}" for event in hand.events}
            written |= hand.events
            if hand.raw["contract"] == "all_pass":
                written.add(f"{seeded.options['all_pass_progression']} all-pass run {min(hand.before['all_pass_run'] + 1, 4)}")
            if seeded.n == 4 and "failed" in hand.events:
                written.add(f"4 players failed, dealer consolation {seeded.options['dealer_consolation']}")
    assert reached == set(ref.RULES) - {"match_finished"}
    assert {"passed", "half_whist", "made", "failed", "one_whister", "two_whisters", "shortfall", "misere_made",
            "misere_caught", "no_trick", "help", "write_off", "rostov two_fewest"} <= written
    assert {"sochi greedy", "leningrad gentleman", "rostov gentleman"} <= written
    assert {f"{convention} shortfall" for convention in ("sochi", "leningrad", "rostov")} <= written
    assert {f"{progression} all-pass run {run}" for progression in ("capped", "open") for run in (1, 2, 3, 4)} <= written
    assert {"none all-pass run 4", "4 players failed, dealer consolation True",
            "4 players failed, dealer consolation False"} <= written
