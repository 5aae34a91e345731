"""Zwicker rules: deal scoring, point overrides, validation, end of match, properties."""
from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.games import OptionError, RoundError, get_game

GAME = get_game("zwicker")
FOUR = ["Ann", "Bob", "Cid", "Dan"]
THREE = ["Ann", "Bob", "Cid"]
TWO = ["Ann", "Bob"]

HONOURS = {
    0: ["D10", "D7", "S7", "AS", "AH", "AD", "AC"],
    3: ["J25", "J20", "J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC"],
    6: ["J30", "J25", "J22", "J20", "J17", "J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC"],
}
POINTS = {
    "J30": 8, "J25": 7, "J22": 6, "J20": 6, "J17": 5, "J15": 5,
    "D10": 3, "D7": 1, "S7": 1, "AS": 2, "AH": 2, "AD": 2, "AC": 2,
    "majority": 1, "zwick": 1,
}

# The spec's worked example (4 players, defaults).
EXAMPLE = {
    "sides": [
        {"cards": 30, "zwicks": 2, "honours": ["J25", "J15", "D10", "AS", "AH"]},
        {"cards": 25, "zwicks": 0, "honours": ["J20", "D7", "S7", "AD", "AC"]},
    ]
}


def side(cards, zwicks=0, honours=()):
    return {"cards": cards, "zwicks": zwicks, "honours": list(honours)}


def play(players, deals, options=None):
    table = GAME.table(players, options)
    state = GAME.initial_state(table)
    for deal in deals:
        state = GAME.play(table, state, deal)
    return table, state


def score(players, deal, options=None):
    _, state = play(players, [deal], options)
    return state.rounds[-1].score


# --------------------------------------------------------------------------- scoring


def test_worked_example():
    result = score(FOUR, EXAMPLE)
    assert result.scores == (22, 12)
    assert result.explanation == (
        "Joker 25 7 + Joker 15 5 + ♦10 3 + ♠A 2 + ♥A 2 + most cards 1 + 2 Zwicks 2 = 22",
        "Joker 20 6 + ♦7 1 + ♠7 1 + ♦A 2 + ♣A 2 = 12",
    )


SCORING = [
    # 2 players, 3 jokers: all 10 honours + majority for Ann, one Zwick for Bob
    (TWO, {}, {"sides": [side(40, 0, HONOURS[3]), side(15, 1)]}, (32, 1)),
    # 2 players, honours listed out of deck order still score
    (TWO, {}, {"sides": [side(20, 3, ["AC", "J15"]), side(35, 0, ["J25", "J20", "D10", "D7", "S7", "AS", "AH", "AD"])]},
     (10, 25)),
    # 3 players
    (THREE, {}, {"sides": [side(25, 1, ["J25", "AS"]), side(20, 0, ["J20", "J15", "D10"]),
                           side(10, 2, ["D7", "S7", "AH", "AD", "AC"])]}, (11, 14, 10)),
    # 3 players, two sides tie for most cards: nobody scores the majority
    (THREE, {}, {"sides": [side(20, 0, ["J25"]), side(20, 0, ["J20"]),
                           side(15, 0, ["J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC"])]}, (7, 6, 18)),
    # 3 players, the side with fewest cards is not affected by the tie above it
    (THREE, {}, {"sides": [side(18, 0), side(18, 0), side(19, 0, HONOURS[3])]}, (0, 0, 32)),
    # 4 players, majority by a single card
    (FOUR, {}, {"sides": [side(28, 0, HONOURS[3][:5]), side(27, 0, HONOURS[3][5:])]}, (23, 9)),
    # 0-joker deck: 52 cards, 7 honours worth 13
    (TWO, {"jokers": 0}, {"sides": [side(26, 0, ["D10", "AS"]), side(26, 1, ["D7", "S7", "AH", "AD", "AC"])]},
     (5, 9)),
    (TWO, {"jokers": 0}, {"sides": [side(30, 0, HONOURS[0]), side(22, 0)]}, (14, 0)),
    # 6-joker deck: 58 cards, jokers 8/7/6/6/5/5
    (FOUR, {"jokers": 6}, {"sides": [side(30, 1, ["J30", "J22", "J17", "D10"]),
                                     side(28, 0, ["J25", "J20", "J15", "D7", "S7", "AS", "AH", "AD", "AC"])]},
     (8 + 6 + 5 + 3 + 1 + 1, 7 + 6 + 5 + 1 + 1 + 8)),
    (THREE, {"jokers": 6}, {"sides": [side(58, 0, HONOURS[6]), side(0, 0), side(0, 0)]}, (51, 0, 0)),
    # overrides: D10 2, majority 2
    (FOUR, {"points": {"D10": 2, "majority": 2}}, EXAMPLE, (22, 12)),
    (FOUR, {"points": {"D10": 5, "majority": 3, "zwick": 2}}, EXAMPLE, (7 + 5 + 5 + 2 + 2 + 3 + 4, 12)),
    (FOUR, {"points": {"J25": 0, "AC": 10}}, EXAMPLE, (15, 20)),
    # an override of a joker of the other deck is accepted and has no effect here
    (FOUR, {"points": {"J30": 100}}, EXAMPLE, (22, 12)),
]


