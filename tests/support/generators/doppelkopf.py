"""Doppelkopf's random legal hands: mostly normal games and marriages, now and then a solo, by
the four who play (the dealer sits out at five), a compulsory solo by the forced seat when the
deals left are needed (Vorführung); a list of 8 deals, so a match is short."""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table
from scorekeeper.engine.games.doppelkopf.values import DECLARED_SOLOS as DECLARED

PLAYER_COUNTS = (4, 5)
OPTIONS: dict[str, Any] = {"max_deals": 8}
# Card points a hand often ends with, the ties and the thresholds included.
POINTS = (0, 29, 30, 59, 60, 89, 90, 100, 119, 120, 121, 130, 150, 151, 180, 181, 210, 211, 240)
CALLS = (None, None, None, "no90", "no60", "no30", "black")


def generate(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    players = hints["players"]
    points = rng.choice(POINTS)
    raw: dict[str, Any] = {"re_points": points}
    # A hand as the round form posts it back (the forms survive a round trip only so): no
    # call, special point or count of 0 is written, the Re pair is in seat order.
    re_call = rng.choice(("re", *CALLS)) if rng.random() < 0.5 else None
    kontra_call = rng.choice(("kontra", *CALLS)) if rng.random() < 0.3 else None
    raw.update({key: call for key, call in (("re_call", re_call), ("kontra_call", kontra_call)) if call is not None})
    forced = hints["forced_solo"]
    if forced is not None or rng.random() < 0.25:
        game = rng.choice(DECLARED) if forced is not None else rng.choice((*DECLARED, "silent_solo", "marriage_solo"))
        return {"game": game, "soloist": forced if forced is not None else rng.choice(players), **raw}
    raw.update({"game": rng.choice(("normal", "normal", "marriage")), "re": sorted(rng.sample(players, 2))})
    kinds = table.options["special_points"]
    counts = {}
    if "fox" in kinds:
        counts["foxes"] = [rng.randint(0, 1) if points >= 11 else 0, rng.randint(0, 1) if points <= 229 else 0]
    if "doppelkopf" in kinds and rng.random() < 0.3:
        counts["doppelkopfs"] = [min(rng.randint(0, 2), points // 40), min(rng.randint(0, 1), (240 - points) // 40)]
    raw.update({key: count for key, count in counts.items() if any(count)})
    if "karlchen" in kinds and rng.random() < 0.2:
        raw["karlchen"] = "re" if points >= 2 else "kontra"
    if points == 0 and rng.random() < 0.5:
        raw["no_trick"] = "re"
    if points == 240 and rng.random() < 0.5:
        raw["no_trick"] = "kontra"
    return raw
