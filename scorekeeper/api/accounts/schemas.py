"""Schemas of accounts, sign-in and API tokens."""
from __future__ import annotations

from marshmallow import Schema, fields


class CredentialsSchema(Schema):
    username = fields.String(required=True)
    password = fields.String(required=True, load_only=True)


class PasswordChangeSchema(Schema):
    current_password = fields.String(required=True, load_only=True)
    new_password = fields.String(required=True, load_only=True)


class UserSchema(Schema):
    id = fields.String(required=True)
    username = fields.String(required=True)


class TokenCreateSchema(Schema):
    name = fields.String(required=True, metadata={"description": "what the token is for, e.g. 'league import script'"})


class TokenSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    created_at = fields.DateTime()
    last_used_at = fields.DateTime(allow_none=True)
    revoked_at = fields.DateTime(allow_none=True)


class NewTokenSchema(TokenSchema):
    token = fields.String(required=True, metadata={"description": "the secret: shown once, send as 'Authorization: Bearer <token>'"})
