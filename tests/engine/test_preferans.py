"""Preferans rules: the spec's worked examples A-H as hands -> sheet, totals, scores and words,
every refusal, every option, the `next` hints, the settlement (zero sum, whole whists),
snapshots, replay, edit and undo (its rules are tested directly; the registry-following tests
play it on every page)."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import MatchFinishedError, OptionError, RoundError
from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.engine.games import game_ids
from scorekeeper.engine.games.preferans import PREFERANS, Sheet, settle
from tests.support.data import preferans as preferans_data
from tests.support.i18n import assert_all_translated, wrap
from tests.support.legal_rounds import play_match
from tests.support.preferans import (
    ALL_PASS,
    FOUR_ALL_PASS,
    FOUR_GAME,
    GAME,
    MISERE,
    PASSED,
    PLAYERS,
    REFUSAL_CASES,
    example,
    play,
    refusal,
    table,
)
from tests.support.skat import catalog_translator
from tests.support.strategies import json_like


def passed(contract: str, declarer: int, n: int = 3, out: int | None = None) -> dict:
    """A game both defenders passed (the game is not played): null for the declarer and who sits out."""
    return {"contract": contract, "declarer": declarer,
            "whist": [None if seat in (declarer, out) else "pass" for seat in range(n)]}


def sheet_of(state) -> tuple[list[int], list[int], list[list[int]]]:
    return state.details["pool"], state.details["mountain"], state.details["whists"]


# --------------------------------------------------------------------------- worked examples

A1 = {"contract": "7H", "declarer": 1, "whist": ["whist", None, "whist"], "tricks": [2, 7, 1]}
A2 = {"contract": "6S", "declarer": 2, "whist": ["pass", "whist", None], "tricks": [2, 4, 4]}
B1 = {"contract": "6S", "declarer": 0, "whist": [None, "pass", "whist"], "tricks": [4, 4, 2]}
B2 = {"contract": "misere", "declarer": 1, "tricks": [3, 2, 5]}
C1 = {"contract": "8NT", "declarer": 0, "whist": [None, "whist", "whist"], "tricks": [10, 0, 0]}
C2 = {"contract": "7D", "declarer": 1, "whist": ["half", None, "pass"]}
C3 = {"contract": "6C", "declarer": 0, "whist": [None, "whist", "whist"], "tricks": [7, 0, 3]}
D1 = {"contract": "all_pass", "tricks": [3, 2, 5]}
D2 = {"contract": "all_pass", "tricks": [6, 0, 4]}
E1 = {"contract": "all_pass", "tricks": [1, 3, 6]}
E2 = {"contract": "all_pass", "tricks": [4, 0, 6]}
F1 = {"contract": "7C", "declarer": 2, "whist": [None, "whist", None, "whist"], "tricks": [None, 2, 6, 2]}
G = [passed("10NT", 0), passed("6H", 0), passed("8S", 1), passed("8D", 0), passed("9NT", 2)]
H1 = {"contract": "6NT", "declarer": 1, "whist": ["pass", None, "pass"]}


@pytest.mark.parametrize(
    ("name", "hands", "n", "options", "scores", "totals"),
    [
        ("A", [A1, A2], 3, {}, [(-5, 14, -9), (17, 30, -47)], (12, 44, -56)),
        ("B-sochi", [B1], 3, {}, [(-46, 17, 29)], (-46, 17, 29)),
        ("B-leningrad", [B1, B2], 3, {"convention": "leningrad"}, [(-93, 47, 46), (133, -267, 134)], (40, -220, 180)),
        ("B-rostov", [B1], 3, {"convention": "rostov"}, [(-46, 23, 23)], (-46, 23, 23)),
        ("C", [C1, C2, C3], 3, {}, [(60, 0, -60), (-10, 23, -13), (14, -20, 6)], (64, 3, -67)),
        ("D", [D1, D2], 3, {"all_pass_progression": "capped"}, [(3, 13, -16), (-59, 80, -21)], (-56, 93, -37)),
        ("E", [E1, E2], 3, {"convention": "rostov"}, [(45, -15, -30), (-23, 56, -33)], (22, 41, -63)),
        ("F", [F1], 4, {}, [(14, 22, -58, 22)], (14, 22, -58, 22)),
        ("F-no-dealer-consolation", [F1], 4, {"dealer_consolation": False}, [(10, 22, -54, 22)], (10, 22, -54, 22)),
        ("G", G, 3, {}, [(66, -33, -33), (14, -7, -7), (-20, 40, -20), (40, -20, -20), (-27, -26, 53)], (73, -46, -27)),
        ("H", [H1], 3, {"max_rounds": 1}, [(-6, 13, -7)], (-6, 13, -7)),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_worked_examples(name, hands, n, options, scores, totals):
    state = example(hands, n, **options)
    assert [scored.score.scores for scored in state.rounds] == scores
    assert state.totals == totals
    assert all(sum(score) == 0 for score in scores)


@pytest.mark.parametrize(
    ("hands", "n", "options", "pool", "mountain", "whists"),
    [
        ([A1], 3, {}, [0, 4, 0], [0, 0, 0], [[0, 8, 0], [0, 0, 0], [0, 4, 0]]),
        ([A1, A2], 3, {}, [0, 4, 0], [0, 0, 4], [[0, 8, 4], [0, 0, 16], [0, 4, 0]]),
        ([B1], 3, {}, [0, 0, 0], [4, 0, 0], [[0, 0, 0], [4, 0, 0], [16, 0, 0]]),
        ([B1], 3, {"convention": "leningrad"}, [0, 0, 0], [8, 0, 0], [[0, 0, 0], [20, 0, 0], [20, 0, 0]]),
        ([B1, B2], 3, {"convention": "leningrad"}, [0, 0, 0], [8, 40, 0], [[0, 0, 0], [20, 0, 0], [20, 0, 0]]),
        ([B1], 3, {"convention": "rostov"}, [0, 0, 0], [4, 0, 0], [[0, 0, 0], [10, 0, 0], [10, 0, 0]]),
        ([C1], 3, {}, [6, 0, 0], [0, 0, 6], [[0] * 3] * 3),
        ([C1, C2], 3, {}, [6, 4, 0], [0, 0, 6], [[0, 4, 0], [0, 0, 0], [0, 0, 0]]),
        ([C1, C2, C3], 3, {}, [8, 4, 0], [0, 2, 6], [[0, 4, 0], [0, 0, 0], [6, 0, 0]]),
        ([D1], 3, {}, [0, 0, 0], [3, 2, 5], [[0] * 3] * 3),
        ([D1, D2], 3, {}, [0, 2, 0], [15, 2, 13], [[0] * 3] * 3),
        ([E1], 3, {"convention": "rostov"}, [0, 0, 0], [0, 0, 0], [[0, 15, 30], [0, 0, 0], [0, 0, 0]]),
        ([E1, E2], 3, {"convention": "rostov"}, [0, 1, 0], [0, 0, 0], [[0, 15, 30], [20, 0, 30], [0, 0, 0]]),
        ([F1], 4, {}, [0] * 4, [0, 0, 4, 0], [[0, 0, 4, 0], [0, 0, 12, 0], [0] * 4, [0, 0, 12, 0]]),
        (G[:1], 3, {}, [10, 0, 0], [0, 0, 0], [[0] * 3] * 3),
        (G[:2], 3, {}, [10, 2, 0], [0, 0, 0], [[0, 20, 0], [0, 0, 0], [0, 0, 0]]),
        (G[:3], 3, {}, [10, 8, 0], [0, 0, 0], [[0, 20, 0], [0, 0, 0], [0, 0, 0]]),
        (G[:4], 3, {}, [10, 10, 4], [0, 0, 0], [[0, 40, 40], [0, 0, 0], [0, 0, 0]]),
        (G, 3, {}, [10, 10, 10], [0, 0, -2], [[0, 40, 40], [0, 0, 0], [0, 0, 0]]),
        ([H1], 3, {"max_rounds": 1}, [0, 2, 0], [0, 0, 0], [[0] * 3] * 3),
    ],
)
def test_worked_examples_write_the_sheet(hands, n, options, pool, mountain, whists):
    assert sheet_of(example(hands, n, **options)) == (pool, mountain, whists)


@pytest.mark.parametrize(
    ("hands", "options", "closed", "exact"),
    [
        ([A1], {}, (10, 6, 10), ("-16/3", "44/3", "-28/3")),
        ([B1], {}, (14, 10, 10), ("-140/3", "52/3", "88/3")),
        ([B1], {"convention": "leningrad"}, (28, 20, 20), ("-280/3", "140/3", "140/3")),
        ([B1, B2], {"convention": "leningrad"}, (28, 60, 20), ("40", "-220", "180")),
        ([C1, C2], {}, (4, 6, 16), ("152/3", "68/3", "-220/3")),
        ([C1, C2, C3], {}, (2, 8, 16), ("194/3", "8/3", "-202/3")),
        ([D1, D2], {}, (25, 10, 23), ("-170/3", "280/3", "-110/3")),
        ([E1, E2], {"convention": "rostov"}, (10, 9, 10), ("65/3", "125/3", "-190/3")),
        (G, {}, (0, 0, -2), ("220/3", "-140/3", "-80/3")),
        ([H1], {}, (10, 8, 10), ("-20/3", "40/3", "-20/3")),
    ],
)
def test_the_settlement_of_the_worked_examples(hands, options, closed, exact):
    state = example(hands, **options)
    settled = settle(state.progress.sheet, table(**{"pool_size": 10, **options}).options)
    assert settled.mountain == closed
    assert settled.exact == tuple(Fraction(value) for value in exact)
    assert settled.whole == state.totals and sum(settled.exact) == 0


def test_example_a_explained_per_player():
    first, second = (scored.score.explanation for scored in example([A1, A2]).rounds)
    assert first == ("8 whists on Bob: 2 tricks × 4 → -5", "pool +4 → +14", "4 whists on Bob: 1 trick × 4 → -9")
    assert second == (
        "4 whists on Cid: consolation 2 × 2 → +17",
        "16 whists on Cid: 6 tricks × 2 + consolation 2 × 2 → +30",
        "mountain +4: 2 down × 2 → -47",
    )


@pytest.mark.parametrize(
    ("hands", "n", "options", "seat", "words"),
    [
        ([B1], 3, {"convention": "leningrad"}, 1, "20 whists on Ann: half of 6 tricks × 4 + consolation 2 × 4 → +47"),
        ([B1, B2], 3, {"convention": "leningrad"}, 1, "mountain +40: misère, 2 tricks × 20 → -267"),
        ([B1, B2], 3, {"convention": "leningrad"}, 0, "nothing written → +133"),
        ([C1], 3, {}, 2, "mountain +6: whist quota short by 1 trick × 6 → -60"),
        ([C1, C2], 3, {}, 0, "4 whists on Bob: half-whist 1 trick × 4 → -10"),
        ([C1, C2, C3], 3, {}, 1, "mountain +2: whist quota short by 1 trick × 2 → -20"),
        ([D1], 3, {}, 2, "mountain +5: all-pass, 5 tricks × 1 → -16"),
        ([D1, D2], 3, {}, 0, "mountain +12: all-pass, 6 tricks × 2 → -59"),
        ([D1, D2], 3, {}, 1, "pool +2: no trick in the all-pass → +80"),
        ([E1], 3, {"convention": "rostov"}, 0, "15 whists on Bob: all-pass 3 tricks × 5; 30 whists on Cid: all-pass 6 tricks × 5 → +45"),
        ([F1], 4, {}, 0, "4 whists on Cid: consolation 1 × 4 → +14"),
        ([F1], 4, {"dealer_consolation": False}, 0, "sits out → +10"),
        (G[:2], 3, {}, 0, "help: 2 to Bob, 20 whists → +14"),
        (G[:4], 3, {}, 0, "help: 2 to Bob, 20 whists; help: 4 to Cid, 40 whists → +40"),
        (G, 3, {}, 2, "pool +6; mountain -2: 2 pool points × 1, every pool closed → +53"),
        ([H1], 3, {"max_rounds": 1}, 1, "pool +2 → +13"),
    ],
)
def test_explanations(hands, n, options, seat, words):
    assert example(hands, n, **options).rounds[-1].score.explanation[seat] == words


def test_example_d_the_multiplier_climbs_and_four_all_passes_by_progression():
    state = example([D1, D2])
    assert (state.next["all_pass_run"], state.next["all_pass_multiplier"]) == (2, 3)
    assert [scored.score.details["all_pass_multiplier"] for scored in state.rounds] == [1, 2]
    four = [{"contract": "all_pass", "tricks": [4, 3, 3]}] * 4
    mountains = {progression: example(four, all_pass_progression=progression).details["mountain"]
                 for progression in ("none", "capped", "open")}
    assert mountains == {"none": [16, 12, 12], "capped": [36, 27, 27], "open": [40, 30, 30]}


def test_example_f_the_dealer_sits_out_and_the_next_dealer_too():
    state = example([F1], 4)
    assert state.next == {
        "round": 2, "dealer": 1, "sits_out": 1, "players": [2, 3, 0], "all_pass_run": 0, "all_pass_multiplier": 1,
        "pool": [0, 0, 0, 0], "mountain": [0, 0, 4, 0], "whists": [[0, 0, 4, 0], [0, 0, 12, 0], [0] * 4, [0, 0, 12, 0]],
        "pool_open": [10, 10, 10, 10],
    }


def test_example_g_help_closes_the_pools_and_ends_the_match():
    for cut in range(1, len(G)):
        assert not example(G[:cut]).finished
    state = example(G)
    assert state.finished and state.winners == (0,) and state.next is None
    assert state.details["pool_open"] == [0, 0, 0]
    with pytest.raises(MatchFinishedError):
        PREFERANS.play(table(pool_size=10), state, passed("6S", 0))


def test_example_h_the_round_limit_ends_the_match():
    state = example([H1], max_rounds=1)
    assert state.finished and state.winners == (1,) and state.next is None
    assert not example([H1], max_rounds=2).finished


# --------------------------------------------------------------------------- the rules beyond the examples


@pytest.mark.parametrize(
    ("raw", "options", "pool", "mountain", "whists"),
    [
        # Ann declares 6S at three (Bob first defender, Cid second).
        # Both whist and Ann makes: each writes own tricks; quota 4 met.
        ({"contract": "6S", "declarer": 0, "whist": [None, "whist", "whist"], "tricks": [6, 2, 2]}, {},
         [2, 0, 0], [0, 0, 0], [[0, 0, 0], [4, 0, 0], [4, 0, 0]]),
        # One whister, Ann makes 7 of 6: 3 defence tricks for the lone whister, 1 short of 4: his mountain.
        ({"contract": "6S", "declarer": 0, "whist": [None, "pass", "whist"], "tricks": [7, 1, 2]}, {},
         [2, 0, 0], [0, 0, 2], [[0, 0, 0], [0, 0, 0], [6, 0, 0]]),
        # The same in Leningrad and Rostov: half responsible (p = w/2), the passer writes nothing when Ann makes.
        ({"contract": "6S", "declarer": 0, "whist": [None, "pass", "whist"], "tricks": [7, 1, 2]},
         {"convention": "leningrad"}, [2, 0, 0], [0, 0, 2], [[0, 0, 0], [0, 0, 0], [12, 0, 0]]),
        ({"contract": "6S", "declarer": 0, "whist": [None, "pass", "whist"], "tricks": [7, 1, 2]},
         {"convention": "rostov"}, [2, 0, 0], [0, 0, 1], [[0, 0, 0], [0, 0, 0], [6, 0, 0]]),
        # Two whisters on a 6, 8 of 6: each answers for 2, Bob (0) for min(2, 2), Cid (2) nothing.
        ({"contract": "6S", "declarer": 0, "whist": [None, "whist", "whist"], "tricks": [8, 0, 2]}, {},
         [2, 0, 0], [0, 4, 0], [[0, 0, 0], [0, 0, 0], [4, 0, 0]]),
        # Two whisters on a 7 taking none: each answers for 1 of the 2 missing.
        ({"contract": "7S", "declarer": 0, "whist": [None, "whist", "whist"], "tricks": [10, 0, 0]}, {},
         [4, 0, 0], [0, 4, 4], [[0] * 3] * 3),
        # A 10 whisted and made: the second defender answers for the missing trick.
        ({"contract": "10NT", "declarer": 0, "whist": [None, "whist", "whist"], "tricks": [10, 0, 0]}, {},
         [10, 0, 0], [0, 0, 10], [[0] * 3] * 3),
        ({"contract": "10NT", "declarer": 0, "whist": [None, "whist", "pass"], "tricks": [9, 1, 0]}, {},
         [0, 0, 0], [10, 0, 0], [[0] * 3, [20, 0, 0], [10, 0, 0]]),
        # Half-whist on a 6: the second defender writes 2w; the first nothing; in Leningrad w = 2v.
        ({"contract": "6D", "declarer": 0, "whist": [None, "pass", "half"]}, {},
         [2, 0, 0], [0, 0, 0], [[0] * 3, [0] * 3, [4, 0, 0]]),
        ({"contract": "6D", "declarer": 0, "whist": [None, "pass", "half"]}, {"convention": "leningrad"},
         [2, 0, 0], [0, 0, 0], [[0] * 3, [0] * 3, [8, 0, 0]]),
        # A clean misère: 10 to the pool; Rostov all-pass with two on the fewest tricks: both write.
        ({"contract": "misere", "declarer": 2, "tricks": [4, 6, 0]}, {}, [0, 0, 10], [0, 0, 0], [[0] * 3] * 3),
        ({"contract": "all_pass", "tricks": [2, 2, 6]}, {"convention": "rostov"},
         [0, 0, 0], [0, 0, 0], [[0, 0, 30], [0, 0, 30], [0, 0, 0]]),
        # Leningrad all-pass: k = 2 a trick; no trick: one pool point.
        ({"contract": "all_pass", "tricks": [0, 4, 6]}, {"convention": "leningrad"},
         [1, 0, 0], [0, 8, 12], [[0] * 3] * 3),
    ],
)
def test_what_a_hand_writes(raw, options, pool, mountain, whists):
    state = play([raw], **options)
    assert sheet_of(state) == (pool, mountain, whists)
    assert sum(state.totals) == 0


def test_help_goes_to_the_highest_open_pool_then_the_first_clockwise():
    # Ann sits out hand 1 at four: Bob's 8 (6) fills his pool of 4; the 2 left go to Cid, the first
    # clockwise of three pools at 0; 10 whists a point (20 in Leningrad).
    state = play([passed("8S", 1, 4, out=0)], 4, pool_size=4)
    assert state.details["pool"] == [0, 4, 2, 0] and state.details["whists"][1] == [0, 0, 20, 0]
    assert play([passed("8S", 1, 4, out=0)], 4, pool_size=4, convention="leningrad").details["whists"][1] == [0, 0, 40, 0]


def test_help_reaches_the_dealer_who_sits_out():
    # Dan deals hand 1: Ann writes 2. Ann deals hand 2 and sits out: Bob's 10 fills his 4, closes
    # Ann's pool (the highest open) with 2, then Cid's (first clockwise from Bob of the two at 0).
    hands = [passed("6S", 0, 4, out=3), passed("10NT", 1, 4, out=0)]
    state = play(hands, 4, pool_size=4, first_dealer=3)
    assert state.details["pool"] == [4, 4, 4, 0] and state.details["whists"][1] == [20, 0, 40, 0]
    assert state.rounds[1].score.explanation[1] == "pool +4; help: 2 to Ann, 20 whists; help: 4 to Cid, 40 whists → +75"


def test_beyond_every_closed_pool_the_rest_comes_off_the_mountain_k_a_point():
    # Pool 8, Leningrad: Ann's 10 helps Bob with 2; Bob's 10 closes his pool and helps Cid with 4;
    # Cid's 8 (6) closes his with 4, and the 2 left come off his mountain, 2 a point.
    state = play([passed("10NT", 0), passed("10NT", 1), passed("8S", 2)], pool_size=8, convention="leningrad")
    assert sheet_of(state) == ([8, 8, 8], [0, 0, -4], [[0, 40, 0], [0, 0, 80], [0, 0, 0]])
    assert state.finished
    assert state.rounds[2].score.explanation[2].startswith("pool +4; mountain -4: 2 pool points × 2, every pool closed")


def test_all_pass_pool_points_in_order_from_the_first_hand():
    # Pools of 1; hand 2 (Bob deals: Cid, Ann, Bob play) is the second all-pass in a row, m = 2.
    # Cid first: 1 to his pool, 1 helps Ann (Ann and Bob at 0: Ann first clockwise from Cid);
    # then Ann, her pool closed: 1 helps Bob, 1 comes off her mountain.
    state = play([ALL_PASS, {"contract": "all_pass", "tricks": [0, 10, 0]}], pool_size=1, all_pass_progression="open")
    assert sheet_of(state) == ([1, 1, 1], [2, 22, 5], [[0, 10, 0], [0, 0, 0], [10, 0, 0]])
    assert state.finished
    assert state.rounds[1].score.details["entries"] == [
        {"seat": 1, "kind": "mountain", "points": 20, "on": None, "why": None,
         "terms": [{"why": "all_pass", "count": 10, "per": 2, "points": 20}]},
        {"seat": 2, "kind": "pool", "points": 1, "on": None, "why": "no_trick", "terms": []},
        {"seat": 2, "kind": "help", "points": 1, "on": 0, "why": None,
         "terms": [{"why": "help", "count": 1, "per": 10, "points": 10}]},
        {"seat": 0, "kind": "help", "points": 1, "on": 1, "why": None,
         "terms": [{"why": "help", "count": 1, "per": 10, "points": 10}]},
        {"seat": 0, "kind": "mountain", "points": -1, "on": None, "why": None,
         "terms": [{"why": "closed", "count": 1, "per": 1, "points": -1}]},
    ]


def test_any_other_hand_ends_the_all_pass_run():
    state = example([D1, D1, passed("6S", 2), D1])
    assert [scored.score.details["all_pass_multiplier"] for scored in state.rounds] == [1, 2, None, 1]
    assert (state.next["all_pass_run"], state.next["all_pass_multiplier"]) == (1, 2)


# --------------------------------------------------------------------------- the `next` hints

def test_hints_at_three_the_dealer_plays_last():
    state = play([], first_dealer=2)
    assert state.next == {
        "round": 1, "dealer": 2, "sits_out": None, "players": [0, 1, 2], "all_pass_run": 0, "all_pass_multiplier": 1,
        "pool": [0, 0, 0], "mountain": [0, 0, 0], "whists": [[0] * 3] * 3, "pool_open": [20, 20, 20],
    }
    assert play([ALL_PASS], first_dealer=2).next["players"] == [1, 2, 0]


def test_hints_at_four_the_dealer_sits_out_in_turn():
    seen = []
    state = play([], 4, first_dealer=3)
    for _hand in range(5):
        seen.append((state.next["dealer"], state.next["sits_out"], state.next["players"]))
        tricks = [2, 3, 5, 0]
        tricks.insert(state.next["sits_out"], None)
        state = PREFERANS.play(table(4, first_dealer=3), state, {"contract": "all_pass", "tricks": tricks[:4]})
    assert seen == [(3, 3, [0, 1, 2]), (0, 0, [1, 2, 3]), (1, 1, [2, 3, 0]), (2, 2, [3, 0, 1]), (3, 3, [0, 1, 2])]
    assert [scored.dealer for scored in state.rounds] == [3, 0, 1, 2, 3]


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(("raw", "n", "options", "before", "code", "field", "words"), REFUSAL_CASES)
def test_refusals(raw, n, options, before, code, field, words):
    error = refusal(raw, n, before, **options)
    assert (error.code, error.field) == (code, field)
    assert words in error.message


@pytest.mark.parametrize(
    "raw",
    [
        GAME, PASSED, MISERE, ALL_PASS,
        {**PASSED, "tricks": None},
        {**ALL_PASS, "declarer": None, "whist": None},
        {**MISERE, "whist": None},
        {"contract": "7S", "declarer": 1, "whist": ["half", None, "pass"]},
        {"contract": "6S", "declarer": 1, "whist": ["half", None, "pass"]},
        {"contract": "10NT", "declarer": 1, "whist": ["pass", None, "whist"], "tricks": [0, 10, 0]},
    ],
)
def test_the_spec_hands_are_taken_and_null_is_absent(raw):
    assert play([raw]).round_count == 1


def test_the_spec_hands_at_four():
    assert play([FOUR_ALL_PASS], 4).round_count == 1 and play([FOUR_GAME], 4).round_count == 1


# --------------------------------------------------------------------------- options


def test_default_options_are_sochi_with_a_pool_of_20():
    assert dict(table().options) == {
        "first_dealer": 0, "convention": "sochi", "pool_size": 20, "all_pass_progression": "capped",
        "half_whist": True, "dealer_consolation": True, "max_rounds": None,
    }


@pytest.mark.parametrize(
    ("options", "progression"),
    [
        ({"convention": "sochi"}, "capped"),
        ({"convention": "leningrad"}, "capped"),
        ({"convention": "rostov"}, "none"),
        ({"convention": "rostov", "all_pass_progression": "capped"}, "capped"),
        ({"convention": "sochi", "all_pass_progression": "none"}, "none"),
        ({"all_pass_progression": "open"}, "open"),
    ],
)
def test_the_all_pass_progression_follows_the_convention_unless_given(options, progression):
    assert table(**options).options["all_pass_progression"] == progression
    assert PREFERANS.table(PLAYERS[:3], None).options["all_pass_progression"] == "capped"


def test_rostov_with_a_progression_doubles_its_all_pass_whists():
    state = play([E1, E1], convention="rostov", all_pass_progression="capped")
    assert state.details["whists"][0] == [0, 45, 90]


@pytest.mark.parametrize("pool_size", [1, 10, 30, 100])
def test_pool_size_is_what_every_pool_must_reach(pool_size):
    state = play([], pool_size=pool_size)
    assert state.next["pool_open"] == [pool_size] * 3
    hands = [passed("10NT", seat) for seat in (0, 1, 2)] * 10
    ended = None
    for count in range(1, len(hands) + 1):
        if play(hands[:count], pool_size=pool_size, max_rounds=None).finished:
            ended = count
            break
    assert ended == -(-3 * pool_size // 10)


def test_half_whist_off_refuses_half_and_changes_nothing_else():
    assert refusal(C2, before=[C1], half_whist=False).code == "half_whist_off"
    assert example([A1, A2], half_whist=False).totals == (12, 44, -56)


def test_dealer_consolation_is_accepted_at_three_and_changes_nothing():
    assert example([A1, A2], dealer_consolation=False).totals == (12, 44, -56)


@pytest.mark.parametrize(
    ("n", "options", "code", "field"),
    [
        (3, {"convention": "moscow"}, "option_choice", "options.convention"),
        (3, {"convention": None}, "option_null", "options.convention"),
        (3, {"pool_size": 0}, "option_range", "options.pool_size"),
        (3, {"pool_size": 101}, "option_range", "options.pool_size"),
        (3, {"pool_size": 10.5}, "option_type", "options.pool_size"),
        (3, {"pool_size": None}, "option_null", "options.pool_size"),
        (3, {"all_pass_progression": "doubled"}, "option_choice", "options.all_pass_progression"),
        (3, {"all_pass_progression": None}, "option_null", "options.all_pass_progression"),
        (3, {"half_whist": "yes"}, "option_type", "options.half_whist"),
        (3, {"dealer_consolation": 1}, "option_type", "options.dealer_consolation"),
        (3, {"max_rounds": 0}, "option_range", "options.max_rounds"),
        (3, {"max_rounds": 1001}, "option_range", "options.max_rounds"),
        (3, {"first_dealer": 3}, "option_range", "options.first_dealer"),
        (4, {"first_dealer": 4}, "option_range", "options.first_dealer"),
        (3, {"target": 10}, "option_unknown", "options.target"),
        (3, {"stalingrad": True}, "option_unknown", "options.stalingrad"),
        (2, {}, "player_count", "players"),
        (5, {}, "player_count", "players"),
    ],
)
def test_option_refusals(n, options, code, field):
    with pytest.raises(OptionError) as caught:
        PREFERANS.table([*PLAYERS, "Eve"][:n], options)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_describe_lists_every_option_and_the_game_is_registered():
    described = PREFERANS.describe()
    assert json.loads(json.dumps(described)) == described
    assert [option["name"] for option in described["options"]] == [
        "first_dealer", "convention", "pool_size", "all_pass_progression", "half_whist", "dealer_consolation", "max_rounds",
    ]
    assert (described["name"], described["min_players"], described["max_players"]) == ("Preferans", 3, 4)
    assert PREFERANS.fixed_rounds(table(max_rounds=5)) is None
    assert "preferans" in game_ids()


# --------------------------------------------------------------------------- the end and winners


def test_a_tie_at_the_end_is_a_shared_win():
    # At four: Bob, then Cid write 2 (Ann, then Bob sit out): M' = [10, 8, 8, 10], x = [-10, 10, 10, -10].
    state = example([passed("6NT", 1, 4, out=0), passed("6NT", 2, 4, out=1)], 4, max_rounds=2)
    assert state.totals == (-10, 10, 10, -10) and state.winners == (1, 2)


def test_the_whole_whists_decide_the_winners_where_the_exact_results_tie():
    # Bob and Cid are level at 20/3 each, but the leftover whist goes to the lower seat of the two.
    state = example([H1, passed("6NT", 2)], max_rounds=2)
    assert settle(state.progress.sheet, table(pool_size=10).options).exact[1:] == (
        Fraction(20, 3), Fraction(20, 3))
    assert state.totals == (-13, 7, 6) and state.winners == (1,)


# --------------------------------------------------------------------------- replay, edit, undo, snapshots


def test_an_edit_replays_the_later_hands():
    # Hand 1 made an all-pass: hand 2, an all-pass too, is now the second in a row (m = 2).
    assert example([A1, D1]).rounds[1].score.details["all_pass_multiplier"] == 1
    edited = example([D1, D1])
    assert edited.rounds[1].score.details["all_pass_multiplier"] == 2
    assert edited.totals == tuple(sum(column) for column in zip(*(r.score.scores for r in edited.rounds), strict=True))


def test_an_edit_that_would_end_the_match_earlier_is_refused():
    hands = [passed("10NT", 0), passed("10NT", 1), passed("6S", 2), passed("6S", 2)]
    assert not play(hands, pool_size=10).finished
    hands[2] = passed("10NT", 2)
    with pytest.raises(RoundError) as caught:
        play(hands, pool_size=10)
    assert caught.value.code == "match_ends_early" and caught.value.round_number == 4


def test_an_edit_that_makes_a_later_hand_refused_names_its_round():
    with pytest.raises(RoundError) as caught:
        example([*G[:4], passed("9NT", 2), passed("6S", 0)])
    assert caught.value.code == "match_ends_early" and caught.value.round_number == 6
    with pytest.raises(RoundError) as caught:
        play([ALL_PASS, {**FOUR_ALL_PASS}])
    assert caught.value.round_number == 2 and caught.value.message.startswith("round 2: tricks must have 3 entries")


def test_undo_reopens_a_finished_match_and_restores_the_hints():
    finished = example(G)
    undone = example(G[:-1])
    assert finished.finished and not undone.finished
    assert undone.next["pool"] == [10, 10, 4] and undone.totals == (100, -20, -80)


@pytest.mark.parametrize(("n", "options"), [(3, {}), (3, {"convention": "rostov"}), (4, {"convention": "leningrad"})])
def test_a_snapshot_plays_on_like_a_replay(n, options):
    game_table, state = play_match(random.Random(n), PREFERANS, PLAYERS[:n], options={"pool_size": 10, **options})
    hands = [scored.input for scored in state.rounds]
    for cut in range(len(hands) + 1):
        before = PREFERANS.replay(game_table, hands[:cut])
        snapshot = json.loads(json.dumps(PREFERANS.snapshot(before)))
        played_on = PREFERANS.replay(game_table, hands[cut:], start=PREFERANS.restore(game_table, snapshot))
        assert (played_on.totals, played_on.progress, played_on.next, played_on.details, played_on.finished) == (
            state.totals, state.progress, state.next, state.details, state.finished
        )


# --------------------------------------------------------------------------- the settlement over random matches


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("convention", ["sochi", "leningrad", "rostov"])
@pytest.mark.parametrize("seed", range(4))
def test_random_matches_settle_to_whole_whists_adding_up_to_zero(n, convention, seed):
    game_table, state = play_match(random.Random(seed), PREFERANS, PLAYERS[:n],
                                   options={"pool_size": 10, "convention": convention})
    assert state.finished and all(pool == 10 for pool in state.details["pool"])
    settled = settle(state.progress.sheet, game_table.options)
    assert settled.whole == state.totals and sum(state.totals) == 0 and sum(settled.exact) == 0
    assert all(abs(whole - exact) < 1 for whole, exact in zip(settled.whole, settled.exact, strict=True))
    assert all(sum(scored.score.scores) == 0 for scored in state.rounds)
    # The floors' leftover went to the furthest behind: nobody rounded up is ahead of one rounded down.
    up = [seat for seat in range(n) if settled.whole[seat] > settled.exact[seat]]
    down = [seat for seat in range(n) if settled.whole[seat] < settled.exact[seat]]
    assert all(settled.exact[a] <= settled.exact[b] for a in up for b in down)


@pytest.mark.parametrize(
    ("mountain", "exact", "whole"),
    [
        # Pools closed: x_i = 10 × (mean(M) - M_i); floors, then one each to the furthest behind.
        ((1, 0, 0), ("-20/3", "10/3", "10/3"), (-6, 3, 3)),
        ((0, 0, 1), ("10/3", "10/3", "-20/3"), (3, 3, -6)),
        # Two left over, Ann and Bob level behind: one each.
        ((1, 1, 0), ("-10/3", "-10/3", "20/3"), (-3, -3, 6)),
        # At four, two left over: Ann (furthest behind), then of Bob, Cid and Dan level the lowest seat.
        ((1, 0, 0, 0), ("-15/2", "5/2", "5/2", "5/2"), (-7, 3, 2, 2)),
        ((0, 0, 0, 1), ("5/2", "5/2", "5/2", "-15/2"), (3, 2, 2, -7)),
        ((0, 0, 0), ("0", "0", "0"), (0, 0, 0)),
    ],
)
def test_whole_whists_go_to_the_furthest_behind_ties_to_the_lower_seat(mountain, exact, whole):
    n = len(mountain)
    sheet = Sheet(pool=(10,) * n, mountain=mountain, whists=((0,) * n,) * n)
    settled = settle(sheet, table(n, pool_size=10).options)
    assert settled.exact == tuple(Fraction(value) for value in exact)
    assert settled.whole == whole and sum(whole) == 0


def test_whists_are_netted_and_an_unfilled_pool_is_mountain_k_a_point():
    sheet = Sheet(pool=(4, 10, 10), mountain=(0, 0, 0), whists=((0, 7, 0), (0, 0, 0), (2, 0, 0)))
    assert settle(sheet, table(pool_size=10).options).mountain == (6, 0, 0)
    assert settle(sheet, table(pool_size=10, convention="leningrad").options).mountain == (12, 0, 0)
    # Net [5, -7, 2]; M' = [6, 0, 0], mean 2: x = [5 - 40, -7 + 20, 2 + 20].
    assert settle(sheet, table(pool_size=10).options).whole == (-35, 13, 22)


# --------------------------------------------------------------------------- garbage

WORDS = ["contract", "declarer", "whist", "tricks", "7H", "10NT", "misere", "all_pass", "whist", "pass", "half"]
VALUE = json_like(WORDS, max_leaves=6) | st.integers(-2, 12) | st.sampled_from([None, True, 0, 1, 2, 10, "half", "pass"])
SEATS = st.lists(st.sampled_from([None, 0, 1, 2, 5, 10, "whist", "pass", "half"]), min_size=3, max_size=4)
ROUND = st.fixed_dictionaries(
    {"contract": st.sampled_from(["6S", "7H", "8D", "10NT", "misere", "all_pass"]) | VALUE},
    optional={"declarer": st.integers(-1, 4) | VALUE, "whist": SEATS | VALUE, "tricks": SEATS | VALUE},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=json_like(WORDS, max_leaves=12) | ROUND, n=st.sampled_from([3, 4]))
def test_garbage_gives_a_round_error_only(raw, n):
    game_table = table(n, pool_size=10)
    state = PREFERANS.initial_state(game_table)
    try:
        after = PREFERANS.play(game_table, state, raw)
    except RoundError as error:
        assert error.code and error.message
    else:
        assert sum(after.totals) == 0


# --------------------------------------------------------------------------- through the translation hook

HOOK_CASES = [
    (3, {"pool_size": 10}, [A1, A2, B1, C1, C2, C3]),
    (3, {"pool_size": 10, "convention": "leningrad"}, [B1, B2, D1, D2]),
    (3, {"pool_size": 10, "convention": "rostov"}, [E1, E2, B1]),
    (3, {"pool_size": 10}, G),
    (4, {"pool_size": 10, "dealer_consolation": False}, [F1, {"contract": "all_pass", "tricks": [0, None, 4, 6]}]),
]
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def hook_play(n, options, hands):
    return PREFERANS.replay(PREFERANS.table(NAMES[:n], options), hands)


def test_every_explanation_and_refusal_goes_through_the_hook():
    with use_translator(wrap):
        notes = [note for n, options, hands in HOOK_CASES for scored in hook_play(n, options, hands).rounds
                 for note in scored.score.explanation]
        refused = [refusal(raw, n, before, names=NAMES, **options).message for raw, n, options, before, *_ in REFUSAL_CASES]
    for text in notes + refused:
        assert_all_translated(text)
    assert all(message.startswith("[[") and message.endswith("]]") for message in refused)


def test_the_catalogue_entry_goes_through_the_hook():
    with use_translator(wrap):
        described = PREFERANS.describe()
        labels = [PREFERANS.option_label(option["name"]) for option in described["options"]]
        choices = [PREFERANS.choice_label(value) for value in ("sochi", "leningrad", "rostov", "none", "capped", "open")]
    assert described["name"].startswith("[[") and all(o["description"].startswith("[[") for o in described["options"])
    assert all(label.startswith("[[") for label in labels + choices)


@pytest.mark.parametrize(
    ("language", "declarer", "whister", "help_words", "refused"),
    [
        ("de", "Berg +4: 2 zu wenig × 2 → -47", "16 Whists auf Cid: 6 Stiche × 2 + Trost 2 × 2 → +30",
         "Hilfe: 2 an Bob, 20 Whists → +14", "Ann kann hier nicht „halb“ sagen"),
        ("ru", "гора +4: без 2 × 2 → -47", "16 вистов на игрока Cid: 6 взяток × 2 + консоляция 2 × 2 → +30",
         "помощь игроку Bob: 2, 20 вистов → +14", "Ann не может здесь сказать «полвиста»"),
    ],
)
def test_explanations_and_refusals_in_the_players_language(language, declarer, whister, help_words, refused):
    with use_translator(catalog_translator(language)):
        second = example([A1, A2]).rounds[1].score.explanation
        helped = example(G[:2]).rounds[1].score.explanation
        error = refusal({"contract": "8S", "declarer": 1, "whist": ["half", None, "pass"]})
        explained = " ".join(
            note for n, options, hands in HOOK_CASES for scored in hook_play(n, options, hands).rounds
            for note in scored.score.explanation
        )
    assert (second[2], second[1], helped[0]) == (declarer, whister, help_words)
    assert error.message.startswith(refused)
    assert not {word for word in preferans_data.FOREIGN_WORDS[language] if word in explained}, language


def test_the_test_data_for_the_registry_holds():
    """tests/support/data/preferans.py, which the registry's tests read once Preferans is registered."""
    state = PREFERANS.replay(PREFERANS.table(preferans_data.PLAYERS), [preferans_data.FIRST_ROUND])
    assert state.round_count == 1
    case = preferans_data.I18N_CASE
    case_table = PREFERANS.table(preferans_data.PLAYERS[: case["players"]], case["options"])
    scored = PREFERANS.play(case_table, PREFERANS.initial_state(case_table), case["round"])
    assert case["explanation"] in scored.rounds[0].score.explanation
    with pytest.raises(RoundError) as caught:
        PREFERANS.play(case_table, PREFERANS.initial_state(case_table), case["refused"])
    assert caught.value.message == case["refusal"]