@pytest.mark.parametrize(("players", "options", "deal", "expected"), SCORING)
def test_scoring(players, options, deal, expected):
    assert score(players, deal, options).scores == expected


def test_override_explanation():
    result = score(FOUR, EXAMPLE, {"points": {"D10": 2, "majority": 2}})
    assert result.explanation[0] == "Joker 25 7 + Joker 15 5 + ♦10 2 + ♠A 2 + ♥A 2 + most cards 2 + 2 Zwicks 2 = 22"


@pytest.mark.parametrize(
    ("deal", "expected"),
    [
        ({"sides": [side(40, 1, HONOURS[3]), side(15)]}, ("Joker 25 7 + Joker 20 6 + Joker 15 5 + ♦10 3 + ♦7 1 + ♠7 1 + ♠A 2 + ♥A 2 "
                                                          "+ ♦A 2 + ♣A 2 + most cards 1 + 1 Zwick 1 = 33",
                                                          "no honours, Zwicks or majority = 0")),
        ({"sides": [side(15, 3), side(40, 0, HONOURS[3])]}, ("3 Zwicks 3 = 3",
                                                             "Joker 25 7 + Joker 20 6 + Joker 15 5 + ♦10 3 + ♦7 1 + ♠7 1 + ♠A 2 "
                                                             "+ ♥A 2 + ♦A 2 + ♣A 2 + most cards 1 = 32")),
    ],
)
def test_explanations(deal, expected):
    assert score(TWO, deal).explanation == expected


def test_round_details_name_the_majority():
    assert score(FOUR, EXAMPLE).details == {"most_cards": 0}
    assert score(THREE, {"sides": [side(20), side(20), side(15, 0, HONOURS[3])]}).details == {"most_cards": None}


# --------------------------------------------------------------------------- options, sides, hints


def test_default_options_carry_the_full_table():
    table = GAME.table(FOUR)
    assert table.options == {"first_dealer": 0, "jokers": 3, "target": 101, "points": POINTS, "max_rounds": None}
    assert table.sides == ((0, 2), (1, 3))


def test_overrides_are_merged_and_stored():
    table = GAME.table(FOUR, {"points": {"D10": 2, "majority": 2}, "jokers": 6, "target": 51})
    assert table.options["points"] == {**POINTS, "D10": 2, "majority": 2}
    assert table.options["jokers"] == 6
    assert table.options["target"] == 51
    # frozen options fed back in (a replay) give the same options
    assert GAME.table(FOUR, dict(table.options)).options == table.options


def test_defaults_are_not_mutated_by_overrides():
    GAME.table(TWO, {"points": {"D10": 9}})
    assert GAME.table(TWO).options["points"]["D10"] == 3


@pytest.mark.parametrize(
    ("players", "sides"),
    [(TWO, ((0,), (1,))), (THREE, ((0,), (1,), (2,))), (FOUR, ((0, 2), (1, 3)))],
)
def test_sides(players, sides):
    assert GAME.table(players).sides == sides


