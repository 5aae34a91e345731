"""Read-only share links: capabilities, not ids.

A link is a random token (256 bits) of which only the SHA-256 is stored; it shows one
match or one league's standings and nothing else, carries no id that grants writing,
may expire, and is revoked by the league's owners or the match's writer (or whoever
made it). Losing one's role in a league ends the links one made for it.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from ..engine.core.fields import is_int_within
from ..engine.core.i18n import N_, _
from ..extensions import db
from ..models import League, Match, ShareLink, is_id, utcnow
from . import Actor, ServiceError, access, league_audit
from .leagues import get_league, league_standings, read_league
from .matches import MatchView, readable_match, served_document, snapshot_view, stored_match
from .matches.views import match_without_rounds

MATCH, STANDINGS = "match", "standings"
TOKEN_PREFIX = "sl_"
MAX_DAYS = 3650


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def expiry(days: Any) -> datetime | None:
    if days is None:
        return None
    if not is_int_within(days, 1, MAX_DAYS):
        raise ServiceError(
            422,
            _("a link expires after 1 to {maximum} days", maximum=MAX_DAYS),
            code="share_expiry",
            field="expires_in_days",
        )
    return utcnow() + timedelta(days=days)


def _create(actor: Actor, kind: str, *, match_id: str | None, league_id: str | None, days: Any) -> tuple[ShareLink, str]:
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    link = ShareLink(
        token_hash=token_digest(secret),
        kind=kind,
        match_id=match_id,
        league_id=league_id,
        created_by=actor.user_id,
        creator_label=actor.label,
        expires_at=expiry(days),
    )
    db.session.add(link)
    # The id is given at the flush: the audit entry names the link by it (never by its token).
    db.session.flush()
    return link, secret


def share_match(match_id: str, actor: Actor, expires_in_days: Any = None) -> tuple[ShareLink, str]:
    """A read-only link to a match, for anyone who may see it; the secret is returned once."""
    match = readable_match(match_id, actor)
    link, secret = _create(actor, MATCH, match_id=match.id, league_id=None, days=expires_in_days)
    if match.league_id is not None:
        league_audit.record(
            match.league_id, actor, "share.create", after={"link": link.id, "match": match.id,
                                                            "expires_at": _iso(link.expires_at)},
        )
    db.session.commit()
    return link, secret


def share_standings(league_id: str, actor: Actor, expires_in_days: Any = None) -> tuple[ShareLink, str]:
    league = read_league(league_id, actor)
    link, secret = _create(actor, STANDINGS, match_id=None, league_id=league.id, days=expires_in_days)
    league_audit.record(
        league.id, actor, "share.create", after={"link": link.id, "standings": True,
                                                  "expires_at": _iso(link.expires_at)},
    )
    db.session.commit()
    return link, secret


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def links_of_match(match_id: str, actor: Actor) -> list[ShareLink]:
    """The match's links, for those who may revoke them."""
    match = stored_match(match_id)
    _require_revoker(match, None, actor, None)
    return list(
        db.session.scalars(select(ShareLink).where(ShareLink.match_id == match.id).order_by(ShareLink.created_at))
    )


def links_of_league(league_id: str, actor: Actor) -> list[ShareLink]:
    """The standings links of the league and the links to its matches (owners only)."""
    league = get_league(league_id)
    access.require_league_role(league, actor, frozenset({access.OWNER}), N_("see its share links"))
    league_matches = select(Match.id).where(Match.league_id == league.id)
    return list(
        db.session.scalars(
            select(ShareLink)
            .where((ShareLink.league_id == league.id) | ShareLink.match_id.in_(league_matches))
            .order_by(ShareLink.created_at)
        )
    )


def _require_revoker(match: Match | None, league: League | None, actor: Actor, link: ShareLink | None) -> None:
    if link is not None and actor.user_id is not None and link.created_by == actor.user_id:
        return
    if league is not None:
        access.require_league_role(league, actor, frozenset({access.OWNER}), N_("revoke its share links"))
        return
    if match is not None and match.league_id is not None:
        access.require_league_role(
            get_league(match.league_id), actor, frozenset({access.OWNER}), N_("revoke its share links")
        )
        return
    if match is not None:
        # A casual match: whoever may write it (its creator; for one started without an
        # account, whoever holds its link).
        access.check_match_write(match, actor)


def revoke(link_id: str, actor: Actor) -> ShareLink:
    link = db.session.get(ShareLink, link_id) if is_id(link_id) else None
    if link is None:
        raise ServiceError(404, _("no share link with id {id}", id=repr(link_id)), code="share_not_found")
    match = db.session.get(Match, link.match_id) if link.match_id else None
    league = db.session.get(League, link.league_id) if link.league_id else None
    _require_revoker(match, league, actor, link)
    if link.revoked_at is None:
        link.revoked_at = utcnow()
        league_id = league.id if league else (match.league_id if match else None)
        if league_id is not None:
            league_audit.record(league_id, actor, "share.revoke", before={"link": link.id})
        db.session.commit()
    return link


def open_shared(token: str) -> tuple[str, Any]:
    """What a share link shows: ("match", the match's id) or ("standings", standings dict)."""
    link = db.session.scalar(select(ShareLink).where(ShareLink.token_hash == token_digest(token)))
    if link is None:
        raise ServiceError(404, _("this share link is not valid"), code="share_invalid")
    if link.revoked_at is not None:
        raise ServiceError(410, _("this share link was revoked"), code="share_revoked")
    if link.expires_at is not None and link.expires_at <= utcnow():
        raise ServiceError(410, _("this share link has expired"), code="share_expired")
    # A link is made for a match or for a league's standings (its kind), never neither.
    if link.kind == MATCH and link.match_id is not None:
        return MATCH, link.match_id
    assert link.league_id is not None
    return STANDINGS, league_standings(get_league(link.league_id))


def shared_match_view(match_id: str) -> MatchView:
    """A shared match as it stands, from its snapshot (the page shows its stored sheet)."""
    return snapshot_view(match_without_rounds(match_id))


def shared_match_dict(match_id: str, render: Callable[[MatchView, list[Any], list[dict[str, Any]]], str]) -> dict[str, Any]:
    """A match as a share link shows it: its stored document (served_document) without the
    match id (for a match started without an account, the id is its write key) or league id."""
    _version, _etag, document = served_document(match_id, None, render)
    served = json.loads(document or "{}")
    served.pop("id", None)
    served.pop("league", None)
    return served