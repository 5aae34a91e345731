"""Preferans's refused hands with the codes and words they give, and a table to play them at
(tests/engine/test_preferans.py)."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.core.base import RoundError
from scorekeeper.engine.games.preferans import PREFERANS

# The spec's worked examples' players (the shared i18n checks know Dee, not Dan: tests/support/i18n.py).
PLAYERS = ["Ann", "Bob", "Cid", "Dan"]


def table(n: int = 3, **options: Any):
    return PREFERANS.table(PLAYERS[:n], options)


def play(hands: list[dict[str, Any]], n: int = 3, **options: Any):
    return PREFERANS.replay(table(n, **options), hands)


def example(hands: list[dict[str, Any]], n: int = 3, **options: Any):
    """The hands played as the spec's worked examples are: a pool of 10, Ann deals first."""
    return play(hands, n, **{"pool_size": 10, **options})


def refusal(
    raw: Any, n: int = 3, before: list[dict[str, Any]] | None = None, names: list[str] = PLAYERS, **options: Any
) -> RoundError:
    game_table = PREFERANS.table(names[:n], options)
    state = PREFERANS.replay(game_table, before or [])
    with pytest.raises(RoundError) as caught:
        PREFERANS.play(game_table, state, raw)
    return caught.value


# Hand 1, Ann deals: at three Bob, Cid, Ann play; at four Ann sits out and Bob, Cid, Dan play.
GAME = {"contract": "7H", "declarer": 1, "whist": ["whist", None, "whist"], "tricks": [2, 7, 1]}
PASSED = {"contract": "6S", "declarer": 0, "whist": [None, "pass", "pass"]}
MISERE = {"contract": "misere", "declarer": 2, "tricks": [4, 6, 0]}
ALL_PASS = {"contract": "all_pass", "tricks": [3, 2, 5]}
FOUR_ALL_PASS = {"contract": "all_pass", "tricks": [None, 3, 5, 2]}
FOUR_GAME = {"contract": "7C", "declarer": 2, "whist": [None, "whist", None, "whist"], "tricks": [None, 2, 6, 2]}

