"""Which build of the code renders a match: a stored render of another build is rendered again, not served."""
from __future__ import annotations

import hashlib

from flask import current_app

from .config import PROJECT_ROOT


def render_build() -> str:
    """A hash of what renders the stored parts (the app's sources, templates and compiled
    catalogs): parts stored by another deploy are rendered again, not served. Once per process
    (on every request in debug mode, where templates change under a running server)."""
    cached = current_app.extensions.get("scorekeeper_render_build")
    if cached and not current_app.debug:
        return cached
    digest = hashlib.sha256()
    package = PROJECT_ROOT / "scorekeeper"
    paths = [*package.rglob("*.py"), *package.rglob("*.mo"), *(PROJECT_ROOT / "templates").rglob("*.html")]
    for path in sorted(paths):
        digest.update(str(path.relative_to(PROJECT_ROOT)).encode())
        digest.update(path.read_bytes())
    build = digest.hexdigest()[:16]
    current_app.extensions["scorekeeper_render_build"] = build
    return build
