"""What a request may carry, checked before any of it reaches a service or the database.

- JSON: at most MAX_JSON_DEPTH levels of nesting (a 20,000-deep body would exhaust the
  parser's recursion), integers of at most MAX_INTEGER_DIGITS digits, finite numbers
  only (NaN and Infinity are not JSON, and PostgreSQL refuses them), and no string or
  key with a NUL or an unpaired surrogate (PostgreSQL cannot store either in text).
- The path, the query string, form fields and headers: no NUL.
- The body: MAX_CONTENT_LENGTH (small: a round is a few hundred bytes) everywhere but
  the league import routes, which take IMPORT_MAX_CONTENT_LENGTH (a league export).

Every refusal is a 400 (413 for size) with the app's JSON error body under /api.
"""
from __future__ import annotations

import json
import math
from typing import Any

from flask import Flask, current_app, request
from flask.json.provider import DefaultJSONProvider
from flask_smorest import abort
from marshmallow import INCLUDE, Schema
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from .engine.core.i18n import _

MAX_JSON_DEPTH = 32
# 18 digits always fit a signed 64-bit column; no score, count or option comes near.
MAX_INTEGER_DIGITS = 18
# The WSGI environ's keys of request headers (PEP 3333: HTTP_*, and the body's type and length).
HEADER_KEYS = ("HTTP_", "CONTENT_TYPE", "CONTENT_LENGTH")
# The endpoints that take a whole league export (the API route and the page's form).
IMPORT_ENDPOINTS = frozenset({"leagues.LeagueImport", "league_pages.import_league"})


class InputRefused(ValueError):
    """Input beyond the limits: its status (400, or 422 for unstorable text), code and
    translated message. Request readers turn it into the API's error (see `refused`)."""

    def __init__(self, message: str, code: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.code, self.status = message, code, status


def refuse(message: str, code: str, status: int = 400) -> None:
    raise InputRefused(message, code, status)


def refused(error: InputRefused) -> None:
    """Answer with the refusal (JSON under /api, the error page elsewhere)."""
    abort(error.status, message=error.message, error=error.code)


def refuse_text() -> None:
    # Well-formed JSON, but text that no name or note can hold: a 422 like other bad values.
    refuse(_("text cannot hold control characters such as NUL, or unpaired surrogates"), "text_invalid", 422)


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS:
        refuse(
            _("a number in the JSON has more than {digits} digits", digits=MAX_INTEGER_DIGITS), "json_number_too_long"
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        refuse(_("a number in the JSON is too large"), "json_number_too_large")
    return value


def _constant(name: str) -> float:
    refuse(_("{name} is not a number JSON can carry", name=name), "json_number_invalid")
    raise AssertionError("unreachable")


def bad_text(text: str) -> bool:
    """NUL, or an unpaired surrogate (a JSON "\\ud800" escape): text no database stores."""
    if "\x00" in text:
        return True
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_parsed(value: Any) -> Any:
    """`value` (parsed JSON) when it is shallow enough and all its text storable."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
            for key in item:
                if bad_text(key):
                    refuse_text()
        elif isinstance(item, list):
            children = item
        else:
            if isinstance(item, str) and bad_text(item):
                refuse_text()
            continue
        if depth > MAX_JSON_DEPTH:
            refuse(_("the JSON is nested more than {depth} levels deep", depth=MAX_JSON_DEPTH), "json_too_deep")
        stack.extend((child, depth + 1) for child in children)
    return value


def load_json(data: str | bytes) -> Any:
    """Parse a request's JSON body within the limits above (InputRefused otherwise)."""
    try:
        value = json.loads(data, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except InputRefused:
        raise
    except RecursionError:
        refuse(_("the JSON is nested more than {depth} levels deep", depth=MAX_JSON_DEPTH), "json_too_deep")
    except json.JSONDecodeError as error:
        refuse(
            _("the body is not valid JSON (line {line}, column {column})", line=error.lineno, column=error.colno),
            "json_invalid",
        )
    except (ValueError, TypeError):
        # Not UTF-8 (or UTF-16/32) text, or an integer Python refuses to convert.
        refuse(_("the body is not valid JSON"), "json_invalid")
    return check_parsed(value)


class PassThroughSchema(Schema):
    """A body schema that takes any JSON object as it is (unknown fields included): the
    rules engine validates it."""

    class Meta:
        unknown = INCLUDE


class GuardedParser(FlaskParser):
    """webargs' parser with load_json for JSON bodies (the API's only JSON reader)."""

    def _raw_load_json(self, req):
        data = req.get_data(cache=True) if is_json_request(req) else b""
        if not data.strip():
            # No body: webargs then reports each required field as missing.
            return core.missing
        try:
            return load_json(data)
        except InputRefused as error:
            refused(error)


class GuardedJSONProvider(DefaultJSONProvider):
    """request.get_json() and flask.json.loads() parse within the same limits."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return load_json(s)
        except InputRefused as error:
            refused(error)


def guard_request() -> None:
    """Refuse NUL in the path, query, headers and form fields; set the body limit."""
    try:
        check_request()
    except InputRefused as error:
        refused(error)


def check_request() -> None:
    if request.endpoint in IMPORT_ENDPOINTS:
        request.max_content_length = current_app.config["IMPORT_MAX_CONTENT_LENGTH"]
    # The headers as the WSGI environ holds them (request.headers builds each name anew),
    # and the query only when there is one.
    if "\x00" in request.path or (request.query_string and any(
        "\x00" in key or "\x00" in value for key, value in request.args.items(multi=True)
    )) or any(
        "\x00" in value for key, value in request.environ.items() if key.startswith(HEADER_KEYS) and isinstance(value, str)
    ):
        refuse(_("the address or a header holds a NUL character"), "nul_character")
    if request.method in ("POST", "PUT", "PATCH", "DELETE") and request.mimetype in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        if any("\x00" in key or "\x00" in value for key, value in request.form.items(multi=True)):
            refuse(_("a form field holds a NUL character"), "nul_character")


def init_input_guards(app: Flask) -> None:
    """Install the limits. Called before CSRF protection is installed, so that the import
    routes' body limit is set before anything reads the body."""
    app.json = GuardedJSONProvider(app)
    # guard_request runs first in request_hooks.before_every_request.
