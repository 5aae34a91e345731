"""Page forms read through the same marshmallow schemas as the API (webargs' form location):
one validation source for shape and type; a refusal names the field in words, translated."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import request
from marshmallow import EXCLUDE, Schema, ValidationError
from marshmallow import fields as marshmallow_fields
from webargs.flaskparser import parser

from ..engine.core.i18n import _
from ..engine.entry.form_fields import FormError
from ..errors import translate_messages

# At most 18 digits, as in JSON (scorekeeper.input_guards).
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")


def first_refusal(messages: Any) -> tuple[list[str], str]:
    """The path (field, then list index) and text of the first message in marshmallow's nested errors."""
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            path, text = first_refusal(value)
            if text:
                return [str(key), *path], text
    elif isinstance(messages, list):
        for item in messages:
            path, text = first_refusal(item)
            if text:
                return path, text
    elif isinstance(messages, str):
        return [], messages
    return [], ""


def load(schema: Schema, data: Mapping[str, Any], words: Mapping[str, str]) -> dict[str, Any]:
    """`data` as `schema` loads it; a FormError naming the field in `words` (N_-marked) otherwise."""
    try:
        return schema.load(data, unknown=EXCLUDE)
    except ValidationError as refused:
        path, text = first_refusal(translate_messages(refused.messages))
        field = path[0] if path else ""
        label = _(words[field]) if field in words else field
        raise FormError(_("{field}: {message}", field=label, message=text), ".".join(path)) from None


def load_form(schema: Schema, words: Mapping[str, str], *, keep_blank: tuple[str, ...] = ("name",)) -> dict[str, Any]:
    """The posted form through `schema`: list fields read every value; a blank field counts as not
    sent (the schema's default applies, or it is named as missing), except those of `keep_blank`,
    whose blank value the services judge ("a league needs a name")."""
    fields = parser.load_form(request, schema)
    data = {key: fields[key] for key in fields if key in keep_blank or fields[key] not in ("", [], None)}
    return load(schema, whole_numbers(schema, data), words)


def whole_numbers(schema: Schema, data: dict[str, Any]) -> dict[str, Any]:
    """A form's text "7" as the number 7 for the schema's (strict) integer fields; any other
    text stays text, and the schema refuses it by name."""
    numbers = {name for name, field in schema.fields.items() if isinstance(field, marshmallow_fields.Integer)}
    return {
        key: int(value) if key in numbers and isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()) else value
        for key, value in data.items()
    }
