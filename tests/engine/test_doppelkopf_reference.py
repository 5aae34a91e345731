"""Doppelkopf against an independent reference (tests/support/reference/doppelkopf_reference.py,
written from the spec without the engine): seeded random lists of 4 and 5 players under every
option value agree in every hand's scores and refusals, the `next` hints, the totals, the end
and the winners; replaying and undoing agree too, and playing on from a stored snapshot equals
replaying from scratch."""
from __future__ import annotations

from functools import partial

import pytest

from scorekeeper.engine.games.doppelkopf import DOPPELKOPF
from tests.support.reference import doppelkopf_reference as ref
from tests.support.reference.against import seeded_list_agrees
from tests.support.reference.doppelkopf_lists import (
    COMBINATIONS,
    NAMES,
    combination_id,
    drawn_deals,
    expected_state,
    same_rule,
    seeded_list,
)


def assert_same(engine_state, reference: ref.ListState) -> None:
    seen = {"totals": list(engine_state.totals), "finished": engine_state.finished, "winners": list(engine_state.winners),
            "next": None if engine_state.next is None else dict(engine_state.next)}
    assert seen == expected_state(reference)


@pytest.mark.parametrize("index", range(len(COMBINATIONS)), ids=[combination_id(c) for c in COMBINATIONS])
def test_random_lists_agree_with_the_reference(index):
    seeded = seeded_list(index)
    seeded_list_agrees(DOPPELKOPF, NAMES, seeded, partial(ref.ListState, seeded.n, seeded.options),
                       partial(drawn_deals, seeded), assert_same, same_rule)
