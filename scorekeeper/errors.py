"""One error handler for the whole app: JSON under /api, an HTML page everywhere else.

Every refusal (a ServiceError from the service layer, an HTTP error, a database clash
under concurrency) goes through `error_response`, which first rolls the session back:
after a failed flush the session refuses every query, and rendering the error page
(which reads the signed-in user) would otherwise fail itself.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_smorest import Api
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from .engine.core.errors import ServiceError
from .engine.core.i18n import N_, _

log = logging.getLogger(__name__)

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

# SQLSTATEs of PostgreSQL that mean "another transaction got in the way": serialization
# failure, deadlock, lock not available. Retrying (after a reload) is the answer.
CONCURRENCY_SQLSTATES = frozenset({"40001", "40P01", "55P03"})
# The database cannot store anything now: its disk is full, its file is read-only, or
# the disk fails. Not the request's fault, and not a bug: 503, try later. SQLite says so
# in its message; PostgreSQL by SQLSTATE (disk full, read-only transaction, I/O error).
STORAGE_FAILURES = ("attempt to write a readonly database", "disk i/o error", "database or disk is full")
STORAGE_SQLSTATES = frozenset({"53100", "25006", "58030"})


def rollback_session() -> None:
    """Forget the failed transaction, so that the error can be rendered (and logged)."""
    # Found through the app, not imported: extensions imports this module (ScorekeeperApi).
    try:
        current_app.extensions["sqlalchemy"].session.rollback()
    except Exception:  # noqa: BLE001 - a broken connection: the pool replaces it
        log.exception("rolling back after an error failed")


def http_message(error: HTTPException) -> str:
    """The error's description: its own, else a translated one for its status."""
    own = error.description
    if own and own != type(error).description:
        return own
    if error.code in HTTP_MESSAGES:
        return _(HTTP_MESSAGES[error.code])
    return own or error.name


def translate_messages(errors: Any) -> Any:
    """The nested webargs/marshmallow error structure with every message translated."""
    from .validation_messages import translate

    if isinstance(errors, dict):
        return {key: translate_messages(value) for key, value in errors.items()}
    if isinstance(errors, list):
        return [translate_messages(item) for item in errors]
    if isinstance(errors, str):
        return translate(errors)
    return errors


def first_message(errors: Any, path: str = "") -> str | None:
    """The first (already translated) message in a nested error dict, with its field."""
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
            found = first_message(item, path)
            if found:
                return found
        return None
    if isinstance(errors, str):
        return f"{path}: {errors}" if path else errors
    return None


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(
    status: int,
    message: str,
    code: str,
    *,
    errors: Any = None,
    round_number: int | None = None,
    headers: Any = None,
) -> Response:
    """The one rendering of a refusal: the API's JSON body, or the HTML error page.

    Callers roll the session back first (before translating: the language may come
    from the signed-in user, read from the database)."""
    if wants_json():
        payload: dict[str, Any] = {"code": status, "status": HTTP_STATUS_CODES.get(status, "Error")}
        payload["message"] = message
        payload["error"] = code
        if errors:
            payload["errors"] = errors
        if round_number is not None:
            payload["round"] = round_number
        response = jsonify(payload)
    else:
        response = Response(render_template("error.html", status=status, message=message))
    response.status_code = status
    if headers:
        response.headers.extend(headers)
    return response


def handle_service_error(error: ServiceError) -> Response:
    rollback_session()
    return error_response(
        error.status,
        error.message,
        error.code,
        errors={error.field: [error.message]} if error.field is not None else None,
        round_number=error.round_number,
        # A rate limit says when to try again.
        headers={"Retry-After": str(error.retry_after)} if error.retry_after is not None else None,
    )


def database_refusal(error: DBAPIError) -> ServiceError | None:
    """A database error that concurrency or input can cause, as the refusal it means."""
    original = getattr(error, "orig", None)
    sqlstate = getattr(original, "sqlstate", None) or ""
    if isinstance(error, IntegrityError) or sqlstate in CONCURRENCY_SQLSTATES or "database is locked" in str(original):
        return clash()
    if sqlstate in STORAGE_SQLSTATES or any(failure in str(original).lower() for failure in STORAGE_FAILURES):
        # The transaction is rolled back by the handler: nothing of the request is stored.
        return ServiceError(
            503,
            _("the server cannot store anything at the moment (its storage is full or read-only): nothing was saved, try again later"),
            code="storage_unavailable",
        )
    if sqlstate.startswith("22") or isinstance(error, DataError):
        # Class 22 (data exception): a value that does not fit its column.
        return ServiceError(422, _("a value sent is too long or out of range"), code="value_invalid")
    return None


def clash() -> ServiceError:
    return ServiceError(
        409, _("this clashes with a change made at the same moment: reload and try again"), code="conflict"
    )


def handle_database_error(error: DBAPIError) -> Response:
    rollback_session()
    refusal = database_refusal(error)
    if refusal is None:
        raise error
    # A full or read-only database is the operator's to mend: logged as an error.
    log.log(logging.ERROR if refusal.status == 503 else logging.INFO, "database refusal %s: %s", refusal.code, error)
    return handle_service_error(refusal)


class ScorekeeperApi(Api):
    """flask-smorest's Api whose errors always carry a translated message and a code,
    and render the HTML error page outside /api; its OpenAPI document is served through
    `rewrite_document` (set by the API package: this module cannot import it, the API's
    modules import the extensions, which import this one)."""

    rewrite_document: Callable[[Any], Any] = staticmethod(lambda document: document)

    def _openapi_json(self) -> Response:
        # flask-smorest's own view, with the document rewritten as it is served: the words
        # that list the games follow the registry as it is now, not as it was at start-up.
        document = self.rewrite_document(self.spec.to_dict())
        return current_app.response_class(
            current_app.json.dumps(document, indent=2, sort_keys=False), mimetype="application/json"
        )

    def handle_http_exception(self, error: HTTPException):
        # Also reached for an unhandled exception (as InternalServerError): its flush may
        # have failed, and the session refuses every query until rolled back.
        rollback_session()
        data = getattr(error, "data", None) or {}
        # webargs puts validation errors under "messages", nested by location ("json").
        errors = data.get("errors", data.get("messages"))
        errors = translate_messages(errors) if errors else None
        message = data.get("message") or first_message(errors) or http_message(error)
        code = data.get("error", error.name.lower().replace(" ", "_"))
        # The error's own headers (Allow of a 405, say) and any passed to abort().
        headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
        headers.extend((data.get("headers") or {}).items())
        return error_response(
            error.code or 500, message, code, errors=errors, round_number=data.get("round"), headers=headers
        )


def handle_stale_data(error: StaleDataError) -> Response:
    # The ORM updated or deleted a row that a concurrent request removed first.
    rollback_session()
    log.info("database refusal conflict: %s", error)
    return handle_service_error(clash())


def init_errors(app: Flask) -> None:
    """Concurrency and database refusals become 409/422 (a full or read-only database 503) here, generically, instead of
    every service catching them: a burst of identical requests gets 409 or success."""
    app.register_error_handler(ServiceError, handle_service_error)
    app.register_error_handler(DBAPIError, handle_database_error)
    app.register_error_handler(StaleDataError, handle_stale_data)
