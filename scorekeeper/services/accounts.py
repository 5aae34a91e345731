"""Accounts: registration, password sign-in (rate-limited in the database), sessions and API tokens."""
from __future__ import annotations

import functools
import hashlib
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from zxcvbn.frequency_lists import FREQUENCY_LISTS

from ..engine.core.i18n import _, _n
from ..extensions import db
from ..models import ApiToken, User, utcnow
from . import ServiceError, clean_label, limits
from .usernames import mixes_look_alike_scripts, username_key, username_skeleton


@functools.cache
def _hasher(parameters: tuple[tuple[str, int], ...]) -> tuple[PasswordHasher, str]:
    hasher = PasswordHasher(**dict(parameters))  # type: ignore[arg-type]  # only the int parameters are configured; mypy cannot tell from a dict
    # A hash to verify against when the username is unknown, so both answers take as long.
    return hasher, hasher.hash(secrets.token_hex(16))


def hasher() -> tuple[PasswordHasher, str]:
    """argon2 with the app's parameters (ARGON2_PARAMETERS; the library's defaults in
    production, cheap ones in tests, where hundreds of accounts are made)."""
    return _hasher(tuple(sorted(current_app.config.get("ARGON2_PARAMETERS", {}).items())))

USERNAME_MIN, USERNAME_MAX = 2, 40
PASSWORD_MIN = 8
TOKEN_PREFIX = "sk_"
# The 30,000 most common passwords of zxcvbn (from leaked password lists), lowercase.
COMMON_PASSWORDS = frozenset(FREQUENCY_LISTS["passwords"])


def clean_username(value: object) -> tuple[str, str]:
    """The username as shown (NFKC) and its key (NFKC + casefold), both checked after
    normalisation: a name whose folded form is too long is refused like any other."""
    if not isinstance(value, str):
        raise ServiceError(422, _("username must be text"), code="username", field="username")
    username = unicodedata.normalize("NFKC", value.strip())
    key = username_key(username)
    if not (
        USERNAME_MIN <= len(username) <= USERNAME_MAX
        and USERNAME_MIN <= len(key) <= USERNAME_MAX
        and all(c.isalnum() or c in "._-" for c in key)
    ):
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
    if mixes_look_alike_scripts(username):
        raise ServiceError(
            422,
            _("a username cannot mix letters of different alphabets that look alike"),
            code="username_confusable",
            field="username",
        )
    return username, key


def check_password(password: object, field: str = "password") -> str:
    """At least 8 characters, not only spaces, and not one of the common passwords."""
    if not isinstance(password, str) or len(password) < PASSWORD_MIN or not password.strip():
        raise ServiceError(
            422,
            _n("a password needs at least {n} character", "a password needs at least {n} characters", PASSWORD_MIN),
            code="password_short",
            field=field,
        )
    if password.strip().lower() in COMMON_PASSWORDS or len(set(password)) < 3:
        raise ServiceError(
            422,
            _("this password is among the most common ones (guessed first): choose another"),
            code="password_common",
            field=field,
        )
    return password


def register(username: object, password: object, address: str | None = None) -> User:
    """A new account. `address`: the client's, for the sign-up limit (None: a script on
    the server itself, such as the benchmark's seed)."""
    name, key = clean_username(username)
    password = check_password(password)
    if address is not None:
        limits.spend(limits.SIGN_UPS_PER_ADDRESS, address)
    skeleton = username_skeleton(name)
    if db.session.scalar(select(User.id).where(User.username_skeleton == skeleton, User.username_key != key)):
        raise ServiceError(
            409,
            _(
                "the username {name} looks like one that is taken (letters that look alike count as one:"
                " I, l and 1; 0 and o; rn and m; and look-alikes from other alphabets): choose another",
                name=name,
            ),
            code="username_confusable",
            field="username",
        )
    user = User(
        username=name, username_key=key, username_skeleton=skeleton, password_hash=hasher()[0].hash(password)
    )
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ServiceError(
            409, _("the username {name} is taken", name=name), code="username_taken", field="username"
        ) from None
    return user


def authenticate(username: object, password: object, address: str) -> User:
    """The account for these credentials; refused (401), or 429 when a budget is spent.

    Every attempt is counted before the password is checked, atomically, in the
    database (services.limits): per name and address (5 per 15 minutes) and per address
    (20). A stranger guessing from elsewhere spends their own budgets, never the real
    user's, so nobody can lock an account out; a guesser's waits grow with each try.
    """
    key = username_key(username)[:200] if isinstance(username, str) else ""
    limits.spend(limits.LOGIN_PER_ADDRESS, address)
    limits.spend(limits.LOGIN_PER_NAME_AND_ADDRESS, key, address)
    user = db.session.scalar(select(User).where(User.username_key == key)) if key else None
    password_hasher, unknown_user_hash = hasher()
    try:
        password_hasher.verify(
            user.password_hash if user else unknown_user_hash, password if isinstance(password, str) else ""
        )
        succeeded = user is not None
    except (VerificationError, InvalidHashError):
        succeeded = False
    if not succeeded or user is None or not isinstance(password, str):
        raise ServiceError(401, _("wrong username or password"), code="login_failed")
    limits.forget(limits.LOGIN_PER_NAME_AND_ADDRESS, key, address)
    limits.refund(limits.LOGIN_PER_ADDRESS, address)
    if password_hasher.check_needs_rehash(user.password_hash):
        user.password_hash = password_hasher.hash(password)
    db.session.commit()
    return user


def end_sessions(user: User) -> None:
    """Sign the account out everywhere: every session cookie (and copy) stops working."""
    db.session.execute(
        update(User).where(User.id == user.id).values(session_version=User.session_version + 1)
    )
    db.session.commit()
    db.session.refresh(user)


def change_password(user: User, current: object, new: object, address: str) -> User:
    """A new password, given the current one; every other session of the account ends, and
    so does every API token: a password changed because it leaked must not leave a token
    made with it working (the account page and the answer say so; new tokens are made afresh)."""
    authenticate(user.username, current, address)
    new_password = check_password(new, "new_password")
    user.password_hash = hasher()[0].hash(new_password)
    db.session.execute(
        update(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None)).values(revoked_at=utcnow())
    )
    db.session.commit()
    end_sessions(user)
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


def set_language(user: User, language: str) -> None:
    """Remember the account's language (checked by the caller against the app's languages)."""
    user.language = language
    db.session.commit()
