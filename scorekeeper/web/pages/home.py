"""Home: this device's and the signed-in person's matches, in progress first."""
from __future__ import annotations

from typing import Any

from flask import render_template

from ...device import device_id
from ...games import get_game
from ...games.i18n import _
from ...identity import current_actor
from ...services import matches as service
from .blueprint import bp


@bp.get("/")
def home():
    matches = service.matches_for(current_actor(), device_id(create=False))
    rows = [match_summary(match) for match in matches]
    return render_template(
        "home.html",
        in_progress=[row for row in rows if not row["finished"]],
        recent=[row for row in rows if row["finished"]],
    )


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
