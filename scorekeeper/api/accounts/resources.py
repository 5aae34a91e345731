"""Accounts over the API: register, sign in and out, who am I, API tokens."""
from __future__ import annotations

from flask.views import MethodView
from flask_login import current_user, login_user, logout_user
from .. import Blueprint

from ...games.i18n import _
from ...identity import client_address
from ...services import ServiceError
from ...services import accounts as service
from .schemas import CredentialsSchema, NewTokenSchema, TokenCreateSchema, TokenSchema, UserSchema

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
        user = service.register(body["username"], body["password"])
        login_user(user)
        return user


@blp.route("/users/me")
class Me(MethodView):
    @blp.response(200, UserSchema)
    def get(self):
        """The signed-in account (401 when nobody is signed in)."""
        return signed_in_user()


@blp.route("/session")
class Session(MethodView):
    @blp.arguments(CredentialsSchema)
    @blp.response(200, UserSchema)
    def post(self, body):
        """Sign in with username and password (429 after too many failures)."""
        user = service.authenticate(body["username"], body["password"], client_address())
        login_user(user)
        return user

    @blp.response(204)
    def delete(self):
        """Sign out."""
        logout_user()


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
