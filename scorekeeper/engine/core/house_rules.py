"""House rules several games share: a fixed number of rounds on top of a target."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import OptionSpec, highest_winners
from .i18n import N_

# A match of more rounds than this is no evening's play: a larger figure is a typo.
MAX_ROUNDS_LIMIT = 1000

MAX_ROUNDS = OptionSpec(
    "max_rounds",
    "int",
    None,
    N_(
        "The match also ends after this many rounds; then the highest total wins and a tie "
        "is a shared win. Empty: no round limit."
    ),
    minimum=1,
    maximum=MAX_ROUNDS_LIMIT,
    nullable=True,
)


def round_limit_winners(
    totals: Sequence[int], rounds_played: int, options: Any, ended: tuple[int, ...] | None
) -> tuple[int, ...] | None:
    """The winners once the game's own end rule (`ended`) and the round limit are applied.

    A match that ended by its own rule keeps that ending; otherwise, once `max_rounds`
    rounds are played, every side with the highest total wins (a tie is a shared win).
    """
    if ended is not None:
        return ended
    limit = options["max_rounds"]
    if limit is not None and rounds_played >= limit:
        return highest_winners(totals)
    return None
