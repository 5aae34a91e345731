"""Matches: create one, get one (with its ETag), list the caller's matches, end one early and play on."""
from __future__ import annotations

import json

from flask import Response, request
from flask.views import MethodView

from ...device import device_id
from ...etags import names_document
from ...i18n import current_language
from ...identity import current_actor
from ...services import matches as service
from ..blueprint import Blueprint
from ..rounds.resources import IF_MATCH
from ..rounds.schemas import RoundSchema
from .schemas import AuditEntrySchema, MatchCreateSchema, MatchSchema, MatchSummarySchema

blp = Blueprint("matches", __name__, url_prefix="/matches", description="Matches and their derived state")


def summary(match) -> dict:
    return {
        "id": match.id,
        "game": match.game,
        "players": [seat.player.name for seat in match.seats],
        "rounds": match.round_count,
        "totals": match.totals,
        "finished": match.finished,
        "winners": match.winners,
        "updated_at": match.updated_at,
    }


@blp.route("")
class Matches(MethodView):
    @blp.response(200, MatchSummarySchema(many=True))
    def get(self):
        """Matches this device opened, your account started, and your leagues' matches.

        In progress first. A casual match's id is its key, so it is never listed to strangers.
        """
        return [summary(match) for match in service.matches_for(current_actor(), device_id(create=False))]

    @blp.arguments(MatchCreateSchema)
    @blp.response(201, MatchSchema)
    def post(self, body):
        """Start a match: game id, player names in seat order, options (defaults filled in)."""
        view = service.create_match(
            body["game"], body["players"], body.get("options"), device_id(create=True), league_id=body.get("league"),
            actor=current_actor(),
            table_check=body["table_check"],
        )
        return view.as_dict(), 201, {"ETag": view.etag, "Location": f"/api/v1/matches/{view.match.id}"}


@blp.route("/<string:match_id>")
class MatchById(MethodView):
    @blp.response(200, MatchSchema)
    @blp.alt_response(304, description="If-None-Match names the current ETag: nothing changed")
    def get(self, match_id: str):
        """The match with every round, totals, winners and the next round's hints.

        Phones polling for changes send If-None-Match with the ETag they have: 304 while
        nothing changed, without replaying the match.
        """
        # Any encoding's form of the tag ("v7-de:br") names the same document.
        tags = request.headers.get("If-None-Match")
        unchanged = (lambda version: names_document(tags, version, current_language())) if tags else None
        _version, etag, body = service.served_document(match_id, current_actor, render_match, unchanged)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if body is None:
            return Response(status=304, headers=headers)
        return Response(body, status=200, headers=headers, mimetype="application/json")


def render_match(view, kept: list, fresh: list[dict]) -> str:
    """The match document exactly as MatchSchema serves it (stored per version and language):
    its rounds are those an older document served (`kept`) and the `fresh` ones, dumped."""
    document = MatchSchema().dump({**view.as_dict(), "rounds": []})
    document["rounds"] = kept + RoundSchema(many=True).dump(fresh)
    return json.dumps(document, separators=(",", ":"))


@blp.route("/<string:match_id>/rematch")
class Rematch(MethodView):
    @blp.response(201, MatchSchema)
    def post(self, match_id: str):
        """Start the rematch: the same game, players in the same seats, options, league and
        table check, with `first_dealer` moved one seat to the left. No body.

        League matches need an owner or scorer of the league (403 otherwise), like any new
        league match; a casual match's rematch is open to whoever may see the match.
        """
        view = service.rematch(match_id, device_id(create=True), actor=current_actor())
        return view.as_dict(), 201, {"ETag": view.etag, "Location": f"/api/v1/matches/{view.match.id}"}


@blp.route("/<string:match_id>/end")
class MatchEnd(MethodView):
    @blp.response(200, MatchSchema)
    @blp.doc(parameters=[IF_MATCH])
    @blp.alt_response(409, description="the match is finished already, has no round, or a round waits for table check")
    def post(self, match_id: str):
        """The players end the match after its last round, before its own end (a late night):
        it is finished there and every side with the highest total wins. No body.

        Taking back its last round (DELETE .../rounds/{number}) or DELETE .../end opens it again.
        """
        service.end_match(match_id, if_match=request.headers.get("If-Match"), actor=current_actor())
        return served_whole(match_id)

    @blp.response(200, MatchSchema)
    @blp.doc(parameters=[IF_MATCH])
    @blp.alt_response(409, description="the players did not end the match")
    def delete(self, match_id: str):
        """Play on: a match the players ended is open again, its next round the one after
        where they stopped."""
        service.play_on(match_id, if_match=request.headers.get("If-Match"), actor=current_actor())
        return served_whole(match_id)


def served_whole(match_id: str) -> Response:
    """The match after a write to it as a whole, as GET serves it (its stored document)."""
    _version, etag, body = service.served_document(match_id, current_actor, render_match)
    return Response(body, status=200, headers={"ETag": etag}, mimetype="application/json")


@blp.route("/<string:match_id>/audit")
class MatchAudit(MethodView):
    @blp.response(200, AuditEntrySchema(many=True))
    def get(self, match_id: str):
        """Every change to the match, oldest first: who, when, what before and after, why."""
        return service.audit_trail(match_id, current_actor())