@pytest.mark.parametrize(
    ("options", "deck_size", "honours"),
    [({}, 55, HONOURS[3]), ({"jokers": 0}, 52, HONOURS[0]), ({"jokers": 6}, 58, HONOURS[6])],
)
def test_hints(options, deck_size, honours):
    state = GAME.initial_state(GAME.table(TWO, options))
    assert state.next == {"round": 1, "dealer": 0, "deck_size": deck_size, "honours": honours}


OPTION_ERRORS = [
    ({"points": {"XX": 1}}, "options.points.XX", "option_unknown", "unknown code 'XX'"),
    ({"points": {"zwicks": 1}}, "options.points.zwicks", "option_unknown", "unknown code"),
    ({"points": {"D10": "3"}}, "options.points.D10", "option_type", "D10 must be a whole number"),
    ({"points": {"D10": 2.5}}, "options.points.D10", "option_type", "whole number"),
    ({"points": {"majority": True}}, "options.points.majority", "option_type", "whole number"),
    ({"points": {"zwick": None}}, "options.points.zwick", "option_type", "whole number"),
    ({"points": {"AS": -1}}, "options.points.AS", "option_range", "AS must be at least 0, got -1"),
    ({"points": {"AS": 10**6}}, "options.points.AS", "option_range", "AS must be at most 1000"),
    ({"points": [1, 2]}, "options.points", "option_type", "must be an object"),
    ({"points": "D10=2"}, "options.points", "option_type", "must be an object"),
    ({"points": None}, "options.points", "option_null", "may not be null"),
    ({"jokers": 4}, "options.jokers", "option_choice", "must be one of 0, 3, 6, got 4"),
    ({"jokers": "3"}, "options.jokers", "option_type", "whole number"),
    ({"jokers": True}, "options.jokers", "option_type", "whole number"),
    ({"target": 0}, "options.target", "option_range", "at least 1"),
    ({"targets": 51}, "options.targets", "option_unknown", "unknown option"),
]


@pytest.mark.parametrize(("options", "field", "code", "fragment"), OPTION_ERRORS)
def test_option_errors(options, field, code, fragment):
    with pytest.raises(OptionError) as caught:
        GAME.table(FOUR, options)
    assert caught.value.field == field
    assert caught.value.code == code
    assert fragment in caught.value.message


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cid", "Dan", "Eve"]])
def test_player_count(players):
    with pytest.raises(OptionError, match="2 to 4 players"):
        GAME.table(players)


# --------------------------------------------------------------------------- refusals


def with_side(deal, index, **changes):
    changed = copy.deepcopy(deal)
    changed["sides"][index].update(changes)
    return changed


TWO_DEAL = {"sides": [side(30, 1, ["J25", "J20", "D10", "AS", "AH"]), side(25, 0, ["J15", "D7", "S7", "AD", "AC"])]}
THREE_DEAL = {"sides": [side(20, 0, ["J25", "J20", "J15"]), side(20, 0, ["D10", "D7", "S7"]),
                        side(15, 0, ["AS", "AH", "AD", "AC"])]}

