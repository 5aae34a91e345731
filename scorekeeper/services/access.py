"""Who may read and write what: league roles and casual matches (share links: services.sharing).

- A casual match started without an account is read and written by whoever holds its
  link (its unguessable id is the key). One started by a signed-in user is read by the
  link holder and written only by that user.
- A league match, and everything of a league (standings, ratings, records, export), is
  read by the league's owners, scorers and viewers; its rounds are written by scorers
  and owners; members, seasons and roles are changed by owners only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import or_, select, update

from ..engine.core.i18n import N_, _
from ..extensions import db
from ..models import DeviceMatch, League, LeagueRole, Match, Round, ShareLink, User, utcnow
from . import Actor, ServiceError, league_audit, limits
from .usernames import username_key

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


def _refuse(actor: Actor, league: League | None, role: str | None, needed: frozenset[str], doing: str) -> ServiceError:
    """`doing` is an N_-marked phrase ("record or change rounds"), translated here. The
    league is named only to someone who has a role in it: anyone else holds no more than
    its id, and the refusal must not tell them what it is called."""
    where = _("league {name}", name=league.name) if league is not None and role is not None else _("this league")
    signed_out, signed_in = _REFUSALS[needed]
    message = signed_in if actor.signed_in else signed_out
    return ServiceError(403, _(message, league=where, doing=_(doing)), code="forbidden")


def require_league_role(league: League, actor: Actor, needed: frozenset[str], doing: str) -> str:
    role = role_of(league.id, actor)
    if role not in needed:
        raise _refuse(actor, league, role, needed, doing)
    return role


def require_role_in(league_id: str, actor: Actor, needed: frozenset[str], doing: str) -> str:
    """require_league_role by the league's id: the league (its members and seasons come
    with it) is loaded only to name it in a refusal to one of its members, not on every
    read and write of its matches."""
    role = role_of(league_id, actor)
    if role not in needed:
        raise _refuse(actor, db.session.get(League, league_id) if role is not None else None, role, needed, doing)
    return role


class MatchKeys(Protocol):
    """What the checks below read of a match: a stored Match, or a page's MatchHead."""

    @property
    def league_id(self) -> str | None: ...

    @property
    def created_by(self) -> str | None: ...


def check_match_read(match: MatchKeys, actor: Actor) -> None:
    if match.league_id is not None:
        require_role_in(match.league_id, actor, READERS, N_("see its matches"))


def check_match_write(match: MatchKeys, actor: Actor) -> None:
    check_write(match.league_id, match.created_by, actor)


def check_write(league_id: str | None, created_by: str | None, actor: Actor) -> None:
    """Who may write a match, from its league and its creator (the columns a write's lock returns)."""
    if league_id is not None:
        require_role_in(league_id, actor, WRITERS, N_("record or change rounds"))
    elif created_by is not None and created_by != actor.user_id:
        creator = db.session.get(User, created_by)
        raise ServiceError(
            403,
            _("only {user} may change this match: it was started with an account", user=creator.username)
            if creator
            else _("only its creator may change this match: it was started with an account"),
            code="forbidden",
        )


def check_match_confirm(match: MatchKeys, actor: Actor) -> None:
    """Who may confirm a waiting round: a league match's owners and scorers; for a
    casual match, anyone at the table who holds its link (confirming adds nothing of
    their own: it agrees with what the recording phone entered)."""
    if match.league_id is not None:
        require_role_in(match.league_id, actor, WRITERS, N_("confirm its rounds"))


@dataclass(frozen=True)
class MatchRights:
    """What the asker may do with a match they can see, so pages offer only those forms;
    `refusal` is the rule in words (for a sign-in prompt) when they may not write."""

    write: bool
    confirm: bool
    rematch: bool
    refusal: str | None


def match_rights(match: MatchKeys, actor: Actor) -> MatchRights:
    def allowed(check: Any) -> str | None:
        try:
            check(match, actor)
        except ServiceError as refused:
            return str(refused.message)
        return None

    refusal = allowed(check_match_write)
    league = db.session.get(League, match.league_id) if match.league_id is not None else None
    return MatchRights(
        write=refusal is None,
        confirm=allowed(check_match_confirm) is None,
        rematch=league is None or role_of(league.id, actor) in WRITERS,
        refusal=refusal,
    )


def phone_marks(actor: Actor) -> str | None:
    """What identifies the phone that records a round: its session, token or account,
    and its device cookie ("session:3f..|device:9a.."), stored with the round."""
    marks = sorted({mark for mark in (actor.key, f"device:{actor.device}" if actor.device else None) if mark})
    return "|".join(marks) or None


def _marks(text: str | None) -> set[str]:
    return set((text or "").split("|")) - {""}


