"""The bidding of a match's next round: give or replace it (PUT), read it, withdraw it (DELETE)."""
from __future__ import annotations

from flask import request
from flask.views import MethodView

from ...identity import current_actor
from ...services import biddings as service
from ...services import matches as match_service
from ..blueprint import Blueprint
from ..game_words import BIDDING_INPUT_WORDS
from ..rounds.resources import IF_MATCH
from .schemas import BiddingInputSchema, BiddingSchema

blp = Blueprint(
    "biddings",
    __name__,
    url_prefix="/matches/<string:match_id>/rounds",
    description="The bidding of the next round, said before its hand is played",
)


@blp.route("/<int(signed=True):number>/bidding")
class RoundBidding(MethodView):
    @blp.response(200, BiddingSchema)
    def get(self, match_id: str, number: int):
        """The open bidding of round `number` with what the table sees during play; 404 if none."""
        view = match_service.current_view(match_id, current_actor())
        return service.bidding_of(view, number), 200, {"ETag": view.etag}

    @blp.arguments(BiddingInputSchema, description=BIDDING_INPUT_WORDS)
    @blp.response(200, BiddingSchema)
    @blp.doc(parameters=[IF_MATCH])
    @blp.alt_response(409, description="the match is finished, a round waits for table check, or round `number` is not the next")
    @blp.alt_response(412, description="If-Match names a stale ETag")
    def put(self, body, match_id: str, number: int):
        """Give (or replace) the bidding of the next round; the engine checks it as the whole round would.

        The match's version (ETag) moves on, so every phone sees the bidding. Then
        `POST .../rounds` with the hand's part records the round.
        """
        view = service.put_bidding(match_id, number, body, if_match=request.headers.get("If-Match"), actor=current_actor())
        return service.bidding_of(view, number), 200, {"ETag": view.etag}

    @blp.response(204)
    @blp.doc(parameters=[IF_MATCH])
    @blp.alt_response(412, description="If-Match names a stale ETag")
    def delete(self, match_id: str, number: int):
        """Withdraw the open bidding of round `number`."""
        view = service.withdraw_bidding(match_id, number, if_match=request.headers.get("If-Match"), actor=current_actor())
        return None, 204, {"ETag": view.etag}
