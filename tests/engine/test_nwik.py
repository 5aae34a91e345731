"""Nwik rules: worked examples, refusals, hand-computed full matches and property tests."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import MatchFinishedError, OptionError, RoundError
from scorekeeper.engine.games import get_game
from tests.support.strategies import json_like

GAME = get_game("nwik")
NAMES = {2: ["Ann", "Bob"], 3: ["Ann", "Bob", "Cid"]}
TOTAL_TRICKS = {2: 17, 3: 13}
# The spec's role tables, written out again here so the tests do not trust the module's.
TARGETS = {2: (10, 7), 3: (6, 4, 3)}
NO_TRICKS_TARGETS = {2: (7, 10), 3: (3, 4, 6)}
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def table(n: int = 3, first_dealer: int = 0):
    return GAME.table(NAMES[n], {"first_dealer": first_dealer})


# --------------------------------------------------------------------------- worked examples

WORKED = [
    {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]},
    {"style": 4, "stake": 2, "tricks": [2, 7, 4]},
    {"style": 6, "stake": 6, "acting_style": 3, "tricks": [3, 7, 3]},
]


@pytest.mark.parametrize(
    ("number", "scores", "details"),
    [
        # Bidder seat 1 (target 6), #2 seat 2 (4), #3 seat 0 (3); S = 4 × 2 = 8.
        (1, (0, -8, 8), {"bidder": 1, "acting_bidder": 1, "effective_style": 5, "effective_stake": 8}),
        # No Tricks: seat 2 (3-4)x2, seat 0 (4-2)x2, seat 1 (6-7)x2.
        (2, (4, -2, -2), {"bidder": 2, "acting_bidder": 2, "effective_style": 4, "effective_stake": 2}),
        # Seat 0 passes with stake 6; seat 1 acts with style 3: +6, seat 2 -6, seat 0 0.
        (3, (0, 6, -6), {"bidder": 0, "acting_bidder": 1, "effective_style": 3, "effective_stake": 6}),
    ],
)
def test_worked_examples(number, scores, details):
    state = GAME.replay(table(), WORKED[:number])
    scored = state.rounds[-1]
    assert scored.score.scores == scores
    assert dict(scored.score.details) == details
    assert scored.dealer == number - 1


def test_worked_example_explanations():
    state = GAME.replay(table(), WORKED)
    assert state.rounds[0].score.explanation == (
        "Right of the Bidder: 3 tricks, target 3: 0 × 8 = 0",
        "Bidder: 5 tricks, target 6: -1 × 8 = -8",
        "Left of the Bidder: 5 tricks, target 4: +1 × 8 = +8",
    )
    assert state.rounds[1].score.explanation == (
        "Left of the Bidder: 2 tricks, No Tricks target 4: +2 × 2 = +4",
        "Right of the Bidder: 7 tricks, No Tricks target 6: -1 × 2 = -2",
        "Bidder: 4 tricks, No Tricks target 3: -1 × 2 = -2",
    )
    assert state.rounds[2].score.explanation[1] == "Bidder: 7 tricks, target 6: +1 × 6 = +6"


def test_usage_grid_and_hints_after_worked_examples():
    state = GAME.replay(table(), WORKED)
    assert state.totals == (4, -4, 0)
    # Seat 0 has used style 6 and stake 6; seat 1's acting style 3 is not recorded.
    assert dict(state.details) == {
        "usage": [
            {"seat": 0, "styles_used": [6], "stakes_used": [6]},
            {"seat": 1, "styles_used": [5], "stakes_used": [4]},
            {"seat": 2, "styles_used": [4], "stakes_used": [2]},
        ]
    }
    assert dict(state.next) == {
        "round": 4,
        "dealer": 0,
        "bidder": 1,
        "acting_bidder_if_pass": 2,
        "available_styles": [1, 2, 3, 4, 6],
        "available_stakes": [1, 2, 3, 5, 6],
        "acting_styles_if_pass": [1, 2, 3, 5],
    }


def test_first_hints_two_players():
    state = GAME.initial_state(table(2, first_dealer=1))
    assert dict(state.next) == {
        "round": 1,
        "dealer": 1,
        "bidder": 0,
        "acting_bidder_if_pass": 1,
        "available_styles": [1, 2, 3, 4, 5, 6],
        "available_stakes": [1, 2, 3, 4, 5, 6],
        "acting_styles_if_pass": [1, 2, 3, 4, 5],
    }
    assert state.details["usage"] == [
        {"seat": 0, "styles_used": [], "stakes_used": []},
        {"seat": 1, "styles_used": [], "stakes_used": []},
    ]


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cid", "Dee"]])
def test_player_count(players):
    with pytest.raises(OptionError) as error:
        GAME.table(players)
    assert error.value.code == "player_count"


# --------------------------------------------------------------------------- single rounds


@pytest.mark.parametrize(
    ("n", "first_dealer", "raw", "scores"),
    [
        # 3p, dealer 0, Bidder seat 1: style 1 stake 3, tricks 6/4/3 hit every target.
        (3, 0, {"style": 1, "stake": 3, "tricks": [3, 6, 4]}, (0, 0, 0)),
        # 3p, dealer 2, Bidder seat 0: style 2 stake 5; seat 0 (8-6)x5, seat 1 (2-4)x5, seat 2 0.
        (3, 2, {"style": 2, "stake": 5, "trump": "clubs", "tricks": [8, 2, 3]}, (10, -10, 0)),
        # VIP third card: S = 2 × 3 = 6; Bidder seat 1 (9-6)x6, seat 2 (1-4)x6, seat 0 0.
        (3, 0, {"style": 5, "stake": 2, "vip_card": 3, "trump": "spades", "tricks": [3, 9, 1]}, (0, 18, -18)),
        # 3p pass: Bidder seat 1 passes, Acting Bidder seat 2 plays No Tricks at stake 4:
        # seat 2 NT target 3: (3-0)x4, seat 0 NT 4: (4-8)x4, seat 1 NT 6: (6-5)x4.
        (3, 0, {"style": 6, "stake": 4, "acting_style": 4, "tricks": [8, 5, 0]}, (-16, 4, 12)),
        # 2p, dealer 0, Bidder seat 1 (target 10), seat 0 target 7: stake 6.
        (2, 0, {"style": 3, "stake": 6, "tricks": [5, 12]}, (-12, 12)),
        # 2p No Tricks: Bidder seat 1 NT 7: (7-4)x1, seat 0 NT 10: (10-13)x1.
        (2, 0, {"style": 4, "stake": 1, "tricks": [13, 4]}, (-3, 3)),
        # 2p pass: seat 1 passes, seat 0 acts with VIP 2nd card: S = 4; seat 0 (11-10)x4.
        (2, 0, {"style": 6, "stake": 2, "acting_style": 5, "vip_card": 2, "tricks": [11, 6]}, (4, -4)),
        # JSON null counts as "not given" for the optional fields.
        (3, 0, {"style": 1, "stake": 1, "trump": None, "vip_card": None, "acting_style": None,
                "tricks": [3, 7, 3]}, (0, 1, -1)),
    ],
)
def test_single_round_scores(n, first_dealer, raw, scores):
    state = GAME.play(table(n, first_dealer), GAME.initial_state(table(n, first_dealer)), raw)
    assert state.rounds[0].score.scores == scores
    assert sum(scores) == 0


# --------------------------------------------------------------------------- refusals

# Bob (seat 1) bids round 1 with style 3 (No Trumps) and stake 4; then Cid and Ann bid.
BOB_NO_TRUMPS = [
    {"style": 3, "stake": 4, "tricks": [3, 6, 4]},
    {"style": 1, "stake": 1, "tricks": [4, 3, 6]},
    {"style": 1, "stake": 1, "tricks": [6, 4, 3]},
]
OK = [4, 6, 3]  # valid 3-player tricks for round 4


@pytest.mark.parametrize(
    ("prior", "raw", "code", "field", "fragment"),
    [
        # round 4 after the worked examples: Bidder Bob (used style 5, stake 4), Cid acts on a pass
        (WORKED, {"style": 1, "stake": 4, "tricks": OK}, "stake_used", "stake", "Bob has already used stake 4"),
        (WORKED, {"style": 5, "stake": 1, "vip_card": 1, "tricks": OK}, "style_used", "style",
         "Bob has already used style 5 (VIP)"),
        (BOB_NO_TRUMPS, {"style": 3, "stake": 1, "tricks": OK}, "style_used", "style",
         "Bob has already used style 3 (No Trumps)"),
        (WORKED, {"style": 6, "stake": 1, "tricks": OK}, "acting_style_missing", "acting_style",
         "Bob passed, so acting_style is required"),
        (WORKED, {"style": 1, "stake": 1, "acting_style": 2, "tricks": OK}, "acting_style_without_pass",
         "acting_style", "only given when the Bidder passes"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": 6, "tricks": OK}, "acting_style_pass", "acting_style",
         "Cid as Acting Bidder may not pass"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": 4, "tricks": OK}, "acting_style_used", "acting_style",
         "Cid has already chosen style 4 (No Tricks) as Bidder"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": 0, "tricks": OK}, "range", "acting_style",
         "acting_style must be at least 1"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": 7, "tricks": OK}, "range", "acting_style",
         "acting_style must be at most 5"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": "3", "tricks": OK}, "type", "acting_style",
         "acting_style must be a whole number"),
        ([], {"style": 2, "stake": 1, "tricks": OK}, "trump_missing", "trump", "trump is required for style 2"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": 2, "tricks": OK}, "trump_missing", "trump",
         "trump is required for style 2"),
        ([], {"style": 1, "stake": 1, "trump": "hearts", "tricks": OK}, "trump_refused", "trump",
         "style 1 (Spades trumps) has no trump"),
        ([], {"style": 3, "stake": 1, "trump": "hearts", "tricks": OK}, "trump_refused", "trump",
         "style 3 (No Trumps) has no trump"),
        ([], {"style": 4, "stake": 1, "trump": "clubs", "tricks": OK}, "trump_refused", "trump",
         "style 4 (No Tricks) has no trump"),
        ([], {"style": 2, "stake": 1, "trump": "spades", "tricks": OK}, "trump_spades", "trump",
         "spades trumps is style 1"),
        ([], {"style": 2, "stake": 1, "trump": "Hearts", "tricks": OK}, "choice", "trump",
         "trump must be one of hearts, diamonds, clubs"),
        ([], {"style": 5, "stake": 1, "vip_card": 1, "trump": "joker", "tricks": OK}, "choice", "trump",
         "trump must be one of clubs, diamonds, hearts, spades"),
        ([], {"style": 5, "stake": 1, "tricks": OK}, "vip_card_missing", "vip_card", "vip_card is required"),
        ([], {"style": 1, "stake": 1, "vip_card": 2, "tricks": OK}, "vip_card_refused", "vip_card",
         "vip_card is only given for style 5"),
        (WORKED, {"style": 6, "stake": 1, "acting_style": 3, "vip_card": 2, "tricks": OK}, "vip_card_refused",
         "vip_card", "not for style 3"),
        ([], {"style": 5, "stake": 1, "vip_card": 4, "tricks": OK}, "range", "vip_card", "at most 3"),
        ([], {"style": 5, "stake": 1, "vip_card": 0, "tricks": OK}, "range", "vip_card", "at least 1"),
        ([], {"style": 5, "stake": 1, "vip_card": "2", "tricks": OK}, "type", "vip_card", "whole number"),
        ([], {"style": 1, "stake": 1, "tricks": [4, 4, 4]}, "tricks_sum", "tricks", "tricks must add up to 13, got 12"),
        ([], {"style": 1, "stake": 1, "tricks": [6, 7]}, "length", "tricks", "must have 3 entries"),
        ([], {"style": 1, "stake": 1, "tricks": [6, 7, 0, 0]}, "length", "tricks", "must have 3 entries"),
        ([], {"style": 1, "stake": 1, "tricks": [14, -1, 0]}, "range", "tricks.0", "tricks of Ann must be at most 13"),
        ([], {"style": 1, "stake": 1, "tricks": [7, -1, 7]}, "range", "tricks.1", "tricks of Bob must be at least 0"),
        ([], {"style": 1, "stake": 1, "tricks": [6.0, 4, 3]}, "type", "tricks.0", "whole number"),
        ([], {"style": 1, "stake": 1, "tricks": [6, None, 3]}, "type", "tricks.1", "whole number"),
        ([], {"style": 1, "stake": 1, "tricks": "13"}, "type", "tricks", "one entry per seat"),
        ([], {"style": 1, "stake": 1, "tricks": OK, "stakes": 2}, "field_unknown", "stakes", "unknown round field"),
        ([], {"style": 1, "tricks": OK}, "field_missing", "stake", "stake is required"),
        ([], None, "round_type", None, "must be a JSON object"),
        ([], [1, 4, OK], "round_type", None, "must be a JSON object"),
        ([], "style 1", "round_type", None, "must be a JSON object"),
        ([], {"style": "1", "stake": 1, "tricks": OK}, "type", "style", "style must be a whole number"),
        ([], {"style": 1.0, "stake": 1, "tricks": OK}, "type", "style", "style must be a whole number"),
        ([], {"style": True, "stake": 1, "tricks": OK}, "type", "style", "style must be a whole number"),
        ([], {"style": 7, "stake": 1, "tricks": OK}, "range", "style", "style must be at most 6"),
        ([], {"style": 0, "stake": 1, "tricks": OK}, "range", "style", "style must be at least 1"),
        ([], {"style": 1, "stake": 10**30, "tricks": OK}, "range", "stake", "stake must be at most 6"),
        ([], {"style": 1, "stake": 0, "tricks": OK}, "range", "stake", "stake must be at least 1"),
        ([], {"style": 1, "stake": [4], "tricks": OK}, "type", "stake", "stake must be a whole number"),
        ([], {"style": {"x": 1}, "stake": 1, "tricks": OK}, "type", "style", "style must be a whole number"),
    ],
)
def test_refusals(prior, raw, code, field, fragment):
    game_table = table()
    state = GAME.replay(game_table, prior)
    with pytest.raises(RoundError) as error:
        GAME.play(game_table, state, raw)
    assert error.value.code == code
    assert error.value.field == field
    assert fragment in error.value.message


@pytest.mark.parametrize(
    ("raw", "code", "fragment"),
    [
        ({"style": 1, "stake": 1, "tricks": [10, 6]}, "tricks_sum", "tricks must add up to 17, got 16"),
        ({"style": 1, "stake": 1, "tricks": [4, 6, 7]}, "length", "must have 2 entries"),
        # 2 players: round 1 dealer 0, Bidder Bob, Acting Bidder on a pass is Ann.
        ({"style": 6, "stake": 1, "tricks": [10, 7]}, "acting_style_missing", "Ann chooses as Acting Bidder"),
    ],
)
def test_refusals_two_players(raw, code, fragment):
    game_table = table(2)
    with pytest.raises(RoundError) as error:
        GAME.play(game_table, GAME.initial_state(game_table), raw)
    assert error.value.code == code
    assert fragment in error.value.message


def test_refused_round_in_replay_names_its_number():
    with pytest.raises(RoundError) as error:
        GAME.replay(table(), [*WORKED, {"style": 1, "stake": 4, "tricks": OK}])
    assert error.value.round_number == 4
    assert error.value.message == "round 4: Bob has already used stake 4; still free: 1, 2, 3, 5, 6"


# --------------------------------------------------------------------------- acting style when all are used


def round_at_targets(n: int, acting_bidder: int, **choices) -> dict:
    """A round in which everyone takes exactly their normal (not No Tricks) target."""
    tricks = [0] * n
    for role, target in enumerate(TARGETS[n]):
        tricks[(acting_bidder + role) % n] = target
    return {**choices, "tricks": tricks}


@pytest.mark.parametrize("n", [2, 3])
def test_acting_bidder_who_used_styles_1_to_5_may_choose_any(n):
    # first_dealer 0: the Bidder of round r is seat r % n, so Bob (seat 1) bids in round 1
    # and every n-th round after; the last round's Bidder is Bob's right, who passes to Bob.
    game_table = table(n)
    extras = {2: {"trump": "hearts"}, 5: {"vip_card": 1}}
    bids = {seat: 0 for seat in range(n)}
    inputs = []
    for number in range(1, 5 * n):
        bidder = number % n
        bids[bidder] += 1
        style = bids[bidder]  # each player's k-th bid uses style k and stake k
        inputs.append(round_at_targets(n, bidder, style=style, stake=style, **extras.get(style, {})))
    state = GAME.replay(game_table, inputs)
    assert state.next["bidder"] == 0
    assert state.next["acting_bidder_if_pass"] == 1
    assert state.details["usage"][1]["styles_used"] == [1, 2, 3, 4, 5]
    assert state.next["acting_styles_if_pass"] == [1, 2, 3, 4, 5]
    assert state.next["available_styles"] == [5, 6]
    final = GAME.play(game_table, state, round_at_targets(n, 1, style=6, stake=6, acting_style=3))
    assert final.finished
    assert dict(final.rounds[-1].score.details) == {
        "bidder": 0, "acting_bidder": 1, "effective_style": 3, "effective_stake": 6
    }


# --------------------------------------------------------------------------- full matches by hand

# 3 players, first_dealer 0: round r has dealer (r-1)%3 and Bidder r%3.
# Seat 1 bids rounds 1,4,7,10,13; seat 2 rounds 2,5,8,11,14; seat 0 rounds 3,6,9,12,15.
# Targets from the Acting Bidder: 6/4/3; No Tricks 3/4/6.
MATCH_3 = [
    # R1 B=1 VIP stake 4 2nd card, S=8. seat1 Bidder (5-6)x8=-8, seat2 #2 (5-4)x8=+8,
    #    seat0 #3 (3-3)x8=0.                                   totals [0, -8, 8]
    ({"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]}, (0, -8, 8)),
    # R2 B=2 No Tricks stake 2: seat2 (3-4)x2=-2, seat0 (4-2)x2=+4, seat1 (6-7)x2=-2.
    #                                                           totals [4, -10, 6]
    ({"style": 4, "stake": 2, "tricks": [2, 7, 4]}, (4, -2, -2)),
    # R3 B=0 passes stake 6, A=1 style 3: seat1 (7-6)x6=+6, seat2 (3-4)x6=-6, seat0 (3-3)x6=0.
    #                                                           totals [4, -4, 0]
    ({"style": 6, "stake": 6, "acting_style": 3, "tricks": [3, 7, 3]}, (0, 6, -6)),
    # R4 B=1 No Tricks stake 1: seat1 NT 3: (3-2)x1=+1, seat2 NT 4: (4-6)x1=-2,
    #    seat0 NT 6: (6-5)x1=+1.                                totals [5, -3, -2]
    ({"style": 4, "stake": 1, "tricks": [5, 2, 6]}, (1, 1, -2)),
    # R5 B=2 style 3 stake 6: seat2 (8-6)x6=+12, seat0 (4-4)x6=0, seat1 (1-3)x6=-12.
    #                                                           totals [5, -15, 10]
    ({"style": 3, "stake": 6, "tricks": [4, 1, 8]}, (0, -12, 12)),
    # R6 B=0 style 1 stake 3: seat0 (7-6)x3=+3, seat1 (4-4)x3=0, seat2 (2-3)x3=-3.
    #                                                           totals [8, -15, 7]
    ({"style": 1, "stake": 3, "tricks": [7, 4, 2]}, (3, 0, -3)),
    # R7 B=1 style 1 stake 2: seat1 (9-6)x2=+6, seat2 (2-4)x2=-4, seat0 (2-3)x2=-2.
    #                                                           totals [6, -9, 3]
    ({"style": 1, "stake": 2, "tricks": [2, 9, 2]}, (-2, 6, -4)),
    # R8 B=2 passes stake 1, A=0 (used 6, 1) acts VIP 3rd card, S=1x3=3:
    #    seat0 (6-6)x3=0, seat1 (3-4)x3=-3, seat2 (4-3)x3=+3.    totals [6, -12, 6]
    ({"style": 6, "stake": 1, "acting_style": 5, "vip_card": 3, "trump": "spades", "tricks": [6, 3, 4]},
     (0, -3, 3)),
    # R9 B=0 style 2 hearts stake 4: seat0 (5-6)x4=-4, seat1 (5-4)x4=+4, seat2 (3-3)x4=0.
    #                                                           totals [2, -8, 6]
    ({"style": 2, "stake": 4, "trump": "hearts", "tricks": [5, 5, 3]}, (-4, 4, 0)),
    # R10 B=1 style 2 diamonds stake 3: seat1 (6-6)x3=0, seat2 (3-4)x3=-3, seat0 (4-3)x3=+3.
    #                                                           totals [5, -8, 3]
    ({"style": 2, "stake": 3, "trump": "diamonds", "tricks": [4, 6, 3]}, (3, 0, -3)),
    # R11 B=2 VIP 1st card clubs stake 5, S=5: seat2 (7-6)x5=+5, seat0 (3-4)x5=-5,
    #     seat1 (3-3)x5=0.                                      totals [0, -8, 8]
    ({"style": 5, "stake": 5, "vip_card": 1, "trump": "clubs", "tricks": [3, 3, 7]}, (-5, 0, 5)),
    # R12 B=0 VIP 3rd card stake 2 (acting VIP in R8 did not use it up), S=6:
    #     seat0 (8-6)x6=+12, seat1 (3-4)x6=-6, seat2 (2-3)x6=-6. totals [12, -14, 2]
    ({"style": 5, "stake": 2, "vip_card": 3, "tricks": [8, 3, 2]}, (12, -6, -6)),
    # R13 B=1 passes stake 5, A=2 (used 4, 3, 6, 5) acts style 2 clubs, S=5:
    #     seat2 (7-6)x5=+5, seat0 (4-4)x5=0, seat1 (2-3)x5=-5.   totals [12, -19, 7]
    ({"style": 6, "stake": 5, "acting_style": 2, "trump": "clubs", "tricks": [4, 2, 7]}, (0, -5, 5)),
    # R14 B=2 style 1 stake 3: seat2 (5-6)x3=-3, seat0 (3-4)x3=-3, seat1 (5-3)x3=+6.
    #                                                           totals [9, -13, 4]
    ({"style": 1, "stake": 3, "tricks": [3, 5, 5]}, (-3, 6, -3)),
    # R15 B=0 style 3 stake 1: seat0 (6-6)x1=0, seat1 (3-4)x1=-1, seat2 (4-3)x1=+1.
    #                                                           totals [9, -14, 5]
    ({"style": 3, "stake": 1, "tricks": [6, 3, 4]}, (0, -1, 1)),
]
MATCH_3_TOTALS = (9, -14, 5)  # 9 - 14 + 5 = 0; Ann (seat 0) wins alone
MATCH_3_RUNNING = [
    (0, -8, 8), (4, -10, 6), (4, -4, 0), (5, -3, -2), (5, -15, 10), (8, -15, 7), (6, -9, 3), (6, -12, 6),
    (2, -8, 6), (5, -8, 3), (0, -8, 8), (12, -14, 2), (12, -19, 7), (9, -13, 4), (9, -14, 5),
]

# 2 players, first_dealer 1: round r has dealer r%2 and Bidder (r+1)%2, so seat 0 bids the
# odd rounds and seat 1 the even ones. Targets: Bidder 10, #2 7; No Tricks: 7 and 10.
MATCH_2 = [
    # R1 B=0 style 1 stake 6: seat0 (11-10)x6=+6, seat1 (6-7)x6=-6.       totals [6, -6]
    ({"style": 1, "stake": 6, "tricks": [11, 6]}, (6, -6)),
    # R2 B=1 style 3 stake 5: seat1 (8-10)x5=-10, seat0 (9-7)x5=+10.      totals [16, -16]
    ({"style": 3, "stake": 5, "tricks": [9, 8]}, (10, -10)),
    # R3 B=0 passes stake 5, A=1 acts No Tricks: seat1 NT 7: (7-9)x5=-10,
    #    seat0 NT 10: (10-8)x5=+10.                                        totals [26, -26]
    ({"style": 6, "stake": 5, "acting_style": 4, "tricks": [8, 9]}, (10, -10)),
    # R4 B=1 style 2 diamonds stake 2: seat1 (12-10)x2=+4, seat0 (5-7)x2=-4. totals [22, -22]
    ({"style": 2, "stake": 2, "trump": "diamonds", "tricks": [5, 12]}, (-4, 4)),
    # R5 B=0 No Tricks stake 4: seat0 NT 7: (7-4)x4=+12, seat1 NT 10: (10-13)x4=-12.
    #                                                                      totals [34, -34]
    ({"style": 4, "stake": 4, "tricks": [4, 13]}, (12, -12)),
    # R6 B=1 passes stake 3, A=0 (used 1, 6, 4) acts VIP 2nd card, S=3x2=6:
    #    seat0 (8-10)x6=-12, seat1 (9-7)x6=+12.                            totals [22, -22]
    ({"style": 6, "stake": 3, "acting_style": 5, "vip_card": 2, "trump": "spades", "tricks": [8, 9]}, (-12, 12)),
    # R7 B=0 VIP 3rd card stake 3, S=9: seat0 (9-10)x9=-9, seat1 (8-7)x9=+9. totals [13, -13]
    ({"style": 5, "stake": 3, "vip_card": 3, "tricks": [9, 8]}, (-9, 9)),
    # R8 B=1 No Tricks stake 4 (acting No Tricks in R3 did not use it up):
    #    seat1 NT 7: (7-6)x4=+4, seat0 NT 10: (10-11)x4=-4.                totals [9, -9]
    ({"style": 4, "stake": 4, "tricks": [11, 6]}, (-4, 4)),
    # R9 B=0 style 2 hearts stake 2: seat0 (7-10)x2=-6, seat1 (10-7)x2=+6.  totals [3, -3]
    ({"style": 2, "stake": 2, "trump": "hearts", "tricks": [7, 10]}, (-6, 6)),
    # R10 B=1 VIP 3rd card clubs stake 1, S=3: seat1 (11-10)x3=+3, seat0 (6-7)x3=-3.
    #                                                                      totals [0, 0]
    ({"style": 5, "stake": 1, "vip_card": 3, "trump": "clubs", "tricks": [6, 11]}, (-3, 3)),
]
MATCH_2_TOTALS = (0, 0)  # a tie: both share the win
MATCH_2_RUNNING = [(6, -6), (16, -16), (26, -26), (22, -22), (34, -34), (22, -22), (13, -13), (9, -9), (3, -3), (0, 0)]


@pytest.mark.parametrize(
    ("n", "first_dealer", "match", "running", "totals", "winners"),
    [
        (3, 0, MATCH_3, MATCH_3_RUNNING, MATCH_3_TOTALS, (0,)),
        (2, 1, MATCH_2, MATCH_2_RUNNING, MATCH_2_TOTALS, (0, 1)),
    ],
    ids=["three_players", "two_players"],
)
def test_full_match_by_hand(n, first_dealer, match, running, totals, winners):
    game_table = table(n, first_dealer)
    state = GAME.initial_state(game_table)
    for number, ((raw, scores), after) in enumerate(zip(match, running, strict=True), start=1):
        assert not state.finished
        state = GAME.play(game_table, state, raw)
        assert state.rounds[-1].score.scores == scores, f"round {number}"
        assert state.totals == after, f"round {number}"
    assert len(state.rounds) == 5 * n
    assert state.finished
    assert state.next is None
    assert state.totals == totals
    assert state.winners == winners
    # Replaying the inputs gives the same result; one round more is refused.
    replayed = GAME.replay(game_table, [raw for raw, _ in match])
    assert replayed.totals == totals and replayed.winners == winners
    with pytest.raises(MatchFinishedError):
        GAME.play(game_table, state, match[0][0])
    with pytest.raises(RoundError) as error:
        GAME.replay(game_table, [*(raw for raw, _ in match), match[0][0]])
    assert error.value.code == "match_ends_early"


def test_full_three_player_usage_grid():
    state = GAME.replay(table(3), [raw for raw, _ in MATCH_3])
    assert state.details["usage"] == [
        {"seat": 0, "styles_used": [1, 2, 3, 5, 6], "stakes_used": [1, 2, 3, 4, 6]},
        {"seat": 1, "styles_used": [1, 2, 4, 5, 6], "stakes_used": [1, 2, 3, 4, 5]},
        {"seat": 2, "styles_used": [1, 3, 4, 5, 6], "stakes_used": [1, 2, 3, 5, 6]},
    ]


# --------------------------------------------------------------------------- properties


@st.composite
def legal_round(draw, state, n):
    """A legal round input for the coming round, chosen from the `next` hints."""
    hints = state.next
    style = draw(st.sampled_from(hints["available_styles"]))
    raw = {"style": style, "stake": draw(st.sampled_from(hints["available_stakes"]))}
    effective = style
    if style == 6:
        effective = raw["acting_style"] = draw(st.sampled_from(hints["acting_styles_if_pass"]))
    if effective == 2:
        raw["trump"] = draw(st.sampled_from(["hearts", "diamonds", "clubs"]))
    if effective == 5:
        raw["vip_card"] = draw(st.integers(1, 3))
        trump = draw(st.none() | st.sampled_from(SUITS))
        if trump is not None:
            raw["trump"] = trump
    total = TOTAL_TRICKS[n]
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, total]
    raw["tricks"] = [high - low for low, high in zip(bounds, bounds[1:])]
    return raw


def expected_scores(n, acting_bidder, raw):
    """The spec's formula, computed independently of the module."""
    effective = raw.get("acting_style", raw["style"])
    stake = raw["stake"] * (raw["vip_card"] if effective == 5 else 1)
    scores = []
    for seat, took in enumerate(raw["tricks"]):
        role = (seat - acting_bidder) % n
        if effective == 4:
            scores.append((NO_TRICKS_TARGETS[n][role] - took) * stake)
        else:
            scores.append((took - TARGETS[n][role]) * stake)
    return tuple(scores)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), n=st.sampled_from([2, 3]), first_dealer=st.integers(0, 2))
