"""Doppelkopf registered for a test and taken off after: its pages are built, but the game is not
in the registry yet (registering makes every registry-following test play it, the next step)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.engine.games import Game, game_ids, get_game, register, unregister
from scorekeeper.engine.games.doppelkopf import DOPPELKOPF


@pytest.fixture
def doppelkopf() -> Iterator[Game]:
    """DOPPELKOPF in the registry for the test. The pages read the registry when asked (the
    app keeps no list of games from its start), so a game registered now is served at once,
    as test_recipe.py's copies are. Already registered (once the game is): left as it is."""
    if DOPPELKOPF.id in game_ids():
        yield get_game(DOPPELKOPF.id)
        return
    register(DOPPELKOPF)
    try:
        yield DOPPELKOPF
    finally:
        unregister(DOPPELKOPF.id)
