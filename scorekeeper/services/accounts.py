"""Accounts: registration, password sign-in (rate-limited in the database) and API tokens."""
from __future__ import annotations

import functools
import hashlib
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..games.i18n import _, _n
from ..models import ApiToken, LoginAttempt, User, utcnow
from . import ServiceError, clean_label


@functools.cache
def _hasher(parameters: tuple[tuple[str, int], ...]) -> tuple[PasswordHasher, str]:
    hasher = PasswordHasher(**dict(parameters))
    # A hash to verify against when the username is unknown, so both answers take as long.
    return hasher, hasher.hash(secrets.token_hex(16))


def hasher() -> tuple[PasswordHasher, str]:
    """argon2 with the app's parameters (ARGON2_PARAMETERS; the library's defaults in
    production, cheap ones in tests, where hundreds of accounts are made)."""
    return _hasher(tuple(sorted(current_app.config.get("ARGON2_PARAMETERS", {}).items())))

USERNAME_MIN, USERNAME_MAX = 2, 40
PASSWORD_MIN = 8
# At most this many failed sign-ins per username, and per address, in the window.
FAILED_LOGINS_ALLOWED = 5
FAILED_LOGINS_PER_ADDRESS = 20
LOGIN_WINDOW = timedelta(minutes=15)
TOKEN_PREFIX = "sk_"


def username_key(username: str) -> str:
    return username.casefold()


def clean_username(value: object) -> str:
    if not isinstance(value, str):
        raise ServiceError(422, _("username must be text"), code="username", field="username")
    username = value.strip()
    if not USERNAME_MIN <= len(username) <= USERNAME_MAX or not all(c.isalnum() or c in "._-" for c in username):
        raise ServiceError(
            422,
            _(
                "a username is {minimum} to {maximum} letters, digits, dots, dashes or underscores",
                minimum=USERNAME_MIN,
                maximum=USERNAME_MAX,
            ),
            code="username",
            field="username",
        )
    return username


def register(username: object, password: object) -> User:
    name = clean_username(username)
    if not isinstance(password, str) or len(password) < PASSWORD_MIN:
        raise ServiceError(
            422,
            _n("a password needs at least {n} character", "a password needs at least {n} characters", PASSWORD_MIN),
            code="password_short",
            field="password",
        )
    user = User(username=name, username_key=username_key(name), password_hash=hasher()[0].hash(password))
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ServiceError(
            409, _("the username {name} is taken", name=name), code="username_taken", field="username"
        ) from None
    return user


def _recent_failures(**where) -> int:
    query = select(func.count()).select_from(LoginAttempt).where(
        LoginAttempt.succeeded.is_(False), LoginAttempt.at >= utcnow() - LOGIN_WINDOW
    )
    for column, value in where.items():
        query = query.where(getattr(LoginAttempt, column) == value)
    return db.session.scalar(query) or 0


def authenticate(username: object, password: object, address: str) -> User:
    """The account for these credentials; refused (401), or 429 after too many failures.

    The attempts live in the database, so the limit holds across workers and servers.
    """
    key = username_key(username) if isinstance(username, str) else ""
    if (
        _recent_failures(username_key=key) >= FAILED_LOGINS_ALLOWED
        or _recent_failures(address=address) >= FAILED_LOGINS_PER_ADDRESS
    ):
        raise ServiceError(
            429,
            _n(
                "too many failed sign-ins: wait {n} minute and try again",
                "too many failed sign-ins: wait {n} minutes and try again",
                int(LOGIN_WINDOW.total_seconds() // 60),
            ),
            code="login_rate_limited",
        )
    user = db.session.scalar(select(User).where(User.username_key == key)) if key else None
    password_hasher, unknown_user_hash = hasher()
    try:
        password_hasher.verify(
            user.password_hash if user else unknown_user_hash, password if isinstance(password, str) else ""
        )
        succeeded = user is not None
    except (VerificationError, InvalidHashError):
        succeeded = False
    db.session.add(LoginAttempt(username_key=key[:40], address=address[:64], succeeded=succeeded))
    db.session.commit()
    if not succeeded:
        raise ServiceError(401, _("wrong username or password"), code="login_failed")
    if password_hasher.check_needs_rehash(user.password_hash):
        user.password_hash = password_hasher.hash(password)
        db.session.commit()
    return user


# --------------------------------------------------------------------------- API tokens


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_token(user: User, name: object) -> tuple[ApiToken, str]:
    """A new token for `user`; the secret is returned once and never stored."""
    name = clean_label(name, what=_("a token"), field="name", code="token_name")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(user_id=user.id, name=name, token_hash=token_digest(secret))
    db.session.add(token)
    db.session.commit()
    return token, secret


def tokens_of(user: User) -> list[ApiToken]:
    return list(db.session.scalars(select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.created_at)))


def revoke_token(user: User, token_id: str) -> None:
    token = db.session.get(ApiToken, token_id)
    if token is None or token.user_id != user.id:
        raise ServiceError(404, _("no such token of yours"), code="token_not_found")
    if token.revoked_at is None:
        token.revoked_at = utcnow()
        db.session.commit()


def user_for_token(secret: str) -> tuple[User, ApiToken] | None:
    """The account behind a bearer token, if it is valid and not revoked."""
    if not secret.startswith(TOKEN_PREFIX):
        return None
    token = db.session.scalar(select(ApiToken).where(ApiToken.token_hash == token_digest(secret)))
    if token is None or token.revoked_at is not None:
        return None
    return token.user, token
