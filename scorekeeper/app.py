"""The application factory."""
from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError
from werkzeug.middleware.proxy_fix import ProxyFix

from .config import PROJECT_ROOT, Config, database_url_from_env
from .extensions import api, csrf, db, migrate


def create_app(config: Any = None) -> Flask:
    """Build the app: config from a class (default Config) plus the environment."""
    app = Flask(
        __name__,
        instance_path=str(PROJECT_ROOT / "instance"),
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    if isinstance(config, dict):
        # A mapping overrides the defaults (handy in tests and scripts).
        app.config.from_object(Config)
        app.config.update(config)
    else:
        app.config.from_object(config or Config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))
    from .cookies import init_cookies

    init_cookies(app)
    url = database_url_from_env(app.config.get("SQLALCHEMY_DATABASE_URI") or os.environ.get("DATABASE_URL"))
    if not url:
        os.makedirs(app.instance_path, exist_ok=True)
        url = f"sqlite:///{os.path.join(app.instance_path, 'scorekeeper.db')}"
    app.config["SQLALCHEMY_DATABASE_URI"] = url
    if url.startswith("sqlite"):
        # Wait for another writer's lock instead of failing at once.
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {
            **app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}),
            "connect_args": {"timeout": 30},
        }

    from . import models  # noqa: F401  (registers the tables on the metadata)

    db.init_app(app)
    migrate.init_app(app, db, directory=str(PROJECT_ROOT / "migrations"))
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            event.listen(db.engine, "connect", sqlite_pragmas)
        ping_idle_connections(db.engine, float(app.config.get("DATABASE_PING_AFTER_IDLE", 10.0)))

    from .errors import init_errors
    from .input_guards import init_input_guards

    # Before CSRF protection: the import routes' body limit must be set before the
    # CSRF check reads the form.
    init_input_guards(app)
    api.init_app(app)
    init_errors(app)
    from .request_hooks import install_request_hooks

    # First: the engine's translator and the input limits run before the CSRF check.
    install_request_hooks(app)
    csrf.init_app(app)
    from .i18n import init_i18n
    from .identity import init_identity

    init_identity(app)
    init_i18n(app)
    from .api import register_api

    register_api()

    from .web import (
        account_pages,
        api_docs,
        compression,
        engine_bundle,
        language,
        league_pages,
        offline_pages,
        page_formats,
        pages,
        player_pages,
        rules_pages,
        vendor,
    )

    compression.init_compression(app)
    app.register_blueprint(api_docs.bp)
    app.register_blueprint(language.bp)
    app.register_blueprint(vendor.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(league_pages.bp)
    app.register_blueprint(player_pages.bp)
    app.register_blueprint(page_formats.bp)
    app.register_blueprint(account_pages.bp)
    app.register_blueprint(rules_pages.bp)
    app.register_blueprint(engine_bundle.bp)
    app.register_blueprint(offline_pages.bp)
    install_proxy_fix(app)
    return app


SECRET_KEY_FILE = "secret_key"


def instance_secret_key(instance: Path) -> str:
    """The key kept in instance/secret_key (readable by its owner only), made on first use.

    Several workers may start at once: each writes its candidate to a file of its own and
    links it into place; the link fails for all but the first, and they read the winner.
    """
    path = instance / SECRET_KEY_FILE
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        candidate = instance / f".{SECRET_KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(48))
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass
        finally:
            candidate.unlink()
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it (a new key is made) or set SECRET_KEY")
    return key


def install_proxy_fix(app: Flask) -> None:
    """Behind SCOREKEEPER_PROXY_HOPS trusted proxies, the client's address, scheme and host
    come from their X-Forwarded-* headers (rate limits count the client, not the proxy;
    request.is_secure is true behind TLS)."""
    raw = str(app.config.get("SCOREKEEPER_PROXY_HOPS", 0)).strip() or "0"
    if not raw.isdigit():
        raise ValueError(f"SCOREKEEPER_PROXY_HOPS must be a whole number of proxies (0 or more), got {raw!r}")
    hops = int(raw)
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops)  # type: ignore[method-assign]


def ping_idle_connections(engine: Engine, idle_seconds: float) -> None:
    """Ping a pooled connection on checkout only when it sat unused for `idle_seconds`.

    `pool_pre_ping` pings on every checkout: one more round trip per request, as much as
    the one query of the hottest read (GET match JSON). A connection in steady use was
    just used successfully; one that sat idle may have been closed by a database restart
    or a firewall: it is pinged, and a dead one is replaced before the request sees it
    (a DisconnectionError makes the pool connect afresh)."""

    def checked_in(_dbapi_connection: Any, record: Any) -> None:
        record.info["returned_at"] = time.monotonic()

    def checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        returned_at = record.info.get("returned_at")
        if returned_at is None or time.monotonic() - returned_at < idle_seconds:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            if engine.dialect.is_disconnect(error, dbapi_connection, None):
                raise DisconnectionError(str(error)) from error
            raise

    event.listen(engine, "checkin", checked_in)
    event.listen(engine, "checkout", checked_out)


def sqlite_pragmas(connection, _record) -> None:
    """WAL lets readers work during a write; SQLite only enforces foreign keys when asked."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
