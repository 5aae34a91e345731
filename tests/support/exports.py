"""League exports in the format GET /leagues/{id}/export produces, played by the engine
(tests/support/legal_rounds.py's random legal rounds), for import tests of any size
without a database."""
from __future__ import annotations

import random
import secrets
from datetime import datetime, timedelta
from typing import Any

from scorekeeper.engine.games import all_games
from scorekeeper.models import new_id
from scorekeeper.services.exchange import FORMAT, FORMAT_VERSION
from tests.support.legal_rounds import generator_for, play_match


def league_export(matches: int, seed: int) -> dict[str, Any]:
    """A league of `matches` finished matches of every game, with fresh ids and names."""
    rng = random.Random(seed)
    suffix = secrets.token_hex(3)
    names = [f"{name} {suffix}" for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")]
    ids = {name: new_id() for name in names}
    day_one = datetime(2025, 1, 1, 19, 0)
    exported = []
    games = list(all_games())
    for index in range(matches):
        game = games[index % len(games)]
        players = rng.sample(names, rng.choice(generator_for(game)[0]))
        table, state = play_match(rng, game, players)
        played = (day_one + timedelta(hours=index)).isoformat()
        exported.append({
            "id": new_id(),
            "game": game.id,
            "created_at": played,
            "updated_at": played,
            "players": [ids[name] for name in players],
            "options": dict(table.options),
            "table_check": False,
            "rounds": [{"number": scored.number, "input": scored.input, "created_at": played} for scored in state.rounds],
        })
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "league": {"id": new_id(), "name": f"Imported {suffix}", "created_at": day_one.isoformat()},
        "players": [{"id": ids[name], "name": name} for name in names],
        "members": sorted(ids.values()),
        "seasons": [],
        "matches": exported,
    }
