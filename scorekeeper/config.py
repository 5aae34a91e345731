"""Configuration classes; the environment (DATABASE_URL, SECRET_KEY, SCOREKEEPER_HTTPS,
SCOREKEEPER_PROXY_HOPS) overrides them."""
from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def rate_limits_from_env(text: str | None) -> dict[str, int]:
    """SCOREKEEPER_RATE_LIMITS="anonymous-match-address=120,sign-up-address=20": budgets
    (attempts per window) that differ from services.limits' defaults."""
    limits = {}
    for part in (text or "").split(","):
        if "=" in part:
            name, _, allowed = part.partition("=")
            limits[name.strip()] = int(allowed)
    return limits


class Config:
    """Defaults for running the app: SQLite under instance/ unless DATABASE_URL is set."""

    RATE_LIMITS = rate_limits_from_env(os.environ.get("SCOREKEEPER_RATE_LIMITS"))

    # None: create_app generates a random key once and keeps it in instance/secret_key.
    SECRET_KEY = os.environ.get("SECRET_KEY") or None
    SQLALCHEMY_DATABASE_URI = os.environ.get("DATABASE_URL")  # None: SQLite under instance/
    # No ping on every checkout (a round trip per request on PostgreSQL): create_app pings
    # only a connection that has been idle for a while (app.ping_idle_connections).
    SQLALCHEMY_ENGINE_OPTIONS: dict = {"pool_pre_ping": False}
    # Seconds a pooled connection may sit unused before it is pinged on checkout.
    DATABASE_PING_AFTER_IDLE = 10.0
    # A round is a few hundred bytes; anything near this is not a round.
    MAX_CONTENT_LENGTH = 64 * 1024
    # ... except a league export sent back to be imported (API and page): a league of
    # 2,000 matches of 20 rounds is about 5 MB.
    IMPORT_MAX_CONTENT_LENGTH = 32 * 1024 * 1024

    API_TITLE = "Scorekeeper"
    API_VERSION = "v1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api/v1"
    OPENAPI_JSON_PATH = "openapi.json"
    # The docs page is our own (scorekeeper/web/api_docs.py): flask-smorest's has an
    # inline script, which the Content Security Policy forbids.

    # A form queued on a phone while offline is sent hours later: its CSRF token must
    # stay valid for the whole session, not for an hour.
    WTF_CSRF_TIME_LIMIT = None
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    # Behind HTTPS (set SCOREKEEPER_HTTPS=1) the session cookie is sent over HTTPS only,
    # and browsers are told to use HTTPS for a year (Strict-Transport-Security).
    SCOREKEEPER_HTTPS = os.environ.get("SCOREKEEPER_HTTPS") == "1"
    SESSION_COOKIE_SECURE = SCOREKEEPER_HTTPS
    REMEMBER_COOKIE_SECURE = SESSION_COOKIE_SECURE
    REMEMBER_COOKIE_HTTPONLY = True
    # How many proxies in front of the app set X-Forwarded-For/-Proto/-Host (0: none, the
    # app is reached directly). Only that many hops are trusted; see docs/hosting.md, "Behind a proxy".
    SCOREKEEPER_PROXY_HOPS = os.environ.get("SCOREKEEPER_PROXY_HOPS", "0")
    # The phone's rules engine boots once the match page has been left alone this long (as
    # while a hand is played): never in the page's first load, never under the player's taps.
    ENGINE_IDLE_SECONDS = 8.0
    # Live sync by push (web/pages/match_events.py): how many match streams one worker
    # process holds at once. Each held stream takes one of the worker's threads, so keep
    # it below gunicorn's --threads (docs/hosting.md, "Live sync"); a phone beyond it polls.
    SCOREKEEPER_LIVE_STREAMS = int(os.environ.get("SCOREKEEPER_LIVE_STREAMS") or 2)
    # A stream ends after this long and the phone opens it again (its thread is never held
    # for good by a phone put away); a comment line every LIVE_HEARTBEAT_SECONDS finds a
    # phone that went away sooner.
    LIVE_STREAM_SECONDS = 60.0
    LIVE_HEARTBEAT_SECONDS = 15.0


class TestConfig(Config):
    TESTING = True
    SECRET_KEY = "test-secret"
    # The tests' in-process server starts a thread per request: streams starve nothing there.
    SCOREKEEPER_LIVE_STREAMS = 64
    # Hundreds of accounts are made in the tests: the cheapest argon2 that still hashes.
    ARGON2_PARAMETERS = {"time_cost": 1, "memory_cost": 8, "parallelism": 1}
    WTF_CSRF_ENABLED = True
    # The browser tests' phones are left alone just as a player's is, for less long: at 8 s
    # every offline test spent most of its time waiting (about 25 tests per run).
    ENGINE_IDLE_SECONDS = 2.0

    @classmethod
    def with_database(cls, url: str) -> dict:
        """These settings as a mapping, pointed at the database `url`."""
        settings = {key: getattr(cls, key) for key in dir(cls) if key.isupper()}
        settings["SQLALCHEMY_DATABASE_URI"] = url
        return settings


def database_url_from_env(url: str | None) -> str | None:
    """Accept the common postgres:// spelling and pick the psycopg 3 driver."""
    if not url:
        return url
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url
