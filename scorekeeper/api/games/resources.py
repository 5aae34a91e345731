"""GET /api/v1/games: the games Scorekeeper knows, with their options."""
from __future__ import annotations

from flask.views import MethodView

from ...engine.games import all_games
from ..blueprint import Blueprint
from .schemas import GameSchema

blp = Blueprint("games", __name__, url_prefix="/games", description="The games catalogue")


@blp.route("")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self):
        """List the games with their player counts, options, defaults and presets."""
        return [game.describe() for game in all_games()]
