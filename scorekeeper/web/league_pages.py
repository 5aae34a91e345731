"""League pages: leagues with standings, ratings, records, members, seasons, roles and share links.

Everything is read and changed through the service layer (leagues, players, exchange).
Every form works as a plain post with JavaScript off; the standings filter is also swapped
in place by htmx, as the `standings` block of league.html (jinja2-fragments).
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Response,
    redirect,
    render_template,
    request,
    url_for,
)
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import RequestEntityTooLarge

from ..games import all_games, get_game
from ..games.i18n import N_, _
from ..identity import current_actor
from ..input_guards import InputRefused, load_json
from ..services import ServiceError, access, exchange, sharing
from ..services import leagues as league_service
from ..services import players as player_service
from ..services.inputs import LeagueCreateSchema, MemberAddSchema, RoleSetSchema, SeasonCreateSchema
from .form_posts import refused_beside
from .form_schemas import load, load_form
from .games import adapter_for
from .games.adapter import GameAdapter
from .games.form_fields import FormError
from .page_formats import day_filter

bp = Blueprint("league_pages", __name__)

# The roles as people read them (the value posted stays the role's code).
ROLE_LABELS = {
    access.OWNER: N_("owner"),
    access.SCORER: N_("scorer"),
    access.VIEWER: N_("viewer"),
}

# The forms' fields in words, for refusals of the shared schemas ("matches needed to be ranked: ...").
LEAGUE_FORM_WORDS = {"name": N_("league name"), "members": N_("members")}
MEMBER_FORM_WORDS = {"name": N_("name")}
SEASON_FORM_WORDS = {
    "name": N_("season name"),
    "starts_on": N_("starts on"),
    "ends_on": N_("ends on"),
    "games": N_("games that count"),
    "min_matches": N_("matches needed to be ranked"),
}
ROLE_FORM_WORDS = {"role": N_("role")}



# --------------------------------------------------------------------------- shared helpers


def game_names() -> dict[str, str]:
    return {game.id: _(game.name) for game in all_games()}


def game_name(game_id: str) -> str:
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


def refusal_page(template: str, refused: ServiceError, **context) -> Response:
    """The page again with the refusal shown and the entries kept, with the refusal's 4xx status."""
    return Response(render_template(template, error=refused, values=request.form, **context), status=refused.status)


def member_names(text: str) -> list[str]:
    """Names typed one per line or separated by commas."""
    return [name.strip() for line in text.splitlines() for name in line.split(",") if name.strip()]


# --------------------------------------------------------------------------- /leagues


def leagues_context() -> dict[str, Any]:
    return {"leagues": league_service.all_leagues(current_actor())}


@bp.get("/leagues")
def leagues_page():
    return render_template("leagues.html", values={}, error=None, error_form=None, **leagues_context())


@bp.post("/leagues")
def create_league():
    try:
        typed = {"name": request.form.get("name", ""), "members": member_names(request.form.get("members", ""))}
        entered = load(LeagueCreateSchema(), typed, LEAGUE_FORM_WORDS)
        league = league_service.create_league(entered["name"], entered["members"], actor=current_actor())
    except ServiceError as refused:
        return refusal_page("leagues.html", refused, error_form="create", **leagues_context())
    return redirect(url_for("league_pages.league_page", league_id=league.id), code=303)


@bp.post("/leagues/import")
def import_league():
    try:
        try:
            upload = request.files.get("export")
        except RequestEntityTooLarge:
            raise ServiceError(
                413, _("that file is too large to be a league export"), code="too_large", field="export"
            ) from None
        if upload is None or not upload.filename:
            raise FormError(_("choose an export file (.json) to import"), "export")
        try:
            data = load_json(upload.read())
        except InputRefused as error:
            raise FormError(
                _("{file} is not a JSON export: {error}", file=upload.filename, error=error.message), "export"
            ) from None
        league = exchange.import_league(data, current_actor())
    except ServiceError as refused:
        return refusal_page("leagues.html", refused, error_form="import", **leagues_context())
    return redirect(url_for("league_pages.league_page", league_id=league.id), code=303)


# --------------------------------------------------------------------------- /leagues/<id>


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
            {**entry, "game_name": games.get(game, game), "who": names.joined(entry["players"])}
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
            audit_row(entry, names) for entry in league_service.history(league.id, current_actor(), limit=HISTORY_SHOWN)
        ]
        if my_role == access.OWNER
        else None,
        "games": all_games(),
        "game_names": game_names(),
        "members": sorted(league.members, key=lambda member: member.player.name_key),
        "records": records_view(league_service.records(league.id, actor=current_actor()), names),
        "today": date.today().isoformat(),
        "values": {},
        "error": None,
        "error_form": None,
        **filtered_context(league, season_id, game, names),
    }
    context.update(extra)
    return context


HISTORY_SHOWN = 50
ACTION_LABELS = {
    "league.create": N_("started the league"),
    "league.import": N_("imported the league"),
    "role.grant": N_("changed a role"),
    "role.revoke": N_("took a role away"),
    "member.add": N_("added a member"),
    "member.remove": N_("removed a member"),
    "season.add": N_("added a season"),
    "player.rename": N_("renamed a player"),
    "player.merge": N_("merged two players"),
    "share.create": N_("made a share link"),
    "share.revoke": N_("revoked a share link"),
}


