"""The roster: list, rename and merge players without ever losing a match."""
from __future__ import annotations

import functools
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.exc import IntegrityError

from .. import league as compute
from ..engine.core.i18n import N_, _
from ..extensions import db
from ..models import LeagueMember, Match, Player, Seat, is_id, name_key
from . import Actor, ServiceError, access, league_audit, match_records, scopes
from .league_bookkeeping import bump_for_roster_change
from .roster import clean_name


def roster(actor: Actor) -> list[Player]:
    """The players the caller may see: of their leagues, their account and this browser."""
    return list(
        db.session.scalars(
            select(Player).where(Player.scope.in_(scopes.readable_scopes(actor))).order_by(Player.name_key, Player.id)
        )
    )


def known_names(actor: Actor, limit: int = 500) -> list[str]:
    """Names to suggest when starting a match (each name once): only of rosters the
    caller may read."""
    return sorted({player.name for player in roster(actor)}, key=str.casefold)[:limit]


def get_player(player_id: str) -> Player:
    player = db.session.get(Player, player_id) if is_id(player_id) else None
    if player is None:
        raise ServiceError(404, _("no player with id {id}", id=repr(player_id)), code="player_not_found")
    return player


def readable_player(player_id: str, actor: Actor) -> Player:
    """The player for someone who may see their roster (anyone else: as if there were none)."""
    player = get_player(player_id)
    if not scopes.may_read(player.scope, actor):
        raise ServiceError(404, _("no player with id {id}", id=repr(player_id)), code="player_not_found")
    return player


def name_taken(name: str, scope: str, except_id: str | None = None) -> Player | None:
    query = select(Player).where(Player.scope == scope, Player.name_key == name_key(name))
    if except_id is not None:
        query = query.where(Player.id != except_id)
    return db.session.scalar(query)


def check_roster_change(player: Player, actor: Actor, doing: str) -> None:
    """A name belongs to its roster: a league's owners change its players; a casual
    match's players are changed by the account or browser that started it.

    `doing` is an N_-marked phrase ("rename them"), translated here."""
    if scopes.may_change(player.scope, actor):
        return
    if not scopes.may_read(player.scope, actor):
        # Not even visible to the caller: the same answer as for no player at all.
        raise ServiceError(404, _("no player with id {id}", id=repr(player.id)), code="player_not_found")
    access.require_signed_in(actor, doing)
    raise ServiceError(
        403,
        _("only an owner of {player}'s league may {doing}", player=player.name, doing=_(doing))
        if scopes.league_of(player.scope)
        else _("only whoever started {player}'s matches may {doing}", player=player.name, doing=_(doing)),
        code="forbidden",
    )


def rename_player(player_id: str, new_name: Any, *, actor: Actor, reason: Any = None) -> Player:
    player = get_player(player_id)
    check_roster_change(player, actor, N_("rename them"))
    name = clean_name(new_name, "name")
    other = name_taken(name, player.scope, except_id=player.id)
    if other is not None:
        raise ServiceError(
            409,
            _("{player} is already on the roster: merge the two players instead of renaming", player=other.name),
            code="name_taken",
            field="name",
        )
    league_id = scopes.league_of(player.scope)
    if league_id is not None:
        league_audit.record(
            league_id, actor, "player.rename", before={"player": player.id, "name": player.name},
            after={"player": player.id, "name": name}, reason=reason,
        )
    player.rename(name)
    # Names are part of every match document and cached league result showing them.
    bump_for_roster_change([player.id])
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ServiceError(
            409, _("{player} is already on the roster", player=name), code="name_taken", field="name"
        ) from None
    return player


