"""A round's number chips as the engine offers them, and a field of a round read or changed by
its dotted path."""
from __future__ import annotations

import copy
from typing import Any

from scorekeeper.engine.games import get_game


def path_of(field: str) -> list[str | int]:
    return [int(part) if part.isdigit() else part for part in field.split(".")]


def value_at(raw: Any, field: str) -> Any:
    for part in path_of(field):
        if isinstance(part, int):
            raw = raw[part] if isinstance(raw, list) and part < len(raw) else None
        else:
            raw = raw.get(part) if isinstance(raw, dict) else None
    return raw


def with_value(raw: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(raw)
    *parents, last = path_of(field)
    holder: Any = changed
    for part in parents:
        holder = holder[part]
    holder[last] = value
    return changed


def chips(game_id: str, players: list[str], rounds: list[dict[str, Any]], draft: Any, options: Any = None):
    game = get_game(game_id)
    table = game.table(players, options)
    state = game.initial_state(table)
    for raw in rounds:
        state = game.play(table, state, raw)
    return {item.field: item for item in game.number_inputs(table, state, draft)}
