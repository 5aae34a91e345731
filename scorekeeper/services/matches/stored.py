"""What a match shows every reader of one language alike, served from the render cache: its JSON document and its page's parts, each built from the snapshot and what an older version's render holds."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import Text, bindparam, select
from sqlalchemy import cast as sql_cast

from ...builds import render_build
from ...engine.core.i18n import _
from ...etags import match_etag
from ...extensions import db
from ...i18n import current_language
from ...models import Round
from .. import Actor, ServiceError, access
from . import renders
from .views import HEAD_QUERY, MatchView, match_without_rounds, one_row, round_dict, scored_from, snapshot_view

_rounds = cast(SqlTable, Round.__table__)
DOCUMENT_QUERY = renders.with_stored(HEAD_QUERY, renders.DOCUMENT)


def served_document(
    match_id: str,
    actor: Callable[[], Actor] | None,
    render: Callable[[MatchView, list[Any], list[dict[str, Any]]], str],
    unchanged: Callable[[int], bool] | None = None,
) -> tuple[int, str, str | None]:
    """The match's version, ETag and document in this request's language: the stored
    render of this version (renders.py), else rendered and stored (document_text).
    `actor` is asked only for a league match (a casual match's id is its key; None: a
    share link, which is the reader's right). When `unchanged(version)` holds (the
    client's If-None-Match names it) the document is not read: None in its place."""
    language, build = current_language(), render_build()
    values = {"match_id": match_id, "language": language, "build": build}
    if unchanged is not None:
        head = one_row(HEAD_QUERY, {"match_id": match_id})
        if head is not None and unchanged(head.version):
            check_league_read(head.league_id, match_id, actor)
            return head.version, match_etag(head.version, language), None
    row = one_row(DOCUMENT_QUERY, values)
    if row is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    check_league_read(row.league_id, match_id, actor)
    stored = row.render
    if stored is None:
        stored = renders.rendered(
            match_id, renders.DOCUMENT, language, row.version, build,
            lambda: document_text(match_id, language, build, render), missing=True,
        )
    return row.version, match_etag(row.version, language), stored.split("\n", 1)[1]


def check_league_read(league_id: str | None, match_id: str, actor: Callable[[], Actor] | None) -> None:
    if league_id is not None and actor is not None:
        access.check_match_read(match_without_rounds(match_id), actor())


def document_text(
    match_id: str, language: str, build: str, render: Callable[[MatchView, list[Any], list[dict[str, Any]]], str]
) -> str:
    """What the document's render stores: the rounds' keys (round_keys) on a line, then the
    document as `render` writes it from the match as it stands (its snapshot), the rounds
    an older version's document holds under the same keys, and the rest of the rounds
    (played on from the snapshot before the first of them)."""
    view = snapshot_view(match_without_rounds(match_id))
    # The rounds the view counts: one recorded since it was read is the next version's.
    keys = round_keys(view)[1 : view.state.round_count + 1]
    kept: list[Any] = []
    earlier = renders.latest(match_id, renders.DOCUMENT, language, build)
    if earlier is not None:
        old_keys, old_document = earlier.split("\n", 1)
        same = unchanged_count(old_keys.split(","), keys)
        kept = json.loads(old_document)["rounds"][:same] if same else []
    fresh = [round_dict(scored) for scored in scored_from(view, len(kept) + 1)[: len(keys) - len(kept)]]
    return ",".join(keys) + "\n" + render(view, kept, fresh)


def page_parts(
    view: MatchView, render: Callable[[MatchView, dict[str, Any] | None], dict[str, Any]], kind: str = renders.PAGE
) -> dict[str, Any]:
    """The parts of the match page that every reader of this request's language sees alike
    (a JSON object, as `render` writes it), as stored for the match's current version
    (renders.py; `kind`: the page, or the page with every round, renders.WHOLE_PAGE), else
    rendered by `render` from the view and the parts stored for an older version of this
    build (what they hold of rounds that did not change is used again)."""
    match, language, build = view.match, current_language(), render_build()
    built: list[dict[str, Any]] = []

    def build_parts() -> str:
        earlier = renders.latest(match.id, kind, language, build)
        built.append(render(view, json.loads(earlier) if earlier is not None else None))
        return json.dumps(built[0], ensure_ascii=False, separators=(",", ":"))

    body = renders.rendered(match.id, kind, language, match.version, build, build_parts)
    # What this request built is what it stored: not read back.
    parts: dict[str, Any] = built[0] if built else json.loads(body)
    return parts


ROUND_INPUTS = (
    # As stored (text): hashed, never decoded.
    select(_rounds.c.number, sql_cast(_rounds.c.input, Text).label("input"))
    .where(_rounds.c.match_id == bindparam("match_id"), _rounds.c.confirmed.is_(True))
    .order_by(_rounds.c.number)
)


def round_keys(view: MatchView) -> list[str]:
    """The table's key, then a key per counted round, that changes whenever what the
    round's row shows could: the table (names, options, sides) and the inputs of this round
    and of every round before it (the engine is a pure function of them). Read from the
    stored inputs: nothing is played."""
    table = view.table
    digest = hashlib.sha256(json.dumps([table.players, table.options, table.sides], sort_keys=True, default=str).encode())
    keys = [digest.hexdigest()[:20]]
    for row in db.session.connection().execute(ROUND_INPUTS, {"match_id": view.match.id}):
        digest.update(f"{row.number}:{row.input}".encode())
        keys.append(digest.copy().hexdigest()[:20])
    return keys


def unchanged_count(earlier: Sequence[str], now: Sequence[str]) -> int:
    """How many rounds, from the first, an older render's keys and the match's now agree on
    (round_keys: a key covers its round and every round before it)."""
    same = 0
    for old, new in zip(earlier, now, strict=False):
        if old != new:
            break
        same += 1
    return same
