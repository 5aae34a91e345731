"""Spades's own league stats: nils and blind nils bid and made."""
from __future__ import annotations

from scorekeeper.engine.games.spades import NilStats
from scorekeeper.league import records
from tests.support.league import build_match, day
from tests.support.nameless_spades_zwicker_league import hand_league
from tests.support.spades_league import SPADES_NIL_MATCH

# --------------------------------------------------------------------------- Spades nils


def test_spades_nil_success():
    # Seats ann 0, bob 1, cid 2, dee 3. Hand 1: bob's nil fails (1 trick). Hand 2: dee's
    # blind nil is made. Hand 3: ann's nil is made.
    match = build_match("s1", "spades", ["ann", "bob", "cid", "dee"], SPADES_NIL_MATCH,
                        played_at=day(1), options={"target": 200})
    assert match.finished
    found = records([match]).game_stats["spades"]
    assert found == {
        "ann": NilStats.from_counts("ann", nil_attempted=1, nil_made=1, blind_nil_attempted=0, blind_nil_made=0),
        "bob": NilStats.from_counts("bob", nil_attempted=1, nil_made=0, blind_nil_attempted=0, blind_nil_made=0),
        "dee": NilStats.from_counts("dee", nil_attempted=0, nil_made=0, blind_nil_attempted=1, blind_nil_made=1),
    }
    assert (found["ann"].nil_rate, found["ann"].blind_nil_rate, found["ann"].rate) == (1.0, None, 1.0)
    assert (found["bob"].nil_rate, found["bob"].rate) == (0.0, 0.0)
    assert (found["dee"].nil_rate, found["dee"].blind_nil_rate) == (None, 1.0)


def test_spades_rounds_without_nils_leave_no_stats():
    assert "spades" not in records(hand_league()).game_stats
