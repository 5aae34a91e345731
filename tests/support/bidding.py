"""A bidding game's match at a random point, reached by its bidding rounds
(tests/engine/test_bidding.py, test_chips.py)."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, RuleError, Table
from tests.support.data import bidding_option_sets, bidding_round
from tests.support.legal_rounds import generator_for


def players(game, rng: random.Random) -> list[str]:
    count = rng.choice(generator_for(game)[0])
    return ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:count]


def legal_round(game, rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    for _attempt in range(500):
        raw = bidding_round(game)(rng, table, state)
        try:
            game.play(table, state, raw)
        except RuleError:
            continue
        return raw
    raise AssertionError(f"no legal {game.id} round found")


def match_so_far(game, rng: random.Random) -> tuple[Table, MatchState]:
    """A match at a random point before its end, reached by legal rounds."""
    table = game.table(players(game, rng), dict(rng.choice(bidding_option_sets(game))))
    state = game.initial_state(table)
    for _ in range(rng.randrange(25)):
        raw = legal_round(game, rng, table, state)
        after = game.play(table, state, raw)
        if after.finished:
            break
        state = after
    return table, state