REFUSALS = [
    # (players, options, input, code, field, message fragment)
    (FOUR, {}, None, "round_type", None, "must be a JSON object"),
    (FOUR, {}, [], "round_type", None, "must be a JSON object"),
    (FOUR, {}, {}, "field_missing", "sides", "sides is required"),
    (FOUR, {}, {**EXAMPLE, "dealer": 0}, "field_unknown", "dealer", "unknown round field 'dealer'"),
    (FOUR, {}, {"sides": {"0": {}}}, "type", "sides", "one entry per side (2)"),
    (FOUR, {}, {"sides": EXAMPLE["sides"][:1]}, "length", "sides", "2 entries, one per side, got 1"),
    (FOUR, {}, {"sides": [*EXAMPLE["sides"], side(0)]}, "length", "sides", "got 3"),
    (FOUR, {}, {"sides": [30, 25]}, "type", "sides.0", "entry of Ann & Cid must be an object"),
    (FOUR, {}, {"sides": [EXAMPLE["sides"][0], {"cards": 25, "zwicks": 0}]}, "field_missing",
     "sides.1.honours", "honours of Bob & Dan is required"),
    (FOUR, {}, with_side(EXAMPLE, 1, sweeps=0), "field_unknown", "sides.1.sweeps",
     "unknown field 'sweeps' for Bob & Dan"),
    (FOUR, {}, with_side(EXAMPLE, 0, cards="30"), "type", "sides.0.cards", "cards of Ann & Cid must be a whole number"),
    (FOUR, {}, with_side(EXAMPLE, 0, cards=30.0), "type", "sides.0.cards", "whole number"),
    (FOUR, {}, with_side(EXAMPLE, 0, cards=True), "type", "sides.0.cards", "whole number"),
    (FOUR, {}, with_side(EXAMPLE, 1, cards=-1), "range", "sides.1.cards", "cards of Bob & Dan must be at least 0"),
    (FOUR, {}, with_side(EXAMPLE, 1, cards=56), "range", "sides.1.cards", "at most 55"),
    (FOUR, {}, with_side(EXAMPLE, 1, cards=10**30), "range", "sides.1.cards", "at most 55"),
    (FOUR, {}, with_side(EXAMPLE, 0, cards=29), "cards_sum", "sides",
     "cards must add up to 55 (the deck with 3 jokers), got 54"),
    (FOUR, {"jokers": 6}, EXAMPLE, "cards_sum", "sides", "cards must add up to 58 (the deck with 6 jokers), got 55"),
    (TWO, {"jokers": 0}, {"sides": [side(26, 0, HONOURS[0]), side(27)]}, "cards_sum", "sides",
     "cards must add up to 52 (the deck without jokers), got 53"),
    (FOUR, {}, with_side(EXAMPLE, 0, zwicks=-1), "range", "sides.0.zwicks", "zwicks of Ann & Cid must be at least 0"),
    (FOUR, {}, with_side(EXAMPLE, 0, zwicks="2"), "type", "sides.0.zwicks", "whole number"),
    (FOUR, {}, with_side(EXAMPLE, 0, zwicks=16), "zwicks_over_cards", "sides.0.zwicks",
     "Ann & Cid cannot have 16 Zwicks with 30 cards: every Zwick captures at least 2 cards"),
    (TWO, {}, {"sides": [side(54, 0, HONOURS[3]), side(1, 1)]}, "zwicks_over_cards", "sides.1.zwicks",
     "Bob cannot have 1 Zwick with 1 card"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours="J25 J15"), "type", "sides.0.honours", "list of honour codes"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=None), "type", "sides.0.honours", "list of honour codes"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=["J25", "J15", "D10", "AS", "AH", "KS"]), "honour_unknown",
     "sides.0.honours.5", "'KS' given to Ann & Cid is not an honour"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=["J25", "J15", "D10", "AS", "majority"]), "honour_unknown",
     "sides.0.honours.4", "is not an honour"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=["J25", ["J15"]]), "honour_unknown", "sides.0.honours.1",
     "is not an honour"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=["j25", "J15", "D10", "AS", "AH"]), "honour_unknown",
     "sides.0.honours.0", "'j25'"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=["J30", "J15", "D10", "AS", "AH"]), "honour_other_deck",
     "sides.0.honours.0", "J30 given to Ann & Cid is not in the deck with 3 jokers"),
    (TWO, {"jokers": 0}, {"sides": [side(26, 0, ["J25", *HONOURS[0]]), side(26)]}, "honour_other_deck",
     "sides.0.honours.0", "not in the deck without jokers"),
    (FOUR, {}, with_side(EXAMPLE, 1, honours=["J20", "D7", "S7", "AD", "AC", "D7"]), "honour_duplicate",
     "sides.1.honours.5", "D7 is listed twice for Bob & Dan"),
    (TWO, {}, with_side(TWO_DEAL, 1, honours=["J15", "D7", "S7", "AD", "AC", "AS"]), "honour_twice",
     "sides.1.honours.5", "AS is given to both Ann and Bob"),
    (FOUR, {}, with_side(EXAMPLE, 1, honours=["J20", "D7", "S7", "AD"]), "honour_missing", "sides",
     "honour AC is missing: every honour is captured by some side"),
    (FOUR, {}, with_side(EXAMPLE, 0, honours=["J25", "J15", "AS", "AH"]), "honour_missing", "sides",
     "honour D10 is missing: every honour is captured by some side"),
    (THREE, {}, {"sides": [side(53, 0, ["J25", "J20", "J15"]), side(0), side(2, 0, HONOURS[3][3:])]},
     "honours_over_cards", "sides.2.honours", "Cid cannot hold 7 honours with only 2 cards"),
    (THREE, {}, with_side(THREE_DEAL, 1, cards=0), "honours_over_cards", "sides.1.honours",
     "Bob cannot hold 3 honours with only 0 cards"),
    (THREE, {}, with_side(THREE_DEAL, 2, honours=["AS", "AH", "AD", "AC", "J25"]), "honour_twice",
     "sides.2.honours.4", "J25 is given to both Ann and Cid"),
]


