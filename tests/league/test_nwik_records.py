"""Nwik's own league stats: the Bidder's points by style and stake, finished matches only."""
from __future__ import annotations

from scorekeeper.engine.games.nwik import Tally
from scorekeeper.league import records
from tests.support.league import build_match, day
from tests.support.nwik_league import NWIK_MATCH

# --------------------------------------------------------------------------- Nwik as Bidder


def test_nwik_bidder_stats_by_style_and_stake():
    # Seats: ann 0, bob 1, cid 2 (see NWIK_MATCH for each round's figures). Then the same
    # rounds again with the seats turned, bob on seat 0, cid 1, ann 2: each player adds
    # the figures of the seat they now sit on.
    league = [
        build_match("n1", "nwik", ["ann", "bob", "cid"], NWIK_MATCH, played_at=day(1)),
        build_match("n2", "nwik", ["bob", "cid", "ann"], NWIK_MATCH, played_at=day(2)),
    ]
    found = records(league).game_stats["nwik"]
    # Seat 0 as Bidder: r3 pass stake 6: 0; r6 style 1 stake 1: 0; r9 2/2: 0; r12 3/3: 0; r15 4/5: +10.
    # Seat 1: r1 5/4: -8; r4 1/1: +2; r7 2/2: -4; r10 3/3: +9; r13 pass stake 6: +6.
    # Seat 2: r2 4/2: -2; r5 1/1: 0; r8 2/3: 0; r11 3/4: 0; r14 5/5: +10.
    # bob = seat 1 (n1) + seat 0 (n2):
    assert found["bob"].by_style == {
        1: Tally(2, 2), 2: Tally(2, -4), 3: Tally(2, 9), 4: Tally(1, 10), 5: Tally(1, -8), 6: Tally(2, 6),
    }
    assert found["bob"].by_stake == {
        1: Tally(2, 2), 2: Tally(2, -4), 3: Tally(2, 9), 4: Tally(1, -8), 5: Tally(1, 10), 6: Tally(2, 6),
    }
    # ann = seat 0 (n1) + seat 2 (n2):
    assert found["ann"].by_style == {
        1: Tally(2, 0), 2: Tally(2, 0), 3: Tally(2, 0), 4: Tally(2, 8), 5: Tally(1, 10), 6: Tally(1, 0),
    }
    assert found["ann"].by_stake == {
        1: Tally(2, 0), 2: Tally(2, -2), 3: Tally(2, 0), 4: Tally(1, 0), 5: Tally(2, 20), 6: Tally(1, 0),
    }
    # cid = seat 2 (n1) + seat 1 (n2): 10 rounds as Bidder either way you count them.
    assert sum(tally.rounds for tally in found["cid"].by_style.values()) == 10
    assert sum(tally.points for tally in found["cid"].by_stake.values()) == (-2 + 10) + (-8 + 2 - 4 + 9 + 6)


def test_unfinished_nwik_matches_are_not_counted():
    unfinished = build_match("n1", "nwik", ["ann", "bob", "cid"], NWIK_MATCH[:3], played_at=day(1))
    assert not unfinished.finished
    assert "nwik" not in records([unfinished]).game_stats
