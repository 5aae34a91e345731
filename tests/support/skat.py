"""Skat's refused deals with the words they give, and a table and translator to play them with
(tests/engine/test_skat.py, tests/web/test_skat_refusal_words.py)."""
from __future__ import annotations

import gettext
import io
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper.config import PROJECT_ROOT
from scorekeeper.engine.core.base import RoundError
from scorekeeper.engine.games.skat import SKAT

THREE = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]


def table(n: int = 3, **options: Any):
    return SKAT.table(THREE if n == 3 else FOUR, options)


def refusal(raw: Any, n: int = 3, before: list[dict[str, Any]] | None = None, **options: Any) -> RoundError:
    game_table = table(n, **options)
    state = SKAT.replay(game_table, before or [])
    with pytest.raises(RoundError) as caught:
        SKAT.play(game_table, state, raw)
    return caught.value


REFUSAL_CASES = [
    ({"declarer": 0, "game": "grand", "matadors": 1, "bid": 18, "points": 70}, 4, {}, "declarer_sits_out",
     "Ann deals and sits out: the declarer is Bob, Cid or Dee"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 19, "points": 70}, 3, {}, "bid_value",
     "19 is not a bidding value (the nearest are 18 and 20)"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 17, "points": 70}, 3, {}, "bid_value",
     "17 is not a bidding value: the lowest is 18"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 265, "points": 70}, 3, {}, "bid_value",
     "265 is not a bidding value: the highest is 264"),
    ({"declarer": 1, "game": "null", "bid": 24, "won": True}, 3, {}, "null_below_bid",
     "Null is worth 23, the bid was 24: it cannot be declared"),
    ({"declarer": 1, "game": "null", "hand": True, "bid": 36, "won": True}, 3, {}, "null_below_bid",
     "Null hand is worth 35, the bid was 36"),
    ({"declarer": 1, "game": "null", "ouvert": True, "hand": True, "bid": 60, "won": True}, 3, {}, "null_below_bid",
     "Null ouvert hand is worth 59, the bid was 60"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "ouvert": True, "bid": 18, "points": 120}, 3, {},
     "ouvert_without_hand", "Bob played ouvert without hand"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "announce": "schneider", "bid": 18, "points": 120}, 3, {},
     "announce_without_hand", "Bob announced schneider without hand"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "hand": True, "ouvert": True, "announce": "schneider", "bid": 18,
      "points": 120}, 3, {}, "ouvert_schneider", "not schneider"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 23, "schwarz": True}, 3, {}, "schwarz_points",
     "schwarz with 23 points"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 119}, 3, {}, "points_impossible",
     "119 card points are impossible: no card is worth 1"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 1}, 3, {}, "points_impossible", "1 card point is impossible"),
    ({"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 121}, 3, {}, "range", "points must be at most 120"),
    ({"declarer": 1, "game": "grand", "matadors": 5, "bid": 18, "points": 70}, 3, {}, "matadors_range",
     "a grand is played with or without 1 to 4 matadors (the jacks), got 5"),
    ({"declarer": 1, "game": "clubs", "matadors": 12, "bid": 18, "points": 70}, 3, {}, "matadors_range", "a suit game is played with or without 1 to 11"),
    ({"declarer": 1, "game": "clubs", "matadors": 0, "bid": 18, "points": 70}, 3, {}, "matadors_range", "got 0"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "won": True}, 3, {}, "won_follows",
     "won does not apply to a suit game or a grand"),
    ({"declarer": 1, "game": "null", "bid": 23}, 3, {}, "won_missing", "won is required for a null game"),
    ({"declarer": 1, "game": "null", "bid": 23, "won": True, "matadors": 1}, 3, {}, "field_not_applicable",
     "matadors does not apply to a null game"),
    ({"declarer": 1, "game": "null", "bid": 23, "won": True, "points": 0}, 3, {}, "field_not_applicable", "points"),
    ({"declarer": 1, "game": "null", "bid": 23, "won": True, "without": True}, 3, {}, "field_not_applicable", "without"),
    ({"declarer": 1, "game": "null", "bid": 23, "won": True, "announce": "schwarz"}, 3, {}, "field_not_applicable", "announce"),
    ({"declarer": 1, "game": "null", "bid": 23, "won": "yes"}, 3, {}, "bool_type", "won must be true or false"),
    ({"declarer": 1, "game": "clubs", "bid": 18, "points": 70}, 3, {}, "matadors_missing", "matadors is required"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18}, 3, {}, "points_missing",
     "points is required: the card points of Bob"),
    ({"declarer": 1, "matadors": 1, "bid": 18, "points": 70}, 3, {}, "game_missing", "game is required"),
    ({"declarer": 1, "game": "Kreuz", "matadors": 1, "bid": 18, "points": 70}, 3, {}, "choice", "game must be one of"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "points": 70}, 3, {}, "bid_missing", "bid is required"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "announce": "contra", "hand": True}, 3, {},
     "choice", "announce must be schneider, schwarz or null"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "hand": 1}, 3, {}, "bool_type",
     "hand must be true or false"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "kontra": True}, 3, {}, "field_unknown",
     "unknown round field"),
    ({"game": "clubs"}, 3, {}, "field_missing", "declarer is required"),
    ({"declarer": 3, "game": "clubs", "matadors": 1, "bid": 18, "points": 70}, 3, {}, "range", "declarer must be at most 2"),
    ({"declarer": None, "game": "clubs"}, 3, {}, "field_not_applicable", "game does not apply when all passed"),
    ({"declarer": None, "hand": True}, 3, {}, "field_not_applicable", "hand does not apply when all passed"),
    ({"declarer": None, "ramsch": [40, 40, 40]}, 3, {}, "ramsch_off", "ramsch does not apply without the Ramsch house rule"),
    ({"declarer": None, "no_trick": [0]}, 3, {}, "ramsch_off", "no_trick"),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "ramsch": [40, 40, 40]}, 3, {"ramsch": True},
     "field_not_applicable", "ramsch does not apply when a game is declared"),
    ({"declarer": None}, 3, {"ramsch": True}, "ramsch_missing", "ramsch is required"),
    ({"declarer": None, "ramsch": [40, 40, 30]}, 3, {"ramsch": True}, "ramsch_sum", "add up to 120, got 110"),
    ({"declarer": None, "ramsch": [40, 40]}, 3, {"ramsch": True}, "length", "ramsch must have 3 entries"),
    ({"declarer": None, "ramsch": [119, 1, 0]}, 3, {"ramsch": True}, "points_impossible", "Ann cannot have 119 card points"),
    ({"declarer": None, "ramsch": [40, None, 80]}, 3, {"ramsch": True}, "ramsch_points_missing",
     "the Ramsch points of Bob are missing"),
    ({"declarer": None, "ramsch": [0, 40, 40, 40]}, 4, {"ramsch": True}, "ramsch_dealer",
     "Ann deals and sits out: their Ramsch points must be null"),
    ({"declarer": None, "ramsch": [60, 60, 0], "no_trick": [0]}, 3, {"ramsch": True}, "no_trick_points",
     "Ann took no trick, so has 0 card points, got 60"),
    ({"declarer": None, "ramsch": [60, 60, 0], "no_trick": [2, 2]}, 3, {"ramsch": True}, "no_trick_repeated",
     "Cid is named twice"),
    ({"declarer": None, "ramsch": [None, 60, 60, 0], "no_trick": [0]}, 4, {"ramsch": True}, "no_trick_sits_out",
     "Ann deals and sits out"),
    ({"declarer": None, "ramsch": [0, 0, 120], "no_trick": [0, 1, 2]}, 3, {"ramsch": True}, "no_trick_count",
     "at most two players take no trick"),
    ({"declarer": None, "ramsch": [60, 60, 0], "no_trick": 2}, 3, {"ramsch": True}, "type", "no_trick must be a list"),
    ({"declarer": None, "ramsch": [60, 60, 0], "no_trick": [3]}, 3, {"ramsch": True}, "range", "no_trick must be at most 2"),
    ([1, 2], 3, {}, "round_type", "a round must be a JSON object"),
]


def catalog_translator(language: str):
    """The committed catalog of `language` as the engine's translator (gettext, ngettext)."""
    with open(PROJECT_ROOT / "scorekeeper" / "translations" / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    translations = gettext.GNUTranslations(compiled)
    return translations.gettext, translations.ngettext
