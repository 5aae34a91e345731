"""Skat through its round form: every legal deal's form posts back the same deal, "all passed"
(a blank declarer) included."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games.skat import SKAT
from tests.support.legal_rounds import legal_round

NAMES = ["Ann", "Bob", "Cid", "Dee"]


@pytest.mark.parametrize("n", [3, 4])
def test_a_deals_form_posts_back_the_same_deal(n):
    adapter = adapter_for(SKAT)
    table = SKAT.table(NAMES[:n], {"ramsch": True, "max_deals": 30})
    state = SKAT.initial_state(table)
    rng = random.Random(n)
    while not state.finished:
        raw, after = legal_round(rng, SKAT, table, state)
        posted = adapter.round_input(adapter.form_values(raw, table, state.next), table, state.next)
        assert SKAT.play(table, state, posted).rounds[-1].score == after.rounds[-1].score, (raw, posted)
        state = after
