"""Export a league (JSON for a full round trip, CSV for spreadsheets) and import it back (services.league_import)."""
from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import Match
from . import Actor
from .league_import import FORMAT, FORMAT_VERSION, import_league
from .leagues import read_league
from .matches import counted, replayed_view

__all__ = ["FORMAT", "FORMAT_VERSION", "export_csv", "export_league", "import_league", "league_matches", "safe_cell"]


def league_matches(league_id: str) -> list[Match]:
    return list(db.session.scalars(select(Match).where(Match.league_id == league_id).order_by(Match.created_at, Match.id)))


def export_league(league_id: str, actor: Actor) -> dict[str, Any]:
    """Everything needed to rebuild the league: players, members, seasons, every round input."""
    league = read_league(league_id, actor)
    matches = league_matches(league.id)
    players: dict[str, str] = {member.player_id: member.player.name for member in league.members}
    for match in matches:
        for seat in match.seats:
            players[seat.player_id] = seat.player.name
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "league": {"id": league.id, "name": league.name, "created_at": league.created_at.isoformat()},
        "players": [{"id": player_id, "name": name} for player_id, name in sorted(players.items())],
        "members": sorted(member.player_id for member in league.members),
        "seasons": [
            {
                "id": season.id,
                "name": season.name,
                "starts_on": season.starts_on.isoformat(),
                "ends_on": season.ends_on.isoformat(),
                "games": list(season.games),
                "min_matches": season.min_matches,
            }
            for season in league.seasons
        ],
        "matches": [
            {
                "id": match.id,
                "game": match.game,
                "created_at": match.created_at.isoformat(),
                "updated_at": match.updated_at.isoformat(),
                "players": [seat.player_id for seat in match.seats],
                "options": dict(match.options),
                "table_check": match.table_check,
                # Only where the players ended it after its last round: an export of matches
                # played to their end reads as it did before ending early existed.
                **({"ended_after": match.ended_after} if match.ended_after is not None else {}),
                "rounds": [
                    {"number": round_.number, "input": round_.input, "created_at": round_.created_at.isoformat()}
                    # A round still waiting for table check is not a result yet.
                    for round_ in counted(match)
                ],
            }
            for match in matches
        ],
    }


#: A cell a spreadsheet would read as a formula (OWASP: CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def safe_cell(value: Any) -> Any:
    """A CSV cell that opens as text: one starting with = + - @ tab or carriage return
    gets a leading apostrophe (a plain negative number stays a number)."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def export_csv(league_id: str, kind: str, actor: Actor) -> str:
    """The league's matches (one row each) or rounds (one row each) as CSV; the rounds'
    explanations are replayed in the caller's language (one language per file)."""
    league = read_league(league_id, actor)
    out = io.StringIO()
    cells = csv.writer(out)

    def write(row: list[Any]) -> None:
        cells.writerow([safe_cell(value) for value in row])

    matches = league_matches(league.id)
    if kind == "matches":
        write(["match_id", "game", "played_at", "players", "sides", "rounds", "totals", "finished", "winners", "options"])
        for match in matches:
            names = [seat.player.name for seat in match.seats]
            sides = [" & ".join(names[seat] for seat in side) for side in match.sides]
            write([
                match.id, match.game, match.created_at.isoformat(), "; ".join(names), "; ".join(sides),
                match.round_count, "; ".join(map(str, match.totals)), match.finished,
                "; ".join(sides[index] for index in match.winners),
                # The frozen options (house rules included) the match was played under.
                json.dumps(match.options, separators=(",", ":"), sort_keys=True),
            ])
    else:
        write(["match_id", "game", "round", "dealer", "input", "scores", "explanation"])
        for match in matches:
            view = replayed_view(match)
            for scored in view.state.rounds:
                write([
                    match.id, match.game, scored.number, view.table.name(scored.dealer),
                    json.dumps(scored.input, separators=(",", ":")), "; ".join(map(str, scored.score.scores)),
                    " | ".join(scored.score.explanation),
                ])
    return out.getvalue()
