"""Nameless under a round limit: worked examples of how the match ends (the limit, the target first, a tie)."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import get_game

NAMELESS = get_game("nameless")
NAMELESS_LIMIT = [
    # (options, hands, finished after, winners)
    pytest.param({"max_rounds": 2}, [{"tricks": [3, 2, 0]}, {"tricks": [0, 3, 2]}], 2, (0, 1), id="tie-shared-win"),
    pytest.param({"max_rounds": 2}, [{"tricks": [3, 2, 0]}, {"tricks": [1, 2, 2]}], 2, (0,), id="highest-wins"),
    pytest.param(
        {"max_rounds": 5, "target": 10}, [{"tricks": [5, 0, 0]}, {"tricks": [3, 2, 0]}], 2, (0,),
        id="target-first",
    ),
    pytest.param({"max_rounds": 1}, [{"tricks": [2, 2, 1]}], 1, (0, 1), id="one-round"),
]


@pytest.mark.parametrize(("options", "hands", "finished_after", "winners"), NAMELESS_LIMIT)
def test_round_limit_worked_examples(options, hands, finished_after, winners):
    table = NAMELESS.table(["Ann", "Bob", "Cid"], options)
    state = NAMELESS.initial_state(table)
    for number, raw in enumerate(hands, start=1):
        state = NAMELESS.play(table, state, raw)
        assert state.finished == (number == finished_after)
    assert state.winners == winners
