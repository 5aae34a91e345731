"""Player pages: the roster, each player's leagues, ratings over time and matches; rename and merge."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for

from ..engine.core.i18n import _
from ..engine.entry.form_fields import FormError
from ..identity import current_actor
from ..services import ServiceError, scopes
from ..services import players as player_service
from .charts import ChartLine, polyline_chart
from .form_posts import refused_beside
from .league_views import game_names, game_stats_sections
from .pages.layout import side_colour

bp = Blueprint("player_pages", __name__)

OVERALL_COLOUR = "#e9edf2"
RECENT_MATCHES = 20


@bp.get("/players")
def players_page():
    return render_template("players.html", players=player_service.roster(current_actor()))


def held_line(steps_and_values: list[tuple[int, float]], last_step: int) -> list[tuple[float, float]]:
    """A rating as it was at every match: 0 (new player) until it changes, then held.

    A per-game rating only changes at that game's matches, so it stays level in between
    instead of drifting across other games' matches.
    """
    points: list[tuple[float, float]] = [(0, 0)]
    for step, value in steps_and_values:
        held = (step - 1, points[-1][1])
        if held != points[-1]:
            points.append(held)
        points.append((step, value))
    if points[-1][0] < last_step:
        points.append((last_step, points[-1][1]))
    return points


def rating_chart(league_profile: dict[str, Any], games: dict[str, str]) -> dict[str, Any] | None:
    """The rating ordinal after each match, overall and per game, on one shared match axis
    (x is the match's position in the player's overall history)."""
    overall = league_profile["overall_rating"]["history"] if league_profile.get("overall_rating") else []
    if not overall:
        return None
    step_of = {point["match_id"]: step for step, point in enumerate(overall, start=1)}
    last_step = len(overall)
    lines = [
        ChartLine(_("Overall"), OVERALL_COLOUR, held_line([(step_of[p["match_id"]], p["ordinal"]) for p in overall], last_step), 3)
    ]
    for index, (game, entry) in enumerate(sorted(league_profile["by_game"].items())):
        history = (entry.get("rating") or {}).get("history") or []
        steps = [(step_of[p["match_id"]], p["ordinal"]) for p in history if p["match_id"] in step_of]
        if steps:
            colour = side_colour(index)
            lines.append(ChartLine(games.get(game, game), colour, held_line(steps, last_step), 2))
    chart = polyline_chart(lines, places=1)  # ordinals are written with one decimal
    if chart is not None:
        chart["matches"] = last_step
    return chart


def player_context(player_id: str, **extra) -> dict[str, Any]:
    profile = player_service.profile(player_id, current_actor())
    games = game_names()
    league_names = {entry["id"]: entry["name"] for entry in profile["leagues"]}
    leagues = []
    for entry in profile["leagues"]:
        league_profile = profile["profiles"].get(entry["id"]) or {}
        leagues.append(
            {
                "id": entry["id"],
                "name": entry["name"],
                "profile": league_profile,
                "by_game": [
                    {**stats, "game_name": games.get(game, game)}
                    for game, stats in sorted(league_profile.get("by_game", {}).items())
                ],
                "chart": rating_chart(league_profile, games),
                "game_stats": game_stats_sections(
                    league_profile.get("game_stats") or {}, lambda adapter, stats: adapter.player_stats(stats)
                ),
            }
        )
    matches = [
        {**match, "game_name": games.get(match["game"], match["game"]), "league_name": league_names.get(match["league"])}
        for match in profile["matches"][:RECENT_MATCHES]
    ]
    scope = player_service.get_player(player_id).scope
    # Only players of the same roster can be merged with this one.
    others = [player for player in player_service.roster(current_actor()) if player.scope == scope and player.id != player_id]
    context = {
        "player": profile,
        "leagues": leagues,
        "matches": matches,
        "others": others,
        # Rename and merge are offered only to those who may (a league's owners, the starter).
        "may_change": scopes.may_change(scope, current_actor()),
        "values": {},
        "error": None,
        "error_form": None,
    }
    context.update(extra)
    return context


@bp.get("/players/<player_id>")
def player_page(player_id: str):
    return render_template("player.html", **player_context(player_id))


def player_refusal(player_id: str, refused: ServiceError, form_name: str) -> Response:
    """The player page again with the refusal beside its form and the entries kept."""
    context = player_context(player_id, error=refused, error_form=form_name, values=request.form)
    return Response(render_template("player.html", **context), status=refused.status)


@bp.post("/players/<player_id>/rename")
@refused_beside(player_refusal, "rename", "player_id")
def rename_player(player_id: str):
    player_service.rename_player(
        player_id, request.form.get("name", ""), actor=current_actor(), reason=request.form.get("reason")
    )
    return redirect(url_for("player_pages.player_page", player_id=player_id), code=303)


@bp.post("/players/<player_id>/merge")
@refused_beside(player_refusal, "merge", "player_id")
def merge_player(player_id: str):
    target = request.form.get("into") or ""
    if not target:
        raise FormError(_("choose the player this is the same person as"), "into")
    # Merging cannot be undone: the tick box is the confirmation, with or without JS.
    if request.form.get("confirm") != "yes":
        raise FormError(_("tick the box to confirm that they are the same person"), "confirm")
    kept = player_service.merge_players(player_id, target, actor=current_actor(), reason=request.form.get("reason"))
    return redirect(url_for("player_pages.player_page", player_id=kept.id), code=303)