def merge_players(source_id: str, target_id: Any, *, actor: Actor, reason: Any = None) -> Player:
    """Fold `source` (a second name for one person) into `target`: every seat and league
    membership moves to the target and the source name disappears. Both must be on the
    same roster (one league, or one starter's casual matches)."""
    if not isinstance(target_id, str):
        raise ServiceError(422, _("into must be a player id"), code="type", field="into")
    if source_id == target_id:
        raise ServiceError(422, _("a player cannot be merged into themselves"), code="merge_self", field="into")
    source = get_player(source_id)
    check_roster_change(source, actor, N_("merge them"))
    target = get_player(target_id)
    check_roster_change(target, actor, N_("merge them"))
    if source.scope != target.scope:
        raise ServiceError(
            409,
            _("{first} and {second} are on different rosters: only players of one league (or of one person's casual matches) can be merged",
              first=source.name, second=target.name),
            code="merge_across_rosters",
            field="into",
        )
    _lock_both(source.id, target.id)
    shared = db.session.scalar(
        select(Seat.match_id)
        .where(Seat.player_id == source.id)
        .where(Seat.match_id.in_(select(Seat.match_id).where(Seat.player_id == target.id)))
        .limit(1)
    )
    if shared is not None:
        raise ServiceError(
            409,
            _(
                "{first} and {second} sat at the same table in match {match}: they are two people",
                first=source.name,
                second=target.name,
                match=shared,
            ),
            code="merge_same_match",
        )
    league_id = scopes.league_of(source.scope)
    if league_id is not None:
        league_audit.record(
            league_id, actor, "player.merge", before={"player": source.id, "name": source.name},
            after={"player": target.id, "name": target.name}, reason=reason,
        )
    db.session.execute(update(Seat).where(Seat.player_id == source.id).values(player_id=target.id))
    match_records.player_merged(source.id, target.id)
    target_leagues = select(LeagueMember.league_id).where(LeagueMember.player_id == target.id)
    db.session.execute(
        delete(LeagueMember).where(
            LeagueMember.player_id == source.id, LeagueMember.league_id.in_(target_leagues)
        )
    )
    db.session.execute(update(LeagueMember).where(LeagueMember.player_id == source.id).values(player_id=target.id))
    # After the seats moved: the target's matches now include every one of the source's.
    bump_for_roster_change([target.id])
    db.session.delete(source)
    db.session.commit()
    return target


def _lock_both(source_id: str, target_id: str) -> None:
    """Take the write lock on both players before anything moves: a write on SQLite, row
    locks on PostgreSQL. Opposite merges (A into B, B into A) at the same moment would
    otherwise each delete its source, and both names would vanish."""
    # An UPDATE's result is a CursorResult, which carries the row count.
    locked = cast(CursorResult[Any], db.session.execute(
        update(Player)
        .where(Player.id.in_(sorted((source_id, target_id))))
        .values(name=Player.name)
        .execution_options(synchronize_session=False)
    )).rowcount
    if locked != 2:
        db.session.rollback()
        raise ServiceError(
            409, _("one of the two players was changed at the same moment: reload and try again"), code="conflict"
        )


def _profile_in(league_id: str, player_id: str) -> Any:
    from .leagues import stored_matches

    return compute.player_profile(stored_matches(league_id, with_rounds=True), player_id)


def profile(player_id: str, actor: Actor) -> dict[str, Any]:
    """A player's page: the leagues of theirs the caller may see, with standings, ratings
    over time and records, and their recent matches in those leagues."""
    from .leagues import cached, get_league, plain

    player = readable_player(player_id, actor)
    visible = set(access.league_ids_of(actor))
    league_ids = [
        league_id
        for league_id in db.session.scalars(select(LeagueMember.league_id).where(LeagueMember.player_id == player.id))
        if league_id in visible
    ]
    per_league: dict[str, Any] = {}
    leagues = []
    for league_id in league_ids:
        league = get_league(league_id)
        leagues.append({"id": league.id, "name": league.name})
        per_league[league.id] = cached(
            league,
            f"profile:{player.id}",
            functools.partial(_profile_in, league.id, player.id),
        )
    recent = db.session.execute(
        select(Match.id, Match.game, Match.finished, Match.updated_at, Match.league_id, Seat.seat)
        .join(Seat, Seat.match_id == Match.id)
        .where(Seat.player_id == player.id, Match.league_id.in_(league_ids))
        .order_by(Match.updated_at.desc())
        .limit(50)
    )
    matches = [
        {"id": row.id, "game": row.game, "finished": row.finished, "updated_at": plain(row.updated_at),
         "league": row.league_id, "seat": row.seat}
        for row in recent
    ]
    return {"id": player.id, "name": player.name, "leagues": leagues, "matches": matches, "profiles": per_league}
