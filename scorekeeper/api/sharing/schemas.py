"""Schemas of share links."""
from __future__ import annotations

from marshmallow import Schema, fields

from ..matches.schemas import MatchSchema


class ShareLinkSchema(Schema):
    token = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "the read-only page for people without an account"})
    api_url = fields.String(required=True)


class SharedSchema(Schema):
    kind = fields.String(required=True, metadata={"description": "match or standings"})
    match = fields.Nested(MatchSchema)
    standings = fields.Dict()
