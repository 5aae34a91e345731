"""Spades rules: scoring tables, the spec's worked examples, options, endings, refusals, properties."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.games import OptionError, RoundError, get_game
from scorekeeper.engine.games.spades import SpadesHand, score_hand
from tests.support.strategies import json_leaves, json_like

GAME = get_game("spades")
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
ALL_CALLS = ["blind_seven", "ten_for_200", "moon"]

BOOK = {
    "first_dealer": 0,
    "preset": "book",
    "nil_value": 50,
    "blind_nil_value": 100,
    "nil_tricks_count": True,
    "blind_nil_deficit": 100,
    "nil_per_side": 1,
    "overtricks": "bags",
    "bag_limit": 10,
    "bag_penalty": 100,
    "target": 500,
    "loss_threshold": None,
    "special_calls": [],
    "min_team_bid": 0,
    "bids_total_13": True,
    "failed_nil_bags": False,
    "max_rounds": None,
}


def make_table(options=None):
    return GAME.table(PLAYERS, options or {})


def replay(hands, options=None):
    return GAME.replay(make_table(options), hands)


def hand(bids, tricks, calls=None):
    raw = {"bids": bids, "tricks": tricks}
    if calls is not None:
        raw["calls"] = calls
    return raw


# Side 0 bids 13 and takes every trick, side 1 bids 1 and is set: +130 / -10.
SLAM = hand([13, 1, 0, 0], [13, 0, 0, 0])


# --------------------------------------------------------------------------- identity


def test_identity_and_sides():
    table = make_table()
    assert (GAME.id, GAME.name, GAME.min_players, GAME.max_players) == ("spades", "Spades", 4, 4)
    assert table.sides == ((0, 2), (1, 3))
    assert table.side_name(0) == "Ann & Cid"
    assert GAME.describe()["presets"]["classic"]["nil_value"] == 100


# --------------------------------------------------------------------------- worked examples


def test_worked_example_nil_failed_tricks_still_count():
    state = replay([hand([4, "nil", 3, 2], [5, 1, 4, 3])])
    (round_,) = state.rounds
    assert round_.score.scores == (72, -28)
    assert round_.score.explanation == (
        "bid 7, took 9: +72, 2 bags",
        "bid 2, took 4: +22, 2 bags; nil by Bob failed: -50",
    )
    assert round_.score.details == {"bags": [2, 2], "bag_penalties": [0, 0]}
    assert state.totals == (72, -28)
    assert state.details == {"bags": [2, 2]}
    assert state.next["bags"] == [2, 2]


# Hands that bring Ann & Cid to 488 points and 8 bags: 3 x 130, then 54 (4 bags), 44 (4 bags).
TO_488 = [
    SLAM,
    SLAM,
    SLAM,
    hand([5, 4, 0, 0], [9, 4, 0, 0]),
    hand([4, 5, 0, 0], [8, 5, 0, 0]),
]
BOOK_SANDBAG = hand([5, 4, 0, 0], [9, 4, 0, 0])


def test_worked_example_sandbagging_by_replay():
    before = replay(TO_488)
    assert before.totals == (488, 60)
    assert before.next["bags"] == [8, 0]
    after = replay([*TO_488, BOOK_SANDBAG])
    last = after.rounds[-1].score
    assert last.scores == (54 - 100, 40)
    assert after.totals == (442, 100)
    assert last.details == {"bags": [2, 0], "bag_penalties": [1, 0]}
    assert last.explanation[0] == "bid 5, took 9: +54, 4 bags; 12 bags: sandbagging -100, 2 bags carried"
    assert after.details == {"bags": [2, 0]}
    assert not after.finished


def test_worked_example_sandbagging_pure_function():
    table = make_table()
    parsed = SpadesHand(bids=(5, 4, 0, 0), tricks=(9, 4, 0, 0), calls=(None, None))
    score = score_hand(table, parsed, (8, 0))
    assert score.scores == (-46, 40)
    assert 488 + score.scores[0] == 442
    assert score.details == {"bags": [2, 0], "bag_penalties": [1, 0]}


# --------------------------------------------------------------------------- scoring tables


SCORING = [
    # (options, hand, scores per side, bags per side after)
    pytest.param({}, hand([4, "nil", 3, 2], [5, 0, 4, 4]), (72, 72), [2, 2], id="nil-made"),
    pytest.param({}, hand([6, 3, 5, 2], [5, 4, 3, 1]), (-110, 50), [0, 0], id="contract-missed"),
    pytest.param({}, hand([7, 0, 0, 2], [4, 1, 4, 4]), (71, 23), [1, 3], id="zero-on-one-partner"),
    pytest.param({}, hand([13, 1, 0, 0], [13, 0, 0, 0]), (130, -10), [0, 0], id="thirteen"),
    pytest.param(
        {"preset": "classic"}, hand([4, "nil", 3, 2], [5, 1, 4, 3]), (72, -79), [2, 1], id="classic-nil-tricks-lost"
    ),
    pytest.param(
        {"preset": "classic"}, hand([4, "nil", 3, 2], [5, 0, 4, 4]), (72, 122), [2, 2], id="classic-nil-made"
    ),
    pytest.param(
        {"blind_nil_deficit": None}, hand([3, "blind_nil", 4, 5], [4, 0, 5, 4]), (72, 50), [2, 0], id="blind-nil-made"
    ),
    pytest.param(
        {"blind_nil_deficit": None},
        hand([3, "blind_nil", 4, 5], [4, 1, 5, 3]),
        (72, -150),
        [2, 0],
        id="blind-nil-failed",
    ),
    pytest.param(
        {"nil_per_side": 2}, hand(["nil", 3, "nil", 4], [0, 6, 0, 7]), (100, 76), [0, 6], id="two-nils-made"
    ),
    pytest.param(
        {"nil_per_side": 2}, hand(["nil", 3, "nil", 4], [1, 6, 0, 6]), (0, 75), [0, 5], id="two-nils-one-failed"
    ),
    pytest.param(
        {"nil_per_side": 2, "blind_nil_deficit": None},
        hand(["blind_nil", 3, "nil", 4], [2, 5, 1, 5]),
        (-150, 73),
        [0, 3],
        id="two-nils-both-failed-no-bags",
    ),
    pytest.param(
        {"overtricks": "minus_one"}, hand([4, "nil", 3, 2], [5, 1, 4, 3]), (68, -32), [0, 0], id="minus-one"
    ),
    pytest.param(
        {"overtricks": "minus_one"}, hand([6, 3, 5, 2], [5, 4, 3, 1]), (-110, 50), [0, 0], id="minus-one-missed"
    ),
    pytest.param(
        {"nil_value": 75, "preset": "classic"},
        hand([4, "nil", 3, 2], [5, 0, 4, 4]),
        (72, 97),
        [2, 2],
        id="explicit-nil-value",
    ),
]


@pytest.mark.parametrize(("options", "raw", "scores", "bags"), SCORING)
def test_scoring(options, raw, scores, bags):
    state = replay([raw], options)
    assert state.rounds[0].score.scores == scores
    assert state.rounds[0].score.details["bags"] == bags
    assert state.next["bags"] == bags


CALLS = [
    # (special_calls, overtricks, hand, scores, bags, explanation of side 0)
    pytest.param(
        ALL_CALLS, "bags", hand([None, 2, None, 3], [4, 2, 4, 3], ["blind_seven", None]),
        (141, 50), [1, 0], "blind seven, took 8: +141, 1 bag", id="blind-seven-made",
    ),
    pytest.param(
        ["blind_seven"], "bags", hand([None, 2, None, 3], [4, 3, 3, 3], ["blind_seven", None]),
        (140, 51), [0, 1], "blind seven, took 7: +140", id="blind-seven-exactly",
    ),
    pytest.param(
        ALL_CALLS, "bags", hand([None, 2, None, 3], [3, 4, 3, 3], ["blind_seven", None]),
        (-140, 52), [0, 2], "blind seven, took 6: -140", id="blind-seven-failed",
    ),
    pytest.param(
        ["blind_seven"], "minus_one", hand([None, 2, None, 3], [4, 2, 4, 3], ["blind_seven", None]),
        (139, 50), [0, 0], "blind seven, took 8: +139", id="blind-seven-minus-one",
    ),
    pytest.param(
        ALL_CALLS, "bags", hand([None, 2, None, 3], [5, 1, 5, 2], ["ten_for_200", None]),
        (200, -50), [0, 0], "ten for 200, took 10: +200", id="ten-for-200-made",
    ),
    pytest.param(
        ALL_CALLS, "bags", hand([None, 1, None, 1], [6, 1, 5, 1], ["ten_for_200", None]),
        (-200, 20), [0, 0], "ten for 200, took 11: -200", id="ten-for-200-over",
    ),
    pytest.param(
        ["ten_for_200"], "bags", hand([None, 2, None, 2], [5, 2, 4, 2], ["ten_for_200", None]),
        (-200, 40), [0, 0], "ten for 200, took 9: -200", id="ten-for-200-under",
    ),
    pytest.param(
        ALL_CALLS, "bags", hand([None, 1, None, 1], [7, 0, 6, 0], ["moon", None]),
        (500, -20), [0, 0], "moon, took 13: +500", id="moon-made-with-ten-for-200",
    ),
    pytest.param(
        ["moon"], "bags", hand([None, 1, None, 1], [7, 0, 6, 0], ["moon", None]),
        (200, -20), [0, 0], "moon, took 13: +200", id="moon-made",
    ),
    pytest.param(
        ALL_CALLS, "bags", hand([None, 1, None, 1], [6, 1, 6, 0], ["moon", None]),
        (-500, -20), [0, 0], "moon, took 12: -500", id="moon-failed-with-ten-for-200",
    ),
    pytest.param(
        ["moon", "blind_seven"], "bags", hand([None, 1, None, 1], [6, 1, 6, 0], ["moon", None]),
        (-200, -20), [0, 0], "moon, took 12: -200", id="moon-failed",
    ),
    pytest.param(
        ALL_CALLS, "bags", hand([None, None, None, None], [5, 3, 5, 0], ["ten_for_200", "blind_seven"]),
        (200, -140), [0, 0], "ten for 200, took 10: +200", id="both-sides-call",
    ),
]


@pytest.mark.parametrize(("calls", "overtricks", "raw", "scores", "bags", "note"), CALLS)
def test_special_calls(calls, overtricks, raw, scores, bags, note):
    state = replay([raw], {"special_calls": calls, "overtricks": overtricks})
    score = state.rounds[0].score
    assert score.scores == scores
    assert score.details["bags"] == bags
    assert score.explanation[0] == note


def test_special_call_bags_count_toward_sandbagging():
    options = {"special_calls": ["blind_seven"]}
    table = make_table(options)
    raw = hand([None, 1, None, 0], [6, 0, 6, 1], ["blind_seven", None])
    parsed = GAME.parse_round(table, GAME.initial_state(table), raw)
    score = score_hand(table, parsed, (7, 0))
    assert score.scores == (145 - 100, 10)
    assert score.details == {"bags": [2, 0], "bag_penalties": [1, 0]}


def test_explanations_of_nil_and_blind_nil():
    state = replay([hand([4, "blind_nil", 3, 2], [5, 0, 4, 4])], {"blind_nil_deficit": None})
    assert state.rounds[0].score.explanation[1] == "bid 2, took 4: +22, 2 bags; blind nil by Bob made: +100"
    state = replay([hand(["nil", "nil", 3, 2], [0, 1, 4, 8])], {"nil_per_side": 2})
    assert state.rounds[0].score.explanation == (
        "bid 3, took 4: +31, 1 bag; nil by Ann made: +50",
        "bid 2, took 9: +27, 7 bags; nil by Bob failed: -50",
    )
    state = replay([hand(["nil", 3, "nil", 4], [0, 6, 0, 7])], {"nil_per_side": 2})
    assert state.rounds[0].score.explanation[0] == (
        "no contract (both bid nil); nil by Ann made: +50; nil by Cid made: +50"
    )


def test_several_penalties_in_one_hand():
    table = make_table({"bag_limit": 3, "bag_penalty": 40})
    parsed = SpadesHand(bids=(2, 3, 0, 0), tricks=(7, 6, 0, 0), calls=(None, None))
    score = score_hand(table, parsed, (2, 0))
    # side 0: 20 + 5 overtricks, 7 bags -> two penalties, 1 carried; side 1: 30 + 3, 3 bags -> one.
    assert score.scores == (25 - 80, 33 - 40)
    assert score.details == {"bags": [1, 0], "bag_penalties": [2, 1]}
    assert score.explanation[0] == "bid 2, took 7: +25, 5 bags; 7 bags: sandbagging 2 × -40 = -80, 1 bag carried"
    assert score.explanation[1] == "bid 3, took 6: +33, 3 bags; 3 bags: sandbagging -40, 0 bags carried"


def test_minus_one_never_sandbags():
    table = make_table({"overtricks": "minus_one"})
    parsed = SpadesHand(bids=(1, 1, 0, 0), tricks=(12, 1, 0, 0), calls=(None, None))
    score = score_hand(table, parsed, (0, 0))
    assert score.scores == (10 - 11, 10)
    assert score.details == {"bags": [0, 0], "bag_penalties": [0, 0]}


# --------------------------------------------------------------------------- options


def test_book_defaults():
    assert make_table().options == BOOK


def test_classic_preset_values():
    options = make_table({"preset": "classic"}).options
    assert options == {**BOOK, "preset": "classic", "nil_value": 100, "blind_nil_value": 200, "nil_tricks_count": False}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"preset": "classic", "nil_value": 75}, {"nil_value": 75, "blind_nil_value": 200, "nil_tricks_count": False}),
        ({"preset": "classic", "nil_tricks_count": True}, {"nil_value": 100, "nil_tricks_count": True}),
        ({"preset": "book", "blind_nil_value": 300}, {"nil_value": 50, "blind_nil_value": 300}),
        ({"nil_tricks_count": False}, {"preset": "book", "nil_value": 50, "nil_tricks_count": False}),
        ({"blind_nil_deficit": None, "loss_threshold": -200}, {"blind_nil_deficit": None, "loss_threshold": -200}),
        ({"special_calls": ["moon", "blind_seven"]}, {"special_calls": ["moon", "blind_seven"]}),
    ],
)
def test_explicit_option_beats_preset(raw, expected):
    options = make_table(raw).options
    assert {name: options[name] for name in expected} == expected


@pytest.mark.parametrize(
    ("raw", "code", "fragment"),
    [
        ({"bogus": 1}, "option_unknown", "unknown option 'bogus'"),
        ({"nil_value": "50"}, "option_type", "nil_value must be a whole number"),
        ({"nil_value": 12.5}, "option_type", "nil_value must be a whole number"),
        ({"nil_value": -1}, "option_range", "at least 0"),
        ({"bag_limit": 0}, "option_range", "bag_limit must be at least 1"),
        ({"target": 0}, "option_range", "target must be at least 1"),
        ({"target": None}, "option_null", "target may not be null"),
        ({"target": 10**5000}, "option_range", "option target must be at most 1000000, got a number far too large"),
        ({"special_calls": [10**5000]}, "option_choice", "a number far too large is not one of"),
        ({10**5000: 1}, "option_unknown", "unknown option a number far too large"),
        ({"loss_threshold": 0}, "option_range", "loss_threshold must be at most -1"),
        ({"nil_per_side": 3}, "option_choice", "nil_per_side must be one of 1, 2"),
        ({"nil_tricks_count": 1}, "option_type", "true or false"),
        ({"overtricks": "bag"}, "option_choice", "overtricks must be one of bags, minus_one"),
        ({"preset": "modern"}, "option_choice", "preset must be one of book, classic"),
        ({"preset": None}, "option_null", "preset may not be null"),
        ({"special_calls": ["blind_seven", "misdeal"]}, "option_choice", "'misdeal' is not one of"),
        ({"special_calls": "moon"}, "option_type", "special_calls must be a list"),
        ({"special_calls": ["moon", "moon"]}, "option_duplicate", "twice"),
        ({"special_calls": [["moon"]]}, "option_choice", "is not one of"),
        ({"first_dealer": 4}, "option_range", "first_dealer"),
    ],
)
def test_option_refusals(raw, code, fragment):
    with pytest.raises(OptionError) as caught:
        make_table(raw)
    assert caught.value.code == code
    assert fragment in caught.value.message


def test_options_must_be_an_object_and_players_four():
    with pytest.raises(OptionError):
        GAME.table(PLAYERS, ["preset"])
    with pytest.raises(OptionError) as caught:
        GAME.table(PLAYERS[:3], {})
    assert caught.value.code == "player_count"
    assert "exactly 4" in caught.value.message


# --------------------------------------------------------------------------- end of match


def test_target_ends_the_match():
    state = replay([SLAM] * 3)
    assert state.totals == (390, -30)
    assert not state.finished
    state = replay([SLAM] * 4)
    assert state.totals == (520, -40)
    assert state.finished
    assert state.winners == (0,)
    assert state.next is None


# Ann & Cid bid 2 take 2 (20), Bob & Dee bid 1 take 11 (20, 10 bags): a tie at target 20.
TIE = hand([2, 1, 0, 0], [2, 11, 0, 0])


def test_tie_at_target_plays_on():
    options = {"target": 20, "bag_limit": 50}
    state = replay([TIE], options)
    assert state.totals == (20, 20)
    assert not state.finished
    state = replay([TIE, hand([1, 1, 0, 0], [2, 11, 0, 0])], options)
    assert state.totals == (31, 40)
    assert state.finished
    assert state.winners == (1,)


def test_loss_threshold_one_side_sunk():
    sunk = hand([13, 13, 0, 0], [0, 13, 0, 0])
    state = replay([sunk], {"loss_threshold": -200})
    assert state.totals == (-130, 130)
    assert not state.finished
    state = replay([sunk, sunk], {"loss_threshold": -200})
    assert state.totals == (-260, 260)
    assert state.finished
    assert state.winners == (1,)


def test_loss_threshold_at_exactly_the_threshold():
    state = replay([hand([13, 13, 0, 0], [0, 13, 0, 0])], {"loss_threshold": -130})
    assert state.finished
    assert state.winners == (1,)


def test_loss_threshold_both_sunk():
    both_set = hand([13, 13, 0, 0], [6, 7, 0, 0])
    state = replay([both_set], {"loss_threshold": -100})
    assert state.totals == (-130, -130)
    assert not state.finished  # both sunk and level: play on
    state = replay([both_set, hand([1, 13, 0, 0], [6, 7, 0, 0])], {"loss_threshold": -100})
    assert state.totals == (-115, -260)
    assert state.finished
    assert state.winners == (0,)


def test_without_loss_threshold_negative_totals_play_on():
    sunk = hand([13, 13, 0, 0], [0, 13, 0, 0])
    state = replay([sunk] * 3)
    assert state.totals == (-390, 390)
    assert not state.finished


def test_match_ending_before_a_recorded_round_is_refused():
    with pytest.raises(RoundError) as caught:
        replay([SLAM] * 5)
    assert caught.value.code == "match_ends_early"


# --------------------------------------------------------------------------- hints


def test_hints():
    state = replay([])
    assert state.next == {"round": 1, "dealer": 0, "bags": [0, 0], "blind_nil_allowed": [False, False]}
    state = replay([SLAM])  # 130 to -10: Bob & Dee are 140 behind
    assert state.next == {"round": 2, "dealer": 1, "bags": [0, 0], "blind_nil_allowed": [False, True]}
    state = replay([], {"blind_nil_deficit": None, "first_dealer": 3})
    assert state.next == {"round": 1, "dealer": 3, "bags": [0, 0], "blind_nil_allowed": [True, True]}


def test_blind_nil_when_behind():
    state = replay([SLAM, hand([4, "blind_nil", 4, 3], [4, 0, 4, 5])])
    assert state.rounds[1].score.scores == (80, 132)
    assert state.totals == (210, 122)


def test_editing_an_earlier_round_can_invalidate_a_blind_nil():
    with pytest.raises(RoundError) as caught:
        replay([hand([13, 1, 0, 0], [12, 1, 0, 0]), hand([4, "blind_nil", 4, 3], [4, 0, 4, 5])])
    assert caught.value.round_number == 2
    assert caught.value.code == "blind_nil_not_allowed"
    assert caught.value.message.startswith("round 2: ")


# --------------------------------------------------------------------------- refusals

OK_BIDS = [4, 3, 3, 2]
OK_TRICKS = [4, 3, 3, 3]
# Ann & Cid 81 (bid 8, took 9), Bob & Dee 40 (bid 4, took 4): Bob & Dee are 41 behind.
BEHIND_41 = hand([4, 2, 4, 2], [5, 2, 4, 2])

REFUSALS = [
    # (options, earlier hands, input, code, field, message fragment)
    ({}, [], None, "round_type", None, "a round must be a JSON object"),
    ({}, [], [4, 3, 3, 2], "round_type", None, "JSON object"),
    ({}, [], "bids", "round_type", None, "JSON object"),
    ({}, [], {}, "field_missing", "bids", "bids is required"),
    ({}, [], {"bids": OK_BIDS}, "field_missing", "tricks", "tricks is required"),
    ({}, [], {"bids": OK_BIDS, "tricks": OK_TRICKS, "bid": 1}, "field_unknown", "bid", "unknown round field 'bid'"),
    ({}, [], hand("4,3,3,2", OK_TRICKS), "type", "bids", "bids must be a list"),
    ({}, [], hand([4, 3, 3], OK_TRICKS), "length", "bids", "bids must have 4 entries"),
    ({}, [], hand([14, 3, 3, 2], OK_TRICKS), "bid_range", "bids.0", "bid of Ann must be 0 to 13, got 14"),
    ({}, [], hand([4, -1, 3, 2], OK_TRICKS), "bid_range", "bids.1", "bid of Bob must be 0 to 13, got -1"),
    ({}, [], hand([4, 3, 10**5000, 2], OK_TRICKS), "bid_range", "bids.2", "far too large"),
    ({}, [], hand([4.0, 3, 3, 2], OK_TRICKS), "bid_type", "bids.0", "bid of Ann must be 0 to 13"),
    ({}, [], hand([True, 3, 3, 2], OK_TRICKS), "bid_type", "bids.0", "got True"),
    ({}, [], hand(["Nil", 3, 3, 2], OK_TRICKS), "bid_type", "bids.0", '"nil" or "blind_nil"'),
    ({}, [], hand([[4], 3, 3, 2], OK_TRICKS), "bid_type", "bids.0", "got [4]"),
    ({}, [], hand([4, 3, 3, None], OK_TRICKS), "bid_missing", "bids.3", "Dee needs a bid"),
    ({}, [], hand(OK_BIDS, [4, 3, 3, 2]), "tricks_sum", "tricks", "tricks must add up to 13, got 12"),
    ({}, [], hand(OK_BIDS, [14, -1, 0, 0]), "range", "tricks.0", "at most 13"),
    ({}, [], hand(OK_BIDS, [4, -1, 5, 5]), "range", "tricks.1", "tricks of Bob must be at least 0"),
    ({}, [], hand(OK_BIDS, [10**5000, 0, 0, 0]), "range", "tricks.0", "far too large"),
    ({}, [], hand(OK_BIDS, [4, 3, "3", 3]), "type", "tricks.2", "whole number"),
    ({}, [], hand(OK_BIDS, {"0": 13}), "type", "tricks", "one entry per seat"),
    ({}, [], hand([7, 3, 7, 2], OK_TRICKS), "contract_range", "bids", "Ann & Cid's contract must be 1 to 13, got 14"),
    ({}, [], hand([4, 0, 3, 0], OK_TRICKS), "contract_range", "bids", "Bob & Dee bid 0 tricks together"),
    ({}, [], hand(["nil", 3, 0, 2], OK_TRICKS), "contract_range", "bids", "the partner of a nil bids at least 1"),
    ({}, [], hand(["nil", 3, "nil", 2], OK_TRICKS), "nil_per_side", "bids.2", "only 1 of Ann & Cid may bid nil"),
    (
        {"nil_per_side": 2}, [], hand(["nil", 3, "nil", 2], [0, 13, 1, -1]), "range", "tricks.3", "at least 0",
    ),
    (
        {}, [], hand([4, "blind_nil", 3, 2], OK_TRICKS), "blind_nil_not_allowed", "bids.1",
        "blind nil needs Bob & Dee to be behind by at least 100 points, they are level",
    ),
    (
        {"blind_nil_deficit": 40}, [BEHIND_41], hand(["blind_nil", 4, 3, 2], OK_TRICKS), "blind_nil_not_allowed",
        "bids.0", "blind nil by Ann: blind nil needs Ann & Cid to be behind by at least 40 points, they are ahead by 41",
    ),
    (
        {}, [BEHIND_41], hand([4, "blind_nil", 3, 2], OK_TRICKS), "blind_nil_not_allowed", "bids.1",
        "blind nil needs Bob & Dee to be behind by at least 100 points, they are behind by 41",
    ),
    (
        {}, [], hand([None, 3, None, 2], OK_TRICKS, ["blind_seven", None]), "call_not_enabled", "calls.0",
        "Ann & Cid may not call blind seven: it is not among this match's special calls (enabled: none)",
    ),
    (
        {"special_calls": ["moon"]}, [], hand([4, None, 3, None], OK_TRICKS, [None, "ten_for_200"]),
        "call_not_enabled", "calls.1", "(enabled: moon)",
    ),
    (
        {"special_calls": ALL_CALLS}, [], hand([None, 3, None, 2], OK_TRICKS, ["boston", None]), "call_unknown",
        "calls.0", "call of Ann & Cid must be null or one of blind_seven, ten_for_200, moon, got 'boston'",
    ),
    ({"special_calls": ALL_CALLS}, [], hand(OK_BIDS, OK_TRICKS, "moon"), "type", "calls", "calls must be a list"),
    ({"special_calls": ALL_CALLS}, [], hand(OK_BIDS, OK_TRICKS, [None]), "length", "calls", "2 entries"),
    ({"special_calls": ALL_CALLS}, [], hand(OK_BIDS, OK_TRICKS, [{}, None]), "call_unknown", "calls.0", "got {}"),
    (
        {"special_calls": ALL_CALLS}, [], hand([3, 2, None, 3], OK_TRICKS, ["blind_seven", None]), "bid_with_call",
        "bids.0", "Ann & Cid called blind seven, so Ann's bid must be null, got 3",
    ),
    (
        {"special_calls": ALL_CALLS}, [], hand([None, 2, "nil", 3], OK_TRICKS, ["moon", None]), "bid_with_call",
        "bids.2", "so Cid's bid must be null, got 'nil'",
    ),
    (
        {"special_calls": ALL_CALLS}, [], hand([None, None, None, 3], OK_TRICKS, ["moon", None]), "bid_missing",
        "bids.1", "Bob needs a bid",
    ),
]


@pytest.mark.parametrize(("options", "earlier", "raw", "code", "field", "fragment"), REFUSALS)
def test_refusals(options, earlier, raw, code, field, fragment):
    table = make_table(options)
    state = GAME.replay(table, earlier)
    with pytest.raises(RoundError) as caught:
        GAME.play(table, state, raw)
    assert caught.value.code == code
    assert caught.value.field == field
    assert fragment in caught.value.message


def test_null_calls_are_no_calls():
    for calls in (None, [None, None]):
        state = replay([hand([4, "nil", 3, 2], [5, 1, 4, 3], calls)])
        assert state.totals == (72, -28)


# --------------------------------------------------------------------------- properties


@st.composite
def integer_hands(draw):
    """A legal hand with integer bids only (no nil, no call)."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    bounds = [0, *cuts, 13]
    tricks = [bounds[i + 1] - bounds[i] for i in range(4)]
    bids = [0, 0, 0, 0]
    for first, second in ((0, 2), (1, 3)):
        contract = draw(st.integers(1, 13))
        split = draw(st.integers(0, contract))
        bids[first], bids[second] = split, contract - split
    return hand(bids, tricks)


