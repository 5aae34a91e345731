"""The audit trail of a match: who changed what, when, before and after, and why."""
from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, select

from ...extensions import db
from ...models import (
    AuditEntry,
    Match,
)
from .. import Actor, access, clean_reason
from .views import stored_match


def audit(
    match: Match,
    actor: Actor,
    action: str,
    *,
    round_number: int | None = None,
    before: Any = None,
    after: Any = None,
    reason: str | None = None,
) -> None:
    """Record who changed what, in the same transaction as the change itself."""
    reason = clean_reason(reason)
    db.session.add(
        AuditEntry(
            match=match,
            actor=actor.label,
            user_id=actor.user_id,
            action=action,
            round_number=round_number,
            before=before,
            after=after,
            reason=reason,
        )
    )


def audit_trail(match_id: str, actor: Actor) -> list[AuditEntry]:
    access.check_match_read(stored_match(match_id), actor)
    return list(
        db.session.scalars(select(AuditEntry).where(AuditEntry.match_id == match_id).order_by(AuditEntry.id))
    )


_trail = cast(SqlTable, AuditEntry.__table__)
TRAIL_HEADS = (
    select(_trail.c.id, _trail.c.action, _trail.c.round_number, _trail.c.actor)
    .where(_trail.c.match_id == bindparam("match_id"))
    .order_by(_trail.c.id)
)


def trail_heads(match_id: str) -> list[Any]:
    """Each entry of a match's trail (which a page's reader was checked to see), oldest
    first, without what changed: id, action, round_number and actor."""
    return list(db.session.connection().execute(TRAIL_HEADS, {"match_id": match_id}))


def trail_entries(match_id: str, ids: list[int]) -> list[AuditEntry]:
    """The whole entries of these ids (of a page's match), oldest first."""
    if not ids:
        return []
    query = select(AuditEntry).where(AuditEntry.match_id == match_id, AuditEntry.id.in_(ids)).order_by(AuditEntry.id)
    return list(db.session.scalars(query))
