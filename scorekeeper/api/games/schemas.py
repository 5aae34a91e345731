"""Schemas of the games catalogue."""
from __future__ import annotations

from marshmallow import Schema, fields


class OptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, metadata={"description": "int, bool, choice, list or object"})
    default = fields.Raw(allow_none=True)
    description = fields.String()
    nullable = fields.Boolean()
    choices = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()


class GameSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    presets = fields.Dict(keys=fields.String(), values=fields.Dict())
