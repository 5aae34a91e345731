"""One error handler for the whole app: JSON under /api, an HTML page everywhere else."""
from __future__ import annotations

from typing import Any

from flask import render_template, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException


def first_message(errors: Any, path: str = "") -> str | None:
    """The first validation message in a nested webargs/marshmallow error dict, with its field."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            # webargs nests by location ("json", "query"): not a field name.
            child = path if key in ("json", "query", "headers", "form") and not path else (
                f"{path}.{key}" if path else str(key)
            )
            found = first_message(value, child)
            if found:
                return found
        return None
    if isinstance(errors, list):
        for item in errors:
            if isinstance(item, str):
                return f"{path}: {item}" if path else item
            found = first_message(item, path)
            if found:
                return found
    if isinstance(errors, str):
        return f"{path}: {errors}" if path else errors
    return None


class ScorekeeperApi(Api):
    """flask-smorest's Api whose errors always carry a message, a code, and HTML for pages."""

    def handle_http_exception(self, error: HTTPException):  # type: ignore[override]
        payload, status, headers = super().handle_http_exception(error)
        data = getattr(error, "data", None) or {}
        if "message" not in payload:
            payload["message"] = first_message(payload.get("errors")) or error.description or error.name
        payload["error"] = data.get("error", error.name.lower().replace(" ", "_"))
        if "round" in data:
            payload["round"] = data["round"]
        if request.path.startswith("/api/"):
            return payload, status, headers
        return render_template("error.html", status=status, message=payload["message"]), status, headers
