"""Schemas of the roster: players, renames and merges."""
from __future__ import annotations

from marshmallow import Schema, fields


class PlayerSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)


REASON = {"description": "why (kept in the league's audit trail)"}


class PlayerRenameSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the player's new name"})
    reason = fields.String(allow_none=True, load_default=None, metadata=REASON)


class PlayerMergeSchema(Schema):
    into = fields.String(required=True, metadata={"description": "id of the player this one is the same person as (same roster)"})
    reason = fields.String(allow_none=True, load_default=None, metadata=REASON)


class PlayerProfileSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    leagues = fields.List(fields.Dict(), required=True)
    matches = fields.List(fields.Dict(), required=True)
    profiles = fields.Dict(metadata={"description": "per league: standings, ratings with history, streaks, game stats"})