def audit_change(value: Any) -> str:
    """An entry's before or after in words: names and roles, never field names."""
    if not isinstance(value, dict):
        return ""
    if "role" in value:
        role = value.get("role")
        return f"{value.get('username', '')}: {_(ROLE_LABELS[role]) if role in ROLE_LABELS else _('no role')}"
    if "starts_on" in value:
        return f"{value.get('name', '')} ({day_filter(value['starts_on'])} – {day_filter(value['ends_on'])})"
    if "name" in value:
        return str(value["name"])
    return ""


def audit_row(entry, names: Names) -> dict[str, Any]:
    return {
        "at": entry.at,
        "actor": entry.actor,
        "action": _(ACTION_LABELS[entry.action]) if entry.action in ACTION_LABELS else entry.action,
        "before": audit_change(entry.before),
        "after": audit_change(entry.after),
        "reason": entry.reason,
    }


@bp.get("/leagues/<league_id>")
def league_page(league_id: str):
    return render_template("league.html", **league_context(league_id, request.args))


@bp.get("/leagues/<league_id>/standings")
def standings_block(league_id: str):
    """The standings block alone, for htmx; the address bar gets the full page's address.

    A separate address (not the page's own with a header switch) keeps the service
    worker's page cache, which is keyed by URL, from ever storing a fragment as a page.
    """
    league = league_service.read_league(league_id, current_actor())
    season_id, game = chosen_filters(request.args)
    context = {"league": league, **filtered_context(league, season_id, game, Names(league))}
    response = Response(render_block("league.html", "standings", **context))
    query = urlencode({key: value for key, value in (("season", season_id), ("game", game)) if value})
    response.headers["HX-Push-Url"] = url_for("league_pages.league_page", league_id=league_id) + (f"?{query}" if query else "")
    return response


def back_to_league(league_id: str, anchor: str):
    return redirect(url_for("league_pages.league_page", league_id=league_id) + f"#{anchor}", code=303)


def league_refusal(league_id: str, refused: ServiceError, form_name: str) -> Response:
    """The league page again with the refusal beside its form and the entries kept."""
    context = league_context(league_id, {}, error=refused, error_form=form_name, values=request.form)
    return Response(render_template("league.html", **context), status=refused.status)


@bp.post("/leagues/<league_id>/members")
@refused_beside(league_refusal, "member", "league_id")
def add_member(league_id: str):
    entered = load_form(MemberAddSchema(), MEMBER_FORM_WORDS)
    league_service.add_member(league_id, entered["name"], actor=current_actor(), reason=entered["reason"])
    return back_to_league(league_id, "members")


@bp.post("/leagues/<league_id>/members/<player_id>/remove")
@refused_beside(league_refusal, "member", "league_id")
def remove_member(league_id: str, player_id: str):
    league_service.remove_member(league_id, player_id, actor=current_actor(), reason=request.form.get("reason"))
    return back_to_league(league_id, "members")


@bp.post("/leagues/<league_id>/seasons")
@refused_beside(league_refusal, "season", "league_id")
def add_season(league_id: str):
    season = load_form(SeasonCreateSchema(), SEASON_FORM_WORDS)
    league_service.add_season(
        league_id,
        season["name"],
        season["starts_on"],
        season["ends_on"],
        season["games"],
        season["min_matches"],
        actor=current_actor(),
        reason=season["reason"],
    )
    return back_to_league(league_id, "seasons")


@bp.post("/leagues/<league_id>/roles")
@refused_beside(league_refusal, "roles", "league_id")
def grant_role(league_id: str):
    league = league_service.get_league(league_id)
    username = (request.form.get("username") or "").strip()
    if not username:
        raise FormError(_("type the username of the account to give a role"), "username")
    entered = load_form(RoleSetSchema(), ROLE_FORM_WORDS)
    access.grant(league, current_actor(), username, entered["role"], entered["reason"])
    return back_to_league(league_id, "roles")


@bp.post("/leagues/<league_id>/roles/revoke")
@refused_beside(league_refusal, "roles", "league_id")
def revoke_role(league_id: str):
    league = league_service.get_league(league_id)
    access.revoke(league, current_actor(), request.form.get("username", ""), request.form.get("reason"))
    return back_to_league(league_id, "roles")


@bp.post("/leagues/<league_id>/share")
@refused_beside(league_refusal, "share", "league_id")
def share_standings(league_id: str):
    """A read-only link to the standings, shown once on the page (its secret is not stored)."""
    _link, secret = sharing.share_standings(league_id, current_actor(), share_days(request.form))
    share_url = url_for("pages.shared_page", token=secret, _external=True)
    response = Response(render_template("league.html", **league_context(league_id, {}, share_url=share_url)))
    # The secret is in this answer only (it is never stored).
    response.headers["Cache-Control"] = "no-store"
    return response


def share_days(form) -> int | None:
    """The expiry chosen on a share form: a number of days, or none (until revoked)."""
    text = (form.get("expires_in_days") or "").strip()
    if not text:
        return None
    try:
        return int(text, 10)
    except ValueError:
        raise FormError(_("choose when the link expires"), "expires_in_days") from None


@bp.post("/share-links/<link_id>/revoke")
def revoke_share_link(link_id: str):
    """Revoke a share link, then back to the page it was listed on."""
    link = sharing.revoke(link_id, current_actor())
    if link.match_id is not None and not request.form.get("league"):
        return redirect(url_for("pages.match_page", match_id=link.match_id) + "#share", code=303)
    league_id = link.league_id or request.form.get("league") or ""
    return back_to_league(league_id, "share")
