"""A match the players end before its own end (Table.ended_after), for every game in the registry:
finished after that round with the highest totals winning, no round after it, its snapshots
the game's own, and the same rounds played on once the table no longer ends it."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from scorekeeper.engine.core.base import Game, Table
from scorekeeper.engine.games import RuleError, all_games
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.picks import finished_match

GAMES = all_games()
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")


def unfinished_rounds(game: Game, count: int, seed: int = 3) -> tuple[Table, list]:
    """A table and `count` legal rounds that leave its match unfinished by its own rules."""
    counts, options, _generate = generator_for(game)
    table = game.table(NAMES[: counts[0]], dict(options))
    rng = random.Random(seed)
    for _attempt in range(50):
        state = game.initial_state(table)
        inputs = []
        while len(inputs) < count and not state.finished:
            raw, state = legal_round(rng, game, table, state)
            inputs.append(raw)
        if len(inputs) == count and not state.finished:
            return table, inputs
    raise RuntimeError(f"no {count} unfinished rounds of {game.id}")


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_the_players_end_a_match_after_a_round_and_the_highest_total_wins(game):
    table, inputs = unfinished_rounds(game, 3)
    ended = dataclasses.replace(table, ended_after=2)
    state = game.replay(ended, inputs[:2])
    assert state.finished and state.ended_by_players and state.next is None
    best = max(state.totals)
    assert state.winners == tuple(side for side, total in enumerate(state.totals) if total == best)
    # The rules engine refuses a round after it, naming the players' ending as its own.
    with pytest.raises(RuleError) as refused:
        game.play(ended, state, inputs[2])
    assert refused.value.code == "match_finished"
    with pytest.raises(RuleError) as replayed:
        game.replay(ended, inputs)
    assert (replayed.value.code, replayed.value.round_number) == ("match_ends_early", 3)


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_a_snapshot_of_an_ended_match_keeps_only_the_games_own_end(game):
    """Stored while ended, restored at a table that ends there it is finished, restored at a
    table the players play on at it is not, and the next round plays as if never ended."""
    table, inputs = unfinished_rounds(game, 3)
    ended = dataclasses.replace(table, ended_after=2)
    snapshot = json.loads(json.dumps(game.snapshot(game.replay(ended, inputs[:2]))))
    assert snapshot["finished"] is False and snapshot["winners"] == []
    assert game.restore(ended, snapshot).finished
    played_on = game.play(table, game.restore(table, snapshot), inputs[2])
    assert not game.restore(table, snapshot).finished
    assert played_on.totals == game.replay(table, inputs).totals and not played_on.ended_by_players


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_a_match_its_own_rules_end_is_not_ended_by_the_players(game):
    counts, _options, _generate = generator_for(game)
    options, inputs = finished_match(game, NAMES[: counts[0]])
    table = game.table(NAMES[: counts[0]], options)
    state = game.replay(table, inputs)
    own = game.replay(dataclasses.replace(table, ended_after=len(inputs)), inputs)
    assert own.finished and not own.ended_by_players and own.winners == state.winners
    assert game.snapshot(own)["finished"] is True
