"""Skat rules: the spec's worked examples as input -> points and words, every refusal, every
option, the `next` hints, snapshots, replay, edit and undo (the game is not in the registry
yet: its rules are tested directly)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import SPADES, MatchFinishedError, OptionError, RoundError
from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.engine.games.skat import BID_VALUES, SKAT, SkatGame, value_game
from scorekeeper.engine.games.skat.scoring import list_columns
from tests.support.chips import value_at, with_value
from tests.support.data import skat as skat_data
from tests.support.i18n import assert_all_translated, wrap
from tests.support.legal_rounds import legal_round
from tests.support.skat import FOUR, REFUSAL_CASES, catalog_translator, refusal, table
from tests.support.strategies import json_like


def play(deals: list[dict[str, Any]], n: int = 3, **options: Any):
    return SKAT.replay(table(n, **options), deals)


# --------------------------------------------------------------------------- worked examples

EXAMPLE_1_TO_4 = [
    {"declarer": 1, "game": "clubs", "matadors": 2, "bid": 36, "points": 75},
    {"declarer": 2, "game": "diamonds", "matadors": 1, "without": True, "bid": 18, "points": 28},
    {"declarer": 0, "game": "grand", "matadors": 4, "hand": True, "announce": "schneider", "bid": 48, "points": 82},
    {"declarer": 1, "game": SPADES, "matadors": 1, "hand": True, "bid": 44, "points": 70},
]


def test_examples_1_to_4_four_deals_in_a_row():
    state = play(EXAMPLE_1_TO_4)
    assert [r.score.scores for r in state.rounds] == [(0, 86, 0), (40, 40, -104), (-434, 40, 40), (40, -138, 40)]
    assert [r.dealer for r in state.rounds] == [0, 1, 2, 0]
    assert state.totals == (-354, 28, -24)
    explained = [r.score.explanation for r in state.rounds]
    assert explained[0] == ("Bob won: 0", "clubs with 2, game 3 × 12 = 36; won: 36 + 50 = +86", "Bob won: 0")
    assert explained[1] == (
        "Cid lost: +40",
        "Cid lost: +40",
        "diamonds without 1, game 2, schneider 3 × 9 = 27; lost: -2 × 27 - 50 = -104",
    )
    assert explained[2][0] == "grand with 4, game 5, hand 6, schneider 7, announced 8 × 24 = 192; lost: -2 × 192 - 50 = -434"
    assert explained[3][1] == (
        "spades with 1, game 2, hand 3 × 11 = 33; bid 44, overbid: 4 × 11 = 44; lost: -2 × 44 - 50 = -138"
    )
    assert state.details == {"bock_pending": 0, "games_won": [0, 1, 0], "games_lost": [1, 1, 1], "opponent_bonuses": [2, 2, 2]}


@pytest.mark.parametrize(
    ("raw", "scores", "words"),
    [
        # Example 5: null ouvert won; grand hand ouvert schwarz; hearts schwarz not announced.
        ({"declarer": 1, "game": "null", "ouvert": True, "bid": 46, "won": True}, (0, 96, 0), "Null ouvert 46; won: 46 + 50 = +96"),
        (
            {"declarer": 2, "game": "grand", "matadors": 2, "hand": True, "ouvert": True, "bid": 24, "points": 120, "schwarz": True},
            (0, 0, 266),
            "grand with 2, game 3, hand 4, schneider 5, announced 6, schwarz 7, announced 8, ouvert 9 × 24 = 216; "
            "won: 216 + 50 = +266",
        ),
        (
            {"declarer": 1, "game": "hearts", "matadors": 3, "without": True, "bid": 40, "points": 120, "schwarz": True},
            (0, 110, 0),
            "hearts without 3, game 4, schneider 5, schwarz 6 × 10 = 60; won: 60 + 50 = +110",
        ),
        # Example 6: the declarer trickless (the skat held 11); hearts overbid, schneider missed.
        (
            {"declarer": 1, "game": "clubs", "matadors": 1, "bid": 24, "points": 11, "schwarz": True},
            (40, -146, 40),
            "clubs with 1, game 2, schneider 3, schwarz 4 × 12 = 48; lost: -2 × 48 - 50 = -146",
        ),
        (
            {"declarer": 1, "game": "hearts", "matadors": 1, "bid": 30, "points": 85},
            (40, -110, 40),
            "hearts with 1, game 2 × 10 = 20; bid 30, overbid: 3 × 10 = 30; lost: -2 × 30 - 50 = -110",
        ),
    ],
)
def test_examples_5_and_6_each_the_first_deal_of_a_match(raw, scores, words):
    state = play([raw])
    assert state.rounds[0].score.scores == scores
    assert state.rounds[0].score.explanation[raw["declarer"]] == words


def test_example_7_four_players_the_dealer_sits_out():
    raw = {"declarer": 2, "game": "hearts", "matadors": 3, "bid": 40, "points": 58}
    state = play([raw], n=4)
    assert state.rounds[0].score.scores == (30, 30, -130, 30)
    assert state.rounds[0].score.explanation == (
        "Cid lost: +30",
        "Cid lost: +30",
        "hearts with 3, game 4 × 10 = 40; lost: -2 × 40 - 50 = -130",
        "Cid lost: +30",
    )
    without_bonus = play([raw], n=4, dealer_bonus=False)
    assert without_bonus.rounds[0].score.scores == (0, 30, -130, 30)
    assert without_bonus.rounds[0].score.explanation[0] == "deals and sits out: 0"


def test_example_8_the_plain_list():
    state = play(EXAMPLE_1_TO_4[:2], scoring="plain")
    assert [r.score.scores for r in state.rounds] == [(0, 36, 0), (0, 0, -54)]
    assert state.rounds[0].score.explanation == ("Bob won: 0", "clubs with 2, game 3 × 12 = 36; won: +36", "Bob won: 0")
    assert state.rounds[1].score.explanation[2] == "diamonds without 1, game 2, schneider 3 × 9 = 27; lost: -2 × 27 = -54"
    assert state.rounds[1].score.explanation[0] == "Cid lost: 0"


# The end columns of the list after deals 1-4 (example 1), at four (example 7) and on the
# plain list (example 8): won, lost, the 50s, the 40s/30s and the games' values left.
@pytest.mark.parametrize(
    ("deals", "n", "options", "columns"),
    [
        (EXAMPLE_1_TO_4, 3, {}, [(0, 1, -50, 80, -384), (1, 1, 0, 80, -52), (0, 1, -50, 80, -54)]),
        ([{"declarer": 2, "game": "hearts", "matadors": 3, "bid": 40, "points": 58}], 4, {},
         [(0, 0, 0, 30, 0), (0, 0, 0, 30, 0), (0, 1, -50, 0, -80), (0, 0, 0, 30, 0)]),
        ([{"declarer": 2, "game": "hearts", "matadors": 3, "bid": 40, "points": 58}], 4, {"dealer_bonus": False},
         [(0, 0, 0, 0, 0), (0, 0, 0, 30, 0), (0, 1, -50, 0, -80), (0, 0, 0, 30, 0)]),
        (EXAMPLE_1_TO_4[:2], 3, {"scoring": "plain"}, [(0, 0, 0, 0, 0), (1, 0, 0, 0, 36), (0, 1, 0, 0, -54)]),
    ],
    ids=["example-1-to-4", "example-7", "example-7-no-dealer-bonus", "example-8-plain"],
)
def test_the_lists_end_columns_add_up_to_the_totals(deals, n, options, columns):
    state = play(deals, n=n, **options)
    found = list_columns(table(n, **options), state.totals, state.progress)
    assert [(c.won, c.lost, c.fifties, c.shares, c.games) for c in found] == columns
    assert [c.fifties + c.shares + c.games for c in found] == list(state.totals)


def test_example_9_ramsch_at_four_players():
    deals = [
        {"declarer": None, "ramsch": [None, 45, 45, 30]},
        {"declarer": None, "ramsch": [70, None, 50, 0], "no_trick": [3]},
        {"declarer": None, "ramsch": [0, 120, None, 0], "no_trick": [0, 3]},
    ]
    state = play(deals, n=4, ramsch=True)
    assert [r.score.scores for r in state.rounds] == [(0, -45, -45, 0), (-140, 0, 0, 0), (0, 120, 0, 0)]
    assert state.totals == (-140, 75, -45, 0)
    assert state.rounds[0].score.explanation == (
        "deals and sits out: 0",
        "Ramsch, most points (45): -45",
        "Ramsch, most points (45): -45",
        "Ramsch, 30 points: 0",
    )
    assert state.rounds[1].score.explanation[0] == "Ramsch, most points (70), Jungfrau: -2 × 70 = -140"
    assert state.rounds[2].score.explanation[1] == "Ramsch, Durchmarsch: +120"
    assert state.rounds[2].score.explanation[0] == "Ramsch, Durchmarsch by Bob: 0"


def test_ramsch_forty_forty_forty_all_three_lose():
    state = play([{"declarer": None, "ramsch": [40, 40, 40]}], ramsch=True)
    assert state.rounds[0].score.scores == (-40, -40, -40)


def test_example_10_bock():
    deals = [
        {"declarer": 1, "game": SPADES, "matadors": 1, "bid": 18, "points": 60},
        {"declarer": 2, "game": "clubs", "matadors": 2, "bid": 36, "points": 75},
        {"declarer": None},
    ]
    state = play(deals[:1], bock=["sixty", "all_pass"])
    assert state.rounds[0].score.scores == (40, -94, 40)
    assert state.next["bock"] is True and state.next["bock_pending"] == 3
    state = play(deals[:2], bock=["sixty", "all_pass"])
    assert state.rounds[1].score.scores == (0, 0, 122)
    assert state.rounds[1].score.explanation[2] == "clubs with 2, game 3 × 12 = 36; Bock; won: 2 × 36 + 50 = +122"
    assert state.totals == (40, -94, 162)
    assert state.next["bock_pending"] == 2
    state = play(deals, bock=["sixty", "all_pass"])
    assert state.rounds[2].score.scores == (0, 0, 0)
    assert state.next["bock_pending"] == 4 and state.details["bock_pending"] == 4


def test_example_11_the_end_of_a_short_list_and_its_tie_break():
    deals = [
        {"declarer": 1, "game": "diamonds", "matadors": 1, "bid": 18, "points": 70},
        {"declarer": 2, "game": SPADES, "matadors": 4, "hand": True, "announce": "schneider", "bid": 88, "points": 95},
        {"declarer": 1, "game": "hearts", "matadors": 1, "bid": 20, "points": 70},
    ]
    state = play(deals, max_deals=3)
    assert [r.score.scores[r.score.details["declarer"]] for r in state.rounds] == [68, 138, 70]
    assert state.totals == (0, 138, 138)
    assert state.finished and state.winners == (1,)
    assert state.next is None
    plain = [
        {"declarer": 1, "game": "diamonds", "matadors": 1, "bid": 18, "points": 70},
        {"declarer": 2, "game": "diamonds", "matadors": 1, "bid": 18, "points": 70},
        {"declarer": None},
    ]
    state = play(plain, max_deals=3, scoring="plain")
    assert state.totals == (0, 18, 18)
    assert state.finished and state.winners == (1, 2)


def test_the_tie_break_then_counts_fewer_games_lost():
    deals = [
        {"declarer": 1, "game": "diamonds", "matadors": 1, "bid": 18, "points": 70},  # Bob +68
        {"declarer": 2, "game": "diamonds", "matadors": 1, "bid": 18, "points": 70},  # Cid +68
        {"declarer": 2, "game": "null", "bid": 23, "won": False},  # Cid -96, Ann +40, Bob +40
        {"declarer": None, "ramsch": [0, 68, 52], "no_trick": [0]},  # Bob, Jungfrau: -136
        {"declarer": 0, "game": "null", "bid": 23, "won": False},  # Ann -96, Bob +40, Cid +40
    ]
    state = play(deals, max_deals=5, ramsch=True)
    assert state.totals == (-56, 12, 12)
    assert state.details["games_won"] == [0, 1, 1] and state.details["games_lost"] == [1, 0, 1]
    assert state.finished and state.winners == (1,)
    # Under the plain list equal totals always share the win.
    assert play(deals[:2], max_deals=2, scoring="plain").winners == (1, 2)
    # Equal totals, games won and lost: a shared win on the Seeger-Fabian list too.
    assert play(deals[:2], max_deals=2).winners == (1, 2)


def test_example_12_a_target():
    deals = [
        {"declarer": 1, "game": "grand", "matadors": 1, "bid": 48, "points": 70},
        {"declarer": 2, "game": "null", "bid": 23, "won": True},
        {"declarer": 0, "game": "diamonds", "matadors": 1, "bid": 18, "points": 61},
    ]
    state = play(deals, target=100, max_deals=None)
    assert state.totals == (68, 98, 73) and not state.finished
    assert state.next["deals_left"] is None
    state = play([*deals, {"declarer": 1, "game": "null", "bid": 23, "won": True}], target=100, max_deals=None)
    assert state.totals == (68, 171, 73)
    assert state.finished and state.winners == (1,)


def test_a_target_with_level_leaders_plays_on():
    deals = [{"declarer": 2, "game": "null", "bid": 23, "won": False}] * 2
    state = play(deals, target=70, max_deals=None)
    assert state.totals == (80, 80, -192) and not state.finished


# --------------------------------------------------------------------------- game values


@pytest.mark.parametrize(
    ("game", "level", "value"),
    [
        # ISkO 5.2.6: clubs ouvert with 2 = 9 × 12; grand ouvert with 4 = 11 × 24.
        (SkatGame(0, "clubs", 18, hand=True, ouvert=True, matadors=2, points=120, schwarz=True), 9, 108),
        (SkatGame(0, "grand", 18, hand=True, ouvert=True, matadors=4, points=120, schwarz=True), 11, 264),
        (SkatGame(0, "diamonds", 18, matadors=1, points=61), 2, 18),
        (SkatGame(0, "grand", 18, matadors=1, points=90), 3, 72),
        (SkatGame(0, "grand", 18, matadors=1, points=89), 2, 48),
        (SkatGame(0, "hearts", 18, matadors=1, points=30), 3, 30),
        (SkatGame(0, "hearts", 18, matadors=1, points=31), 2, 20),
        (SkatGame(0, SPADES, 18, hand=True, announce="schwarz", matadors=1, points=95), 7, 77),
    ],
)
def test_levels_and_values(game, level, value):
    valued = value_game(game)
    assert (valued.level, valued.value) == (level, value)


@pytest.mark.parametrize(
    ("hand", "ouvert", "value"), [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)]
)
def test_null_values(hand, ouvert, value):
    state = play([{"declarer": 1, "game": "null", "bid": 23, "hand": hand, "ouvert": ouvert, "won": False}])
    assert state.rounds[0].score.scores == (40, -2 * value - 50, 40)


@pytest.mark.parametrize(
    ("raw", "won"),
    [
        ({"points": 61}, True),
        ({"points": 60}, False),
        ({"hand": True, "announce": "schneider", "points": 90}, True),
        ({"hand": True, "announce": "schneider", "points": 89}, False),
        ({"hand": True, "announce": "schwarz", "points": 120}, False),  # a trick went to the opponents
        ({"hand": True, "announce": "schwarz", "points": 120, "schwarz": True}, True),
        ({"hand": True, "ouvert": True, "points": 120, "schwarz": True}, True),
        ({"hand": True, "ouvert": True, "points": 100}, False),
    ],
)
def test_won_or_lost(raw, won):
    deal = {"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, **raw}
    state = play([deal])
    assert state.rounds[0].score.details["won"] is won
    assert (state.rounds[0].score.scores[1] > 0) is won


def test_a_game_worth_less_than_the_bid_is_lost_whatever_the_points():
    state = play([{"declarer": 1, "game": "diamonds", "matadors": 1, "bid": 20, "points": 120, "schwarz": True}])
    # 1 + 1 + schneider + schwarz = 4 × 9 = 36 >= 20: won. With bid 40: overbid, V = 45.
    assert state.rounds[0].score.scores == (0, 86, 0)
    state = play([{"declarer": 1, "game": "diamonds", "matadors": 1, "bid": 40, "points": 120, "schwarz": True}])
    assert state.rounds[0].score.scores == (40, -140, 40)
    assert state.rounds[0].score.details["scored_value"] == 45 and state.rounds[0].score.details["overbid"]


def test_every_bidding_value_of_the_spec():
    assert BID_VALUES == (
        18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70, 72, 77, 80, 81, 84,
        88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162,
        165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264,
    )


def test_a_lost_grand_in_a_bock_deal_and_the_plain_list():
    deals = [{"declarer": None}, {"declarer": 1, "game": "grand", "matadors": 2, "bid": 18, "points": 40}]
    state = play(deals, bock=["all_pass", "lost_grand"])
    assert state.rounds[1].score.scores == (40, -2 * 2 * 72 - 50, 40)
    assert state.rounds[1].score.explanation[1] == "grand with 2, game 3 × 24 = 72; Bock; lost: -2 × 2 × 72 - 50 = -338"
    # The Bock deal paid one off (2 left) and the lost grand owed three more.
    assert state.next["bock_pending"] == 5
    plain = play(deals, bock=["all_pass"], scoring="plain")
    assert plain.rounds[1].score.explanation[1] == "grand with 2, game 3 × 24 = 72; Bock; lost: -2 × 2 × 72 = -288"
    plain = play([{"declarer": None}, {"declarer": 1, "game": "grand", "matadors": 2, "bid": 18, "points": 70}],
                 bock=["all_pass"], scoring="plain")
    assert plain.rounds[1].score.explanation[1] == "grand with 2, game 3 × 24 = 72; Bock; won: 2 × 72 = +144"


def test_one_bock_round_for_a_deal_that_meets_two_triggers():
    state = play([{"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 60}], bock=["sixty", "lost_grand"])
    assert state.next["bock_pending"] == 3


def test_bock_at_four_players_and_in_a_ramsch():
    deals = [{"declarer": None, "ramsch": [None, 60, 60, 0], "no_trick": [3]}, {"declarer": None, "ramsch": [50, None, 40, 30]}]
    state = play(deals, n=4, ramsch=True, bock=["all_pass"])
    assert state.rounds[0].score.scores == (0, -120, -120, 0)
    assert state.rounds[1].score.scores == (-100, 0, 0, 0)
    assert state.rounds[1].score.explanation[0] == "Bock; Ramsch, most points (50): -2 × 50 = -100"
    assert state.next["bock_pending"] == 4 + 3
    assert play([{"declarer": None, "ramsch": [0, 0, 120], "no_trick": [0, 1]}] * 2, ramsch=True, bock=["all_pass"]).rounds[
        1
    ].score.explanation[2] == "Bock; Ramsch, Durchmarsch: 2 × 120 = +240"


def test_bock_deals_still_owed_end_with_the_list():
    state = play([{"declarer": None}] * 2, max_deals=2, bock=["all_pass"])
    assert state.finished and state.details["bock_pending"] == 5


def test_all_passed_scores_nothing_and_the_deal_counts():
    state = play([{"declarer": None}], max_deals=5)
    assert state.rounds[0].score.scores == (0, 0, 0)
    assert state.rounds[0].score.explanation == ("all passed: 0",) * 3
    assert state.next["deals_left"] == 4 and state.next["dealer"] == 1


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(("raw", "n", "options", "code", "words"), REFUSAL_CASES)
def test_refusals(raw, n, options, code, words):
    error = refusal(raw, n, **options)
    assert error.code == code
    assert words in error.message


def test_a_field_that_does_not_apply_may_be_null_or_its_default():
    plain = {"declarer": None, "game": None, "bid": None, "hand": False, "ouvert": None, "without": False, "schwarz": False,
             "announce": None, "matadors": None, "points": None, "won": None, "ramsch": None, "no_trick": []}
    assert play([plain]).rounds[0].score.scores == (0, 0, 0)
    null = {"declarer": 1, "game": "null", "bid": 23, "won": True, "matadors": None, "without": False, "schwarz": None,
            "announce": None, "points": None, "hand": None, "ouvert": None, "no_trick": [], "ramsch": None}
    assert play([null]).rounds[0].score.scores == (0, 73, 0)
    suit = {"declarer": 1, "game": "hearts", "matadors": 1, "bid": 18, "points": 70, "won": None, "hand": None,
            "announce": None, "schwarz": None, "without": None, "ouvert": None}
    assert play([suit]).rounds[0].score.scores == (0, 70, 0)


def test_the_dealer_rotates_and_sits_out_at_four():
    deal = {"declarer": 1, "game": "hearts", "matadors": 1, "bid": 18, "points": 70}
    # Deal 1: seat 1 deals and sits out, so seat 1 may not declare.
    assert refusal(deal, n=4, first_dealer=1).code == "declarer_sits_out"
    state = play([{**deal, "declarer": 2}], n=4, first_dealer=1)
    assert state.next == {"round": 2, "dealer": 2, "sits_out": 2, "active": [3, 0, 1], "deals_left": 47, "bock": False,
                          "bock_pending": 0}
    three = play([], first_dealer=2)
    assert three.next == {"round": 1, "dealer": 2, "sits_out": None, "active": [0, 1, 2], "deals_left": 36, "bock": False,
                          "bock_pending": 0}


def test_a_finished_list_refuses_more_deals():
    state = play([{"declarer": None}], max_deals=1)
    assert state.finished and state.winners == (0, 1, 2)
    with pytest.raises(MatchFinishedError):
        SKAT.play(table(max_deals=1), state, {"declarer": None})


# --------------------------------------------------------------------------- options


def test_default_options_one_list_of_twelve_deals_each():
    assert dict(table(3).options) == {"first_dealer": 0, "scoring": "seeger_fabian", "dealer_bonus": True, "ramsch": False,
                                      "bock": [], "max_deals": 36, "target": None}
    assert table(4).options["max_deals"] == 48
    assert table(4, max_deals=36).options["max_deals"] == 36
    assert table(4, max_deals=None, target=1000).options["max_deals"] is None
    assert SKAT.fixed_rounds(table(4)) == 48
    assert SKAT.fixed_rounds(table(3, target=500)) is None


@pytest.mark.parametrize(
    ("options", "code", "field"),
    [
        ({"max_deals": None}, "option_no_end", "options.max_deals"),
        ({"max_deals": None, "target": None}, "option_no_end", "options.max_deals"),
        ({"max_deals": 0}, "option_range", "options.max_deals"),
        ({"max_deals": 1001}, "option_range", "options.max_deals"),
        ({"target": 0}, "option_range", "options.target"),
        ({"target": 100001}, "option_range", "options.target"),
        ({"scoring": "bierlachs"}, "option_choice", "options.scoring"),
        ({"bock": ["kontra"]}, "option_choice", "options.bock"),
        ({"bock": ["sixty", "sixty"]}, "option_duplicate", "options.bock"),
        ({"bock": "sixty"}, "option_type", "options.bock"),
        ({"ramsch": "yes"}, "option_type", "options.ramsch"),
        ({"dealer_bonus": 1}, "option_type", "options.dealer_bonus"),
        ({"schieberamsch": True}, "option_unknown", "options.schieberamsch"),
    ],
)
def test_option_refusals(options, code, field):
    with pytest.raises(OptionError) as caught:
        table(3, **options)
    assert caught.value.code == code and caught.value.field == field


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cid", "Dee", "Eve"]])
def test_three_or_four_at_the_table(players):
    with pytest.raises(OptionError) as caught:
        SKAT.table(players)
    assert caught.value.code == "player_count"


def test_describe_lists_every_option():
    described = SKAT.describe()
    assert json.loads(json.dumps(described)) == described
    assert [option["name"] for option in described["options"]] == [
        "first_dealer", "scoring", "dealer_bonus", "ramsch", "bock", "max_deals", "target"
    ]
    assert (described["min_players"], described["max_players"]) == (3, 4)


# --------------------------------------------------------------------------- replay, edit, undo, snapshots


def test_edit_replays_later_deals_and_refuses_one_that_no_longer_holds():
    game_table = table(4)
    deals = [
        {"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70},
        {"declarer": 2, "game": "clubs", "matadors": 1, "bid": 18, "points": 70},
    ]
    assert SKAT.replay(game_table, deals).totals == (0, 74, 74, 0)
    # With first dealer 1, deal 2 is dealt by seat 2: its declarer now sits out.
    with pytest.raises(RoundError) as caught:
        SKAT.replay(table(4, first_dealer=1), [{**deals[0], "declarer": 2}, deals[1]])
    assert caught.value.round_number == 2 and caught.value.code == "declarer_sits_out"
    assert caught.value.message.startswith("round 2: Cid deals and sits out")


def test_an_edit_that_would_end_the_list_earlier_is_refused():
    deals = [{"declarer": 1, "game": "null", "bid": 23, "won": True}, {"declarer": None}]
    assert not SKAT.replay(table(target=70, max_deals=None), deals[1:]).finished
    with pytest.raises(RoundError) as caught:
        SKAT.replay(table(target=70, max_deals=None), deals)
    assert caught.value.code == "match_ends_early" and caught.value.round_number == 2


def test_undo_reopens_a_finished_list_and_restores_the_bock_count():
    deals = [{"declarer": None}, {"declarer": 1, "game": "null", "bid": 23, "won": True}]
    finished = play(deals, max_deals=2, bock=["all_pass"])
    assert finished.finished and finished.totals == (0, 96, 0)
    undone = play(deals[:1], max_deals=2, bock=["all_pass"])
    assert not undone.finished and undone.next["bock"] and undone.next["bock_pending"] == 3


def test_a_snapshot_plays_on_like_a_replay():
    game_table = table(4, ramsch=True, bock=["sixty", "all_pass", "lost_grand"])
    deals = [
        {"declarer": None, "ramsch": [None, 60, 60, 0], "no_trick": [3]},
        {"declarer": 2, "game": "grand", "matadors": 1, "bid": 18, "points": 60},
        {"declarer": 0, "game": "null", "bid": 23, "won": False},
    ]
    for cut in range(len(deals) + 1):
        before = SKAT.replay(game_table, deals[:cut])
        snapshot = json.loads(json.dumps(SKAT.snapshot(before)))
        assert snapshot["progress"] == {"bock": before.progress.bock, "won": list(before.progress.won),
                                        "lost": list(before.progress.lost), "shares": list(before.progress.shares)}
        played_on = SKAT.replay(game_table, deals[cut:], start=SKAT.restore(game_table, snapshot))
        replayed = SKAT.replay(game_table, deals)
        assert (played_on.totals, played_on.progress, played_on.next, played_on.details) == (
            replayed.totals, replayed.progress, replayed.next, replayed.details
        )


# --------------------------------------------------------------------------- chips and form fields


def test_number_inputs_grey_out_what_the_rules_refuse():
    game_table = table(4, ramsch=True)
    state = SKAT.initial_state(game_table)
    inputs = {item.field: item for item in SKAT.number_inputs(game_table, state)}
    assert set(inputs) == {"bid", "matadors", "points", "ramsch.1", "ramsch.2", "ramsch.3"}
    bid = inputs["bid"]
    assert (bid.minimum, bid.maximum) == (18, 264)
    assert bid.refusal(19).code == "bid_value" and bid.refusal(18) is None
    assert {item.value for item in inputs["points"].unavailable} == {1, 119}
    null = {item.field: item for item in SKAT.number_inputs(game_table, state, {"game": "null", "hand": True})}
    assert null["bid"].refusal(36).code == "null_below_bid" and null["bid"].refusal(35) is None
    grand = {item.field: item for item in SKAT.number_inputs(game_table, state, {"game": "grand"})}
    assert grand["matadors"].maximum == 4
    assert [field.name for field in SKAT.input_fields(game_table, state.next)][-1] == "ramsch"


# --------------------------------------------------------------------------- garbage

WORDS = ["declarer", "game", "bid", "hand", "ouvert", "matadors", "without", "announce", "points", "schwarz", "won",
         "ramsch", "no_trick", "clubs", "grand", "null", "schneider", "schwarz"]
VALUE = json_like(WORDS, max_leaves=8) | st.integers(-2, 125) | st.sampled_from([None, True, False, 18, 23, 60, 120])
ROUND = st.fixed_dictionaries(
    {"declarer": st.none() | st.integers(-1, 4) | VALUE},
    optional={key: VALUE for key in WORDS[1:13]},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=json_like(WORDS, max_leaves=15) | ROUND, n=st.sampled_from([3, 4]), ramsch=st.booleans())
def test_garbage_gives_a_round_error_only(raw, n, ramsch):
    game_table = table(n, ramsch=ramsch, bock=["sixty", "all_pass", "lost_grand"])
    state = SKAT.initial_state(game_table)
    try:
        SKAT.play(game_table, state, raw)
    except RoundError as error:
        assert error.code and error.message


# --------------------------------------------------------------------------- in German and Russian


@pytest.mark.parametrize(
    ("language", "declarer", "other", "refused", "ramsch"),
    [
        ("de", "Kreuz mit 2, Spiel 3 × 12 = 36; gewonnen: 36 + 50 = +86", "Bob hat gewonnen: 0",
         "19 ist kein Reizwert (die nächsten sind 18 und 20)", "Ramsch, 30 Augen: 0"),
        ("ru", "трефы с 2, игра 3 × 12 = 36; выиграна: 36 + 50 = +86", "Bob — выигрыш: 0",
         "19 — не значение торговли (ближайшие 18 и 20)", "рамш, 30 очков: 0"),
    ],
)
def test_explanations_and_refusals_in_the_players_language(language, declarer, other, refused, ramsch):
    with use_translator(catalog_translator(language)):
        state = play(EXAMPLE_1_TO_4)
        error = refusal({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 19, "points": 70})
        sits_out = refusal({"declarer": 0, "game": "grand", "matadors": 1, "bid": 18, "points": 70}, n=4)
        passed = play([{"declarer": None, "ramsch": [None, 45, 45, 30]}], n=4, ramsch=True)
        overbid = state.rounds[3].score.explanation[1]
    assert state.rounds[0].score.explanation[1] == declarer
    assert state.rounds[0].score.explanation[0] == other
    assert error.message == refused
    assert sits_out.message.startswith("Ann ")
    assert passed.rounds[0].score.explanation[3] == ramsch
    assert "44" in overbid and "overbid" not in overbid


# --------------------------------------------------------------------------- every word through the hook, every chip as the round


HOOK_CASES = [
    (3, {}, EXAMPLE_1_TO_4),
    (3, {"scoring": "plain", "bock": ["all_pass"]}, [{"declarer": None}, EXAMPLE_1_TO_4[1]]),
    (4, {"ramsch": True, "bock": ["all_pass"], "dealer_bonus": False},
     [{"declarer": None, "ramsch": [None, 60, 60, 0], "no_trick": [3]},
      {"declarer": None, "ramsch": [0, None, 120, 0], "no_trick": [0, 3]},
      {"declarer": 0, "game": "null", "hand": True, "ouvert": True, "bid": 59, "won": False}]),
]


@pytest.mark.parametrize(("n", "options", "deals"), HOOK_CASES)
def test_every_explanation_goes_through_the_hook(n, options, deals):
    with use_translator(wrap):
        state = play(deals, n, **options)
    for scored in state.rounds:
        for note in scored.score.explanation:
            assert_all_translated(note)


@pytest.mark.parametrize(("raw", "n", "options"), [case[:3] for case in REFUSAL_CASES])
def test_every_refusal_goes_through_the_hook(raw, n, options):
    with use_translator(wrap):
        message = refusal(raw, n, **options).message
    assert message.startswith("[[") and message.endswith("]]")
    assert_all_translated(message)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_chips_offer_every_legal_value_and_grey_what_the_round_refuses(n, seed):
    rng = random.Random(seed)
    game_table = SKAT.table(FOUR[:n], {"ramsch": True, "max_deals": 40})
    state = SKAT.initial_state(game_table)
    for _deal in range(20):
        raw, after = legal_round(rng, SKAT, game_table, state)
        for item in SKAT.number_inputs(game_table, state, raw):
            value = value_at(raw, item.field)
            if value is None:
                continue
            assert value in item.values() and item.refusal(value) is None, (item.field, value)
            assert item.implied is None  # everything is entered
            for unavailable in item.unavailable:
                with pytest.raises(RoundError) as refused:
                    SKAT.play(game_table, state, with_value(raw, item.field, unavailable.value))
                assert (refused.value.code, refused.value.message) == (unavailable.code, unavailable.reason)
        if raw.get("ramsch"):
            playing = [seat for seat, points in enumerate(raw["ramsch"]) if points is not None]
            left_out = rng.choice(playing)
            implied = {item.field: item.implied for item in SKAT.number_inputs(game_table, state, with_value(raw, f"ramsch.{left_out}", None))}
            assert implied[f"ramsch.{left_out}"] == raw["ramsch"][left_out]
        state = after


def test_the_test_data_for_the_registry_holds():
    """tests/support/data/skat.py, which the registry's tests read once Skat is registered."""
    state = play([skat_data.FIRST_ROUND])
    assert skat_data.I18N_CASE["explanation"] in state.rounds[0].score.explanation
    assert refusal(skat_data.I18N_CASE["refused"]).message == skat_data.I18N_CASE["refusal"]
    for language, words in skat_data.FOREIGN_WORDS.items():
        with use_translator(catalog_translator(language)):
            explained = " ".join(
                note for scored in play(EXAMPLE_1_TO_4).rounds + play(HOOK_CASES[2][2], 4, **HOOK_CASES[2][1]).rounds
                for note in scored.score.explanation
            )
        assert not {word for word in words if word in explained}, language


@pytest.mark.parametrize("field", ["declarer", "bid", "matadors", "points", "ramsch", "no_trick"])
@pytest.mark.parametrize("sign", [1, -1])
def test_a_number_too_long_to_print_is_refused_in_words(field, sign):
    """Python will not print an int of more than 4300 digits: the refusal must still be a RoundError."""
    huge = sign * 10**5000
    if field in ("ramsch", "no_trick"):
        raw: dict[str, Any] = {"declarer": None, "ramsch": [huge, 60, 60]}
        if field == "no_trick":
            raw = {"declarer": None, "ramsch": [60, 60, 0], "no_trick": [huge]}
    else:
        raw = {"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 70, field: huge}
    error = refusal(raw, ramsch=True)
    assert error.code in ("type", "range", "bid_value", "matadors_range") and error.message
