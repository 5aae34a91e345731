"""Preferans's random legal hands: mostly games of 6 to 10 against the defenders' allowed words
(half on a 6 or 7), now and then a misère or an all-pass, by the three who play (the dealer
sits out at four); a pool of 10, so a match is short."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table
from scorekeeper.engine.games.preferans.scoring import defenders_of
from scorekeeper.engine.games.preferans.values import ALLOWED_WORDS, HALF, HALF_LEVELS, LEVELS, STRAINS, WHIST
from tests.support.generators import split

PLAYER_COUNTS = (3, 4)
OPTIONS: dict[str, Any] = {"pool_size": 10}


def tricks_of(rng: random.Random, table: Table, players: list[int], declarer: int | None, near: int) -> list[int | None]:
    """10 tricks among the three who play, the declarer's (if any) near `near`."""
    tricks: list[int | None] = [None] * table.n
    if declarer is None:
        for seat, took in zip(players, split(rng, 10, 3), strict=True):
            tricks[seat] = took
        return tricks
    took = max(0, min(10, near + rng.randint(-3, 2)))
    tricks[declarer] = took
    others = [seat for seat in players if seat != declarer]
    for seat, rest in zip(others, split(rng, 10 - took, 2), strict=True):
        tricks[seat] = rest
    return tricks


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    players = list(state.next["players"])
    draw = rng.random()
    if draw < 0.15:
        return {"contract": "all_pass", "tricks": tricks_of(rng, table, players, None, 0)}
    declarer = rng.choice(players)
    if draw < 0.25:
        return {"contract": "misere", "declarer": declarer, "tricks": tricks_of(rng, table, players, declarer, 1)}
    level = rng.choice(LEVELS)
    words = rng.choice([pair for pair in ALLOWED_WORDS if HALF not in pair or level in HALF_LEVELS])
    whist: list[str | None] = [None] * table.n
    for seat, word in zip(defenders_of(players, declarer), words, strict=True):
        whist[seat] = word
    raw: dict[str, Any] = {"contract": f"{level}{rng.choice(STRAINS)}", "declarer": declarer, "whist": whist}
    if WHIST in words:
        raw["tricks"] = tricks_of(rng, table, players, declarer, level)
    return raw
