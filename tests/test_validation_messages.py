"""Every message marshmallow can produce from the API's schemas is translated: each
field and validator is fed bad values and its real messages are checked in German and
Russian (a message not among validation_messages.TEMPLATES would stay English)."""
from __future__ import annotations

import importlib
import pkgutil

import pytest
from flask_babel import gettext
from marshmallow import Schema, ValidationError, fields

import scorekeeper.api
from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.validation_messages import translate

BAD_VALUES = (None, "x", "", "x" * 500, 1, -1, 10**6, 1.5, True, [], ["x"], {}, {"a": 1}, "2026-13-45", "nan")


def api_schemas() -> list[type[Schema]]:
    found = []
    for module in pkgutil.walk_packages(scorekeeper.api.__path__, "scorekeeper.api."):
        if module.name.endswith(".schemas"):
            loaded = importlib.import_module(module.name)
            found += [value for value in vars(loaded).values() if isinstance(value, type) and issubclass(value, Schema)
                      and value.__module__ == loaded.__name__]
    return found


def all_fields(field: fields.Field):
    yield field
    for inner in (getattr(field, "inner", None), getattr(field, "value_field", None)):
        if inner is not None:
            yield from all_fields(inner)


def produced_messages() -> set[str]:
    messages: set[str] = set()

    def collect(errors):
        if isinstance(errors, dict):
            for value in errors.values():
                collect(value)
        elif isinstance(errors, list):
            for value in errors:
                collect(value)
        elif isinstance(errors, str):
            messages.add(errors)

    for schema_class in api_schemas():
        schema = schema_class()
        for bad in ("x", 1, []):
            try:
                schema.load(bad)
            except ValidationError as error:
                collect(error.messages)
        try:
            schema.load({"surely_unknown_field": 1})
        except ValidationError as error:
            collect(error.messages)
        for declared in schema.fields.values():
            for field in all_fields(declared):
                for bad in BAD_VALUES:
                    try:
                        field.deserialize(bad)
                    except ValidationError as error:
                        collect(error.messages)
    return messages


@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_schema_message_is_translated(app, language):
    messages = produced_messages()
    assert "Not a valid list." in messages and "Missing data for required field." in messages
    with app.test_request_context(headers={"Accept-Language": language}), use_translator(gettext):
        untranslated = sorted(message for message in messages if translate(message) == message)
    assert untranslated == []


def test_values_are_kept_in_the_translation(app):
    with app.test_request_context(headers={"Accept-Language": "de"}), use_translator(gettext):
        assert translate("Longer than maximum length 80.") == "Länger als die Höchstlänge 80."
        assert translate("Must be one of: owner, scorer, viewer.") == "Muss eines von diesen sein: owner, scorer, viewer."
        assert translate('"{x}" cannot be formatted as a date.') == '"{x}" lässt sich nicht als Datum darstellen.'
        assert translate("tricks must add up to 13, got 12") == "tricks must add up to 13, got 12"
