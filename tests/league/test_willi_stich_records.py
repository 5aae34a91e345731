"""Willi Stich's own league stats: the rate of exact calls."""
from __future__ import annotations

from typing import Any

from scorekeeper.engine.games.willi_stich import CallStats
from scorekeeper.league import records
from tests.support.league import build_match, day

# --------------------------------------------------------------------------- Willi Stich


def willi_stich_inputs() -> list[dict[str, Any]]:
    """19 legal rounds for 4 players: everyone calls 0 and seat (r % 4) takes every trick,
    except round 4, the spec's worked example (seats 0 and 2 exact, 1 and 3 missed).

    Calls of 0 add up to 0, never to the cards in hand, so the dealer's rule holds.
    """
    inputs: list[dict[str, Any]] = []
    for number in range(1, 20):
        if number == 4:
            inputs.append({"trump": "hearts", "bids": [1, 0, 2, 2], "tricks": [1, 1, 2, 0]})
            continue
        cards = number if number <= 10 else 20 - number
        tricks = [0, 0, 0, 0]
        tricks[number % 4] = cards
        inputs.append({"bids": [0, 0, 0, 0], "tricks": tricks})
    return inputs


# --------------------------------------------------------------------------- Willi Stich calls


def test_willi_stich_exact_call_rate():
    # Everyone calls 0 and seat (r % 4) takes every trick, except round 4 (the worked example:
    # seats 0 and 2 exact). Seat s misses the rounds r != 4 with r % 4 == s:
    #   seat 0 (ann): r 8, 12, 16       -> 3 misses -> exact 19 - 3 = 16
    #   seat 1 (bob): r 1, 5, 9, 13, 17 + round 4 -> 6 misses -> 13
    #   seat 2 (cid): r 2, 6, 10, 14, 18 -> 5 misses -> 14
    #   seat 3 (dee): r 3, 7, 11, 15, 19 + round 4 -> 6 misses -> 13
    match = build_match("w1", "willi-stich", ["ann", "bob", "cid", "dee"], willi_stich_inputs(), played_at=day(1))
    assert match.finished
    found = records([match]).game_stats["willi-stich"]
    assert found == {
        "ann": CallStats("ann", rounds=19, exact=16, rate=16 / 19),
        "bob": CallStats("bob", rounds=19, exact=13, rate=13 / 19),
        "cid": CallStats("cid", rounds=19, exact=14, rate=14 / 19),
        "dee": CallStats("dee", rounds=19, exact=13, rate=13 / 19),
    }
