"""Accounts over the API: register, sign in and out, who am I, API tokens."""
from __future__ import annotations

from flask.views import MethodView
from flask_login import current_user

from ...engine.core.i18n import _
from ...identity import client_address, sign_in, sign_out
from ...services import ServiceError
from ...services import accounts as service
from ..blueprint import Blueprint
from .schemas import CredentialsSchema, NewTokenSchema, PasswordChangeSchema, TokenCreateSchema, TokenSchema, UserSchema

blp = Blueprint("accounts_api", __name__, url_prefix="", description="Accounts, sign-in and API tokens")


def signed_in_user():
    if not current_user.is_authenticated:
        raise ServiceError(401, _("sign in first"), code="unauthenticated")
    return current_user._get_current_object()


@blp.route("/users")
class Users(MethodView):
    @blp.arguments(CredentialsSchema)
    @blp.response(201, UserSchema)
    def post(self, body):
        """Create an account (and sign in with it)."""
        user = service.register(body["username"], body["password"], client_address())
        sign_in(user)
        return user


@blp.route("/users/me")
class Me(MethodView):
    @blp.response(200, UserSchema)
    def get(self):
        """The signed-in account (401 when nobody is signed in)."""
        return signed_in_user()


@blp.route("/users/me/password")
class Password(MethodView):
    @blp.arguments(PasswordChangeSchema)
    @blp.response(200, UserSchema)
    def put(self, body):
        """Change the password (the current one is needed); every other session ends."""
        user = signed_in_user()
        service.change_password(user, body["current_password"], body["new_password"], client_address())
        # This session goes on, with the account's new session version.
        sign_in(user)
        return user


@blp.route("/session")
class Session(MethodView):
    @blp.arguments(CredentialsSchema)
    @blp.response(200, UserSchema)
    def post(self, body):
        """Sign in with username and password (429 with Retry-After when an attempt budget
        of this address, or of this name from this address, is spent)."""
        user = service.authenticate(body["username"], body["password"], client_address())
        sign_in(user)
        return user

    @blp.response(204)
    def delete(self):
        """Sign out: this session and every copy of it end (the account's other sessions too)."""
        sign_out()


@blp.route("/tokens")
class Tokens(MethodView):
    @blp.response(200, TokenSchema(many=True))
    def get(self):
        """Your API tokens (never their secrets)."""
        return service.tokens_of(signed_in_user())

    @blp.arguments(TokenCreateSchema)
    @blp.response(201, NewTokenSchema)
    def post(self, body):
        """Create an API token; its secret is in this answer only."""
        token, secret = service.create_token(signed_in_user(), body["name"])
        return {"id": token.id, "name": token.name, "created_at": token.created_at, "token": secret}


@blp.route("/tokens/<string:token_id>")
class TokenById(MethodView):
    @blp.response(204)
    def delete(self, token_id: str):
        """Revoke one of your tokens."""
        service.revoke_token(signed_in_user(), token_id)
