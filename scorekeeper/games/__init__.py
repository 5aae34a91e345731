"""The registry of games: every game module registers its rules here, found by game id."""
from __future__ import annotations

from .base import Game, MatchState, OptionError, RoundError, RuleError, Table

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game's rules to the registry (called once by each game module)."""
    if game.id in _REGISTRY:
        raise ValueError(f"game id {game.id!r} registered twice")
    _REGISTRY[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The rules of game `game_id`; KeyError for an unknown id."""
    return _REGISTRY[game_id]


def all_games() -> list[Game]:
    """Every registered game, in the order they were registered."""
    return list(_REGISTRY.values())


# Importing the modules registers them; the order is the catalogue order.
from . import nwik, nameless, zwicker, spades, willi_stich  # noqa: E402,F401  # isort: skip

__all__ = ["Game", "MatchState", "OptionError", "RoundError", "RuleError", "Table", "get_game", "all_games", "register"]
