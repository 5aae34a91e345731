"""Preferans registered for a test and taken off after: its pages are built, but the game is not
in the registry yet (registering makes every registry-following test play it, the next step)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.engine.games import Game, game_ids, get_game, register, unregister
from scorekeeper.engine.games.preferans import PREFERANS


@pytest.fixture
def preferans() -> Iterator[Game]:
    """PREFERANS in the registry for the test (the pages read the registry when asked);
    already registered (once the game is): left as it is."""
    if PREFERANS.id in game_ids():
        yield get_game(PREFERANS.id)
        return
    register(PREFERANS)
    try:
        yield PREFERANS
    finally:
        unregister(PREFERANS.id)
