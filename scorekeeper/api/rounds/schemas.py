"""Schemas of rounds: the per-game input (validated by the rules engine) and what is served."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

ROUND_INPUT_DOC = (
    "The round input of the match's game, as its spec file describes. Examples: "
    'nwik {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]}; '
    'nameless {"tricks": [1, 3, 1, 0], "alone": 1}; '
    'zwicker {"sides": [{"cards": 30, "zwicks": 2, "honours": ["J25"]}, ...]}; '
    'spades {"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]}; '
    'willi-stich {"trump": "hearts", "bids": [1, 0, 2, 2], "tricks": [1, 1, 2, 0]}. '
    "Unknown fields are refused."
)


class RoundInputSchema(Schema):
    """Passes the object through: the game's rules validate it (one validation source)."""

    class Meta:
        unknown = INCLUDE


class RoundPostArgsSchema(Schema):
    number = fields.Integer(
        metadata={
            "description": "the round number the client means to record; "
            "409 if the match has moved on (two phones racing for one round)"
        }
    )


class RoundSchema(Schema):
    number = fields.Integer(required=True)
    dealer = fields.Integer(required=True)
    input = fields.Dict(required=True)
    scores = fields.List(fields.Integer(), required=True)
    explanation = fields.List(fields.String(), required=True)
    details = fields.Dict()
    pending = fields.Boolean(metadata={"description": "true while the round waits for a second phone (table check)"})


class ChangeArgsSchema(Schema):
    reason = fields.String(
        validate=validate.Length(max=500), metadata={"description": "why the round is changed (kept in the audit trail)"}
    )
