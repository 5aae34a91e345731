"""The roster: list players, see a profile, rename, merge two names of one person."""
from __future__ import annotations

from flask.views import MethodView

from ...identity import current_actor
from ...services import players as service
from ..blueprint import Blueprint
from .schemas import PlayerMergeSchema, PlayerProfileSchema, PlayerRenameSchema, PlayerSchema

blp = Blueprint("players", __name__, url_prefix="/players", description="The roster of players")


@blp.route("")
class Players(MethodView):
    @blp.response(200, PlayerSchema(many=True))
    def get(self):
        """The players you may see, by name: of your leagues, your account's casual
        matches and this browser's."""
        return service.roster(current_actor())


@blp.route("/<string:player_id>")
class PlayerById(MethodView):
    @blp.response(200, PlayerProfileSchema)
    def get(self, player_id: str):
        """A player's profile: leagues, matches, standings, ratings over time, records."""
        return service.profile(player_id, current_actor())

    @blp.arguments(PlayerRenameSchema)
    @blp.response(200, PlayerSchema)
    def patch(self, body, player_id: str):
        """Rename a player (every match keeps them): a league's owners, or whoever started
        a casual match."""
        return service.rename_player(player_id, body["name"], actor=current_actor(), reason=body["reason"])


@blp.route("/<string:player_id>/merge")
class PlayerMerge(MethodView):
    @blp.arguments(PlayerMergeSchema)
    @blp.response(200, PlayerSchema)
    def post(self, body, player_id: str):
        """Merge this player into another (two names for one person); returns the kept player."""
        return service.merge_players(player_id, body["into"], actor=current_actor(), reason=body["reason"])
