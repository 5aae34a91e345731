"""The matches a phone or an account lists: a device remembers the casual matches it opened."""
from __future__ import annotations

from datetime import timedelta
from typing import cast

from sqlalchemy import ColumnElement, bindparam, or_, select
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import IntegrityError

from ...extensions import db
from ...models import DeviceMatch, Match, utcnow
from .. import Actor, access

SEEN_REFRESH = timedelta(days=1)
_devices = cast(SqlTable, DeviceMatch.__table__)
SEEN_QUERY = select(_devices.c.seen_at).where(
    _devices.c.device_id == bindparam("device_id"), _devices.c.match_id == bindparam("match_id")
)


def remember_on_device(device_id: str, match_id: str) -> None:
    """Record that a device opened a match, so its home page lists it."""
    seen = db.session.connection().execute(SEEN_QUERY, {"device_id": device_id, "match_id": match_id}).scalar()
    if seen is not None and seen >= utcnow() - SEEN_REFRESH:
        # Seen recently (a Core read: every page view asks): a page view need not write.
        return
    existing = db.session.get(DeviceMatch, (device_id, match_id))
    if existing is None:
        db.session.add(DeviceMatch(device_id=device_id, match_id=match_id))
    elif existing.seen_at < utcnow() - SEEN_REFRESH:
        existing.seen_at = utcnow()
    else:
        # Seen recently: a page view need not write (it would on every poll and reload).
        return
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()


def matches_for(actor: Actor, device_id: str | None, limit: int = 50) -> list[Match]:
    """The matches a caller may see listed, in progress first, most recent first: casual
    matches this device opened, matches their account started, and their leagues' matches.
    A casual match's id is its key: it is never listed to anyone else."""
    seen: list[ColumnElement[bool]] = (
        [Match.id.in_(select(DeviceMatch.match_id).where(DeviceMatch.device_id == device_id))] if device_id else []
    )
    if actor.user_id is not None:
        seen.append(Match.created_by == actor.user_id)
        seen.append(Match.league_id.in_(access.league_ids_of(actor)))
    if not seen:
        return []
    query = select(Match).where(or_(*seen)).order_by(Match.finished, Match.updated_at.desc()).limit(limit)
    return list(db.session.scalars(query))
