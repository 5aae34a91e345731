"""A game's own test module in a package of them, found by name: None when the game has none
(a sixth game, or a registered copy), an error in the module itself still raised."""
from __future__ import annotations

import importlib
from types import ModuleType


def own_module(package: str, name: str) -> ModuleType | None:
    """`package`.`name` if there is such a module, else None."""
    wanted = f"{package}.{name}"
    try:
        return importlib.import_module(wanted)
    except ModuleNotFoundError as missing:
        if missing.name != wanted:
            raise
        return None