def recorded_on_this_phone(round_: Round, actor: Actor) -> bool:
    """Whether the actor's phone (session, token, account or device) recorded the round."""
    return marked_by_this_phone(round_.recorded_by, actor)


def marked_by_this_phone(recorded_by: str | None, actor: Actor) -> bool:
    """Whether a round's stored phone marks (phone_marks) name the actor's phone."""
    return bool(_marks(recorded_by) & _marks(phone_marks(actor)))


def check_second_phone(match: Match, actor: Actor, waiting: Round) -> None:
    """Refuse a confirmation from the phone that recorded the round, or from a phone the
    server did not know before the round was recorded: a signed-in session (or API token)
    begun earlier, or a device that had opened the match earlier. A phone that drops its
    cookies, or signs in again, is new, and a new phone is exactly what the recording
    phone would look like: it confirms from the next round on."""
    mine = _marks(phone_marks(actor))
    if not mine or recorded_on_this_phone(waiting, actor):
        raise ServiceError(
            409,
            _("the round must be confirmed on a second phone, not the one that recorded it"),
            code="confirm_same_phone",
        )
    if actor.signed_in and actor.since is not None:
        known = actor.since <= waiting.created_at
    elif actor.device is not None:
        seen = db.session.get(DeviceMatch, (actor.device, match.id))
        known = seen is not None and seen.first_seen_at <= waiting.created_at
    else:
        known = False
    if not known:
        raise ServiceError(
            409,
            _(
                "this phone joined after round {number} was recorded: a phone that was at the table before confirms it",
                number=waiting.number,
            ),
            code="confirm_new_phone",
        )


def require_signed_in(actor: Actor, doing: str) -> None:
    """`doing` is an N_-marked phrase ("start a league"), translated here."""
    if not actor.signed_in:
        raise ServiceError(403, _("sign in to {doing}", doing=_(doing)), code="forbidden")


# --------------------------------------------------------------------------- roles


def _account_named(username: Any) -> User | None:
    if not isinstance(username, str):
        return None
    return db.session.scalar(select(User).where(User.username_key == username_key(username)[:200]))


def grant(league: League, actor: Actor, username: str, role: str, reason: Any = None) -> LeagueRole:
    require_league_role(league, actor, frozenset({OWNER}), N_("change roles"))
    if role not in ROLES:
        raise ServiceError(422, _("role must be one of {roles}", roles=", ".join(ROLES)), code="role", field="role")
    user = _account_named(username)
    if user is None:
        # Asking for names that do not exist is how one would learn which do: a few
        # typos are fine, a list of guesses is not.
        limits.spend(limits.UNKNOWN_GRANTS_PER_USER, actor.user_id or "")
        raise ServiceError(
            404, _("no account named {username}", username=username), code="user_not_found", field="username"
        )
    existing = db.session.get(LeagueRole, (league.id, user.id))
    before = existing.role if existing is not None else None
    if existing is not None and existing.role == OWNER and role != OWNER:
        _keep_an_owner(league, user.id)
    if existing is None:
        existing = LeagueRole(league_id=league.id, user_id=user.id, role=role)
        db.session.add(existing)
    existing.role = role
    if before != role:
        league_audit.record(
            league.id, actor, "role.grant", before={"username": user.username, "role": before},
            after={"username": user.username, "role": role}, reason=reason,
        )
    db.session.commit()
    return existing


def revoke(league: League, actor: Actor, username: str, reason: Any = None) -> None:
    """Take a role away; the share links that account made for this league end with it."""
    require_league_role(league, actor, frozenset({OWNER}), N_("change roles"))
    user = _account_named(username)
    existing = db.session.get(LeagueRole, (league.id, user.id)) if user else None
    if user is None or existing is None:
        raise ServiceError(404, _("{username} has no role in this league", username=username), code="role_not_found")
    if existing.role == OWNER:
        _keep_an_owner(league, existing.user_id)
    league_audit.record(
        league.id, actor, "role.revoke", before={"username": user.username, "role": existing.role}, reason=reason
    )
    db.session.delete(existing)
    revoke_links_of_member(league.id, user.id)
    db.session.commit()


def revoke_links_of_member(league_id: str, user_id: str) -> None:
    """End the share links `user_id` made for the league or any of its matches."""
    league_matches = select(Match.id).where(Match.league_id == league_id)
    db.session.execute(
        update(ShareLink)
        .where(
            ShareLink.created_by == user_id,
            ShareLink.revoked_at.is_(None),
            or_(ShareLink.league_id == league_id, ShareLink.match_id.in_(league_matches)),
        )
        .values(revoked_at=utcnow())
        .execution_options(synchronize_session=False)
    )


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
