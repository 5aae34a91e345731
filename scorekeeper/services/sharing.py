"""Read-only share links: a signed token that shows one match, or one league's standings."""
from __future__ import annotations

from typing import Any

from . import Actor, access
from .leagues import get_league, league_standings, read_league
from .matches import get_view, read_view

MATCH, STANDINGS = "match", "standings"


def share_match(match_id: str, actor: Actor, secret_key: str) -> str:
    read_view(match_id, actor)
    return access.share_token(secret_key, MATCH, match_id)


def share_standings(league_id: str, actor: Actor, secret_key: str) -> str:
    read_league(league_id, actor)
    return access.share_token(secret_key, STANDINGS, league_id)


def open_shared(token: str, secret_key: str) -> tuple[str, Any]:
    """What a share link shows: ("match", MatchView) or ("standings", standings dict)."""
    kind, object_id = access.read_share_token(secret_key, token)
    if kind == MATCH:
        return MATCH, get_view(object_id)
    return STANDINGS, league_standings(get_league(object_id))
