"""Preferans against an independent reference (tests/support/reference/preferans_reference.py,
written from the spec without the engine): seeded random matches of 3 and 4 players under every
convention and every option value agree in every hand's scores and refusals, the `next` hints,
the sheet (pool, mountain, whists), the totals, the end and the winners; replaying, editing and
undoing agree too, and playing on from a stored snapshot equals replaying from scratch."""
from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from scorekeeper.engine.core.base import RoundError
from scorekeeper.engine.games.preferans import PREFERANS
from tests.support.reference import preferans_reference as ref
from tests.support.reference.against import seeded_list_agrees
from tests.support.reference.preferans_lists import (
    COMBINATIONS,
    NAMES,
    SAME_RULE,
    combination_id,
    drawn_deals,
    expected_state,
    replacement,
    same_rule,
    seeded_list,
)


def sheet(reference: ref.ListState) -> dict[str, Any]:
    """The sheet as the reference keeps it, in the keys of the engine's match details."""
    hints = reference.hints()
    return {key: hints[key] for key in ("all_pass_run", "pool", "mountain", "whists", "pool_open")}


def assert_same(engine_state, reference: ref.ListState) -> None:
    seen = {"totals": list(engine_state.totals), "finished": engine_state.finished, "winners": list(engine_state.winners),
            "next": None if engine_state.next is None else dict(engine_state.next), "details": dict(engine_state.details)}
    assert seen == {**expected_state(reference), "details": sheet(reference)}


@pytest.mark.parametrize("index", range(len(COMBINATIONS)), ids=[combination_id(c) for c in COMBINATIONS])
def test_random_lists_agree_with_the_reference(index):
    seeded = seeded_list(index)
    state = seeded_list_agrees(PREFERANS, NAMES, seeded, partial(ref.ListState, seeded.n, seeded.options),
                               partial(drawn_deals, seeded), assert_same, same_rule, partial(replacement, seeded))
    assert state.finished


# The engine's refusal codes (hand_input.py and the core's field readers) that name a rule as
# the reference does; the others are read through SAME_RULE.
SHARED_CODES = {"round_type", "field_unknown", "length", "declarer_missing", "declarer_sits_out", "whist_missing",
                "tricks_missing", "tricks_sits_out", "tricks_not_played", "tricks_sum"}


def test_the_lists_reach_every_refusal_code_of_the_engine():
    """Every code the engine refuses a hand with comes up in the lists, and names rules of the
    reference: no entry of SAME_RULE is a guess the lists never try."""
    reached: set[str] = set()
    for index in range(len(COMBINATIONS)):
        seeded = seeded_list(index)
        table = PREFERANS.table(NAMES[:seeded.n], seeded.given)
        reference = ref.ListState(seeded.n, seeded.options)
        state = PREFERANS.initial_state(table)
        for raw in drawn_deals(seeded, reference):
            reference.play(raw)
            try:
                state = PREFERANS.play(table, state, raw)
            except RoundError as error:
                reached.add(error.code)
    assert reached == SHARED_CODES | set(SAME_RULE)
    assert all(same_rule(code) <= set(ref.RULES) for code in reached)


ANN_DEALS = {"contract": "6S", "declarer": 0}


@pytest.mark.parametrize("n, given, raw", [
    # A non-defender's entry that is no word: "null for the declarer" (whist_seat) before the words.
    (3, {}, {**ANN_DEALS, "whist": ["vist", "pass", "pass"]}),
    (3, {}, {**ANN_DEALS, "whist": [1, "pass", "pass"]}),
    (3, {}, {**ANN_DEALS, "whist": ["pass", "vist", "pass"]}),
    (4, {}, {"contract": "6S", "declarer": 1, "whist": ["x", None, "pass", "pass"]}),
    (3, {}, {**ANN_DEALS, "whist": [None, None, "half"]}),
    (3, {}, {**ANN_DEALS, "whist": [None, ["pass"], "pass"]}),
    (3, {"half_whist": False}, {"contract": "7S", "declarer": 0, "whist": [None, "half", "half"]}),
    (4, {}, {"contract": "7S", "declarer": 1, "whist": [None, None, "pass", "half"]}),
    (4, {}, {"contract": "6S", "declarer": 1, "whist": [None, None, "pass", "pass"], "tricks": [None, 5, 5, 0]}),
    (4, {}, {"contract": "all_pass", "tricks": ["x", 3, 5, 2]}),
    (4, {}, {"contract": "misere", "declarer": 1, "tricks": [None, 0, 5, 5], "whist": [None] * 4}),
    (3, {}, {"contract": "all_pass", "tricks": [None, None, None]}),
    (3, {}, {"contract": "all_pass", "tricks": [10**30, 0, 0]}),
    (3, {}, {"contract": "all_pass", "tricks": [12, -2, 0]}),
    (3, {}, {"contract": "all_pass", "tricks": [True, 4, 5]}),
    (3, {}, {"contract": "all_pass", "whist": [], "tricks": [3, 2, 5]}),
    (3, {}, {"contract": "all_pass", "declarer": None, "whist": None, "tricks": [0, 5, 5]}),
    (3, {}, {}),
    (3, {}, {"contract": None}),
    (3, {}, {**ANN_DEALS, "whist": [None, "pass", "pass"], "tricks": []}),
    (3, {}, {**ANN_DEALS, "whist": [None, "whist", "pass"], "tricks": [6, None, 4]}),
    (3, {}, {**ANN_DEALS, "whist": {"1": "whist"}}),
    (3, {}, {"contract": "6S", "declarer": "0", "whist": [None, "whist", "pass"], "tricks": [6, 2, 2]}),
    (3, {}, {"contract": "10NT", "declarer": 2, "whist": ["whist", "whist", None], "tricks": [1, 0, 9]}),
])
def test_hands_the_lists_do_not_draw_agree(n, given, raw):
    """Literal first hands beside the drawn ones: the same refusal (by rule) or the same scores."""
    reference = ref.ListState(n, ref.options_for(n, given))
    table = PREFERANS.table(NAMES[:n], given)
    broken, scores = reference.play(raw)
    try:
        state = PREFERANS.play(table, PREFERANS.initial_state(table), raw)
    except RoundError as error:
        assert broken and same_rule(error.code) & broken, f"engine {error.code}, reference {broken}"
        return
    assert not broken and list(state.rounds[-1].score.scores) == scores
    assert_same(state, reference)
