"""Player names as typed at the table: tidied and checked, and the roster entries they name."""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from ..engine.core.i18n import _, _n
from ..extensions import db
from ..models import (
    Player,
    name_key,
)
from . import ServiceError, clean_label

MAX_NAME_LENGTH = 80


def clean_name(name: Any, field: str, seat: int | None = None) -> str:
    """A player's name with spaces tidied."""
    where = _("the player on seat {seat}", seat=seat) if seat is not None else _("a player")
    name = clean_label(name, what=where, field=field, code="player_name", max_length=MAX_NAME_LENGTH)
    if len(name_key(name)) > MAX_NAME_LENGTH:
        # The roster compares folded names, and folding can lengthen one ("ß" is "ss"):
        # the folded form has to fit its column too.
        raise ServiceError(
            422,
            _n(
                "{what}: a name is at most {n} character",
                "{what}: a name is at most {n} characters",
                MAX_NAME_LENGTH,
                what=where,
            ),
            code="player_name",
            field=field,
        )
    return name


def clean_names(names: Any) -> list[str]:
    if not isinstance(names, list) or not names:
        raise ServiceError(
            422, _("players must be a list of names in seat order"), code="players_type", field="players"
        )
    cleaned: list[str] = []
    for seat, name in enumerate(names):
        # Seats are counted from 1 in words, as the form's "Seat 1" (the field keeps the index).
        name = clean_name(name, f"players.{seat}", seat + 1)
        same = next((other for other in cleaned if seat_key(other) == seat_key(name)), None)
        if same is not None:
            raise ServiceError(
                422,
                _("{player} is on two seats: one player, one seat", player=name)
                if same == name
                else _(
                    "{player} and {other} are one name (capitals and wide or narrow letters count as one):"
                    " one player, one seat",
                    player=name,
                    other=same,
                ),
                code="player_twice",
                field=f"players.{seat}",
            )
        cleaned.append(name)
    return cleaned


def seat_key(name: str) -> str:
    """How names are told apart within one match: after NFKC and casefold, so "Ann", "ann"
    and the fullwidth "Ａｎｎ" cannot sit at one table as three players. (The roster's own
    key, models.name_key, is casefold only: stored keys stay as they are.)"""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def players_named(names: Sequence[str], scope: str) -> list[Player]:
    """The players of one roster scope with these names, adding the unknown ones there
    (a name never reaches into another scope: see services.scopes)."""
    keys = [name_key(name) for name in names]
    found = {
        player.name_key: player
        for player in db.session.scalars(select(Player).where(Player.scope == scope, Player.name_key.in_(keys)))
    }
    result = []
    for name in names:
        player = found.get(name_key(name))
        if player is None:
            player = Player(name=name, scope=scope)
            db.session.add(player)
            found[player.name_key] = player
        result.append(player)
    return result
