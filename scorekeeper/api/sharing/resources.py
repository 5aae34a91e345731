"""Share links: make, list and revoke read-only links to a match or standings, and read what one shows."""
from __future__ import annotations

import json

from flask import Response
from flask.views import MethodView

from ...identity import current_actor
from ...services import sharing
from ..blueprint import Blueprint
from ..matches.resources import render_match
from .schemas import NewShareLinkSchema, ShareCreateSchema, SharedSchema, ShareLinkSchema

blp = Blueprint("sharing", __name__, url_prefix="", description="Read-only share links")


def new_link(link, secret: str) -> dict:
    return {
        "id": link.id, "kind": link.kind, "created_at": link.created_at, "creator_label": link.creator_label,
        "expires_at": link.expires_at, "revoked_at": link.revoked_at,
        "token": secret, "url": f"/shared/{secret}", "api_url": f"/api/v1/shared/{secret}",
    }


@blp.route("/matches/<string:match_id>/share")
class ShareMatch(MethodView):
    @blp.arguments(ShareCreateSchema)
    @blp.response(201, NewShareLinkSchema)
    def post(self, body, match_id: str):
        """A read-only link to this match (for anyone who may see it), optionally expiring."""
        return new_link(*sharing.share_match(match_id, current_actor(), body.get("expires_in_days")))

    @blp.response(200, ShareLinkSchema(many=True))
    def get(self, match_id: str):
        """The match's share links (for its writer; a league match's: for league owners)."""
        return sharing.links_of_match(match_id, current_actor())


@blp.route("/leagues/<string:league_id>/share")
class ShareStandings(MethodView):
    @blp.arguments(ShareCreateSchema)
    @blp.response(201, NewShareLinkSchema)
    def post(self, body, league_id: str):
        """A read-only link to this league's standings (for anyone with a role in it)."""
        return new_link(*sharing.share_standings(league_id, current_actor(), body.get("expires_in_days")))

    @blp.response(200, ShareLinkSchema(many=True))
    def get(self, league_id: str):
        """The league's standings links and the links to its matches (owners only)."""
        return sharing.links_of_league(league_id, current_actor())


@blp.route("/share-links/<string:link_id>")
class ShareLinkById(MethodView):
    @blp.response(204)
    def delete(self, link_id: str):
        """Revoke a link (league owners, the match's writer, or whoever made it)."""
        sharing.revoke(link_id, current_actor())


@blp.route("/shared/<string:token>")
class Shared(MethodView):
    @blp.response(200, SharedSchema)
    @blp.alt_response(410, description="the link was revoked or has expired")
    def get(self, token: str):
        """What a share link shows, read-only: a match (without its id) or a league's standings."""
        kind, shown = sharing.open_shared(token)
        if kind == sharing.MATCH:
            # The match's stored document, served as it is (MatchSchema dumped it).
            shared = {"kind": kind, "match": sharing.shared_match_dict(shown, render_match)}
            return Response(json.dumps(shared, separators=(",", ":")), mimetype="application/json")
        return {"kind": kind, "standings": shown}
