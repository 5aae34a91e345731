"""Leagues, their members and seasons, and their computed records (cached in the database)."""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .. import league as compute
from ..engine.core.fields import is_int_within
from ..engine.core.i18n import N_, _
from ..engine.games import game_ids
from ..extensions import db
from ..models import CachedResult, League, LeagueMember, LeagueRole, Match, Player, Season, Seat, new_id
from . import Actor, ServiceError, access, clean_label, league_audit, league_ledgers, scopes
from .league_bookkeeping import bump, ensure_members
from .match_records import stored_matches
from .roster import clean_name, clean_names, players_named

MAX_LEAGUE_NAME = 80
MAX_MIN_MATCHES = 10_000


# --------------------------------------------------------------------------- leagues and members


def get_league(league_id: str) -> League:
    league = db.session.get(League, league_id)
    if league is None:
        raise ServiceError(404, _("no league with id {id}", id=repr(league_id)), code="league_not_found")
    return league


def read_league(league_id: str, actor: Actor) -> League:
    """The league for someone with a role in it (owner, scorer or viewer)."""
    league = get_league(league_id)
    access.require_league_role(league, actor, access.READERS, N_("see it"))
    return league


def owned_league(league_id: str, actor: Actor, doing: str) -> League:
    league = get_league(league_id)
    access.require_league_role(league, actor, frozenset({access.OWNER}), doing)
    return league


def history(league_id: str, actor: Actor, limit: int | None = None) -> list:
    """The league's audit trail, newest first, for its owners only: it holds the owners'
    reasons and every role change, which scorers and viewers have no need to read (see
    docs/api.md, "Who may do what")."""
    league = owned_league(league_id, actor, N_("see its history"))
    return league_audit.trail(league.id, limit)


def all_leagues(actor: Actor) -> list[League]:
    """The leagues the caller has a role in."""
    return list(
        db.session.scalars(
            select(League).where(League.id.in_(access.league_ids_of(actor))).order_by(League.created_at)
        )
    )


def leagues_to_score(actor: Actor) -> list[League]:
    """The leagues in which the caller may start matches."""
    if actor.user_id is None:
        return []
    return list(
        db.session.scalars(
            select(League)
            .join(LeagueRole, LeagueRole.league_id == League.id)
            .where(LeagueRole.user_id == actor.user_id, LeagueRole.role.in_(access.WRITERS))
            .order_by(League.created_at)
        )
    )


def league_name(value: Any, what: str | None = None) -> str:
    """`what`: the thing named, in the current language (default: a league)."""
    return clean_label(
        value, what=what or _("a league"), field="name", code="league_name", max_length=MAX_LEAGUE_NAME
    )


def create_league(name: Any, member_names: Sequence[Any] = (), *, actor: Actor) -> League:
    """A new league with players of its own (a name never picks up another league's
    player); whoever starts it is its owner."""
    access.require_signed_in(actor, N_("start a league"))
    league = League(id=new_id(), name=league_name(name))
    names = clean_names(list(member_names)) if member_names else []
    league.members = [LeagueMember(player=player) for player in players_named(names, scopes.league_scope(league.id))]
    db.session.add(league)
    db.session.flush()
    db.session.add(LeagueRole(league_id=league.id, user_id=actor.user_id, role=access.OWNER))
    league_audit.record(league.id, actor, "league.create", after={"name": league.name, "members": names})
    db.session.commit()
    return league


def add_member(league_id: str, name: Any, *, actor: Actor, reason: Any = None) -> Player:
    league = owned_league(league_id, actor, N_("add members"))
    player = players_named([clean_name(name, "name")], scopes.league_scope(league.id))[0]
    db.session.flush()
    if any(member.player_id == player.id for member in league.members):
        db.session.rollback()
        raise ServiceError(
            409, _("{player} is already a member", player=player.name), code="member_exists", field="name"
        )
    ensure_members(league, [player])
    league_audit.record(league.id, actor, "member.add", after={"player": player.id, "name": player.name}, reason=reason)
    bump(league.id)
    db.session.commit()
    return player


