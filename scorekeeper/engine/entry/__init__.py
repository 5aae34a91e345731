"""Each game's web adapter, found by the game's id as the engine's registry finds its rules.

A module of this package that calls register_adapter() adds its game's adapter; the
modules are found on the package path, so a new game's adapter is one new file. A game
registered without an adapter gets the generic one (its form built from the engine's
own field descriptions): every page works for every registered game.
"""
from __future__ import annotations

import importlib
import pkgutil

from ..games import Game
from .adapter import GameAdapter

_ADAPTERS: dict[str, type[GameAdapter]] = {}
# Modules of this package that hold shared code, not a game's adapter.
_SHARED_MODULES = frozenset({"adapter", "form_fields", "shared", "template_words"})


def register_adapter(adapter: type[GameAdapter]) -> type[GameAdapter]:
    """Add a game's adapter class (called once by each adapter module)."""
    if adapter.game_id is None or adapter.game_id in _ADAPTERS:
        raise ValueError(f"adapter for {adapter.game_id!r} has no game id or is registered twice")
    _ADAPTERS[adapter.game_id] = adapter
    return adapter


def adapter_for(game: Game) -> GameAdapter:
    """The pages' adapter for `game`: its own, else the generic fallback."""
    return _ADAPTERS.get(game.id, GameAdapter)(game)


def _import_adapter_modules() -> None:
    for module in sorted(info.name for info in pkgutil.iter_modules(__path__)):
        if module not in _SHARED_MODULES and not module.startswith("_"):
            importlib.import_module(f"{__name__}.{module}")


_import_adapter_modules()

__all__ = ["adapter_for", "register_adapter"]
