"""Schemas of rounds: the per-game input (validated by the rules engine) and what is served."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from ...input_guards import PassThroughSchema


class RoundInputSchema(PassThroughSchema):
    """Passes the object through: the game's rules validate it (one validation source)."""


NUMBER_DESCRIPTION = (
    "the round number the client means to record (1 or more); "
    "409 if the match has moved on (two phones racing for one round)"
)


class RoundPostArgsSchema(Schema):
    number = fields.Integer(validate=validate.Range(min=1), metadata={"description": NUMBER_DESCRIPTION})


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
