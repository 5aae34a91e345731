"""Rounds of a match: record (idempotent), edit with replay, undo the last."""
from __future__ import annotations

import json

from flask import Response, request
from flask.views import MethodView

from ...engine.core.i18n import _
from ...identity import current_actor
from ...services import ServiceError
from ...services import matches as service
from ..blueprint import Blueprint
from ..game_words import ROUND_INPUT_WORDS
from .schemas import NUMBER_DESCRIPTION, ChangeArgsSchema, RoundInputSchema, RoundPostArgsSchema, RoundSchema

blp = Blueprint(
    "rounds", __name__, url_prefix="/matches/<string:match_id>/rounds", description="Rounds of a match"
)

IF_MATCH = {
    "in": "header",
    "name": "If-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "the match's ETag; a stale one is refused with 412",
}
IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "maxLength": 200},
    "description": "names one round of the match: a retry with the same body returns the round already "
    "stored (Idempotent-Replayed: true); the key sent again with another body is refused with 422 "
    "(idempotency_key_reused), and the key of a round since undone with 409 (round_undone)",
}
# Documented by hand: the headers' `doc(parameters=...)` takes the place of the parameters
# flask-smorest documents from RoundPostArgsSchema.
NUMBER = {
    "in": "query",
    "name": "number",
    "required": False,
    "schema": {"type": "integer", "minimum": 1},
    "description": NUMBER_DESCRIPTION,
}


def written(view, number: int) -> tuple[dict, dict]:
    recorded = service.recorded_from_view(view, number, created=True)
    return recorded.round, {"ETag": recorded.etag}


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not usable_key(key):
        raise ServiceError(400, _("Idempotency-Key must be 1 to 200 characters"), code="idempotency_key")
    return key


def usable_key(key: str) -> bool:
    """Whether an Idempotency-Key is one this route takes."""
    return 1 <= len(key) <= 200


def recorded_answer(recorded: service.RecordedRound, match_id: str) -> tuple[bytes, list[tuple[str, str]]]:
    """The body and headers of a recorded round's 201."""
    headers = [("ETag", recorded.etag), ("Location", f"/api/v1/matches/{match_id}/rounds/{recorded.number}")]
    if not recorded.created:
        headers.append(("Idempotent-Replayed", "true"))
    # The round as RoundSchema serves it (its fields are JSON values already): dumped
    # once, without the schema's per-field work on the hottest write.
    return json.dumps(recorded.round, separators=(",", ":")).encode(), headers


@blp.route("")
class Rounds(MethodView):
    @blp.arguments(RoundPostArgsSchema, location="query")
    @blp.arguments(RoundInputSchema, description=ROUND_INPUT_WORDS)
    @blp.response(201, RoundSchema)
    @blp.doc(parameters=[NUMBER, IF_MATCH, IDEMPOTENCY_KEY])
    @blp.alt_response(409, description="the match is finished, the round number was taken, or the Idempotency-Key's round was undone")
    @blp.alt_response(412, description="If-Match names a stale ETag")
    def post(self, args, body, match_id: str):
        """Record the next round. A repeat of an Idempotency-Key with the same body returns the stored round."""
        recorded = service.record_round(
            match_id,
            body,
            if_match=request.headers.get("If-Match"),
            idempotency_key=idempotency_key(),
            expected_number=args.get("number"),
            actor=current_actor(),
        )
        body, headers = recorded_answer(recorded, match_id)
        return Response(body, 201, headers, mimetype="application/json")


@blp.route("/<int(signed=True):number>")
class RoundByNumber(MethodView):
    @blp.arguments(ChangeArgsSchema, location="query")
    @blp.arguments(RoundInputSchema, description=ROUND_INPUT_WORDS)
    @blp.response(200, RoundSchema)
    @blp.doc(parameters=[IF_MATCH])
    def put(self, args, body, match_id: str, number: int):
        """Edit a recorded round; every later round is replayed, all or nothing."""
        view = service.edit_round(
            match_id,
            number,
            body,
            if_match=request.headers.get("If-Match"),
            actor=current_actor(),
            reason=args.get("reason"),
        )
        round_, headers = written(view, number)
        return round_, 200, headers

    @blp.arguments(ChangeArgsSchema, location="query")
    @blp.response(204)
    @blp.doc(parameters=[IF_MATCH])
    def delete(self, args, match_id: str, number: int):
        """Undo the last round (only the last round can be undone)."""
        view = service.undo_round(
            match_id,
            number,
            if_match=request.headers.get("If-Match"),
            actor=current_actor(),
            reason=args.get("reason"),
        )
        return None, 204, {"ETag": view.etag}


@blp.route("/<int(signed=True):number>/confirm")
class RoundConfirm(MethodView):
    @blp.response(200, RoundSchema)
    @blp.doc(parameters=[IF_MATCH])
    def post(self, match_id: str, number: int):
        """Table check: confirm the waiting round from a second phone; then it counts."""
        view = service.confirm_round(
            match_id, number, if_match=request.headers.get("If-Match"), actor=current_actor()
        )
        round_, headers = written(view, number)
        return round_, 200, headers
