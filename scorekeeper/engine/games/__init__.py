"""The registry of games: every game module registers its rules here, found by game id.

A game module is any module of this package that calls register(); the modules are
found on the package path, so a new game is one new file and touches no other.
"""
from __future__ import annotations

import importlib
import pkgutil

from ..core.base import Game, MatchState, OptionError, RoundError, RuleError, Table

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game's rules to the registry (called once by each game module)."""
    if game.id in _REGISTRY:
        raise ValueError(f"game id {game.id!r} registered twice")
    _REGISTRY[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a game from the registry (tests that register a game of their own)."""
    _REGISTRY.pop(game_id, None)


def get_game(game_id: str) -> Game:
    """The rules of game `game_id`; KeyError for an unknown id."""
    return _REGISTRY[game_id]


def all_games() -> list[Game]:
    """Every registered game in catalogue order (each game's `position`, then its id)."""
    return sorted(_REGISTRY.values(), key=lambda game: (game.position, game.id))


def game_ids() -> tuple[str, ...]:
    """The registered games' ids in catalogue order, read when asked (a game may be registered after import)."""
    return tuple(game.id for game in all_games())


def _import_game_modules() -> None:
    # Importing a game module registers it; the shared modules register nothing.
    for module in sorted(info.name for info in pkgutil.iter_modules(__path__)):
        if not module.startswith("_"):
            importlib.import_module(f"{__name__}.{module}")


_import_game_modules()

__all__ = ["Game", "MatchState", "OptionError", "RoundError", "RuleError", "Table", "all_games", "game_ids", "get_game", "register", "unregister"]
