"""Nameless's refusals and explanations in another language: a replayed refusal names its round,
counts take the catalog's plural forms."""
from __future__ import annotations

import pytest

from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.engine.games import RuleError, get_game
from tests.support.i18n import NAMES, wrap


def test_nameless_is_called_nameless():
    assert get_game("nameless").describe()["name"] == "Nameless"


def test_replayed_refusal_names_its_round_in_the_language():
    game = get_game("nameless")
    table = game.table(NAMES[:3])
    with use_translator(wrap), pytest.raises(RuleError) as caught:
        game.replay(table, [{"tricks": [1, 1, 3]}, {"tricks": [1, 1, 4]}])
    assert caught.value.message == "[[round 2: [[tricks must add up to 5, got 6]]]]"


# A Russian-like catalog with three plural forms: 1 взятка, 2-4 взятки, 5+ взяток.
RUSSIAN = {
    ("{n} trick: {points}", "{n} tricks: {points}"): ("{n} взятка: {points}", "{n} взятки: {points}", "{n} взяток: {points}"),
}


def russian_form(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def russian_ngettext(singular: str, plural: str, n: int) -> str:
    forms = RUSSIAN.get((singular, plural))
    return forms[russian_form(n)] if forms else (singular if n == 1 else plural)


def test_counts_take_the_catalogs_plural_form():
    game = get_game("nameless")
    table = game.table(NAMES)
    with use_translator((lambda message: message, russian_ngettext)):
        one_four = game.play(table, game.initial_state(table), {"tricks": [1, 1, 0, 3]})
        five_none = game.play(table, game.initial_state(table), {"tricks": [1, 0, 4, 0]})
    assert one_four.rounds[0].score.explanation == ("1 взятка: +1", "4 взятки: +4")
    assert five_none.rounds[0].score.explanation == ("5 взяток: +5", "0 взяток: 0")