@settings(max_examples=150, deadline=None)
@given(
    hands=st.lists(integer_hands(), min_size=1, max_size=20),
    bag_limit=st.integers(1, 15),
    bag_penalty=st.integers(0, 200),
)
def test_bag_accounting_matches_closed_form(hands, bag_limit, bag_penalty):
    options = {"target": 1_000_000, "bag_limit": bag_limit, "bag_penalty": bag_penalty}
    state = replay(hands, options)
    assert not state.finished
    for side, seats in enumerate(((0, 2), (1, 3))):
        contract_points = 0
        bags_taken = 0
        for raw in hands:
            bid = sum(raw["bids"][seat] for seat in seats)
            took = sum(raw["tricks"][seat] for seat in seats)
            if took >= bid:
                contract_points += 10 * bid
                bags_taken += took - bid
            else:
                contract_points -= 10 * bid
        assert state.progress.bags[side] == bags_taken % bag_limit
        assert state.next["bags"][side] == bags_taken % bag_limit
        assert sum(r.score.details["bag_penalties"][side] for r in state.rounds) == bags_taken // bag_limit
        assert state.totals[side] == contract_points - bag_penalty * (bags_taken // bag_limit) + bags_taken
        assert all(0 <= r.score.details["bags"][side] < bag_limit for r in state.rounds)


WORDS = ["nil", "blind_nil", "blind_seven", "ten_for_200", "moon", "bids", "tricks"]
JSON_LEAVES = json_leaves(WORDS)
JSON_VALUES = json_like(WORDS, max_leaves=12)
SEAT_VALUES = st.lists(JSON_LEAVES, min_size=0, max_size=5)
ROUND_LIKE = st.fixed_dictionaries(
    {"bids": SEAT_VALUES | JSON_VALUES, "tricks": SEAT_VALUES | JSON_VALUES},
    optional={"calls": st.lists(JSON_LEAVES, max_size=3) | JSON_VALUES, "extra": JSON_VALUES},
)
GARBAGE_OPTIONS = [
    {},
    {"preset": "classic", "special_calls": ALL_CALLS, "nil_per_side": 2, "blind_nil_deficit": None},
    {"special_calls": ["moon"], "blind_nil_deficit": 0},
]


@settings(max_examples=200, deadline=None)
@given(raw=JSON_VALUES | ROUND_LIKE, which=st.integers(0, len(GARBAGE_OPTIONS) - 1), earlier=st.booleans())
def test_garbage_input_raises_round_error_only(raw, which, earlier):
    table = make_table(GARBAGE_OPTIONS[which])
    state = GAME.replay(table, [SLAM] if earlier else [])
    try:
        parsed = GAME.parse_round(table, state, raw)
    except RoundError as error:
        assert error.code and error.message
        return
    score, _ = GAME.score_round(table, state, parsed)
    assert len(score.scores) == 2
