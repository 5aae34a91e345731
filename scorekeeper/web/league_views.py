"""What the league pages show, read through the service layer: the leagues, a league's
standings, ratings and head-to-head for the chosen season and game, its records with each
game's own stats, its members, roles, share links and (for owners) its history."""
from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from ..engine.core.i18n import _
from ..engine.entry import adapter_for
from ..engine.entry.adapter import GameAdapter
from ..engine.games import all_games, get_game
from ..identity import current_actor
from ..services import ServiceError, access, sharing
from ..services import leagues as league_service
from ..services import players as player_service
from .league_history import HISTORY_SHOWN, ROLE_LABELS, audit_row
from .match_lists import match_summary


def game_names() -> dict[str, str]:
    """Each registered game's name in this request's language, by id."""
    return {game.id: _(game.name) for game in all_games()}


def game_name(game_id: str) -> str:
    """A game's name in this request's language (its id for a game no longer registered)."""
    try:
        return _(get_game(game_id).name)
    except KeyError:
        return game_id


class Names:
    """Player id -> name: a league's members first, then the roster (for former members)."""

    def __init__(self, league=None) -> None:
        self.known = {member.player_id: member.player.name for member in league.members} if league else {}

    def __call__(self, player_id: str) -> str:
        if player_id not in self.known:
            try:
                self.known[player_id] = player_service.get_player(player_id).name
            except ServiceError:
                self.known[player_id] = _("(unknown player)")
        return self.known[player_id]

    def joined(self, player_ids) -> str:
        return " & ".join(self(player_id) for player_id in player_ids)


def leagues_context() -> dict[str, Any]:
    return {"leagues": league_service.all_leagues(current_actor())}


def chosen_filters(args) -> tuple[str | None, str | None]:
    """The season and game of the standings filter ("" = all)."""
    return (args.get("season") or None), (args.get("game") or None)


def standings_rows(result: dict[str, Any]) -> tuple[list[dict], list[dict]]:
    ranked = [row for row in result["rows"] if row["ranked"]]
    unranked = [row for row in result["rows"] if not row["ranked"]]
    return ranked, unranked


def head_to_head_matrix(rows: list[dict[str, Any]], order: list[str], names: Names) -> dict[str, Any]:
    """Rows against columns: each cell the row player's wins-draws-losses against the column."""
    met = {(row["player_id"], row["opponent_id"]): row for row in rows}
    present = {player_id for pair in met for player_id in pair}
    players = [player_id for player_id in order if player_id in present]
    players += sorted(present - set(players), key=names)
    return {
        "players": [(player_id, names(player_id)) for player_id in players],
        "cells": {
            row_id: [met.get((row_id, column_id)) for column_id in players]
            for row_id in players
        },
    }


def records_view(records: dict[str, Any], names: Names) -> dict[str, Any]:
    games = game_names()
    return {
        "any": bool(records["highest_round"] or records["biggest_win"]),
        "highest_round": [
            {
                **entry,
                "game_name": games.get(game, game),
                "who": names.joined(entry["players"]),
                "equalled": [names.joined(players) for players in entry["equalled_by"]],
            }
            for game, entry in records["highest_round"].items()
        ],
        "biggest_win": [
            {**entry, "game_name": games.get(game, game), "who": names.joined(entry["players"])}
            for game, entry in records["biggest_win"].items()
        ],
        "longest_streak": (
            {**records["longest_streak"], "who": names(records["longest_streak"]["player_id"])}
            if records.get("longest_streak") and records["longest_streak"]["length"]
            else None
        ),
        "current_streaks": sorted(
            ((names(player_id), length) for player_id, length in records["current_streak_by_player"].items() if length),
            key=lambda item: (-item[1], item[0]),
        ),
        "game_stats": game_stats_sections(records["game_stats"], lambda adapter, stats: adapter.league_stats(stats, names)),
    }


def game_stats_sections(stats_by_game: dict[str, Any], data_of: Callable[[GameAdapter, Any], Any]) -> list[dict[str, Any]]:
    """Each game's own stats section, in catalogue order: its adapter's template draws the data
    `data_of(adapter, that game's stats)` gives (games without stats or data are left out)."""
    sections = []
    for game in all_games():
        data = data_of(adapter_for(game), stats_by_game[game.id]) if game.id in stats_by_game else None
        if data:
            sections.append({"game_name": _(game.name), "template": adapter_for(game).template, "data": data})
    return sections


def filtered_context(league, season_id: str | None, game: str | None, names: Names) -> dict[str, Any]:
    """What the standings block shows: standings, ratings and head-to-head for the filter."""
    standings = league_service.standings(league.id, season_id=season_id, game=game, actor=current_actor())
    ranked, unranked = standings_rows(standings)
    ratings = league_service.ratings(league.id, game=game, actor=current_actor())
    order = [row["player_id"] for row in standings["rows"]]
    season = next((season for season in league.seasons if season.id == season_id), None)
    return {
        "season_id": season_id,
        "season": season,
        "game_id": game,
        "filter_game_name": game_name(game) if game else None,
        "min_matches": standings["min_matches"],
        "ranked": ranked,
        "unranked": unranked,
        "ratings": ratings["players"],
        "matrix": head_to_head_matrix(league_service.head_to_head(league.id, game=game, actor=current_actor()), order, names),
    }


def league_context(league_id: str, args, **extra) -> dict[str, Any]:
    league = league_service.read_league(league_id, current_actor())
    names = Names(league)
    season_id, game = chosen_filters(args)
    my_role = access.role_of(league.id, current_actor())
    roles = sorted(access.roles_of(league), key=lambda entry: (access.ROLES.index(entry.role), entry.user.username_key))
    context = {
        "league": league,
        "my_role": my_role,
        # Only owners see who holds which role (and may change it).
        "roles": roles if my_role == access.OWNER else [],
        "role_names": access.ROLES,
        "role_labels": {role: _(words) for role, words in ROLE_LABELS.items()},
        "share_url": None,
        # Owners see the league's share links (standings and its matches) and revoke them.
        "share_links": sharing.links_of_league(league.id, current_actor()) if my_role == access.OWNER else [],
        # Only owners read the league's history (with the owners' reasons).
        "history": [
            audit_row(entry) for entry in league_service.history(league.id, current_actor(), limit=HISTORY_SHOWN)
        ]
        if my_role == access.OWNER
        else None,
        "games": all_games(),
        "game_names": game_names(),
        "members": sorted(league.members, key=lambda member: member.player.name_key),
        "records": records_view(league_service.records(league.id, actor=current_actor()), names),
        # The tables playing now: a league night's matches, each a tap away.
        "in_progress": [match_summary(match) for match in league_service.matches_in_progress(league)],
        "today": date.today().isoformat(),
        "values": {},
        "error": None,
        "error_form": None,
        **filtered_context(league, season_id, game, names),
    }
    context.update(extra)
    return context

