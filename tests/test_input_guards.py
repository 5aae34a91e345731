"""The limits on JSON bodies: depth, digits, finite numbers, storable text."""
from __future__ import annotations

import json

import pytest

from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.input_guards import MAX_INTEGER_DIGITS, MAX_JSON_DEPTH, InputRefused, load_json


def refusal(text: str | bytes) -> tuple[int, str]:
    # English messages, whatever translator an earlier request left installed.
    with pytest.raises(InputRefused) as raised, use_translator(str):
        load_json(text)
    assert raised.value.message
    return raised.value.status, raised.value.code


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_ordinary_bodies_parse_as_json_does():
    body = {"tricks": [2, 1, 1, 1], "trump": "hearts", "x": None, "f": 1.5, "deep": [[[[1]]]], "name": "Жора"}
    assert load_json(json.dumps(body)) == body
    assert load_json(json.dumps(body).encode("utf-16")) == body
    assert load_json(nested(MAX_JSON_DEPTH)) == json.loads(nested(MAX_JSON_DEPTH))
    assert load_json(str(10**MAX_INTEGER_DIGITS - 1)) == 10**MAX_INTEGER_DIGITS - 1
    assert load_json(str(-(10**MAX_INTEGER_DIGITS - 1))) == -(10**MAX_INTEGER_DIGITS - 1)


@pytest.mark.parametrize(
    ("text", "status", "code"),
    [
        (nested(MAX_JSON_DEPTH + 1), 400, "json_too_deep"),
        (nested(20_000), 400, "json_too_deep"),
        ('{"a":' * 20_000 + "1" + "}" * 20_000, 400, "json_too_deep"),
        (str(10**MAX_INTEGER_DIGITS), 400, "json_number_too_long"),
        ("9" * 5001, 400, "json_number_too_long"),
        ("[1e999]", 400, "json_number_too_large"),
        ("[-1e999]", 400, "json_number_too_large"),
        ("[NaN]", 400, "json_number_invalid"),
        ("[Infinity]", 400, "json_number_invalid"),
        ('["a\\u0000b"]', 422, "text_invalid"),
        ('{"a\\u0000": 1}', 422, "text_invalid"),
        ('["\\ud800"]', 422, "text_invalid"),
        ('{"a": ', 400, "json_invalid"),
        (b'{"a": "\xff"}', 400, "json_invalid"),
    ],
)
def test_hostile_bodies_are_refused_with_a_code(text, status, code):
    assert refusal(text) == (status, code)
