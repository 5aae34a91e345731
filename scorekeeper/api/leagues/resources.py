"""Leagues: members, seasons, standings, ratings, records, head-to-head, export and import."""
from __future__ import annotations

from flask import Response
from flask.views import MethodView

from ...identity import current_actor
from ...services import access, exchange
from ...services import leagues as service
from ..blueprint import Blueprint
from .schemas import (
    CsvArgsSchema,
    GameArgsSchema,
    ImportSchema,
    LeagueAuditEntrySchema,
    LeagueCreateSchema,
    LeagueSchema,
    MemberAddSchema,
    MemberSchema,
    RatingsArgsSchema,
    ReasonSchema,
    RoleSchema,
    RoleSetSchema,
    SeasonCreateSchema,
    SeasonSchema,
    StandingsArgsSchema,
)

blp = Blueprint("leagues", __name__, url_prefix="/leagues", description="House leagues and their records")


def league_dict(league) -> dict:
    return {
        "id": league.id,
        "name": league.name,
        "version": league.version,
        "members": [{"player_id": m.player_id, "name": m.player.name} for m in league.members],
        "seasons": league.seasons,
    }


def as_json(text: str) -> Response:
    """A cached result, served as the text it was stored as (no decode and re-encode)."""
    return Response(text, mimetype="application/json")


def call(*args, **kwargs):
    """Run a service call; a refusal becomes the API's JSON error."""
    return call(*args, **kwargs)


@blp.route("")
class Leagues(MethodView):
    @blp.response(200, LeagueSchema(many=True))
    def get(self):
        """Every league."""
        return [league_dict(league) for league in service.all_leagues(current_actor())]

    @blp.arguments(LeagueCreateSchema)
    @blp.response(201, LeagueSchema)
    def post(self, body):
        """Start a league, optionally with its members' names; you become its owner."""
        return league_dict(service.create_league(body["name"], body["members"], actor=current_actor()))


@blp.route("/import")
class LeagueImport(MethodView):
    @blp.arguments(ImportSchema)
    @blp.response(201, LeagueSchema)
    def post(self, body):
        """Import a league export (ids kept; every match replayed by the rules engine)."""
        return league_dict(exchange.import_league(body, current_actor()))


@blp.route("/<string:league_id>")
class LeagueById(MethodView):
    @blp.response(200, LeagueSchema)
    def get(self, league_id: str):
        """The league with its members and seasons."""
        return league_dict(service.read_league(league_id, current_actor()))


@blp.route("/<string:league_id>/members")
class Members(MethodView):
    @blp.arguments(MemberAddSchema)
    @blp.response(201, MemberSchema)
    def post(self, body, league_id: str):
        """Add a member by name (unknown names join the roster)."""
        player = service.add_member(league_id, body["name"], actor=current_actor(), reason=body["reason"])
        return {"player_id": player.id, "name": player.name}


@blp.route("/<string:league_id>/members/<string:player_id>")
class MemberById(MethodView):
    @blp.arguments(ReasonSchema, location="query")
    @blp.response(204)
    def delete(self, args, league_id: str, player_id: str):
        """Remove a member who has played no league match."""
        service.remove_member(league_id, player_id, actor=current_actor(), reason=args["reason"])


@blp.route("/<string:league_id>/seasons")
class Seasons(MethodView):
    @blp.arguments(SeasonCreateSchema)
    @blp.response(201, SeasonSchema)
    def post(self, body, league_id: str):
        """Add a season: a date range, the games that count, the matches needed to be ranked."""
        return service.add_season(
            league_id, body["name"], body["starts_on"], body["ends_on"], body["games"],
            body["min_matches"],
            actor=current_actor(),
            reason=body["reason"],
        )


@blp.route("/<string:league_id>/standings")
class Standings(MethodView):
    @blp.arguments(StandingsArgsSchema, location="query")
    @blp.response(200)
    def get(self, args, league_id: str):
        """Standings of finished matches: played, wins, win rate, points, placement score.

        Order (tie-breakers): ranked players first, then win rate, placement score,
        average points per match, matches played, player id.
        """
        league = service.read_league(league_id, current_actor())
        return as_json(service.standings_text(league, season_id=args.get("season"), game=args.get("game")))


@blp.route("/<string:league_id>/ratings")
class RatingsView(MethodView):
    @blp.arguments(RatingsArgsSchema, location="query")
    @blp.response(200)
    def get(self, args, league_id: str):
        """openskill (Plackett-Luce) ratings, per game or overall; history=true adds each
        player's ordinal after every match."""
        league = service.read_league(league_id, current_actor())
        return as_json(service.ratings_text(league, game=args.get("game"), history=args["history"]))


@blp.route("/<string:league_id>/head-to-head")
class HeadToHead(MethodView):
    @blp.arguments(GameArgsSchema, location="query")
    @blp.response(200)
    def get(self, args, league_id: str):
        """For each pair of players who met on different sides: meetings, wins, draws, losses."""
        league = service.read_league(league_id, current_actor())
        return as_json(service.head_to_head_text(league, game=args.get("game")))


@blp.route("/<string:league_id>/records")
class RecordsView(MethodView):
    @blp.response(200)
    def get(self, league_id: str):
        """Highest round score, biggest win and streaks, and each game's own stats (game_stats, by game id)."""
        return as_json(service.records_text(service.read_league(league_id, current_actor())))


@blp.route("/<string:league_id>/export")
class Export(MethodView):
    @blp.response(200)
    def get(self, league_id: str):
        """The whole league as JSON: imports into an empty database to identical records."""
        return exchange.export_league(league_id, current_actor())


@blp.route("/<string:league_id>/export.csv")
class ExportCsv(MethodView):
    @blp.arguments(CsvArgsSchema, location="query")
    @blp.response(200, content_type="text/csv")
    def get(self, args, league_id: str):
        """Matches (kind=matches) or rounds (kind=rounds) as CSV for spreadsheets."""
        text = exchange.export_csv(league_id, args["kind"], current_actor())
        return Response(
            text,
            mimetype="text/csv",
            headers={"Content-Disposition": f'attachment; filename="league-{league_id}-{args["kind"]}.csv"'},
        )


@blp.route("/<string:league_id>/roles")
class Roles(MethodView):
    @blp.response(200, RoleSchema(many=True))
    def get(self, league_id: str):
        """Who may do what in the league: owner, scorer or viewer."""
        league = service.read_league(league_id, current_actor())
        return [{"username": role.user.username, "role": role.role} for role in access.roles_of(league)]


@blp.route("/<string:league_id>/roles/<string:username>")
class RoleByUser(MethodView):
    @blp.arguments(RoleSetSchema)
    @blp.response(200, RoleSchema)
    def put(self, body, league_id: str, username: str):
        """Give an account a role (owners only; a league keeps at least one owner)."""
        league = service.get_league(league_id)
        role = access.grant(league, current_actor(), username, body["role"], body["reason"])
        return {"username": role.user.username, "role": role.role}

    @blp.arguments(ReasonSchema, location="query")
    @blp.response(204)
    def delete(self, args, league_id: str, username: str):
        """Take an account's role away (owners only); the share links it made for the league end."""
        league = service.get_league(league_id)
        access.revoke(league, current_actor(), username, args["reason"])


@blp.route("/<string:league_id>/audit")
class LeagueAudit(MethodView):
    @blp.response(200, LeagueAuditEntrySchema(many=True))
    def get(self, league_id: str):
        """Every change to the league's records, newest first: who, when, before, after, why (owners only)."""
        return service.history(league_id, current_actor())
