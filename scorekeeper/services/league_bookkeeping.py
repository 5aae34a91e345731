"""Keeping leagues in step with their matches: everyone who plays is a member, and versions mark what was computed from them as stale."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select, update

from ..extensions import db
from ..models import (
    League,
    LeagueMember,
    Match,
    Player,
    Seat,
)


def bump(league_id: str) -> None:
    """Mark everything computed for a league as stale (inside the caller's transaction)."""
    db.session.execute(
        update(League)
        .where(League.id == league_id)
        .values(version=League.version + 1)
        .execution_options(synchronize_session=False)
    )


def bump_for_roster_change(player_ids: Sequence[str]) -> None:
    """A rename or merge changes what every match these players sat in and every league
    they belong to shows: each gets a new version (inside the caller's transaction), so
    ETags change, stored match documents and cached league results are stale, and a
    client holding the old ETag gets the fresh document instead of 304."""
    ids = list(player_ids)
    db.session.execute(
        update(Match)
        .where(Match.id.in_(select(Seat.match_id).where(Seat.player_id.in_(ids))))
        .values(version=Match.version + 1)
        .execution_options(synchronize_session=False)
    )
    db.session.execute(
        update(League)
        .where(League.id.in_(select(LeagueMember.league_id).where(LeagueMember.player_id.in_(ids))))
        .values(version=League.version + 1)
        .execution_options(synchronize_session=False)
    )


def ensure_members(league: League, players: Sequence[Player]) -> None:
    """Everyone who plays a league match is a member of the league."""
    present = {member.player_id for member in league.members}
    for player in players:
        if player.id not in present:
            league.members.append(LeagueMember(player=player))
            present.add(player.id)
