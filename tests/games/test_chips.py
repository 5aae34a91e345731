"""Chips for a round's number inputs, for every game: ranges, greyed values with the engine's reason, implied last values."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games import RoundError, all_games, get_game
from scorekeeper.games.bidding import NumberInput, the_rest

from .test_bidding import legal_round, match_so_far

CHIPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME_IDS = [game.id for game in all_games()]


def path_of(field: str) -> list[str | int]:
    return [int(part) if part.isdigit() else part for part in field.split(".")]


def value_at(raw: Any, field: str) -> Any:
    for part in path_of(field):
        if isinstance(part, int):
            raw = raw[part] if isinstance(raw, list) and part < len(raw) else None
        else:
            raw = raw.get(part) if isinstance(raw, dict) else None
    return raw


def with_value(raw: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(raw)
    *parents, last = path_of(field)
    holder: Any = changed
    for part in parents:
        holder = holder[part]
    holder[last] = value
    return changed


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


@pytest.mark.parametrize("game_id", GAME_IDS)
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


# --------------------------------------------------------------------------- worked cases


def chips(game_id: str, players: list[str], rounds: list[dict[str, Any]], draft: Any, options: Any = None):
    game = get_game(game_id)
    table = game.table(players, options)
    state = game.initial_state(table)
    for raw in rounds:
        state = game.play(table, state, raw)
    return {item.field: item for item in game.number_inputs(table, state, draft)}


def test_nwik_used_style_and_stake_are_greyed_with_the_reason():
    # Rounds 1-3: Bob, Cid, Ann are Bidder; round 4 is Bob's again.
    played = [{"style": 3, "stake": 4, "tricks": [4, 4, 5]}] + [{"style": 1, "stake": 1, "tricks": [4, 4, 5]}] * 2
    found = chips("nwik", ["Ann", "Bob", "Cid"], played, {"tricks": [4, None, 5]})
    assert [(u.value, u.reason) for u in found["style"].unavailable] == [
        (3, "Bob has already used style 3 (No Trumps); still free: 1, 2, 4, 5, 6")
    ]
    assert [u.value for u in found["stake"].unavailable] == [4]
    # Cid (Acting Bidder if Bob passes) chose style 1 as Bidder.
    assert [u.value for u in found["acting_style"].unavailable] == [1]
    assert found["tricks.1"].implied == 4 and found["tricks.1"].values() == range(0, 14)


def test_willi_stich_dealer_last_with_the_forbidden_call():
    found = chips("willi-stich", ["Ann", "Bob", "Cid", "Dee"], [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}], {"bids": [0, None, 1, 0]})
    # Round 2: two cards, Bob deals and calls last; 1 is called by the others, so Bob may not call 1.
    assert list(found)[:4] == ["bids.2", "bids.3", "bids.0", "bids.1"]
    assert [(u.value, u.reason) for u in found["bids.1"].unavailable] == [
        (1, "the dealer Bob may not call 1: the calls would add up to 2")
    ]
    assert found["bids.0"].unavailable == () and found["bids.1"].values() == range(0, 3)
    # Before everyone else has called, nothing is greyed yet.
    early = chips("willi-stich", ["Ann", "Bob", "Cid", "Dee"], [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}], {})
    assert early["bids.1"].unavailable == ()


def test_spades_nil_and_blind_nil_chips():
    found = chips("spades", ["Ann", "Bob", "Cid", "Dee"], [], {"bids": ["nil", None, None, None]})
    assert [word.value for word in found["bids.2"].words] == ["nil", "blind_nil"]
    # Ann bid nil: her partner Cid may not bid nil too, nor an integer 0 (the side needs a contract).
    assert {u.value for u in found["bids.2"].unavailable} == {0, "nil", "blind_nil"}
    # Nobody is behind by 100: blind nil is greyed for everyone, with the reason.
    assert "behind by at least 100 points" in found["bids.1"].refusal("blind_nil").reason
    assert found["bids.1"].refusal("nil") is None
    called = chips("spades", ["Ann", "Bob", "Cid", "Dee"], [], {"calls": ["moon", None]}, {"special_calls": ["moon"]})
    assert called["bids.0"].refusal(3).reason == "Ann & Cid called moon: the partners make no bid"


def test_zwicker_cards_and_zwicks():
    found = chips("zwicker", ["Ann", "Bob"], [], {"sides": [{"cards": 30}, {}]})
    assert found["sides.1.cards"].implied == 25 and found["sides.0.cards"].values() == range(0, 56)
    # At most half a side's cards are Zwicks.
    assert found["sides.0.zwicks"].maximum == 15 and found["sides.1.zwicks"].maximum == 12


def test_nameless_last_tricks():
    found = chips("nameless", ["Ann", "Bob", "Cid", "Dee", "Eve"], [], {"tricks": [1, 1, None, 1, 0]})
    assert found["tricks.2"].implied == 1 and found["tricks.2"].maximum == 4
