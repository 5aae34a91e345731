"""Doppelkopf's refused hands with the codes and words they give, and a table to play them at
(tests/engine/test_doppelkopf.py)."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.core.base import RoundError
from scorekeeper.engine.games.doppelkopf import DOPPELKOPF

FIVE = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def table(n: int = 4, **options: Any):
    return DOPPELKOPF.table(FIVE[:n], options)


def play(hands: list[dict[str, Any]], n: int = 4, **options: Any):
    return DOPPELKOPF.replay(table(n, **options), hands)


def refusal(raw: Any, n: int = 4, before: list[dict[str, Any]] | None = None, **options: Any) -> RoundError:
    game_table = table(n, **options)
    state = DOPPELKOPF.replay(game_table, before or [])
    with pytest.raises(RoundError) as caught:
        DOPPELKOPF.play(game_table, state, raw)
    return caught.value


NORMAL = {"game": "normal", "re": [1, 3], "re_points": 164}
SOLO = {"game": "queens", "soloist": 2, "re_points": 185}
FOUR_NORMAL = [{"game": "normal", "re": [0, 1], "re_points": 130}] * 4

# (hand, players, options, hands before, code, field, words in the message)
REFUSAL_CASES: list[tuple[Any, int, dict[str, Any], list[dict[str, Any]], str, str | None, str]] = [
    ([1], 4, {}, [], "round_type", None, "a round must be a JSON object"),
    ({**NORMAL, "fox": [1, 0]}, 4, {}, [], "field_unknown", "fox", "unknown round field 'fox'"),
    ({"re": [1, 3], "re_points": 164}, 4, {}, [], "field_missing", "game", "game is required"),
    ({"game": "normal", "re": [1, 3]}, 4, {}, [], "field_missing", "re_points", "re_points is required"),
    ({**NORMAL, "game": "Hochzeit"}, 4, {}, [], "choice", "game", "game must be one of normal, marriage"),
    ({**NORMAL, "re_points": True}, 4, {}, [], "type", "re_points", "re_points must be a whole number, got True"),
    ({**NORMAL, "re_points": 241}, 4, {}, [], "range", "re_points", "re_points must be at most 240, got 241"),
    ({**NORMAL, "re_points": -1}, 4, {}, [], "range", "re_points", "at least 0"),
    ({**NORMAL, "re_call": "kontra"}, 4, {}, [], "choice", "re_call", "re_call must be one of null, re, no90"),
    ({**NORMAL, "kontra_call": "re"}, 4, {}, [], "choice", "kontra_call", "kontra_call must be one of"),
    ({**NORMAL, "no_trick": "both"}, 4, {}, [], "choice", "no_trick", "no_trick must be one of"),
    ({**NORMAL, "karlchen": 1}, 4, {}, [], "choice", "karlchen", "karlchen must be one of"),
    ({**NORMAL, "re": None}, 4, {}, [], "re_missing", "re", "re is required"),
    ({**NORMAL, "re": [1]}, 4, {}, [], "re_seats", "re", "re must be a list of the two seats"),
    ({**NORMAL, "re": [1, 1]}, 4, {}, [], "re_twice", "re", "Bob is named twice in the Re party"),
    ({**NORMAL, "re": [1, 4]}, 4, {}, [], "range", "re.1", "re must be at most 3, got 4"),
    ({**NORMAL, "re": [0, 1]}, 5, {}, [], "seat_sits_out", "re", "Ann deals and sits out this hand"),
    ({**SOLO, "soloist": 0}, 5, {}, [], "seat_sits_out", "soloist", "Ann deals and sits out"),
    ({**NORMAL, "soloist": 1}, 4, {}, [], "field_not_applicable", "soloist", "soloist does not apply to a normal game"),
    ({**SOLO, "re": [2, 3]}, 4, {}, [], "field_not_applicable", "re", "re does not apply to a solo"),
    ({"game": "jacks", "re_points": 100}, 4, {}, [], "soloist_missing", "soloist", "soloist is required"),
    ({**SOLO, "soloist": 4}, 4, {}, [], "range", "soloist", "soloist must be at most 3"),
    ({**NORMAL, "no_trick": "re"}, 4, {}, [], "no_trick_points", "no_trick", "no_trick Re: the other party took every"),
    ({**NORMAL, "re_points": 239, "no_trick": "kontra"}, 4, {}, [], "no_trick_points", "no_trick", "Re has 239"),
    ({**NORMAL, "foxes": [2, 1]}, 4, {}, [], "foxes_count", "foxes", "only 2 foxes (♦A) can be caught, got 3"),
    ({**NORMAL, "foxes": [0, 1], "re_points": 235}, 4, {}, [], "foxes_points", "foxes.1",
     "Kontra has 5 card points: too few for 1 fox"),
    ({**NORMAL, "doppelkopfs": [5, 0]}, 4, {}, [], "doppelkopfs_points", "doppelkopfs.0",
     "Re has 164 card points: too few for 5 Doppelkopfs"),
    ({**NORMAL, "re_points": 239, "karlchen": "kontra"}, 4, {}, [], "karlchen_points", "karlchen",
     "Kontra has 1 card point: too few to have won the last trick"),
    ({**NORMAL, "foxes": [1, -1]}, 4, {}, [], "range", "foxes.1", "foxes of Kontra must be at least 0"),
    ({**NORMAL, "foxes": "1:0"}, 4, {}, [], "type", "foxes", "foxes must be a list of two counts"),
    ({**NORMAL, "doppelkopfs": [0, 0, 0]}, 4, {}, [], "type", "doppelkopfs", "doppelkopfs must be a list"),
    ({**SOLO, "foxes": [1, 0]}, 4, {}, [], "solo_special_points", "foxes", "no special points in a solo"),
    ({**SOLO, "karlchen": "re"}, 4, {}, [], "solo_special_points", "karlchen", "no special points in a solo"),
    ({**NORMAL, "foxes": [1, 0]}, 4, {"special_points": ["against_queens"]}, [], "special_points_off", "foxes",
     "this match does not play foxes"),
    ({**NORMAL, "karlchen": "re"}, 4, {"special_points": ["fox"]}, [], "special_points_off", "karlchen", "karlchen"),
    (NORMAL, 4, {"max_deals": 8}, FOUR_NORMAL, "forced_solo", "game",
     "Bob must play a compulsory solo now"),
    ({**SOLO, "game": "silent_solo", "soloist": 1}, 4, {"max_deals": 8}, FOUR_NORMAL, "forced_solo", "game",
     "Bob must play a compulsory solo now"),
    ({**SOLO, "soloist": 2}, 4, {"max_deals": 8}, FOUR_NORMAL, "forced_solo", "soloist",
     "Bob must play a compulsory solo now"),
]
