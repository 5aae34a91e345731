"""The match ETag: one writer, one parser; every encoded spelling names the same version."""
from __future__ import annotations

import pytest

from scorekeeper.etags import MAX_VERSION, MatchTag, if_match_versions, match_etag, names_document, parse_tag


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("v7-de", MatchTag(7, "de")),
        ("v7-de:gzip", MatchTag(7, "de")),
        ("v7-de:br", MatchTag(7, "de")),
        ("v7", MatchTag(7, None)),
        ("v7:br", MatchTag(7, None)),
        (f"v{MAX_VERSION}-en", MatchTag(MAX_VERSION, "en")),
        (f"v{MAX_VERSION + 1}-en", None),
        ("v99999999999999999999999999", None),
        ("v-1", None),
        ("7", None),
        ("v7-de:zz", None),
        ("v7-de:zz:br", None),
        ("", None),
    ],
)
def test_parse_tag(value, expected):
    assert parse_tag(value) == expected


def test_the_written_tag_parses_back():
    assert match_etag(12, "ru") == '"v12-ru"'
    assert parse_tag(match_etag(12, "ru").strip('"')) == MatchTag(12, "ru")


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, None),
        ("*", None),
        ('"v3-en"', {3}),
        ('"v3-en:br"', {3}),
        ('W/"v3-de:gzip"', {3}),
        ('"v3-en", "v4-ru:gzip"', {3, 4}),
        ('"v9223372036854775808"', set()),
        ('"garbage"', set()),
        ('""', set()),
    ],
)
def test_if_match_versions(header, expected):
    found = if_match_versions(header)
    assert found == (None if expected is None else frozenset(expected))


@pytest.mark.parametrize(
    ("header", "matches"),
    [
        ('"v5-de"', True),
        ('"v5-de:br"', True),
        ('W/"v5-de:gzip"', True),
        ('"v4-de", "v5-de:br"', True),
        ("*", True),
        ('"v5-ru"', False),  # the same version in another language is another document
        ('"v5"', False),
        ('"v4-de"', False),
        (None, False),
    ],
)
def test_none_match_compares_version_and_language(header, matches):
    assert names_document(header, 5, "de") is matches
