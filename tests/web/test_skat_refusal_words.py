"""Skat's refusals as a player's screen says them (its REFUSAL_WORDS in engine/entry/skat.py, then the pages' generic
wording from the fields' labels): in English, German and Russian, none shows an API field or
option name, a JSON literal or, in German and Russian, a value as JSON spells it. The
registry's page test (tests/web/test_refusal_words.py) checks this through the forms once
Skat is registered; until then it is checked here on every refusal of the table tests."""
from __future__ import annotations

import pytest

from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.engine.entry.adapter import GameAdapter
from scorekeeper.engine.games.skat import SKAT
from tests.support.refusal_words import codes_of, words_wrong
from tests.support.skat import REFUSAL_CASES, catalog_translator, refusal, table

# Refusals no form can provoke: a round that is not an object, or a field the form has not.
NOT_FROM_A_FORM = {"round_type", "field_unknown"}
EXTRA_CASES = [
    ({"declarer": 1, "game": "grand", "matadors": 1, "bid": 18, "points": 70, "hand": "zzz"}, 3, {}, "bool_type", ""),
    ({"declarer": 1, "game": "null", "bid": 23, "won": True, "matadors": 2}, 3, {}, "field_not_applicable", ""),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "no_trick": [1]}, 3, {"ramsch": True},
     "field_not_applicable", ""),
    ({"declarer": None, "ramsch": [60, 60, 0], "no_trick": ["x"]}, 3, {"ramsch": True}, "type", ""),
    ({"declarer": 1, "game": "clubs", "matadors": 1, "bid": 18, "points": 70, "announce": "kontra", "hand": True}, 3, {},
     "choice", ""),
]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize(("raw", "n", "options", "code", "_words"), REFUSAL_CASES + EXTRA_CASES)
def test_every_refusal_is_said_in_player_words(language, raw, n, options, code, _words):
    if code in NOT_FROM_A_FORM:
        return
    game_table = table(n, **options)
    english = (lambda message: message)
    with use_translator(catalog_translator(language) if language != "en" else english):
        error = refusal(raw, n, **options)
        assert error.code == code
        said = GameAdapter(SKAT).refusal_words(game_table, error.code, error.field, error.message)
        assert words_wrong(said, codes_of(SKAT, game_table, language)) == [], said
