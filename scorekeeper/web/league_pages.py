"""League pages' routes: the leagues and a league's page, and the forms that change a league
(create, import, members, seasons, roles, share links). What a page shows is league_views'.

Everything is changed through the service layer (leagues, access, exchange, sharing).
Every form works as a plain post with JavaScript off; the standings filter is also swapped
in place by htmx, as the `standings` block of league.html (jinja2-fragments).
"""
from __future__ import annotations

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

from ..engine.core.i18n import N_, _
from ..engine.entry.form_fields import FormError
from ..identity import current_actor
from ..input_guards import InputRefused, load_json
from ..services import ServiceError, access, exchange, sharing
from ..services import leagues as league_service
from ..services.inputs import LeagueCreateSchema, MemberAddSchema, RoleSetSchema, SeasonCreateSchema
from .form_posts import refused_beside
from .form_schemas import load, load_form
from .league_views import Names, chosen_filters, filtered_context, league_context, leagues_context

bp = Blueprint("league_pages", __name__)


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


def refusal_page(template: str, refused: ServiceError, **context) -> Response:
    """The page again with the refusal shown and the entries kept, with the refusal's 4xx status."""
    return Response(render_template(template, error=refused, values=request.form, **context), status=refused.status)


def member_names(text: str) -> list[str]:
    """Names typed one per line or separated by commas."""
    return [name.strip() for line in text.splitlines() for name in line.split(",") if name.strip()]


# --------------------------------------------------------------------------- /leagues


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
