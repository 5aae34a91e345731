"""Who may read and write what: league roles, casual matches and signed share links.

- A casual match started without an account is read and written by whoever holds its
  link (its unguessable id is the key). One started by a signed-in user is read by the
  link holder and written only by that user.
- A league match, and everything of a league (standings, ratings, records, export), is
  read by the league's owners, scorers and viewers; its rounds are written by scorers
  and owners; members, seasons and roles are changed by owners only.
"""
from __future__ import annotations

from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select

from ..extensions import db
from ..games.i18n import N_, _
from ..models import League, LeagueRole, Match, User
from . import Actor, ServiceError

OWNER, SCORER, VIEWER = "owner", "scorer", "viewer"
ROLES = (OWNER, SCORER, VIEWER)
WRITERS = frozenset({OWNER, SCORER})
READERS = frozenset(ROLES)


def role_of(league_id: str, actor: Actor) -> str | None:
    if actor.user_id is None:
        return None
    return db.session.scalar(
        select(LeagueRole.role).where(LeagueRole.league_id == league_id, LeagueRole.user_id == actor.user_id)
    )


def league_ids_of(actor: Actor) -> list[str]:
    if actor.user_id is None:
        return []
    return list(db.session.scalars(select(LeagueRole.league_id).where(LeagueRole.user_id == actor.user_id)))


# The refusal names the roles that may act, one whole sentence per set of roles so that
# translators see the grammar: (signed out: how to get in, signed in: who may).
_REFUSALS: dict[frozenset[str], tuple[str, str]] = {
    READERS: (
        N_("sign in as owner, scorer or viewer of {league} to {doing}"),
        N_("only owners, scorers and viewers of {league} may {doing}"),
    ),
    WRITERS: (
        N_("sign in as owner or scorer of {league} to {doing}"),
        N_("only owners and scorers of {league} may {doing}"),
    ),
    frozenset({OWNER}): (
        N_("sign in as owner of {league} to {doing}"),
        N_("only owners of {league} may {doing}"),
    ),
}


def _refuse(actor: Actor, league: League | None, needed: frozenset[str], doing: str) -> ServiceError:
    """`doing` is an N_-marked phrase ("record or change rounds"), translated here."""
    where = _("league {name}", name=league.name) if league else _("this league")
    signed_out, signed_in = _REFUSALS[needed]
    message = signed_in if actor.signed_in else signed_out
    return ServiceError(403, _(message, league=where, doing=_(doing)), code="forbidden")


def require_league_role(league: League, actor: Actor, needed: frozenset[str], doing: str) -> str:
    role = role_of(league.id, actor)
    if role not in needed:
        raise _refuse(actor, league, needed, doing)
    return role


def check_match_read(match: Match, actor: Actor) -> None:
    if match.league_id is not None:
        require_league_role(db.session.get(League, match.league_id), actor, READERS, N_("see its matches"))


def check_match_write(match: Match, actor: Actor) -> None:
    if match.league_id is not None:
        require_league_role(db.session.get(League, match.league_id), actor, WRITERS, N_("record or change rounds"))
    elif match.created_by is not None and match.created_by != actor.user_id:
        creator = db.session.get(User, match.created_by)
        raise ServiceError(
            403,
            _("only {user} may change this match: it was started with an account", user=creator.username)
            if creator
            else _("only its creator may change this match: it was started with an account"),
            code="forbidden",
        )


def require_signed_in(actor: Actor, doing: str) -> None:
    """`doing` is an N_-marked phrase ("start a league"), translated here."""
    if not actor.signed_in:
        raise ServiceError(403, _("sign in to {doing}", doing=_(doing)), code="forbidden")


# --------------------------------------------------------------------------- roles


def grant(league: League, actor: Actor, username: str, role: str) -> LeagueRole:
    require_league_role(league, actor, frozenset({OWNER}), N_("change roles"))
    if role not in ROLES:
        raise ServiceError(422, _("role must be one of {roles}", roles=", ".join(ROLES)), code="role", field="role")
    user = db.session.scalar(select(User).where(User.username_key == username.casefold()))
    if user is None:
        raise ServiceError(
            404, _("no account named {username}", username=username), code="user_not_found", field="username"
        )
    existing = db.session.get(LeagueRole, (league.id, user.id))
    if existing is not None and existing.role == OWNER and role != OWNER:
        _keep_an_owner(league, user.id)
    if existing is None:
        existing = LeagueRole(league_id=league.id, user_id=user.id, role=role)
        db.session.add(existing)
    existing.role = role
    db.session.commit()
    return existing


def revoke(league: League, actor: Actor, username: str) -> None:
    require_league_role(league, actor, frozenset({OWNER}), N_("change roles"))
    user = db.session.scalar(select(User).where(User.username_key == username.casefold()))
    existing = db.session.get(LeagueRole, (league.id, user.id)) if user else None
    if existing is None:
        raise ServiceError(404, _("{username} has no role in this league", username=username), code="role_not_found")
    if existing.role == OWNER:
        _keep_an_owner(league, existing.user_id)
    db.session.delete(existing)
    db.session.commit()


def _keep_an_owner(league: League, leaving_user_id: str) -> None:
    owners = db.session.scalars(
        select(LeagueRole.user_id).where(LeagueRole.league_id == league.id, LeagueRole.role == OWNER)
    ).all()
    if set(owners) <= {leaving_user_id}:
        raise ServiceError(
            409, _("a league keeps at least one owner: make someone else owner first"), code="last_owner"
        )


def roles_of(league: League) -> list[LeagueRole]:
    return list(db.session.scalars(select(LeagueRole).where(LeagueRole.league_id == league.id)))


# --------------------------------------------------------------------------- share links


def _serializer(secret_key: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret_key, salt="scorekeeper-share")


def share_token(secret_key: str, kind: str, object_id: str) -> str:
    """A signed, read-only link token for a match ("match") or a league's standings ("standings")."""
    return _serializer(secret_key).dumps({"k": kind, "id": object_id})


def read_share_token(secret_key: str, token: str) -> tuple[str, str]:
    try:
        data = _serializer(secret_key).loads(token)
    except BadSignature:
        raise ServiceError(404, _("this share link is not valid"), code="share_invalid") from None
    return data["k"], data["id"]
