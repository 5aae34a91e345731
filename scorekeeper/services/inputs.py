"""The shape and type of what people send about leagues: one marshmallow schema per input,
read by the API (JSON) and by the pages (form fields) alike; the services check the rules."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from ..engine.games import game_ids
from . import access

MAX_LABEL_LENGTH = 80


def whole_number(**options: Any) -> fields.Integer:
    """The one integer field of every input schema: strict, so that 1.5 and "7" are refused
    (422 naming the field) instead of silently becoming 1 and 7. Page forms send text:
    web.form_schemas turns a form's whole-number text into a number before loading."""
    return fields.Integer(strict=True, **options)

# More matches to be ranked than a league plays in years is a typo.
MAX_MIN_MATCHES = 10000


# Names may be blank here: the services say what a blank name means ("a league needs a name").
class LeagueCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(max=MAX_LABEL_LENGTH))
    members = fields.List(fields.String(), load_default=list, metadata={"description": "player names"})


REASON = {"description": "why (kept in the league's audit trail)"}


class ReasonSchema(Schema):
    reason = fields.String(allow_none=True, load_default=None, metadata=REASON)


class MemberAddSchema(ReasonSchema):
    name = fields.String(required=True, metadata={"description": "a player's name; unknown names join the league's roster"})


def a_game_id(value: str) -> None:
    """A registered game's id, as the registry is when asked (a game may be registered after
    this module is read: a list made here would refuse it)."""
    validate.OneOf(game_ids())(value)


class SeasonCreateSchema(ReasonSchema):
    name = fields.String(required=True, validate=validate.Length(max=MAX_LABEL_LENGTH))
    starts_on = fields.Date(required=True)
    ends_on = fields.Date(required=True)
    games = fields.List(
        fields.String(validate=a_game_id),
        load_default=list,
        metadata={"description": "the games that count; empty: every game"},
    )
    min_matches = whole_number(load_default=0, validate=validate.Range(min=0, max=MAX_MIN_MATCHES))


class RoleSetSchema(ReasonSchema):
    role = fields.String(required=True, validate=validate.OneOf(access.ROLES))
