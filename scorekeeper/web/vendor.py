"""Serves front-end packages installed from npm (node_modules), never copied into the repo."""
from __future__ import annotations

import functools
import json

from flask import Blueprint, abort, current_app, send_from_directory

from ..config import PROJECT_ROOT

# npm package -> the folder inside it that may be served.
SERVED_PACKAGES = {
    "htmx.org": "dist",
    # htmx's server-sent events extension: the match page's live stream (pages/match_events.py).
    "htmx-ext-sse": "dist",
    "swagger-ui-dist": "",
    # The accessibility checker the browser tests inject into every page (same origin, so
    # the Content Security Policy lets it run as it would any script of ours).
    "axe-core": "",
}

bp = Blueprint("vendor", __name__)


@functools.cache
def installed_version(package: str) -> str:
    """The version npm installed (package.json pins it): busts cached URLs on upgrade."""
    manifest = PROJECT_ROOT / "node_modules" / package / "package.json"
    try:
        return json.loads(manifest.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return "missing"


@bp.route("/vendor/<package>/<path:filename>")
def vendor_file(package: str, filename: str):
    if package not in SERVED_PACKAGES:
        abort(404)
    folder = PROJECT_ROOT / "node_modules" / package / SERVED_PACKAGES[package]
    # A year: the package version is pinned and the URL changes with it via ?v=.
    return send_from_directory(folder, filename, max_age=current_app.config.get("VENDOR_MAX_AGE", 31536000))
