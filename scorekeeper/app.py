"""The application factory."""
from __future__ import annotations

import os
from typing import Any

from flask import Flask
from sqlalchemy import event

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

    api.init_app(app)
    csrf.init_app(app)
    from .identity import init_identity
    from .i18n import init_i18n

    init_identity(app)
    init_i18n(app)
    from .api import register_api

    register_api()

    from .web import (
        account_pages,
        api_docs,
        compression,
        device,
        engine_bundle,
        language,
        league_pages,
        offline_pages,
        pages,
        security,
        vendor,
    )

    device.init_device(app)
    security.init_security(app)
    compression.init_compression(app)
    app.register_blueprint(api_docs.bp)
    app.register_blueprint(language.bp)
    app.register_blueprint(vendor.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(league_pages.bp)
    app.register_blueprint(account_pages.bp)
    app.register_blueprint(engine_bundle.bp)
    app.register_blueprint(offline_pages.bp)
    return app


def sqlite_pragmas(connection, _record) -> None:
    """WAL lets readers work during a write; SQLite only enforces foreign keys when asked."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
