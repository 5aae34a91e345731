"""Schemas of share links."""
from __future__ import annotations

from marshmallow import Schema, fields

from ...services.inputs import whole_number
from ..matches.schemas import MatchSchema


class ShareCreateSchema(Schema):
    expires_in_days = whole_number(
        allow_none=True, load_default=None, metadata={"description": "1 to 3650; none: until revoked"}
    )


class ShareLinkSchema(Schema):
    id = fields.String(required=True, metadata={"description": "the link's id, to revoke it"})
    kind = fields.String(required=True, metadata={"description": "match or standings"})
    created_at = fields.DateTime(required=True)
    created_by = fields.String(required=True, attribute="creator_label")
    expires_at = fields.DateTime(allow_none=True)
    revoked_at = fields.DateTime(allow_none=True)


class NewShareLinkSchema(ShareLinkSchema):
    token = fields.String(required=True, metadata={"description": "the secret: shown once, never stored"})
    url = fields.String(required=True, metadata={"description": "the read-only page for people without an account"})
    api_url = fields.String(required=True)


class SharedMatchSchema(MatchSchema):
    """A match as a share link shows it: without its id (for a match started without an
    account the id is its write key) or its league's."""

    class Meta:
        exclude = ("id", "league")


class SharedSchema(Schema):
    kind = fields.String(required=True, metadata={"description": "match or standings"})
    match = fields.Nested(SharedMatchSchema)
    standings = fields.Dict()