def test_every_valid_round_sums_to_zero(data, n, first_dealer):
    game_table = table(n, first_dealer % n)
    state = GAME.initial_state(game_table)
    for _ in range(data.draw(st.integers(0, 5 * n - 1))):
        state = GAME.play(game_table, state, data.draw(legal_round(state, n)))
    raw = data.draw(legal_round(state, n))
    state = GAME.play(game_table, state, raw)
    score = state.rounds[-1].score
    assert sum(score.scores) == 0
    assert score.scores == expected_scores(n, score.details["acting_bidder"], raw)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), n=st.sampled_from([2, 3]), first_dealer=st.integers(0, 2))
def test_generated_match_never_reuses_and_ends_after_five_rounds_each(data, n, first_dealer):
    first_dealer %= n
    game_table = table(n, first_dealer)
    state = GAME.initial_state(game_table)
    styles = {seat: set() for seat in range(n)}
    stakes = {seat: set() for seat in range(n)}
    for number in range(1, 5 * n + 1):
        assert not state.finished
        bidder = (first_dealer + number) % n
        acting = (bidder + 1) % n
        assert state.next["bidder"] == bidder
        assert state.next["acting_bidder_if_pass"] == acting
        raw = data.draw(legal_round(state, n))
        assert raw["style"] not in styles[bidder]
        assert raw["stake"] not in stakes[bidder]
        if raw["style"] == 6:
            fresh = {1, 2, 3, 4, 5} - styles[acting]
            assert raw["acting_style"] in (fresh or {1, 2, 3, 4, 5})
        styles[bidder].add(raw["style"])
        stakes[bidder].add(raw["stake"])
        state = GAME.play(game_table, state, raw)
        assert sum(state.rounds[-1].score.scores) == 0
        assert state.details["usage"][bidder]["styles_used"] == sorted(styles[bidder])
    assert state.finished
    assert len(state.rounds) == 5 * n
    assert all(len(styles[seat]) == 5 and len(stakes[seat]) == 5 for seat in range(n))
    assert sum(state.totals) == 0
    best = max(state.totals)
    assert state.winners == tuple(seat for seat in range(n) if state.totals[seat] == best)
    with pytest.raises(MatchFinishedError):
        GAME.play(game_table, state, {"style": 1, "stake": 1, "tricks": [0] * (n - 1) + [TOTAL_TRICKS[n]]})


JSON_LIKE = json_like(["hearts", "diamonds", "clubs", "spades"], max_leaves=15)
# Plausible values too, so garbage also reaches the later checks.
VALUE = JSON_LIKE | st.integers(-1, 8) | st.sampled_from(SUITS) | st.lists(st.integers(-2, 14), max_size=4)
ROUND_KEYS = st.fixed_dictionaries(
    {"style": VALUE, "stake": VALUE, "tricks": VALUE},
    optional={"acting_style": VALUE, "trump": VALUE, "vip_card": VALUE, "stakes": VALUE},
)
STATES = [
    (3, []),
    (3, WORKED),
    (3, [raw for raw, _ in MATCH_3[:12]]),
    (2, [raw for raw, _ in MATCH_2[:5]]),
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=JSON_LIKE | ROUND_KEYS, which=st.sampled_from(range(len(STATES))))
def test_garbage_gives_round_error_only(raw, which):
    n, prior = STATES[which]
    game_table = table(n)
    state = GAME.replay(game_table, prior)
    try:
        GAME.play(game_table, state, raw)
    except RoundError as error:
        assert error.code and error.message
