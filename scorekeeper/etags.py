"""The match ETag: written by `match_etag`, read back only by `parse_tag`.

A match's ETag names its version and the language of the document: `"v7-de"`. A
compressing layer (flask-compress) sends the gzip or brotli encoding of that document
as `"v7-de:gzip"` / `"v7-de:br"`; whatever encoding a client saw, the tag it sends back
names the same version, so If-Match and If-None-Match accept every encoded form.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from werkzeug.http import parse_etags

# The version is a 64-bit integer column: a larger number was never issued.
MAX_VERSION = 2**63 - 1
TAG = re.compile(r"v(\d{1,19})(?:-([a-z]{2,3}))?")
# The content codings a compressing layer may append (flask-compress: br, gzip, deflate, zstd).
CODINGS = frozenset({"gzip", "br", "deflate", "zstd"})


@dataclass(frozen=True)
class MatchTag:
    version: int
    language: str | None


def match_etag(version: int, language: str) -> str:
    return f'"v{version}-{language}"'


def parse_tag(value: str) -> MatchTag | None:
    """The version and language an (unquoted) entity tag names; None for a tag this app
    never issued. A content-coding suffix (":gzip", ":br") is ignored."""
    value, _colon, coding = value.partition(":")
    if coding and coding not in CODINGS:
        return None
    found = TAG.fullmatch(value)
    if found is None or int(found[1]) > MAX_VERSION:
        return None
    return MatchTag(version=int(found[1]), language=found[2])


def parse_tags(header: str | None) -> tuple[bool, list[MatchTag]]:
    """An If-Match / If-None-Match header: whether it is `*`, and the tags it lists."""
    if header is None:
        return False, []
    tags = parse_etags(header)
    if tags.star_tag:
        return True, []
    parsed = (parse_tag(value) for value in tags.as_set(include_weak=True) if value)
    return False, [tag for tag in parsed if tag is not None]


def if_match_versions(header: str | None) -> frozenset[int] | None:
    """The versions an If-Match header allows; None when it sets no condition (absent or
    `*`). An empty set (only tags never issued) allows none: the write is stale."""
    if header is None:
        return None
    star, tags = parse_tags(header)
    if star:
        return None
    return frozenset(tag.version for tag in tags)


def names_document(header: str | None, version: int, language: str) -> bool:
    """Whether If-None-Match names the document the client would get (weak comparison,
    as RFC 9110 asks): version and language both."""
    star, tags = parse_tags(header)
    return star or any(tag.version == version and tag.language == language for tag in tags)
