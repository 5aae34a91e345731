"""Share links: create a read-only link to a match or standings, and read what one shows."""
from __future__ import annotations

from flask import current_app
from flask.views import MethodView
from .. import Blueprint

from ...identity import current_actor
from ...services import sharing
from .schemas import SharedSchema, ShareLinkSchema

blp = Blueprint("sharing", __name__, url_prefix="", description="Read-only share links")


def link(token: str) -> dict:
    return {"token": token, "url": f"/shared/{token}", "api_url": f"/api/v1/shared/{token}"}


@blp.route("/matches/<string:match_id>/share")
class ShareMatch(MethodView):
    @blp.response(201, ShareLinkSchema)
    def post(self, match_id: str):
        """A read-only link to this match (for anyone who may see it)."""
        return link(sharing.share_match(match_id, current_actor(), current_app.secret_key))


@blp.route("/leagues/<string:league_id>/share")
class ShareStandings(MethodView):
    @blp.response(201, ShareLinkSchema)
    def post(self, league_id: str):
        """A read-only link to this league's standings (for anyone with a role in it)."""
        return link(sharing.share_standings(league_id, current_actor(), current_app.secret_key))


@blp.route("/shared/<string:token>")
class Shared(MethodView):
    @blp.response(200, SharedSchema)
    def get(self, token: str):
        """What a share link shows: a match or a league's standings, read-only."""
        kind, shown = sharing.open_shared(token, current_app.secret_key)
        if kind == sharing.MATCH:
            return {"kind": kind, "match": shown.as_dict()}
        return {"kind": kind, "standings": shown}
