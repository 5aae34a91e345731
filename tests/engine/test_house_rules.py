"""The round limit, for every game that offers one (a game played to a target): its option,
how it ends a match, its refusals, and a property over random legal rounds. A game's own
house rules are in its own files (tests/engine/test_spades_house_rules.py)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.house_rules import MAX_ROUNDS_LIMIT
from scorekeeper.engine.games import OptionError, RoundError, all_games, get_game
from tests.support.data import played_to, players_for, round_limit_example
from tests.support.legal_rounds import legal_round

GAMES_WITH_LIMIT = [game.id for game in all_games() if "max_rounds" in {s.name for s in game.all_option_specs()}]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_the_round_limit_is_offered_by_the_target_games(game):
    """A game played to a target may be cut short by a round limit; a game of fixed rounds has none."""
    names = {spec.name for spec in game.all_option_specs()}
    assert (game.round_limit in names) == (game.target_option in names)


@pytest.mark.parametrize("game_id", GAMES_WITH_LIMIT)
def test_round_limit_option_shape(game_id):
    option = next(o for o in get_game(game_id).describe()["options"] if o["name"] == "max_rounds")
    assert (option["type"], option["default"], option["nullable"]) == ("int", None, True)
    assert (option["minimum"], option["maximum"]) == (1, MAX_ROUNDS_LIMIT)


# --------------------------------------------------------------------------- max_rounds

def round_example(game_id: str) -> tuple[list[str], dict, tuple[int, ...]]:
    """A round the game takes again and again, and each side's score for it (tests/support/data)."""
    return round_limit_example(get_game(game_id))


@pytest.mark.parametrize("game_id", GAMES_WITH_LIMIT)
def test_round_limit_ends_the_match_with_the_highest_total(game_id):
    game = get_game(game_id)
    players, raw, scores = round_example(game_id)
    table = game.table(players, {"max_rounds": 3, **played_to(game, 1000)})
    state = game.replay(table, [raw, raw])
    assert not state.finished and state.next["round"] == 3
    state = game.play(table, state, raw)
    assert state.finished and state.next is None
    best = max(scores)
    assert state.winners == tuple(index for index, score in enumerate(scores) if score == best)
    with pytest.raises(RoundError) as caught:
        game.replay(table, [raw] * 4)
    assert caught.value.code == "match_ends_early" and caught.value.round_number == 4


@pytest.mark.parametrize("game_id", GAMES_WITH_LIMIT)
def test_without_a_limit_the_match_goes_on(game_id):
    game = get_game(game_id)
    players, raw, _ = round_example(game_id)
    state = game.replay(game.table(players, played_to(game, 100_000)), [raw] * 12)
    assert not state.finished


@pytest.mark.parametrize("game_id", GAMES_WITH_LIMIT)
@pytest.mark.parametrize(("value", "code"), [(0, "option_range"), (1001, "option_range"), ("5", "option_type")])
def test_round_limit_refusals(game_id, value, code):
    players = round_example(game_id)[0]
    with pytest.raises(OptionError) as caught:
        get_game(game_id).table(players, {"max_rounds": value})
    assert (caught.value.code, caught.value.field) == (code, "options.max_rounds")


@pytest.mark.parametrize("game_id", GAMES_WITH_LIMIT)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), limit=st.integers(1, 30), target=st.integers(1, 60))
def test_round_limit_property(game_id, seed, limit, target):
    """The match ends at the first round that meets the target rule, else at the limit,
    and then every side with the highest total wins."""
    game = get_game(game_id)
    rng = random.Random(seed)
    players = players_for(game)
    table = game.table(players, {"max_rounds": limit, **played_to(game, target)})
    unlimited = game.table(players, played_to(game, target))
    state = game.initial_state(table)
    free = game.initial_state(unlimited)
    for number in range(1, limit + 1):
        raw, free = legal_round(rng, game, unlimited, free)
        state = game.play(table, state, raw)
        if free.finished:
            assert state.finished and state.winners == free.winners
            break
        if number == limit:
            best = max(state.totals)
            assert state.finished
            assert state.winners == tuple(i for i, total in enumerate(state.totals) if total == best)
        else:
            assert not state.finished
