"""A match as the lists of matches show it (the home page's, a league's in progress): its game, sides, totals, rounds."""
from __future__ import annotations

from typing import Any

from ..engine.core.i18n import _
from ..engine.games import get_game


def game_name(game_id: str) -> str:
    """A game's name in words; the stored id for a game no longer registered."""
    try:
        return _(get_game(game_id).name)
    except KeyError:
        return game_id


def match_summary(match) -> dict[str, Any]:
    names = [seat.player.name for seat in match.seats]
    sides = [" & ".join(names[seat] for seat in side) for side in match.sides]
    return {
        "id": match.id,
        "game": game_name(match.game),
        "players": names,
        "sides": list(zip(sides, match.totals, strict=False)),
        "rounds": match.round_count,
        "finished": match.finished,
        "winners": [sides[index] for index in match.winners if index < len(sides)],
        "updated": match.updated_at,
    }