def remove_member(league_id: str, player_id: str, *, actor: Actor, reason: Any = None) -> None:
    league = owned_league(league_id, actor, N_("remove members"))
    member = next((m for m in league.members if m.player_id == player_id), None)
    if member is None:
        raise ServiceError(404, _("that player is not a member of this league"), code="member_not_found")
    played = db.session.scalar(
        select(Seat.match_id)
        .join(Match, Match.id == Seat.match_id)
        .where(Match.league_id == league.id, Seat.player_id == player_id)
        .limit(1)
    )
    if played is not None:
        raise ServiceError(
            409,
            _(
                "{player} has played league matches: their results stay, so they stay a member",
                player=member.player.name,
            ),
            code="member_has_matches",
        )
    league_audit.record(
        league.id, actor, "member.remove", before={"player": member.player_id, "name": member.player.name},
        reason=reason,
    )
    league.members.remove(member)
    bump(league.id)
    db.session.commit()


def checked_season(name: Any, starts_on: Any, ends_on: Any, games: Any, min_matches: Any, where: str = "") -> Season:
    """A season from its fields, each checked: the one validation of the API, the pages
    and the import. `where` prefixes the field names ("seasons.2.")."""
    for field, value in (("starts_on", starts_on), ("ends_on", ends_on)):
        if not isinstance(value, date) or isinstance(value, datetime):
            raise ServiceError(422, _("{field} must be a date", field=field), code="type", field=where + field)
    if ends_on < starts_on:
        raise ServiceError(
            422, _("a season must end on or after the day it starts"), code="season_range", field=where + "ends_on"
        )
    if not isinstance(games, list | tuple):
        raise ServiceError(422, _("games must be a list of game ids"), code="type", field=where + "games")
    for game in games:
        if not isinstance(game, str) or game not in game_ids():
            raise ServiceError(
                422,
                _("unknown game {game}: choose from {games}", game=repr(game), games=", ".join(game_ids())),
                code="game_unknown",
                field=where + "games",
            )
    if not is_int_within(min_matches, 0, MAX_MIN_MATCHES):
        raise ServiceError(
            422,
            _("min_matches must be a whole number from 0 to {maximum}", maximum=MAX_MIN_MATCHES),
            code="range",
            field=where + "min_matches",
        )
    return Season(
        name=league_name(name, _("a season")), starts_on=starts_on, ends_on=ends_on, games=list(dict.fromkeys(games)),
        min_matches=min_matches,
    )


def add_season(
    league_id: str,
    name: Any,
    starts_on: date,
    ends_on: date,
    games: Sequence[str],
    min_matches: int,
    *,
    actor: Actor,
    reason: Any = None,
) -> Season:
    league = owned_league(league_id, actor, N_("add seasons"))
    season = checked_season(name, starts_on, ends_on, list(games), min_matches)
    league.seasons.append(season)
    db.session.flush()
    league_audit.record(league.id, actor, "season.add", after=season_dict(season), reason=reason)
    bump(league.id)
    db.session.commit()
    return season


def season_dict(season: Season) -> dict[str, Any]:
    return {
        "id": season.id, "name": season.name, "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(), "games": list(season.games), "min_matches": season.min_matches,
    }


def get_season(league: League, season_id: str | None) -> Season | None:
    if season_id is None:
        return None
    for season in league.seasons:
        if season.id == season_id:
            return season
    raise ServiceError(
        404, _("no season {id} in this league", id=repr(season_id)), code="season_not_found", field="season"
    )


# --------------------------------------------------------------------------- cached computations


