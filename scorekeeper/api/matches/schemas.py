"""Schemas of matches (what is posted to create one, and what is served)."""
from __future__ import annotations

from marshmallow import Schema, fields

from ..biddings.schemas import BiddingSchema
from ..game_words import GAME_ID_WORDS
from ..rounds.schemas import RoundSchema


class MatchCreateSchema(Schema):
    game = fields.String(required=True, metadata={"description": GAME_ID_WORDS})
    players = fields.List(
        fields.String(), required=True, metadata={"description": "player names in seat order (clockwise)"}
    )
    options = fields.Dict(
        keys=fields.String(), load_default=None, allow_none=True, metadata={"description": "the game's options"}
    )
    league = fields.String(
        load_default=None, allow_none=True, metadata={"description": "a league id: the match counts for its records"}
    )
    table_check = fields.Boolean(
        load_default=False,
        metadata={"description": "a round counts only after a second phone confirms it"},
    )


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    player_id = fields.String(required=True)


class MatchSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.List(fields.Nested(SeatSchema), required=True)
    sides = fields.List(fields.List(fields.Integer()), required=True)
    options = fields.Dict(required=True)
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
    totals = fields.List(fields.Integer(), required=True)
    finished = fields.Boolean(required=True)
    winners = fields.List(fields.Integer(), required=True)
    ended_after = fields.Integer(
        allow_none=True,
        metadata={"description": "the round after which the players ended the match before its own end "
                                 "(POST .../end; the highest total wins), null when they did not"},
    )
    next = fields.Dict(allow_none=True, required=True)
    details = fields.Dict(metadata={"description": "the game's running state: usage grid, bags, ..."})
    version = fields.Integer(required=True)
    league = fields.String(allow_none=True)
    table_check = fields.Boolean()
    pending = fields.Nested(RoundSchema, allow_none=True, metadata={"description": "a round waiting for table check"})
    bidding = fields.Nested(
        BiddingSchema,
        allow_none=True,
        metadata={"description": "the open bidding of the next round (see PUT .../rounds/{number}/bidding)"},
    )
    created_at = fields.DateTime()
    updated_at = fields.DateTime()


class MatchSummarySchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    rounds = fields.Integer(required=True)
    totals = fields.List(fields.Integer(), required=True)
    finished = fields.Boolean(required=True)
    winners = fields.List(fields.Integer(), required=True)
    updated_at = fields.DateTime()


class AuditEntrySchema(Schema):
    id = fields.Integer(required=True)
    at = fields.DateTime(required=True)
    actor = fields.String(required=True, metadata={"description": "who: an account (and token) or a device"})
    action = fields.String(required=True, metadata={"description": "match.create, round.create, round.edit, round.undo, round.refuse (a waiting round taken back by another phone: refused at table check), round.confirm, bidding.put, bidding.delete, match.end (the players ended it after round_number), match.play_on"})
    round_number = fields.Integer(allow_none=True)
    before = fields.Raw(allow_none=True)
    after = fields.Raw(allow_none=True)
    reason = fields.String(allow_none=True)
