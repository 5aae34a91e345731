"""The audit trail of a match: who changed what, when, before and after, and why."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ...extensions import db
from ...models import (
    AuditEntry,
    Match,
)
from .. import Actor, access, clean_reason
from .views import get_match


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
    access.check_match_read(get_match(match_id), actor)
    return list(
        db.session.scalars(select(AuditEntry).where(AuditEntry.match_id == match_id).order_by(AuditEntry.id))
    )
