"""The installable app: manifest, service worker (with the shell it installs), offline page,
asset version, and the page's ES modules under versioned addresses."""
from __future__ import annotations

import hashlib
import json

from flask import Response, abort, current_app, redirect, render_template
from flask_babel import get_locale

from ...config import PROJECT_ROOT
from ...engine.core.i18n import _
from ...engine.games import all_games
from .. import engine_bundle
from ..compression import versioned_file
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


# The page's JavaScript: ES modules (static/js/page/), main.js the one the page loads.
PAGE_MODULES = PROJECT_ROOT / "static" / "js" / "page"
ONE_YEAR = 365 * 24 * 3600


def page_modules() -> list[str]:
    """Every module of the page, by file name: all are precached and preloaded, so a module
    added to the folder is found offline without being listed anywhere."""
    return sorted(path.name for path in PAGE_MODULES.glob("*.js"))


def page_module_url(name: str) -> str:
    """A module's address names the version in its path, not in a ?v= query: a module's
    relative imports ("./i18n.js") resolve against its own URL, so a path version carries
    over to every module it imports and a query would be dropped. One version's modules
    are thus always fetched together, cached for good, and never mixed with another's."""
    return f"/js/{static_version()}/{name}"


@bp.get("/js/<version>/<name>")
def page_module(version: str, name: str):
    if name not in page_modules():
        abort(404)
    if version != static_version():
        # A page from before a deploy asks for its version's modules: the current ones. A
        # redirect, not the current file at the old address: the module's imports then
        # resolve against the new address, so the old and new are never mixed, and nothing
        # is cached for a year under a name that does not match its content.
        response = redirect(page_module_url(name), code=302)
        response.headers["Cache-Control"] = "no-store"
        return response
    return versioned_file(PAGE_MODULES, name, "text/javascript")


def shell_files() -> list[str]:
    """What the service worker stores at install: the very URLs the pages use (versioned),
    so the install is answered from the browser's HTTP cache instead of a second download."""
    version = static_version()
    return [
        "/offline",
        f"/static/css/app.css?v={version}",
        # The page's modules, the offline round form's among them (small; the engine itself is
        # cached on first use). Each at its versioned address, the one its importer asks for.
        *[page_module_url(name) for name in page_modules()],
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
