"""The bidding half of a round: it checks and scores exactly as the same whole round, for every game with bidding."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import MatchState, RuleError, Table
from scorekeeper.engine.core.fields import BID
from scorekeeper.engine.games import RoundError, all_games
from tests.support.bidding import legal_round, match_so_far, players
from tests.support.generators import SUITS4
from tests.support.legal_rounds import play_match

BIDDING_GAMES = [game for game in all_games() if game.has_bidding]
NO_BIDDING_GAMES = [game for game in all_games() if not game.has_bidding]


def halves(game, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    fields = (*game.bidding_required, *game.bidding_optional)
    return (
        {key: value for key, value in raw.items() if key in fields},
        {key: value for key, value in raw.items() if key not in fields},
    )


def refusal(call) -> tuple[str, str, str | None] | None:
    try:
        call()
    except RoundError as error:
        return error.message, error.code, error.field
    return None


# --------------------------------------------------------------------------- properties

ROUNDS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
@ROUNDS
@given(seed=st.integers(0, 2**32))
def test_bidding_plus_hand_scores_as_the_whole_round(game, seed):
    rng = random.Random(seed)
    table, state = match_so_far(game, rng)
    raw = legal_round(game, rng, table, state)
    bidding, hand = halves(game, raw)

    view = game.validate_bidding(table, state, bidding)
    whole = game.play(table, state, raw)
    completed = game.play(table, state, game.with_bidding(bidding, hand))

    assert completed.rounds[-1].score == whole.rounds[-1].score
    assert completed.totals == whole.totals
    assert completed.next == whole.next and completed.details == whole.details
    assert view.round == state.next_round and view.dealer == state.next["dealer"]
    assert sorted(view.calling_order) == sorted(set(view.calling_order))
    assert len(view.targets) == table.n
    # A whole round sent while a bidding is stored stands on its own.
    assert game.with_bidding(bidding, raw) == raw


def described_edges(game, table: Table, state: MatchState, key: str) -> list[Any]:
    """Values of a bidding field at and past the edges the game itself describes for it (its
    choices, its bounds and one beyond each), null and a word, one per seat or side as the
    field is: what a game's field gets beyond the hand-picked values below, and all a new
    game's field gets."""
    described = next((field for field in game.input_fields(table, state.next) if field.name == key), None)
    if described is None:
        return [None, -1, "x", [None]]
    values: list[Any] = [None, "x", *described.choices]
    for bound, beyond in ((described.minimum, -1), (described.maximum, 1)):
        if bound is not None:
            values += [bound, bound + beyond]
    if described.per == "round":
        return values
    count = described.count(table)
    return [None, *([value] * count for value in values), [values[-1]] * (count + 1)]


# Hand-picked values near (and past) the edges of the bidding fields the games have.
EDGES = {
    "style": [0, 1, 2, 3, 4, 5, 6, 7, None, "1"],
    "stake": [0, 1, 2, 3, 4, 5, 6, 7, None],
    "acting_style": [None, 0, 1, 2, 3, 4, 5, 6],
    "trump": [None, "none", "x", *SUITS4],
    "vip_card": [None, 0, 1, 2, 3, 4],
    "trump_chooser": [None, -1, 0, 1, 2, 7],
    "calls": [None, [None, None], ["moon", None], [None, "blind_seven"], ["ten_for_200", None], ["x"], "moon"],
}


def wild_bidding(game, rng: random.Random, table: Table, state: MatchState, legal: dict[str, Any]) -> dict[str, Any]:
    """A legal bidding with one or two fields replaced by values near (and past) the edges."""
    bidding, _hand = halves(game, legal)
    cards = state.next.get("cards", 13)
    for _ in range(rng.randint(1, 2)):
        key = rng.choice([*game.bidding_required, *game.bidding_optional])
        if key == "bids" and rng.random() < 0.5:
            bids = list(bidding.get("bids") or [0] * table.n)
            choices = [None, -1, 0, 1, 2, 3, cards, cards + 1, "nil", "blind_nil", "x"]
            bids[rng.randrange(table.n)] = rng.choice(choices)
            bidding["bids"] = bids
        else:
            value = rng.choice(EDGES.get(key, []) + described_edges(game, table, state, key))
            if value is None and key not in game.bidding_required and rng.random() < 0.5:
                bidding.pop(key, None)
            else:
                bidding[key] = value
    return bidding


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_a_bidding_is_refused_exactly_as_the_whole_round(game, seed):
    rng = random.Random(seed)
    table, state = match_so_far(game, rng)
    legal = legal_round(game, rng, table, state)
    bidding = wild_bidding(game, rng, table, state, legal)
    _bid, hand = halves(game, legal)

    as_bidding = refusal(lambda: game.validate_bidding(table, state, bidding))
    as_round = refusal(lambda: game.play(table, state, {**bidding, **hand}))
    assert as_bidding == as_round


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
def test_a_field_given_in_both_halves_must_agree(game):
    rng = random.Random(3)
    table, state = match_so_far(game, rng)
    bidding, hand = halves(game, legal_round(game, rng, table, state))
    optional = [name for name in game.bidding_optional if name in bidding]
    if not optional and game.bidding_optional:
        bidding[game.bidding_optional[0]] = None
        optional = [game.bidding_optional[0]]
    # A game without optional bidding fields: a required one given again with the hand.
    key = optional[0] if optional else game.bidding_required[0]
    # The same value twice is fine; a different one is refused with the field named.
    assert game.with_bidding(bidding, {**hand, key: bidding[key]}) == {**bidding, **hand}
    with pytest.raises(RoundError) as refused:
        game.with_bidding(bidding, {**hand, key: "something else"})
    assert refused.value.code == "bidding_conflict" and refused.value.field == key


@pytest.mark.parametrize("game", NO_BIDDING_GAMES, ids=lambda game: game.id)
def test_games_without_bidding_say_so(game):
    table = game.table(["Ann", "Bob", "Cid", "Dee"][: max(game.min_players, 2)])
    state = game.initial_state(table)
    assert game.bidding_required == ()
    with pytest.raises(RoundError) as refused:
        game.validate_bidding(table, state, {})
    assert refused.value.code == "no_bidding"
    # Without a bidding, a hand is just the whole round.
    assert game.with_bidding(None, {"tricks": [1]}) == {"tricks": [1]}


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
def test_a_finished_match_takes_no_bidding(game):
    rng = random.Random(11)
    table, state = play_match(rng, game, players(game, rng))
    with pytest.raises(RuleError) as refused:
        game.validate_bidding(table, state, {"bids": [1, 1, 1, 1]})
    assert refused.value.code == "match_finished"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_a_game_has_a_bidding_phase_exactly_when_its_form_asks_bids_first(game):
    """The bidding fields are the fields of the form's bidding phase (so "Save the bids" of the
    generic form saves a bidding the engine checks), each game's own tests saying it bids."""
    table = game.table(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][: game.min_players])
    bid_fields = {field.name for field in game.input_fields(table, game.initial_state(table).next) if field.phase == BID}
    assert game.has_bidding == bool(bid_fields)
    assert set(game.bidding_required) <= bid_fields
