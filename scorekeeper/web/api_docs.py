"""The interactive API docs page: Swagger UI from npm, started by a static script (no inline script)."""
from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("api_docs", __name__)


@bp.get("/api/v1/docs")
def api_docs():
    return render_template("api_docs.html")
