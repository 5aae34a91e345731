"""The audit trail of a league's records: roles, members, seasons, renames, merges, share links."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import LeagueAuditEntry
from . import Actor, clean_reason


def record(
    league_id: str,
    actor: Actor,
    action: str,
    *,
    before: Any = None,
    after: Any = None,
    reason: Any = None,
) -> None:
    """Note who changed what in the league, in the same transaction as the change (a
    refused reason refuses the change: nothing is stored without its entry)."""
    db.session.add(
        LeagueAuditEntry(
            league_id=league_id,
            actor=actor.label,
            user_id=actor.user_id,
            action=action,
            before=before,
            after=after,
            reason=clean_reason(reason),
        )
    )


def trail(league_id: str, limit: int | None = None) -> list[LeagueAuditEntry]:
    """Newest first (the caller has checked that the reader may see the league)."""
    query = select(LeagueAuditEntry).where(LeagueAuditEntry.league_id == league_id).order_by(
        LeagueAuditEntry.id.desc()
    )
    if limit is not None:
        query = query.limit(limit)
    return list(db.session.scalars(query))
