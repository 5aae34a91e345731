"""The installable app: manifest, service worker (with the shell it installs), offline page, asset version."""
from __future__ import annotations

import hashlib
import json

from flask import Response, current_app, render_template
from flask_babel import get_locale

from ...config import PROJECT_ROOT
from ...engine.core.i18n import _
from ...engine.games import all_games
from .. import engine_bundle
from ..vendor import installed_version
from .blueprint import bp


def static_version() -> str:
    """A hash of the static files: names the service worker's caches and busts URLs."""
    cached = current_app.extensions.get("scorekeeper_static_version")
    if cached and not current_app.debug:
        return cached
    digest = hashlib.sha256()
    static = PROJECT_ROOT / "static"
    for path in sorted(static.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(static)).encode())
            digest.update(path.read_bytes())
    for path in sorted((PROJECT_ROOT / "templates").rglob("*.html")):
        digest.update(path.read_bytes())
    version = digest.hexdigest()[:12]
    current_app.extensions["scorekeeper_static_version"] = version
    return version


def shell_files() -> list[str]:
    """What the service worker stores at install: the very URLs the pages use (versioned),
    so the install is answered from the browser's HTTP cache instead of a second download."""
    version = static_version()
    return [
        "/offline",
        f"/static/css/app.css?v={version}",
        f"/static/js/app.js?v={version}",
        # The offline round form (small; the engine itself is cached on first use).
        f"/static/js/offline.js?v={version}",
        f"/vendor/htmx.org/htmx.min.js?v={installed_version('htmx.org')}",
        f"/vendor/htmx-ext-sse/sse.min.js?v={installed_version('htmx-ext-sse')}",
        "/static/icons/icon-192.png",
        "/manifest.webmanifest",
    ]


@bp.get("/manifest.webmanifest")
def manifest():
    # The product name stays as it is in every language; the rest follows the request's language.
    body = {
        "name": "Scorekeeper",
        "short_name": _("Scores"),
        "description": _("Keeps score at the card table: {games}.", games=", ".join(_(game.name) for game in all_games())),
        "lang": get_locale().language if get_locale() else "en",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#111418",
        "theme_color": "#111418",
        "icons": [
            {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/static/icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    response = Response(json.dumps(body, indent=1, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/sw.js")
def service_worker():
    source = (PROJECT_ROOT / "static" / "js" / "sw.js").read_text(encoding="utf-8")
    source = source.replace("__VERSION__", static_version()).replace("__SHELL__", json.dumps(shell_files()))
    source = source.replace("__ENGINE__", json.dumps(engine_bundle.service_worker_engine()))
    response = Response(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    return render_template("offline.html")
