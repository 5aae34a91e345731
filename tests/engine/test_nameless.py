"""Nameless: sides per player count, trick points, bonus hands, renege and the race to 20."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import MatchFinishedError
from scorekeeper.engine.games import OptionError, RoundError, get_game
from tests.support.strategies import json_like as json_like_values

GAME = get_game("nameless")
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")


def table(n: int, **options):
    return GAME.table(NAMES[:n], options)


def score(n: int, raw: dict, **options):
    """The RoundScore of one hand played as the first hand of a match."""
    t = table(n, **options)
    return GAME.play(t, GAME.initial_state(t), raw).rounds[-1].score


# --------------------------------------------------------------------------- worked examples


@pytest.mark.parametrize(
    ("n", "options", "raw", "scores"),
    [
        # 4 players: side 0 (seats 0, 2): 3, side 1: 2
        (4, {}, {"tricks": [2, 1, 1, 1]}, (3, 2)),
        # 4 players, Bob alone with 4 of 5: side 1: 6, side 0: -2
        (4, {}, {"tricks": [0, 4, 1, 0], "alone": 1}, (-2, 6)),
        # 3 players, bonus of seat 2 and renege of seat 0
        (3, {}, {"tricks": [1, 1, 3], "renege": 0}, (-3, 1, 6)),
        # the same hand, opponents keep their tricks
        (3, {"opponents_keep_tricks": True}, {"tricks": [1, 1, 3], "renege": 0}, (-2, 2, 6)),
    ],
)
def test_spec_worked_examples(n, options, raw, scores):
    assert score(n, raw, **options).scores == scores


def test_worked_example_explanations():
    assert score(3, {"tricks": [1, 1, 3], "renege": 0}).explanation == (
        "opponent's bonus hand: -1; Ann reneged: -2",
        "opponent's bonus hand: -1; renege by Ann: +2",
        "Cid took 3 of 5: bonus +4; renege by Ann: +2",
    )
    assert score(4, {"tricks": [0, 4, 1, 0], "alone": 1}).explanation == (
        "opponent's bonus hand: -2",
        "Bob took 4 of 5 alone: bonus +6",
    )
    assert score(4, {"tricks": [2, 1, 1, 1]}).explanation == ("3 tricks: +3", "2 tricks: +2")


# --------------------------------------------------------------------------- player counts


@pytest.mark.parametrize(
    ("n", "sides", "cards"),
    [
        (2, ((0,), (1,)), 5),
        (3, ((0,), (1,), (2,)), 5),
        (4, ((0, 2), (1, 3)), 5),
        (5, ((0,), (1, 3), (2, 4)), 4),
        (6, ((0, 3), (1, 4), (2, 5)), 4),
    ],
)
def test_sides_and_cards_per_player_count(n, sides, cards):
    t = table(n)
    assert t.sides == sides
    state = GAME.initial_state(t)
    assert state.next == {"round": 1, "dealer": 0, "cards": cards, "tricks": cards}
    assert state.totals == (0,) * len(sides)
    with pytest.raises(RoundError, match=f"tricks must add up to {cards}, got {cards + 1}"):
        GAME.play(t, state, {"tricks": [cards, 1] + [0] * (n - 2)})
    with pytest.raises(RoundError, match=f"tricks of Ann must be at most {cards}, got {cards + 1}"):
        GAME.play(t, state, {"tricks": [cards + 1] + [0] * (n - 1)})


@pytest.mark.parametrize("n", [1, 7, 0])
def test_player_count_outside_2_to_6_is_refused(n):
    with pytest.raises(OptionError, match=f"Nameless is played by 2 to 6 players, got {n}"):
        GAME.table(NAMES[:n] if n <= 6 else (*NAMES, "Gus"))


def test_dealer_passes_to_the_left():
    t = table(3, first_dealer=1)
    state = GAME.initial_state(t)
    dealers = []
    for _ in range(4):
        dealers.append(state.next["dealer"])
        state = GAME.play(t, state, {"tricks": [2, 2, 1]})
    assert dealers == [1, 2, 0, 1]


# --------------------------------------------------------------------------- scoring table


@pytest.mark.parametrize(
    ("n", "options", "raw", "scores"),
    [
        # individual mode, 3 players: bonus hands of 3, 4 and 5 tricks
        (3, {}, {"tricks": [3, 1, 1]}, (4, -1, -1)),
        (3, {}, {"tricks": [3, 2, 0]}, (4, -1, -1)),
        (3, {}, {"tricks": [0, 4, 1]}, (-2, 6, -2)),
        (3, {}, {"tricks": [0, 0, 5]}, (-3, -3, 7)),
        (3, {}, {"tricks": [2, 2, 1]}, (2, 2, 1)),
        (3, {}, {"tricks": [1, 2, 2]}, (1, 2, 2)),
        # individual mode, 2 players: somebody always takes 3 or more
        (2, {}, {"tricks": [3, 2]}, (4, -1)),
        (2, {}, {"tricks": [1, 4]}, (-2, 6)),
        (2, {}, {"tricks": [5, 0]}, (7, -3)),
        # opponents keep their tricks minus the penalty
        (3, {"opponents_keep_tricks": True}, {"tricks": [3, 2, 0]}, (4, 1, -1)),
        (3, {"opponents_keep_tricks": True}, {"tricks": [1, 4, 0]}, (-1, 6, -2)),
        (3, {"opponents_keep_tricks": True}, {"tricks": [0, 0, 5]}, (-3, -3, 7)),
        (2, {"opponents_keep_tricks": True}, {"tricks": [2, 3]}, (1, 4)),
        (2, {"opponents_keep_tricks": True}, {"tricks": [4, 1]}, (6, -1)),
        # partnership, no one alone: each team its tricks, even 3+ by one player
        (4, {}, {"tricks": [3, 0, 0, 2]}, (3, 2)),
        (4, {}, {"tricks": [5, 0, 0, 0]}, (5, 0)),
        (4, {}, {"tricks": [0, 4, 1, 0]}, (1, 4)),
        # alone: 3, 4, 5 tricks earn the bonus for the loner's team
        (4, {}, {"tricks": [3, 1, 0, 1], "alone": 0}, (4, -1)),
        (4, {}, {"tricks": [1, 0, 0, 4], "alone": 3}, (-2, 6)),
        (4, {}, {"tricks": [0, 0, 5, 0], "alone": 2}, (7, -3)),
        # alone with 2 or fewer: counted as usual
        (4, {}, {"tricks": [2, 2, 0, 1], "alone": 0}, (2, 3)),
        (4, {}, {"tricks": [3, 0, 0, 2], "alone": 3}, (3, 2)),
        (4, {}, {"tricks": [3, 0, 2, 0], "alone": 1}, (5, 0)),
        # alone, opponents keep their tricks
        (4, {"opponents_keep_tricks": True}, {"tricks": [3, 1, 0, 1], "alone": 0}, (4, 1)),
        (4, {"opponents_keep_tricks": True}, {"tricks": [1, 0, 0, 4], "alone": 3}, (-1, 6)),
        # 5 and 6 players: 1 per trick per side, no bonus even for 4 of 4
        (5, {}, {"tricks": [4, 0, 0, 0, 0]}, (4, 0, 0)),
        (5, {}, {"tricks": [0, 3, 0, 1, 0]}, (0, 4, 0)),
        (5, {}, {"tricks": [1, 1, 1, 0, 1]}, (1, 1, 2)),
        (6, {}, {"tricks": [0, 4, 0, 0, 0, 0]}, (0, 4, 0)),
        (6, {}, {"tricks": [1, 0, 1, 1, 0, 1]}, (2, 0, 2)),
        (6, {"opponents_keep_tricks": True}, {"tricks": [3, 0, 0, 0, 0, 1]}, (3, 0, 1)),
        # renege: reneging side -2, every other side +2, on top of the hand
        (4, {}, {"tricks": [2, 1, 1, 1], "renege": 2}, (1, 4)),
        (4, {}, {"tricks": [2, 1, 1, 1], "renege": 3}, (5, 0)),
        (4, {}, {"tricks": [0, 4, 1, 0], "alone": 1, "renege": 1}, (0, 4)),
        (2, {}, {"tricks": [3, 2], "renege": 0}, (2, 1)),
        (5, {}, {"tricks": [1, 1, 1, 0, 1], "renege": 0}, (-1, 3, 4)),
        (6, {}, {"tricks": [1, 0, 1, 1, 0, 1], "renege": 4}, (4, -2, 4)),
        (3, {}, {"tricks": [2, 2, 1], "renege": None, "alone": None}, (2, 2, 1)),
    ],
)
def test_scoring(n, options, raw, scores):
    assert score(n, raw, **options).scores == scores


@pytest.mark.parametrize(
    ("n", "options", "raw", "explanation"),
    [
        (3, {}, {"tricks": [0, 0, 5]}, ("opponent's bonus hand: -3", "opponent's bonus hand: -3",
                                         "Cid took 5 of 5: bonus +7")),
        (3, {"opponents_keep_tricks": True}, {"tricks": [3, 2, 0]},
         ("Ann took 3 of 5: bonus +4", "2 tricks - 1 for the bonus hand = +1",
          "0 tricks - 1 for the bonus hand = -1")),
        (5, {}, {"tricks": [1, 1, 1, 0, 1], "renege": 0},
         ("1 trick: +1; Ann reneged: -2", "1 trick: +1; renege by Ann: +2", "2 tricks: +2; renege by Ann: +2")),
        (6, {}, {"tricks": [0, 4, 0, 0, 0, 0]}, ("0 tricks: 0", "4 tricks: +4", "0 tricks: 0")),
    ],
)
def test_explanations(n, options, raw, explanation):
    assert score(n, raw, **options).explanation == explanation


# --------------------------------------------------------------------------- end of match


def test_match_ends_when_a_side_reaches_20_alone_on_top():
    t = table(3)
    state = GAME.initial_state(t)
    totals = []
    for _ in range(3):
        state = GAME.play(t, state, {"tricks": [5, 0, 0]})
        totals.append(state.totals)
    assert totals == [(7, -3, -3), (14, -6, -6), (21, -9, -9)]
    assert state.finished
    assert state.winners == (0,)
    assert state.next is None
    with pytest.raises(MatchFinishedError) as caught:
        GAME.play(t, state, {"tricks": [5, 0, 0]})
    assert caught.value.code == "match_finished"


def test_reaching_exactly_20_wins():
    t = table(4)
    # side 1 takes all 5 tricks, four times: exactly 20
    state = GAME.replay(t, [{"tricks": [0, 3, 0, 2]}] * 4)
    assert state.totals == (0, 20)
    assert state.finished and state.winners == (1,)


def test_tie_at_the_top_plays_on():
    t = table(4)
    even_a = {"tricks": [3, 0, 0, 2]}  # side 0: 3, side 1: 2
    even_b = {"tricks": [0, 3, 2, 0]}  # side 0: 2, side 1: 3
    state = GAME.replay(t, [even_a, even_b] * 4)
    assert state.totals == (20, 20)
    assert not state.finished
    assert state.winners == ()
    assert state.next["round"] == 9
    state = GAME.play(t, state, even_b)
    assert state.totals == (22, 23)
    assert state.finished and state.winners == (1,)


def test_below_target_does_not_end():
    t = table(2)
    state = GAME.replay(t, [{"tricks": [5, 0]}, {"tricks": [5, 0]}])
    assert state.totals == (14, -6)
    assert not state.finished


def test_target_option():
    t = table(2, target=7)
    state = GAME.play(t, GAME.initial_state(t), {"tricks": [5, 0]})
    assert state.finished and state.winners == (0,)
    with pytest.raises(OptionError):
        table(2, target=0)


def test_replay_refuses_rounds_after_the_end():
    t = table(3, target=7)
    with pytest.raises(RoundError) as caught:
        GAME.replay(t, [{"tricks": [5, 0, 0]}, {"tricks": [5, 0, 0]}])
    assert caught.value.code == "match_ends_early"
    assert caught.value.round_number == 2


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("n", "raw", "code", "field", "fragment"),
    [
        (3, {"tricks": [3, 1, 1], "alone": 0}, "alone_players", "alone", "only possible with 4 players"),
        (2, {"tricks": [3, 2], "alone": 1}, "alone_players", "alone", "only possible with 4 players"),
        (6, {"tricks": [1, 0, 1, 1, 0, 1], "alone": 1}, "alone_players", "alone", "only possible with 4 players"),
        (4, {"tricks": [3, 0, 1, 1], "alone": 0}, "alone_partner_tricks", "tricks",
         "Ann went alone, so partner Cid must take 0 tricks, got 1"),
        (4, {"tricks": [0, 2, 0, 3], "alone": 3}, "alone_partner_tricks", "tricks",
         "Dan went alone, so partner Bob must take 0 tricks, got 2"),
        (4, {"tricks": [2, 1, 1, 0]}, "tricks_sum", "tricks", "tricks must add up to 5, got 4"),
        (5, {"tricks": [1, 1, 1, 1, 1]}, "tricks_sum", "tricks", "tricks must add up to 4, got 5"),
        (4, {"tricks": [6, 0, 0, -1]}, "range", "tricks.0", "tricks of Ann must be at most 5, got 6"),
        (4, {"tricks": [2, -1, 2, 2]}, "range", "tricks.1", "tricks of Bob must be at least 0, got -1"),
        (4, {"tricks": [2, 1, 1]}, "length", "tricks", "tricks must have 4 entries"),
        (4, {"tricks": [2, 1, 1, "1"]}, "type", "tricks.3", "tricks of Dan must be a whole number"),
        (4, {"tricks": [2, 1, 1, 1.0]}, "type", "tricks.3", "tricks of Dan must be a whole number"),
        (4, {"tricks": [2, 1, True, 1]}, "type", "tricks.2", "tricks of Cid must be a whole number"),
        (4, {"tricks": "2111"}, "type", "tricks", "tricks must be a list"),
        (4, {}, "field_missing", "tricks", "tricks is required"),
        (4, {"tricks": [2, 1, 1, 1], "trumps": "hearts"}, "field_unknown", "trumps", "unknown round field 'trumps'"),
        (4, {"tricks": [2, 1, 1, 1], "Alone": 1}, "field_unknown", "Alone", "unknown round field 'Alone'"),
        (4, {"tricks": [2, 1, 1, 1], "alone": 4}, "range", "alone", "alone must be at most 3, got 4"),
        (4, {"tricks": [2, 1, 1, 1], "alone": -1}, "range", "alone", "alone must be at least 0"),
        (4, {"tricks": [2, 1, 1, 1], "alone": "Bob"}, "type", "alone", "alone must be a whole number"),
        (4, {"tricks": [2, 1, 1, 1], "renege": True}, "type", "renege", "renege must be a whole number"),
        (3, {"tricks": [2, 2, 1], "renege": 3}, "range", "renege", "renege must be at most 2, got 3"),
        (4, None, "round_type", None, "a round must be a JSON object"),
        (4, [2, 1, 1, 1], "round_type", None, "a round must be a JSON object"),
        (4, "tricks", "round_type", None, "a round must be a JSON object"),
        (4, 5, "round_type", None, "a round must be a JSON object"),
    ],
)
def test_refusals(n, raw, code, field, fragment):
    t = table(n)
    with pytest.raises(RoundError) as caught:
        GAME.play(t, GAME.initial_state(t), raw)
    assert caught.value.code == code
    assert caught.value.field == field
    assert fragment in caught.value.message


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"target": "20"}, "option_type"),
        ({"target": 0}, "option_range"),
        ({"opponents_keep_tricks": 1}, "option_type"),
        ({"first_dealer": 4}, "option_range"),
        ({"goal": 20}, "option_unknown"),
    ],
)
def test_option_refusals(options, code):
    with pytest.raises(OptionError) as caught:
        GAME.table(NAMES[:4], options)
    assert caught.value.code == code


# --------------------------------------------------------------------------- properties


json_like = json_like_values()
hand_like = st.fixed_dictionaries(
    {},
    optional={
        "tricks": json_like | st.lists(st.integers(-2, 7), max_size=7),
        "alone": json_like | st.integers(-1, 6),
        "renege": json_like | st.integers(-1, 6),
    },
)
TABLES = {n: table(n) for n in range(2, 7)}
STATES = {n: GAME.initial_state(t) for n, t in TABLES.items()}


@settings(max_examples=200, deadline=None)
@given(raw=json_like | hand_like, n=st.integers(2, 6))
def test_garbage_only_ever_raises_round_error(raw, n):
    try:
        GAME.play(TABLES[n], STATES[n], raw)
    except RoundError:
        pass


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_legal_hand_hands_out_trick_points_or_a_bonus(data):
    n = data.draw(st.integers(2, 6), label="players")
    t = TABLES[n]
    total = STATES[n].next["tricks"]
    cuts = sorted(data.draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1), label="cuts"))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    result = GAME.play(t, STATES[n], {"tricks": tricks}).rounds[-1].score
    side_tricks = tuple(sum(tricks[seat] for seat in side) for side in t.sides)
    if n <= 3 and max(tricks) >= 3:
        bonus_seat = tricks.index(max(tricks))
        won, lost = {3: (4, 1), 4: (6, 2), 5: (7, 3)}[max(tricks)]
        assert result.scores == tuple(won if seat == bonus_seat else -lost for seat in range(n))
    else:
        assert result.scores == side_tricks


def test_keep_tricks_note_says_1_trick():
    assert score(3, {"tricks": [1, 1, 3]}, opponents_keep_tricks=True).explanation[0] == (
        "1 trick - 1 for the bonus hand = 0"
    )
