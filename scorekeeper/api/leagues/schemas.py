"""Schemas of leagues, seasons and their computed records."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

# The input schemas are the services' (one validation source for the API and the pages),
# re-exported here for the resources beside this module.
from ...services.inputs import LeagueCreateSchema as LeagueCreateSchema
from ...services.inputs import MemberAddSchema as MemberAddSchema
from ...services.inputs import ReasonSchema as ReasonSchema
from ...services.inputs import RoleSetSchema as RoleSetSchema
from ...services.inputs import SeasonCreateSchema as SeasonCreateSchema


class MemberSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)


class SeasonSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    starts_on = fields.Date(required=True)
    ends_on = fields.Date(required=True)
    games = fields.List(fields.String(), required=True)
    min_matches = fields.Integer(required=True)


class LeagueSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    version = fields.Integer(required=True)
    members = fields.List(fields.Nested(MemberSchema), required=True)
    seasons = fields.List(fields.Nested(SeasonSchema), required=True)


class StandingsArgsSchema(Schema):
    season = fields.String(metadata={"description": "a season id: only its matches count"})
    game = fields.String(metadata={"description": "a game id: only that game's matches count"})


class GameArgsSchema(Schema):
    game = fields.String(metadata={"description": "a game id; none: every game"})


class RatingsArgsSchema(GameArgsSchema):
    history = fields.Boolean(load_default=False, metadata={"description": "include each player's rating history"})


class CsvArgsSchema(Schema):
    kind = fields.String(load_default="matches", validate=validate.OneOf(["matches", "rounds"]))


class ComputedSchema(Schema):
    """A computed result (standings, ratings, records): documented in docs/api.md."""

    class Meta:
        unknown = "include"


class ImportSchema(Schema):
    """A league export as GET /leagues/{id}/export serves it."""

    class Meta:
        unknown = "include"


class RoleSchema(Schema):
    username = fields.String(required=True)
    role = fields.String(required=True)


class LeagueAuditEntrySchema(Schema):
    at = fields.DateTime(required=True)
    actor = fields.String(required=True)
    action = fields.String(required=True, metadata={"description": "role.grant, member.add, season.add, player.rename, ..."})
    before = fields.Raw(allow_none=True)
    after = fields.Raw(allow_none=True)
    reason = fields.String(allow_none=True)
