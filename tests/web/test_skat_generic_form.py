"""Skat through the generic round form (engine/entry/adapter.py), as its pages ask it until Skat has
an adapter of its own: every legal deal's form posts back the same deal, but for one thing the
generic form cannot say, "all passed" (a blank declarer is left out, and the rules need null)."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.entry.adapter import GameAdapter
from scorekeeper.engine.games.skat import SKAT
from tests.support.legal_rounds import legal_round

NAMES = ["Ann", "Bob", "Cid", "Dee"]


@pytest.mark.parametrize("n", [3, 4])
def test_a_deals_form_posts_back_the_same_deal(n):
    adapter = GameAdapter(SKAT)
    table = SKAT.table(NAMES[:n], {"ramsch": True, "max_deals": 30})
    state = SKAT.initial_state(table)
    rng = random.Random(n)
    while not state.finished:
        raw, after = legal_round(rng, SKAT, table, state)
        posted = adapter.round_input(adapter.form_values(raw, table, state.next), table, state.next)
        if raw["declarer"] is None:
            # The one gap: Skat's own adapter must post a blank declarer as null (all passed).
            assert "declarer" not in posted
            posted = {"declarer": None, **posted}
        assert SKAT.play(table, state, posted).rounds[-1].score == after.rounds[-1].score, (raw, posted)
        state = after
