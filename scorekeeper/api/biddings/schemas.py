"""Schemas of a round's bidding: the per-game bids (validated by the rules engine) and what is served."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields


class BiddingInputSchema(Schema):
    """Passes the object through: the game's rules validate it (one validation source)."""

    class Meta:
        unknown = INCLUDE


class PlayViewSchema(Schema):
    round = fields.Integer(required=True)
    dealer = fields.Integer(required=True)
    calling_order = fields.List(
        fields.Integer(), required=True, metadata={"description": "the seats in the order they bid or call"}
    )
    leader = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "the seat that leads the first trick; null when the cards decide (the game's rules say how the first trick opens)"},
    )
    targets = fields.List(
        fields.Integer(allow_none=True),
        required=True,
        metadata={"description": "per seat, the tricks it plays for (null: no target of its own)"},
    )
    dealer_may_not_call = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "the call the dealer may not make once the others are in (a hook rule), else null"},
    )
    details = fields.Dict(
        required=True,
        metadata={
            "description": "the game's own facts about the hand (effective style and stake, roles, "
            "contracts per side, cards, trump, calls over cards: what the game's play view holds)"
        },
    )


class BiddingSchema(Schema):
    round = fields.Integer(required=True)
    input = fields.Dict(required=True, metadata={"description": "the bidding as given"})
    play = fields.Nested(
        PlayViewSchema,
        allow_none=True,
        required=True,
        metadata={"description": "what the table sees during play; null if an edit of an earlier round broke the bidding"},
    )
    error = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "when play is null: the code of the rule the bidding now breaks"},
    )