@pytest.mark.parametrize(("players", "options", "raw", "code", "field", "fragment"), REFUSALS)
def test_refusals(players, options, raw, code, field, fragment):
    table = GAME.table(players, options)
    with pytest.raises(RoundError) as caught:
        GAME.play(table, GAME.initial_state(table), raw)
    assert caught.value.code == code
    assert caught.value.field == field
    if fragment is not None:
        assert fragment in caught.value.message


def test_valid_deals_used_by_refusals_are_valid():
    assert score(TWO, TWO_DEAL).scores == (22, 11)
    assert score(THREE, THREE_DEAL).scores == (18, 5, 8)


# --------------------------------------------------------------------------- end of match


def sweep(to_side, zwicks=0):
    """A 2-sided deal in which `to_side` takes every honour and 40 cards: 32 + Zwicks."""
    deal = [side(15), side(15)]
    deal[to_side] = side(40, zwicks, HONOURS[3])
    return {"sides": deal}


def test_match_ends_at_101():
    table, state = play(FOUR, [sweep(0, 5), sweep(0, 5)])
    assert state.totals == (74, 0)
    assert not state.finished
    state = GAME.play(table, state, sweep(0, 5))
    assert state.totals == (111, 0)
    assert state.finished
    assert state.winners == (0,)
    assert state.next is None


def test_match_ends_exactly_at_target():
    # 32 + 32 + 37 = 101
    _, state = play(TWO, [sweep(1), sweep(1), sweep(1, 5)])
    assert state.totals == (0, 101)
    assert state.finished and state.winners == (1,)


def test_short_game_target():
    _, state = play(TWO, [sweep(0, 19)], {"target": 51})
    assert state.totals == (51, 0)
    assert state.winners == (0,)


def test_tie_at_the_top_plays_on():
    # each side 16: J25 + J20 + D10 against J15 + D7 + S7 + aces + most cards
    even = {"sides": [side(27, 0, ["J25", "J20", "D10"]), side(28, 0, ["J15", "D7", "S7", "AS", "AH", "AD", "AC"])]}
    table, state = play(TWO, [sweep(0), sweep(1)] * 3)
    assert state.totals == (96, 96)
    state = GAME.play(table, state, even)
    assert state.totals == (112, 112)
    assert not state.finished
    assert state.winners == ()
    assert state.next["round"] == 8
    state = GAME.play(table, state, EXAMPLE)
    assert state.totals == (134, 124)
    assert state.finished and state.winners == (0,)


def test_three_player_match_ends():
    table, state = play(THREE, [{"sides": [side(55, 27, HONOURS[3]), side(0), side(0)]}] * 2)
    assert state.totals == (118, 0, 0)
    assert state.winners == (0,)


# --------------------------------------------------------------------------- properties


