"""Nwik's own draw in the standings: everyone makes their target every round, 0 to 0, a shared win."""
from __future__ import annotations

from scorekeeper.league import standings
from tests.support.league import day
from tests.support.nwik_league import nwik_draw


def test_a_nwik_draw_is_a_win_for_both_with_a_middle_placement():
    # Nwik 0 to 0: both sides win; each covers places 1-2, rank 1.5: (2 - 1.5) / 1 = 0.5.
    rows = standings([nwik_draw("d1", ["eve", "fay"], played_at=day(1))])
    assert [(row.player_id, row.wins, row.win_rate, row.placement_score) for row in rows] == [
        ("eve", 1, 1.0, 0.5),
        ("fay", 1, 1.0, 0.5),
    ]
    assert rows[0].avg_points_per_round == 0.0
