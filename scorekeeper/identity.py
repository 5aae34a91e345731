"""Who is making this request: a signed-in account (session or API token) or a device."""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from flask import Flask, g, request, session
from flask_login import current_user, login_user, logout_user

from .device import device_id
from .extensions import db, login_manager
from .models import User, utcnow
from .services import Actor
from .services.accounts import end_sessions, user_for_token

TOKEN_USE_PRECISION = timedelta(minutes=5)


# Keys of the signed-in session (Flask's session cookie): the account's session version
# when it was signed in, and an id for this one session (a phone, for table check).
SESSION_VERSION, SESSION_ID, SESSION_SINCE = "sk_version", "sk_session", "sk_since"


@login_manager.user_loader
def load_user(user_id: str) -> User | None:
    """The account of a session cookie, unless that session was ended: signing out or a
    password change bumps the account's session version, and every cookie holding an
    older one (a copy included) signs nobody in."""
    user = db.session.get(User, user_id)
    if user is None or session.get(SESSION_VERSION) != user.session_version:
        return None
    return user


def sign_in(user: User) -> None:
    """Start a fresh session for `user`: a new session id and a new CSRF token (a token
    seen before sign-in is worth nothing after it)."""
    session.clear()
    session[SESSION_VERSION] = user.session_version
    session[SESSION_ID] = secrets.token_hex(16)
    session[SESSION_SINCE] = utcnow().isoformat()
    login_user(user)


def sign_out() -> None:
    """End this session and every copy of it (and the account's other sessions)."""
    if current_user.is_authenticated:
        end_sessions(current_user._get_current_object())
    logout_user()
    session.clear()


@login_manager.request_loader
def load_user_from_token(req) -> User | None:
    """`Authorization: Bearer sk_...` signs a script in for this request only."""
    header = req.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    found = user_for_token(header[len("Bearer ") :].strip())
    if found is None:
        return None
    user, token = found
    # Minutes are precise enough to show "last used", and a script's every request
    # should not be a write.
    if token.last_used_at is None or token.last_used_at < utcnow() - TOKEN_USE_PRECISION:
        token.last_used_at = utcnow()
        db.session.commit()
    g.api_token_name = token.name
    g.api_token_id = token.id
    g.api_token_since = token.created_at
    return user


def current_actor() -> Actor:
    """The actor of this request, for access checks and the audit trail."""
    # A write needs to know the phone (table check compares them); a read does not, and
    # minting a device cookie on every cookie-less read would cost for nothing.
    device = device_id(create=request.method not in ("GET", "HEAD"))
    if current_user.is_authenticated:
        label = current_user.username
        since = None
        if g.get("api_token_name"):
            label += f" (token {g.api_token_name})"
            phone, since = f"token:{g.api_token_id}", g.api_token_since
        elif session.get(SESSION_ID):
            phone = f"session:{session[SESSION_ID]}"
            since = datetime.fromisoformat(session[SESSION_SINCE]) if session.get(SESSION_SINCE) else None
        else:
            phone = f"user:{current_user.id}"
        return Actor(
            user_id=current_user.id, label=label, key=phone, device=device, address=client_address(), since=since
        )
    return device_actor(device, client_address())


def device_actor(device: str | None, address: str | None) -> Actor:
    """The actor of a request without an account: its device (if it has one) and address."""
    if device is None:
        return Actor(user_id=None, label="anonymous", address=address)
    return Actor(user_id=None, label=f"device {device[:8]}", key=f"device:{device}", device=device, address=address)


def client_address() -> str:
    """The caller's address for rate limits (ProxyFix makes remote_addr right behind a proxy)."""
    return request.remote_addr or "unknown"


def init_identity(app: Flask) -> None:
    login_manager.init_app(app)
    login_manager.login_view = "accounts.login"