@st.composite
def valid_deals(draw):
    players = draw(st.sampled_from([TWO, THREE, FOUR]))
    jokers = draw(st.sampled_from([0, 3, 6]))
    overrides = draw(st.dictionaries(st.sampled_from(sorted(POINTS)), st.integers(0, 1000), max_size=5))
    n_sides = 2 if len(players) in (2, 4) else 3
    honours = HONOURS[jokers]
    holders = draw(st.lists(st.integers(0, n_sides - 1), min_size=len(honours), max_size=len(honours)))
    cards = [holders.count(index) for index in range(n_sides)]
    for index in draw(st.lists(st.integers(0, n_sides - 1), min_size=52 + jokers - len(honours),
                               max_size=52 + jokers - len(honours))):
        cards[index] += 1
    zwicks = [draw(st.integers(0, count // 2)) for count in cards]
    deal = {
        "sides": [
            {"cards": cards[index], "zwicks": zwicks[index],
             "honours": [code for code, holder in zip(honours, holders) if holder == index]}
            for index in range(n_sides)
        ]
    }
    order = draw(st.permutations(range(len(deal["sides"][0]["honours"]))))
    deal["sides"][0]["honours"] = [deal["sides"][0]["honours"][i] for i in order]
    return players, {"jokers": jokers, "points": overrides}, deal


@settings(max_examples=150, deadline=None)
@given(valid_deals())
def test_points_add_up(case):
    players, options, deal = case
    table = GAME.table(players, options)
    points = table.options["points"]
    result = GAME.play(table, GAME.initial_state(table), deal).rounds[-1].score
    cards = [entry["cards"] for entry in deal["sides"]]
    unique_most = cards.count(max(cards)) == 1
    expected = (
        sum(points[code] for code in HONOURS[options["jokers"]])
        + (points["majority"] if unique_most else 0)
        + points["zwick"] * sum(entry["zwicks"] for entry in deal["sides"])
    )
    assert sum(result.scores) == expected
    assert all(score >= 0 for score in result.scores)
    assert len(result.explanation) == len(deal["sides"])
    for total, note in zip(result.scores, result.explanation, strict=True):
        assert note.endswith(f"= {total}")


json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["J25", "J30", "D10", "AS", "majority", "zwick", "cards", "zwicks", "honours", "sides"]),
)
json_values = st.recursive(
    json_leaves,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["sides", "cards", "zwicks", "honours", "x"]) | st.text(max_size=4),
                      children, max_size=4),
    max_leaves=20,
)
side_like = st.fixed_dictionaries(
    {"cards": json_values | st.integers(0, 55), "zwicks": json_values | st.integers(0, 5),
     "honours": json_values | st.lists(st.sampled_from(HONOURS[6] + ["KS", "majority"]), max_size=10)},
    optional={"extra": json_values},
)
round_like = st.one_of(
    json_values,
    st.fixed_dictionaries({"sides": json_values}),
    st.fixed_dictionaries({"sides": st.lists(side_like | json_values, min_size=1, max_size=4)}),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([TWO, THREE, FOUR]), st.sampled_from([0, 3, 6]), round_like)
def test_garbage_is_refused_with_round_error(players, jokers, raw):
    table = GAME.table(players, {"jokers": jokers})
    try:
        GAME.parse_round(table, GAME.initial_state(table), raw)
    except RoundError as error:
        assert error.message
        assert error.code
    # an input that happens to be valid is simply accepted


@settings(max_examples=150, deadline=None)
@given(valid_deals(), st.data())
def test_a_broken_valid_deal_is_refused_with_round_error(case, data):
    players, options, deal = case
    table = GAME.table(players, options)
    broken = copy.deepcopy(deal)
    index = data.draw(st.integers(0, len(broken["sides"]) - 1))
    key = data.draw(st.sampled_from(["cards", "zwicks", "honours"]))
    broken["sides"][index][key] = data.draw(json_values)
    try:
        GAME.parse_round(table, GAME.initial_state(table), broken)
    except RoundError as error:
        assert error.field is not None and error.field.startswith("sides")
