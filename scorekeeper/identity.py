"""Who is making this request: a signed-in account (session or API token) or a device."""
from __future__ import annotations

from datetime import timedelta

from flask import Flask, g, request
from flask_login import current_user

from .device import device_id
from .extensions import db, login_manager
from .models import User, utcnow
from .services import Actor
from .services.accounts import user_for_token

TOKEN_USE_PRECISION = timedelta(minutes=5)


@login_manager.user_loader
def load_user(user_id: str) -> User | None:
    return db.session.get(User, user_id)


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
    return user


def current_actor() -> Actor:
    """The actor of this request, for access checks and the audit trail."""
    if current_user.is_authenticated:
        label = current_user.username
        if g.get("api_token_name"):
            label += f" (token {g.api_token_name})"
        return Actor(user_id=current_user.id, label=label, key=f"user:{current_user.id}")
    # A write needs to know the phone (table check compares them); a read does not, and
    # minting a device cookie on every cookie-less read would cost for nothing.
    device = device_id(create=request.method not in ("GET", "HEAD"))
    if device is None:
        return Actor(user_id=None, label="anonymous")
    return Actor(user_id=None, label=f"device {device[:8]}", key=f"device:{device}")


def client_address() -> str:
    """The caller's address for rate limits (ProxyFix makes remote_addr right behind a proxy)."""
    return request.remote_addr or "unknown"


def init_identity(app: Flask) -> None:
    login_manager.init_app(app)
    login_manager.login_view = "accounts.login"
