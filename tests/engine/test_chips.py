"""Chips for a round's number inputs, for every game: ranges, greyed values with the engine's reason, implied last values."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.bidding import NumberInput, the_rest
from scorekeeper.engine.games import RoundError, all_games, get_game
from tests.support.bidding import legal_round, match_so_far
from tests.support.chips import value_at, with_value
from tests.support.data import module_for
from tests.support.game_picks import has_counts_to_a_total

CHIPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME_IDS = [game.id for game in all_games()]


def start(game_id: str, seed: int):
    game = get_game(game_id)
    rng = random.Random(seed)
    table, state = match_so_far(game, rng)
    return game, rng, table, state


@pytest.mark.parametrize("game_id", GAME_IDS)
@CHIPS
@given(seed=st.integers(0, 2**32))
def test_a_legal_round_is_made_of_offered_chips(game_id, seed):
    game, rng, table, state = start(game_id, seed)
    raw = legal_round(game, rng, table, state)
    inputs = game.number_inputs(table, state, raw)
    assert inputs, "every game has number inputs"
    assert len({item.field for item in inputs}) == len(inputs)
    for item in inputs:
        value = value_at(raw, item.field)
        if value is None:
            continue
        assert item.refusal(value) is None, f"{item.field}={value!r} is legal but greyed"
        if isinstance(value, str):
            assert value in {word.value for word in item.words}
        else:
            assert value in item.values()


@pytest.mark.parametrize("game_id", GAME_IDS)
@CHIPS
@given(seed=st.integers(0, 2**32))
def test_a_greyed_chip_is_refused_by_the_round_with_the_same_reason(game_id, seed):
    game, rng, table, state = start(game_id, seed)
    raw = legal_round(game, rng, table, state)
    for item in game.number_inputs(table, state, raw):
        if value_at(raw, item.field) is None and item.field != "bids":
            continue
        for unavailable in item.unavailable:
            with pytest.raises(RoundError) as refused:
                game.play(table, state, with_value(raw, item.field, unavailable.value))
            assert refused.value.code == unavailable.code
            if unavailable.code != "bid_with_call":
                assert refused.value.message == unavailable.reason


@pytest.mark.parametrize("game_id", [game.id for game in all_games() if has_counts_to_a_total(game)])
@CHIPS
@given(seed=st.integers(0, 2**32))
def test_the_last_count_follows_from_the_others(game_id, seed):
    game, rng, table, state = start(game_id, seed)
    raw = legal_round(game, rng, table, state)
    counted = [item for item in game.number_inputs(table, state, raw) if item.field.startswith(("tricks.", "sides."))]
    counted = [item for item in counted if not item.field.endswith("zwicks")]
    assert counted
    left_out = rng.choice(counted)
    draft = with_value(raw, left_out.field, None)
    implied = {item.field: item.implied for item in game.number_inputs(table, state, draft)}
    assert implied[left_out.field] == value_at(raw, left_out.field)
    # With everything entered, nothing needs filling in.
    assert all(item.implied is None for item in game.number_inputs(table, state, raw))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("draft", [None, {}, [], {"tricks": "x"}, {"tricks": [None, "3", 1.5]}, {"sides": [1, {"cards": "x"}]}, {"bids": {"a": 1}}, {"calls": ["moon"]}])
def test_any_draft_gives_chips(game_id, draft):
    game = get_game(game_id)
    table = game.table(["Ann", "Bob", "Cid", "Dee"][: max(game.min_players, min(game.max_players, 4))])
    inputs = game.number_inputs(table, game.initial_state(table), draft)
    assert all(isinstance(item, NumberInput) and item.minimum <= item.maximum for item in inputs)
    assert all(isinstance(item.as_dict(), dict) for item in inputs)


@pytest.mark.parametrize(
    ("total", "given", "implied"),
    [
        (13, [4, None, 6], [None, 3, None]),
        (13, [None, None, 6], [None, None, None]),
        (13, [10, None, 6], [None, None, None]),
        (5, [5, 0, None, 0], [None, None, 0, None]),
        (55, [30, 25], [None, None]),
    ],
)
def test_the_rest(total, given, implied):
    assert the_rest(total, given) == implied


# --------------------------------------------------------------------------- worked cases (each game's own: tests/support/data/<game>.py)


@pytest.mark.parametrize(
    "game", [game for game in all_games() if hasattr(module_for(game), "worked_chips")], ids=lambda game: game.id
)
def test_each_games_chips_worked_out_by_hand(game):
    """The game's own chips, worked out by hand from its rules: greyed values with their
    reasons, implied last values, its special words."""
    module_for(game).worked_chips()