# (hand, players, options, hands before, code, field, words in the message)
REFUSAL_CASES: list[tuple[Any, int, dict[str, Any], list[dict[str, Any]], str, str | None, str]] = [
    ([1], 3, {}, [], "round_type", None, "a round must be a JSON object"),
    ({**GAME, "talon": 2}, 3, {}, [], "field_unknown", "talon", "unknown round field 'talon'"),
    ({"declarer": 1, "whist": ["pass", None, "pass"]}, 3, {}, [], "field_missing", "contract", "contract is required"),
    ({**GAME, "contract": "11S"}, 3, {}, [], "contract", "contract",
     "contract must be 6S to 10NT (a level 6-10, then S, C, D, H or NT), misere or all_pass, got '11S'"),
    ({**GAME, "contract": "5H"}, 3, {}, [], "contract", "contract", "got '5H'"),
    ({**GAME, "contract": "7h"}, 3, {}, [], "contract", "contract", "got '7h'"),
    ({**GAME, "contract": "7"}, 3, {}, [], "contract", "contract", "got '7'"),
    ({**GAME, "contract": 7}, 3, {}, [], "contract", "contract", "got 7"),
    ({**GAME, "contract": "misère"}, 3, {}, [], "contract", "contract", "misere or all_pass"),
    ({**GAME, "declarer": None}, 3, {}, [], "declarer_missing", "declarer",
     "declarer is required: who played the contract (Bob, Cid or Ann)"),
    ({"contract": "misere", "tricks": [4, 6, 0]}, 3, {}, [], "declarer_missing", "declarer", "declarer is required"),
    ({**GAME, "declarer": 3}, 3, {}, [], "range", "declarer", "declarer must be at most 2, got 3"),
    ({**GAME, "declarer": "Bob"}, 3, {}, [], "type", "declarer", "declarer must be a whole number, got 'Bob'"),
    ({**FOUR_GAME, "declarer": 0, "whist": [None, "whist", "whist", None]}, 4, {}, [], "declarer_sits_out", "declarer",
     "Ann deals and sits out: the declarer is Bob, Cid or Dan"),
    ({**ALL_PASS, "declarer": 1}, 3, {}, [], "field_not_applicable", "declarer",
     "declarer does not apply to an all-pass hand: nobody declared, got 1"),
    ({**ALL_PASS, "whist": [None, None, None]}, 3, {}, [], "field_not_applicable", "whist",
     "whist does not apply to an all-pass hand"),
    ({**MISERE, "whist": ["whist", "pass", None]}, 3, {}, [], "field_not_applicable", "whist",
     "whist does not apply to a misère: a misère is never whisted"),
    ({"contract": "7H", "declarer": 1, "tricks": [2, 7, 1]}, 3, {}, [], "whist_missing", "whist",
     "whist is required: what the defenders Cid and Ann said (whist, pass or half)"),
    ({**GAME, "whist": "whist"}, 3, {}, [], "type", "whist", "whist must be a list with one entry per seat"),
    ({**GAME, "whist": ["whist", None]}, 3, {}, [], "length", "whist", "whist must have 3 entries, one per seat, got 2"),
    ({**GAME, "whist": ["whist", "pass", "whist"]}, 3, {}, [], "whist_not_defender", "whist.1",
     "whist of Bob must be null: only the defenders Cid and Ann say whist, pass or half"),
    ({**FOUR_GAME, "whist": ["pass", "whist", None, "whist"]}, 4, {}, [], "whist_not_defender", "whist.0",
     "whist of Ann must be null: only the defenders Dan and Bob say whist, pass or half"),
    ({**GAME, "whist": ["whist", None, None]}, 3, {}, [], "choice", "whist.2",
     "whist of Cid must be one of whist, pass, half, got None"),
    ({**GAME, "whist": ["vist", None, "whist"]}, 3, {}, [], "choice", "whist.0", "whist of Ann must be one of"),
    # At three in hand 1 Bob declares: Cid is the first defender (seat 2), Ann the second (seat 0).
    ({**GAME, "whist": ["pass", None, "half"]}, 3, {}, [], "half_whist", "whist.2",
     "Cid cannot say half here: half only from the second defender, after a pass, on a 6 or 7"),
    ({**GAME, "whist": ["whist", None, "half"]}, 3, {}, [], "half_whist", "whist.2", "half only from the second defender"),
    ({**GAME, "whist": ["half", None, "half"]}, 3, {}, [], "half_whist", "whist.2", "Cid cannot say half here"),
    ({**GAME, "whist": ["half", None, "whist"]}, 3, {}, [], "half_whist", "whist.0", "Ann cannot say half here"),
    ({"contract": "8S", "declarer": 1, "whist": ["half", None, "pass"]}, 3, {}, [], "half_whist", "whist.0",
     "Ann cannot say half here: half only from the second defender, after a pass, on a 6 or 7"),
    ({"contract": "10NT", "declarer": 1, "whist": ["half", None, "pass"]}, 3, {}, [], "half_whist", "whist.0",
     "Ann cannot say half here"),
    ({"contract": "7S", "declarer": 1, "whist": ["half", None, "pass"]}, 3, {"half_whist": False}, [], "half_whist_off",
     "whist.0", "Ann cannot say half: this match is played without half-whist"),
    ({**GAME, "tricks": None}, 3, {}, [], "tricks_missing", "tricks", "tricks is required: the tricks Bob, Cid and Ann took"),
    ({"contract": "7H", "declarer": 1, "whist": ["whist", None, "whist"]}, 3, {}, [], "tricks_missing", "tricks",
     "tricks is required"),
    ({"contract": "misere", "declarer": 1}, 3, {}, [], "tricks_missing", "tricks", "tricks is required"),
    ({"contract": "all_pass"}, 3, {}, [], "tricks_missing", "tricks", "tricks is required"),
    ({**PASSED, "tricks": [6, 2, 2]}, 3, {}, [], "tricks_not_played", "tricks",
     "tricks does not apply when nobody whisted: the game is not played, got [6, 2, 2]"),
    ({"contract": "7S", "declarer": 1, "whist": ["half", None, "pass"], "tricks": [2, 7, 1]}, 3, {}, [],
     "tricks_not_played", "tricks", "tricks does not apply when nobody whisted"),
    ({**GAME, "tricks": [3, 8, -1]}, 3, {}, [], "range", "tricks.2", "tricks of Cid must be at least 0, got -1"),
    ({**GAME, "tricks": [2, 7.0, 1]}, 3, {}, [], "type", "tricks.1", "tricks of Bob must be a whole number, got 7.0"),
    ({**GAME, "tricks": [2, None, 8]}, 3, {}, [], "type", "tricks.1", "tricks of Bob must be a whole number, got None"),
    ({**GAME, "tricks": [2, 11, 1]}, 3, {}, [], "range", "tricks.1", "tricks of Bob must be at most 10, got 11"),
    ({**GAME, "tricks": [2, 7, 2]}, 3, {}, [], "tricks_sum", "tricks", "tricks must add up to 10, got 11"),
    ({**ALL_PASS, "tricks": [3, 2, 4]}, 3, {}, [], "tricks_sum", "tricks", "tricks must add up to 10, got 9"),
    ({**ALL_PASS, "tricks": [3, 2, 5, 0]}, 3, {}, [], "length", "tricks", "tricks must have 3 entries"),
    ({**FOUR_ALL_PASS, "tricks": [0, 3, 5, 2]}, 4, {}, [], "tricks_sits_out", "tricks.0",
     "tricks of Ann must be null: Ann deals and sits out"),
    ({**FOUR_ALL_PASS, "tricks": [None, 3, None, 7]}, 4, {}, [], "type", "tricks.2", "tricks of Cid must be a whole number"),
    # Hand 2 at four: Bob deals and sits out.
    ({"contract": "all_pass", "tricks": [2, 3, None, 5]}, 4, {}, [FOUR_ALL_PASS], "tricks_sits_out", "tricks.1",
     "tricks of Bob must be null: Bob deals and sits out"),
    ({**FOUR_GAME, "declarer": 1, "whist": [None, None, "whist", "whist"]}, 4, {}, [FOUR_ALL_PASS], "declarer_sits_out",
     "declarer", "Bob deals and sits out: the declarer is Cid, Dan or Ann"),
]
