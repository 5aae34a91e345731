"""Each game's own matches for the small test league (tests/support/leagues_data.py), found by game id:
one module per game (tests/support/league_plays/<id with _>.py) defining PLAYS, a list of
(players, options, rounds). A game without a module (a sixth game, or a registered copy)
plays no match in that league: the league's pages are checked against figures worked out
from these very matches."""
from __future__ import annotations

from typing import Any

from scorekeeper.engine.games import Game
from tests.support.own_modules import own_module

Play = tuple[list[str], dict[str, Any], list[dict[str, Any]]]


def plays_for(game: Game) -> list[Play]:
    """The game's own league matches, if it has a module of them (by its id, never through its
    engine class: a copy of a game is a new game to the tests)."""
    module = own_module(__name__, game.id.replace("-", "_"))
    return list(module.PLAYS) if module is not None else []
