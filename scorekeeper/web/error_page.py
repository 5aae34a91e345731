"""The HTML error page for a refusal outside /api: the app's one ServiceError handler (errors.py) calls it."""
from __future__ import annotations

from flask import render_template

from ..services import ServiceError


def service_error_page(error: ServiceError) -> tuple[str, int]:
    return render_template("error.html", status=error.status, message=error.message), error.status
