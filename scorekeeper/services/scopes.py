"""Roster scopes: whose players these are, who may read them and who may change them.

- "league:<id>": the players of a league. Its owners, scorers and viewers read them; its
  owners rename and merge them.
- "user:<id>": the players of casual matches an account started; that account only.
- "device:<id>": the players of casual matches a browser started without an account;
  that browser only.
- "unclaimed": players nobody can reach any more (no league, no known starter).

A name is looked up and created only inside one scope, so nothing done in one scope
(a new league, a match, an import) can pick up or change the players of another.
"""
from __future__ import annotations

from . import Actor, access

UNCLAIMED = "unclaimed"
LEAGUE, USER, DEVICE = "league:", "user:", "device:"


def league_scope(league_id: str) -> str:
    return f"{LEAGUE}{league_id}"


def casual_scope(actor: Actor) -> str:
    """The roster of the casual matches this caller starts."""
    if actor.user_id is not None:
        return f"{USER}{actor.user_id}"
    if actor.device is not None:
        return f"{DEVICE}{actor.device}"
    return UNCLAIMED


def league_of(scope: str) -> str | None:
    return scope[len(LEAGUE):] if scope.startswith(LEAGUE) else None


def readable_scopes(actor: Actor) -> list[str]:
    """The scopes whose players this caller may see listed."""
    scopes = [league_scope(league_id) for league_id in access.league_ids_of(actor)]
    if actor.user_id is not None:
        scopes.append(f"{USER}{actor.user_id}")
    if actor.device is not None:
        scopes.append(f"{DEVICE}{actor.device}")
    return scopes


def may_read(scope: str, actor: Actor) -> bool:
    return scope in readable_scopes(actor)


def may_change(scope: str, actor: Actor) -> bool:
    """Rename and merge: a league's owners, the account or the browser the scope is."""
    league_id = league_of(scope)
    if league_id is not None:
        return access.role_of(league_id, actor) == access.OWNER
    if scope.startswith(USER):
        return actor.user_id == scope[len(USER):]
    if scope.startswith(DEVICE):
        return actor.device is not None and actor.device == scope[len(DEVICE):]
    return False
