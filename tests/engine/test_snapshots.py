"""Snapshots of a match's state: playing on from a stored snapshot gives what replaying every
round gives, for every game in the registry, after every round; an unusable snapshot is refused."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import SNAPSHOT_FORMAT, Game, StaleSnapshot, Table
from scorekeeper.engine.games import all_games
from tests.support.legal_rounds import MAX_ROUNDS, generator_for, legal_round
from tests.support.snapshots import same_state, stored

GAMES = all_games()
GAME_IDS = [game.id for game in GAMES]
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
def test_playing_on_from_a_snapshot_equals_replay_after_every_round(game_id, seed, data):
    game = next(game for game in GAMES if game.id == game_id)
    counts, options, _generate = generator_for(game)
    n_players = data.draw(st.sampled_from(counts))
    rng = random.Random(seed)
    table = game.table(NAMES[:n_players], dict(options))
    inputs: list[Any] = []
    state = game.initial_state(table)
    snapshot = stored(game, state)
    same_state(game.restore(table, snapshot), state)
    while not state.finished and len(inputs) < MAX_ROUNDS:
        raw, state = legal_round(rng, game, table, state)
        inputs.append(raw)
        # The write path: restore the stored snapshot, play one round, store the new one.
        played_on = game.play(table, game.restore(table, snapshot), raw)
        replayed = game.replay(table, inputs)
        same_state(played_on, replayed)
        assert played_on.scored(len(inputs)) == replayed.rounds[-1]
        snapshot = stored(game, played_on)
        assert snapshot == stored(game, replayed)
        # An edit's path: restore the snapshot before a random round and replay from there.
        cut = rng.randint(0, len(inputs))
        before = game.replay(table, inputs[:cut])
        same_state(game.replay(table, inputs[cut:], start=game.restore(table, stored(game, before))), replayed)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_snapshot_is_plain_json_without_words(game_id):
    game = next(game for game in GAMES if game.id == game_id)
    counts, options, _generate = generator_for(game)
    rng = random.Random(7)
    table = game.table(NAMES[: counts[-1]], dict(options))
    state = game.initial_state(table)
    for _round in range(3):
        _raw, state = legal_round(rng, game, table, state)
    snapshot = game.snapshot(state)
    text = json.dumps(snapshot)
    assert json.loads(text) == snapshot
    for scored in state.rounds:
        for words in scored.score.explanation:
            if words:
                assert words not in text
    for name in NAMES:
        assert name not in text
    assert snapshot["format"] == SNAPSHOT_FORMAT and snapshot["rounds"] == 3


def table_and_snapshot() -> tuple[Game, Table, dict[str, Any]]:
    game = GAMES[0]
    counts, options, _generate = generator_for(game)
    table = game.table(NAMES[: counts[0]], dict(options))
    return game, table, game.snapshot(game.initial_state(table))


@pytest.mark.parametrize(
    "spoil",
    [
        lambda snapshot: {**snapshot, "format": SNAPSHOT_FORMAT - 1},
        lambda snapshot: {**snapshot, "format": SNAPSHOT_FORMAT + 1},
        lambda snapshot: {**snapshot, "game": "another-game"},
        lambda snapshot: {**snapshot, "progress_format": snapshot["progress_format"] + 1},
        lambda snapshot: {key: value for key, value in snapshot.items() if key != "totals"},
        lambda snapshot: {**snapshot, "totals": [0]},
        lambda snapshot: {**snapshot, "rounds": "three"},
        lambda snapshot: None,
        lambda snapshot: [],
    ],
    ids=["older-format", "newer-format", "other-game", "other-progress-format", "no-totals", "wrong-sides", "bad-count", "missing", "not-an-object"],
)
def test_an_unusable_snapshot_is_refused_so_the_caller_replays(spoil):
    game, table, snapshot = table_and_snapshot()
    with pytest.raises(StaleSnapshot):
        game.restore(table, spoil(snapshot))
