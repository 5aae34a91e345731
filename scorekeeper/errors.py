"""One error handler for the whole app: JSON under /api, an HTML page everywhere else."""
from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from flask import Flask, render_template, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from .games.i18n import N_, _

# werkzeug's own descriptions are English only; an error raised without a description of
# its own gets one of these in the request's language instead.
HTTP_MESSAGES: dict[int, str] = {
    400: N_("the request could not be read: check what was sent"),
    401: N_("sign in first"),
    403: N_("you may not do this"),
    404: N_("nothing is here: check the address"),
    405: N_("this address does not take that method"),
    409: N_("this clashes with a change made meanwhile: reload and try again"),
    412: N_("the data has changed since you loaded it: reload it and try again"),
    413: N_("what was sent is too large"),
    415: N_("send the request as JSON"),
    422: N_("what was sent is not valid"),
    428: N_("this change needs the If-Match header"),
    429: N_("too many requests: wait a little and try again"),
    500: N_("something went wrong on our side: try again later"),
}

# The validation messages of marshmallow (webargs) that the API's schemas can produce,
# marked here so that the catalogs hold them; first_message() translates them.
VALIDATION_MESSAGES = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Unknown field."),
    N_("Not a valid string."),
    N_("Not a valid integer."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Not a valid mapping type."),
    N_("Invalid input type."),
)


def http_message(error: HTTPException) -> str:
    """The error's description: its own, else a translated one for its status."""
    own = error.description
    if own and own != type(error).description:
        return own
    if error.code in HTTP_MESSAGES:
        return _(HTTP_MESSAGES[error.code])
    return own or error.name


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
                return f"{path}: {_(item)}" if path else _(item)
            found = first_message(item, path)
            if found:
                return found
    if isinstance(errors, str):
        return f"{path}: {_(errors)}" if path else _(errors)
    return None


class ScorekeeperApi(Api):
    """flask-smorest's Api whose errors always carry a message, a code, and HTML for pages."""

    def handle_http_exception(self, error: HTTPException):  # type: ignore[override]
        payload, status, headers = super().handle_http_exception(error)
        data = getattr(error, "data", None) or {}
        if "message" not in payload:
            payload["message"] = first_message(payload.get("errors")) or http_message(error)
        payload["error"] = data.get("error", error.name.lower().replace(" ", "_"))
        if "round" in data:
            payload["round"] = data["round"]
        if request.path.startswith("/api/"):
            return payload, status, headers
        return render_template("error.html", status=status, message=payload["message"]), status, headers


def init_service_errors(app: Flask, html_page: Callable[[Any], Any]) -> None:
    """One handler for a ServiceError that no view handled: the API's JSON error under /api,
    `html_page(error)` (the error page, from web/) everywhere else."""
    from .services import ServiceError  # the services import the extensions, which import this module

    def handle(error: ServiceError):
        if not request.path.startswith("/api/"):
            return html_page(error)
        body: dict[str, Any] = {
            "code": error.status,
            "status": HTTPStatus(error.status).phrase,
            "message": error.message,
            "error": error.code,
        }
        if error.field is not None:
            body["errors"] = {error.field: [error.message]}
        if error.round_number is not None:
            body["round"] = error.round_number
        return body, error.status

    app.register_error_handler(ServiceError, handle)
