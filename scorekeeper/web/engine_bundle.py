"""The rules engine for the phone: Pyodide (npm `pyodide`, served from node_modules), the
very `scorekeeper/engine` folder (rules and round entry) and the compiled translation
catalogs, as one versioned bundle built from the package files at request time.

The page starts static/js/engine-worker.js (served here, so its URL and its Content
Security Policy can carry the versions and allow WebAssembly); the worker loads Pyodide
and the bundle, and the service worker keeps both for offline use (see static/js/sw.js).
"""
from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from flask import Blueprint, Response, abort, current_app

from ..config import PROJECT_ROOT
from ..engine.games import all_games
from .compression import versioned_file
from .security import CONTENT_SECURITY_POLICY
from .vendor import installed_version

bp = Blueprint("engine", __name__)

PACKAGE = PROJECT_ROOT / "scorekeeper"
# What the worker imports: the engine folder, exactly (the package's __init__ only makes it
# importable; the import-linter contract keeps the engine from reaching beyond it).
ENGINE_SOURCES = (
    "scorekeeper/__init__.py",
    "scorekeeper/engine/**/*.py",
)
# The modules of the bundled games: a registered game whose class is defined elsewhere is a variant (variants()).
GAME_MODULES = "scorekeeper.engine.games."
PYODIDE_FILES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
ONE_YEAR = 365 * 24 * 3600
# The worker compiles Pyodide's WebAssembly: its own policy allows that, and nothing more.
WORKER_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")


def bundle() -> dict[str, Any]:
    """The engine's files (path -> text) and catalogs (language -> base64 .mo), with their version."""
    cached = current_app.extensions.get("scorekeeper_engine_bundle")
    if cached and not current_app.debug:
        return cached
    files: dict[str, str] = {}
    for pattern in ENGINE_SOURCES:
        for path in sorted(PROJECT_ROOT.glob(pattern)):
            files[str(path.relative_to(PROJECT_ROOT))] = path.read_text(encoding="utf-8")
    catalogs = {
        path.parent.parent.name: base64.b64encode(path.read_bytes()).decode("ascii")
        for path in sorted((PACKAGE / "translations").glob("*/LC_MESSAGES/messages.mo"))
    }
    registered = variants()
    digest = hashlib.sha256(json.dumps([files, catalogs, registered], sort_keys=True).encode()).hexdigest()[:12]
    built = {"version": digest, "files": files, "catalogs": catalogs, "variants": registered}
    current_app.extensions["scorekeeper_engine_bundle"] = built
    return built


def variants() -> list[dict[str, Any]]:
    """The registered games whose class no bundled module defines (a variant of a game's
    rules registered at run time under an id of its own): the phone registers each as the
    server did, a subclass of the bundled game class with the same class attributes."""
    found = []
    for game in all_games():
        kind = type(game)
        if kind.__module__.startswith(GAME_MODULES):
            continue
        base = next((item for item in kind.__mro__ if item.__module__.startswith(GAME_MODULES)), None)
        attributes = {key: value for key, value in vars(kind).items() if not key.startswith("_")}
        if base is None or not all(isinstance(value, (str, int, float, bool)) for value in attributes.values()):
            continue  # not a variant of a bundled game: the phone leaves it to the server
        found.append({"base": f"{base.__module__}:{base.__qualname__}", "name": kind.__name__, "attributes": attributes})
    return found


def pyodide_url() -> str:
    return f"/engine/pyodide/{installed_version('pyodide')}/"


def worker_source() -> str:
    source = (PROJECT_ROOT / "static" / "js" / "engine-worker.js").read_text(encoding="utf-8")
    return source.replace("__PYODIDE_URL__", pyodide_url()).replace(
        "__BUNDLE_URL__", f"/engine/bundle-{bundle()['version']}.json"
    )


def worker_url() -> str:
    """The worker's address names its content (the bundle's version included): cached for good."""
    return f"/engine/worker-{hashlib.sha256(worker_source().encode()).hexdigest()[:12]}.js"


def immutable(response: Response) -> Response:
    response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    return response


def service_worker_engine() -> dict[str, str]:
    """What the service worker keeps in its engine cache (kept across app versions; only
    what these addresses do not name is dropped)."""
    return {"pyodide": pyodide_url(), "worker": worker_url(), "bundle": f"/engine/bundle-{bundle()['version']}.json"}


@bp.get("/engine/worker-<version>.js")
def worker(version: str):
    source = worker_source()
    if version != worker_url()[len("/engine/worker-") : -len(".js")]:
        abort(404)
    response = Response(source, mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    return immutable(response)


@bp.get("/engine/bundle-<version>.json")
def engine_bundle(version: str):
    built = bundle()
    if version != built["version"]:
        abort(404)
    return immutable(Response(json.dumps(built, ensure_ascii=False), mimetype="application/json"))


@bp.get("/engine/pyodide/<version>/<filename>")
def pyodide_file(version: str, filename: str):
    if version != installed_version("pyodide") or filename not in PYODIDE_FILES:
        abort(404)
    return versioned_file(PROJECT_ROOT / "node_modules" / "pyodide", filename, PYODIDE_FILES[filename])
