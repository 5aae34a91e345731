"""Every refusal and score explanation of the engine goes through the translation hook."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.core.i18n import _, _n, use_translator
from scorekeeper.engine.games import Game, RuleError, all_games
from tests.support.data import first_round, i18n_case, players_for
from tests.support.i18n import NAMES, assert_all_translated, wrap


def case_of(game: Game) -> dict[str, Any]:
    """The game's own case (tests/support/data/<game>.py), else a legal first round drawn by its
    generator and a round with a field no game has (refused, in words, by every game)."""
    own = i18n_case(game)
    if own is not None:
        return own
    players = players_for(game)
    return {"players": len(players), "options": {}, "round": first_round(game, players), "refused": {"no_such_field": 1}}


def play(game: Game, raw: dict):
    case = case_of(game)
    table = game.table(NAMES[: case["players"]], case["options"])
    return game.play(table, game.initial_state(table), raw)


def refusal(game: Game) -> str:
    with pytest.raises(RuleError) as caught:
        play(game, case_of(game)["refused"])
    return caught.value.message


GAMES = all_games()


@pytest.mark.parametrize("game", [game for game in GAMES if i18n_case(game)], ids=lambda game: game.id)
def test_english_without_a_translator(game):
    case = case_of(game)
    assert case["explanation"] in play(game, case["round"]).rounds[0].score.explanation
    assert refusal(game) == case["refusal"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_explanation_goes_through_the_hook(game):
    with use_translator(wrap):
        explanation = play(game, case_of(game)["round"]).rounds[0].score.explanation
    for note in explanation:
        assert_all_translated(note)
    # A side with honours only (Zwicker) has no words to translate; every round has some.
    assert any("[[" in note for note in explanation), explanation


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_refusals_go_through_the_hook(game):
    with use_translator(wrap):
        message = refusal(game)
    assert message.startswith("[[") and message.endswith("]]")
    assert_all_translated(message)


def test_catalogue_entries_are_translated():
    with use_translator(wrap):
        described = [game.describe() for game in all_games()]
    for entry in described:
        assert entry["name"].startswith("[[")
        assert all(option["description"].startswith("[[") for option in entry["options"])
    # Without a translator, each game's English name (each game's own test says which).
    assert all(game.describe()["name"] == game.name and game.name.strip() for game in all_games())


def test_plain_hook_without_translator():
    assert _("tricks must add up to {total}, got {got}", total=13, got=12) == "tricks must add up to 13, got 12"
    assert _n("{n} bag", "{n} bags", 1) == "1 bag"
    assert _n("{n} bag", "{n} bags", 3) == "3 bags"
    # A placeholder may be called {message}: the message id is positional-only.
    assert _("round {number}: {message}", number=2, message="x") == "round 2: x"
