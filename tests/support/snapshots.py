"""A match state as it is stored, and the check that a replayed state is the one played on."""
from __future__ import annotations

import json
from typing import Any

from scorekeeper.engine.core.base import Game, MatchState


def stored(game: Game, state: MatchState) -> Any:
    """The snapshot as a database would hand it back: through JSON text."""
    return json.loads(json.dumps(game.snapshot(state)))


def same_state(played_on: MatchState, replayed: MatchState) -> None:
    assert played_on.round_count == replayed.round_count
    assert played_on.totals == replayed.totals
    assert played_on.progress == replayed.progress
    assert played_on.finished == replayed.finished
    assert played_on.winners == replayed.winners
    assert played_on.next == replayed.next
    assert played_on.details == replayed.details
    for scored in played_on.rounds:
        assert scored == replayed.scored(scored.number)
