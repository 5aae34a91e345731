"""Schemas of a round's bidding: the per-game bids (validated by the rules engine) and what is served."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields

BIDDING_INPUT_DOC = (
    "The bidding half of the next round of the match's game: the round input's fields said "
    "before the hand is played. nwik: style, stake (acting_style, trump, vip_card as the round "
    'needs them), e.g. {"style": 6, "stake": 3, "acting_style": 2, "trump": "clubs"}; '
    'spades: bids (and calls), e.g. {"bids": [4, "nil", 3, 2]}; '
    'willi-stich: bids (and trump, trump_chooser), e.g. {"bids": [1, 0, 2, 2], "trump": "hearts"}. '
    "Nameless and Zwicker have no bidding (422). The hand's part is then posted to "
    "POST /matches/{id}/rounds (nwik and spades: tricks; willi-stich: tricks, and trump if it "
    "was not known at the bidding), which completes the round; a field given in both must agree. "
    "Unknown fields are refused."
)


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
        metadata={"description": "the seat that leads the first trick; null when the cards decide (Spades: lowest club)"},
    )
    targets = fields.List(
        fields.Integer(allow_none=True),
        required=True,
        metadata={"description": "per seat, the tricks it plays for (null: no target of its own)"},
    )
    dealer_may_not_call = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "willi-stich: the call the dealer could not make once the others were in"},
    )
    details = fields.Dict(
        required=True,
        metadata={
            "description": "the game's own facts: nwik effective style and stake, roles, swap allowances; "
            "spades contracts per side; willi-stich cards, kind, trump, calls over cards"
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