def plain(value: Any) -> Any:
    """A computed result as JSON-ready data (dataclasses, tuples, datetimes, fractions)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, int | float | str | bool) or value is None:
        return value
    return float(value)


# Part of every cache key: raise it when a computed result changes shape (2: records and
# profiles carry each game's own stats under game_stats; 3: a highest round score names who
# equalled it), so no entry of the old shape is read.
RESULT_SHAPE = 3


def cached_text(league: League, key: str, compute_result: Callable[[], Any]) -> str:
    """A league computation as JSON text, from the shared cache while the league has not
    changed (the API serves the text as it is; pages decode it)."""
    full_key = f"league:{league.id}:v{RESULT_SHAPE}:{key}"
    entry = db.session.get(CachedResult, full_key)
    if entry is not None and entry.version == league.version:
        return entry.value
    text = json.dumps(plain(compute_result()), separators=(",", ":"))
    try:
        if entry is None:
            db.session.add(CachedResult(key=full_key, version=league.version, value=text))
        else:
            entry.version = league.version
            entry.value = text
        db.session.commit()
    except IntegrityError:
        # Another worker stored the same result at the same moment.
        db.session.rollback()
    return text


def cached(league: League, key: str, compute_result: Callable[[], Any]) -> Any:
    return json.loads(cached_text(league, key, compute_result))


def names_of(league: League) -> dict[str, str]:
    return {member.player_id: member.player.name for member in league.members}


def check_game(game: str | None) -> str | None:
    if game is not None and game not in game_ids():
        raise ServiceError(
            422,
            _("unknown game {game}: choose from {games}", game=repr(game), games=", ".join(game_ids())),
            code="game_unknown",
            field="game",
        )
    return game


def standings(
    league_id: str, *, season_id: str | None = None, game: str | None = None, actor: Actor
) -> dict[str, Any]:
    return json.loads(standings_text(read_league(league_id, actor), season_id=season_id, game=game))


def league_standings(league: League, *, season_id: str | None = None, game: str | None = None) -> dict[str, Any]:
    """The standings table (no access check: callers check, or hold a share link)."""
    return json.loads(standings_text(league, season_id=season_id, game=game))


def standings_text(league: League, *, season_id: str | None = None, game: str | None = None) -> str:
    season = get_season(league, season_id)
    game = check_game(game)
    min_matches = season.min_matches if season else 0

    def compute_standings():
        # From the league's running ledger (services.league_ledgers): no match is read
        # when it is in step.
        ledger = league_ledgers.standings_ledger(league, season, game)
        rows = plain(compute.standing_rows(ledger, min_matches=min_matches))
        named(league, rows)
        return {
            "league": league.id,
            "league_name": league.name,
            "season": season_id,
            "game": game,
            "min_matches": min_matches,
            "rows": rows,
        }

    return cached_text(league, f"standings:{season_id}:{game}", compute_standings)


def named(league: League, rows: list[dict[str, Any]]) -> None:
    """Add each row's player name (names are part of what is cached: a rename bumps the league)."""
    names = names_of(league)
    for row in rows:
        row["name"] = names.get(row["player_id"], row["player_id"])


def ratings(league_id: str, *, game: str | None = None, actor: Actor, history: bool = False) -> dict[str, Any]:
    return json.loads(ratings_text(read_league(league_id, actor), game=game, history=history))


def ratings_text(league: League, *, game: str | None = None, history: bool = False) -> str:
    """Ratings per player; each player's history (one point per match) only when asked:
    for a big league it is most of the answer."""
    game = check_game(game)

    def compute_ratings():
        # Histories are one point per player and match: only a full replay gives them.
        rated = (
            compute.ratings(stored_matches(league.id, with_rounds=False), game=game)
            if history
            else compute.ratings_of(league_ledgers.ratings_ledger(league, game), game=game)
        )
        result = plain(rated)
        named(league, result["players"])
        if not history:
            for player in result["players"]:
                del player["history"]
        return result

    return cached_text(league, f"ratings:{game}:{history}", compute_ratings)


def head_to_head(league_id: str, *, game: str | None = None, actor: Actor) -> list[dict[str, Any]]:
    return json.loads(head_to_head_text(read_league(league_id, actor), game=game))


def head_to_head_text(league: League, *, game: str | None = None) -> str:
    game = check_game(game)
    return cached_text(
        league, f"h2h:{game}", lambda: compute.head_to_head(stored_matches(league.id, with_rounds=False), game=game)
    )


def matches_in_progress(league: League, limit: int = 20) -> list[Match]:
    """The league's matches still being played, the latest played first (a league night's
    tables), their seats loaded; `league` as read_league gave it (its reader checked)."""
    query = (
        select(Match)
        .where(Match.league_id == league.id, Match.finished.is_(False))
        .order_by(Match.updated_at.desc())
        .options(selectinload(Match.seats))
        .limit(limit)
    )
    return list(db.session.scalars(query))


def records(league_id: str, *, actor: Actor) -> dict[str, Any]:
    return json.loads(records_text(read_league(league_id, actor)))


def records_text(league: League) -> str:
    return cached_text(league, "records", lambda: compute.records(stored_matches(league.id, with_rounds=True)))
