"""Doppelkopf against an independent reference (tests/support/reference/doppelkopf_reference.py,
written from the spec without the engine): seeded random lists of 4 and 5 players under every
option value agree in every hand's scores and refusals, the `next` hints, the totals, the end
and the winners; replaying and undoing agree too, and playing on from a stored snapshot equals
replaying from scratch."""
from __future__ import annotations

import pytest

from scorekeeper.engine.core.base import MatchFinishedError
from scorekeeper.engine.games.doppelkopf import DOPPELKOPF
from tests.support.reference import doppelkopf_reference as ref
from tests.support.reference.against import played_against, replays_agree
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
    n, options, rng = seeded.n, seeded.options, seeded.rng
    table = DOPPELKOPF.table(NAMES[:n], seeded.given)
    reference = ref.ListState(n, options)
    state, inputs = played_against(DOPPELKOPF, table, reference, drawn_deals(seeded, reference), assert_same, same_rule)
    if state.finished:
        with pytest.raises(MatchFinishedError):
            DOPPELKOPF.play(table, state, inputs[-1])
    replays_agree(DOPPELKOPF, table, state, inputs, rng)

    # Undo: the list without its last hand is what the reference keeps without it (reopened).
    undone = DOPPELKOPF.replay(table, inputs[:-1])
    kept, failing = ref.replay(n, options, inputs[:-1])
    assert failing is None
    assert_same(undone, kept)
