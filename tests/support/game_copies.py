"""Copies of registered games under new ids: the same rules, and nothing of their own but the registration.

SCOREKEEPER_TEST_GAME_COPIES=1 registers a copy of every game before the tests are collected
(tests/conftest.py), so the whole suite plays each copy as it would a sixth game: no web adapter
(the generic one), no template, no rules file, no per-game test data.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from scorekeeper import create_app
from scorekeeper.engine.games import Game, all_games, game_ids, get_game, register, unregister

SWITCH = "SCOREKEEPER_TEST_GAME_COPIES"


def copy_of(game: Game) -> Game:
    """The same rules under a new id: the pages know nothing of it but what the registry says.
    It keeps its original's name (a name the catalogs translate: a page in German says no
    English word for it), so only its id tells the two apart."""
    attributes = {"id": f"{game.id}-copy", "copied_from": game.id}
    copied = type(f"{type(game).__name__}Copy", (type(game),), attributes)
    return copied()


def is_copy(game: Game) -> bool:
    return "copied_from" in vars(type(game))


def original_games() -> list[Game]:
    """The registered games that are not copies."""
    return [game for game in all_games() if not is_copy(game)]


def copies_wanted() -> bool:
    return os.environ.get(SWITCH, "") not in ("", "0")


def register_copies() -> list[Game]:
    """A registered copy of every game registered now (the originals only, never a copy of a copy)."""
    return [register(copy_of(game)) for game in original_games()]


@contextmanager
def registered_copy(game: Game) -> Iterator[Game]:
    """A copy of `game` registered for the while: the one SCOREKEEPER_TEST_GAME_COPIES=1
    registered already, else one registered now and taken off again after."""
    copied = copy_of(game)
    if copied.id in game_ids():
        yield get_game(copied.id)
        return
    register(copied)
    try:
        yield copied
    finally:
        unregister(copied.id)


def app_with_copies():
    """The app with a copy of every game registered in its process: the integration tests'
    gunicorn under SCOREKEEPER_TEST_GAME_COPIES=1."""
    register_copies()
    return create_app()
