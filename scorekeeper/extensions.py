"""Flask extensions, created unbound so that create_app can bind them to any app."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from flask import current_app
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

from .errors import ScorekeeperApi

# Named constraints keep migrations identical on SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


# Objects stay readable after commit: a request that just wrote a match answers with its
# new version and rounds without loading them all again. Writers re-read under the
# match lock (services.matches._lock), so nothing decides on a stale copy.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate()
api = ScorekeeperApi()


login_manager = LoginManager()
# Every form post carries a CSRF token; the JSON API is exempt (a cross-site page cannot
# send application/json without a CORS preflight, which this app never grants), and its
# cookie-carrying POSTs must be JSON or carry the token (api.require_same_site_post).
csrf = CSRFProtect()

_T = TypeVar("_T")
_PER_APP_LOCK = threading.Lock()


def per_app(name: str, make: Callable[[], _T]) -> _T:
    """The current app's one `name` in this process (the live streams' hub, their slots),
    made by `make` on first use, once even when threads ask at the same moment."""
    extensions = current_app.extensions
    if name not in extensions:
        with _PER_APP_LOCK:
            if name not in extensions:
                extensions[name] = make()
    return extensions[name]
