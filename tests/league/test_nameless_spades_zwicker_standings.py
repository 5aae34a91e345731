"""Standings and head-to-head of the hand-worked league of Nameless, Spades and Zwicker matches
(tests/support/nameless_spades_zwicker_league.py): every figure worked out by hand."""
from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.engine.games import all_games
from scorekeeper.league import HeadToHeadRow, StandingRow, head_to_head, standings
from tests.support.nameless_spades_zwicker_league import hand_league

# --------------------------------------------------------------------------- the hand-worked league
#
# Placement per match, (n_sides - rank) / (n_sides - 1), tied sides sharing their ranks' average:
#   m1 (3 sides, 4 | -1 | -1): ann 1; bob and cid share places 2-3, rank 2.5: (3 - 2.5) / 2 = 0.25
#   m2, m3, m4, m6 (2 sides): winner 1, loser 0
#   m5 (3 sides, 12 | 10 | 10): cid 1; dee and ann share rank 2.5: 0.25
#
# bob: m1 L -1 (0.25), m2 W 6 (1), m3 L 12 (0), m4 W 161 (1), m6 W 6 (1)
#      3 wins of 5 = 0.6; placement 3.25 / 5 = 0.65; points 184, 36.8 a match; rounds 1+1+1+2+1 = 6
# dee: m2 L -2 (0), m3 L 12 (0), m4 W 161 (1), m5 L 10 (0.25), m6 W 6 (1)
#      2 of 5 = 0.4; placement 2.25 / 5 = 0.45; points 187, 37.4 a match; 6 rounds
# ann: m1 W 4 (1), m3 W 22 (1), m4 L 11 (0), m5 L 10 (0.25), m6 L -2 (0)
#      2 of 5 = 0.4; placement 2.25 / 5 = 0.45; points 45, 9.0 a match; 6 rounds
# cid: m1 L -1 (0.25), m3 W 22 (1), m4 L 11 (0), m5 W 12 (1), m6 L -2 (0)
#      2 of 5 = 0.4; placement 2.25 / 5 = 0.45; points 42, 8.4 a match; 6 rounds
#
# bob leads on win rate; dee, ann and cid tie on win rate and on placement, so points per
# match decide: 37.4 > 9.0 > 8.4. m7 is unfinished and counts for nothing.

HAND_STANDINGS = [
    StandingRow("bob", played=5, wins=3, win_rate=0.6, points=184, rounds=6, avg_points_per_match=36.8,
                avg_points_per_round=184 / 6, placement_score=0.65, ranked=True),
    StandingRow("dee", played=5, wins=2, win_rate=0.4, points=187, rounds=6, avg_points_per_match=37.4,
                avg_points_per_round=187 / 6, placement_score=0.45, ranked=True),
    StandingRow("ann", played=5, wins=2, win_rate=0.4, points=45, rounds=6, avg_points_per_match=9.0,
                avg_points_per_round=7.5, placement_score=0.45, ranked=True),
    StandingRow("cid", played=5, wins=2, win_rate=0.4, points=42, rounds=6, avg_points_per_match=8.4,
                avg_points_per_round=7.0, placement_score=0.45, ranked=True),
]


def test_hand_league_standings():
    assert standings(hand_league()) == HAND_STANDINGS


def test_unfinished_matches_count_for_nothing():
    league = hand_league()
    assert not league[-1].finished
    assert standings(league[:-1]) == standings(league)


def test_standings_of_one_game():
    # Nameless only: m1, m2, m6.
    # bob: m1 L -1 (0.25), m2 W 6 (1), m6 W 6 (1): 2/3, placement 2.25 / 3 = 0.75, 11 points
    # dee: m2 L -2 (0), m6 W 6 (1): 1/2, placement 0.5, 4 points, 2.0 a match
    # ann: m1 W 4 (1), m6 L -2 (0): 1/2, placement 0.5, 2 points, 1.0 a match
    # cid: m1 L -1 (0.25), m6 L -2 (0): 0/2, placement 0.125, -3 points
    # dee and ann tie on win rate and placement: points per match put dee first.
    rows = standings(hand_league(), game="nameless")
    assert [(row.player_id, row.played, row.wins, row.points) for row in rows] == [
        ("bob", 3, 2, 11),
        ("dee", 2, 1, 4),
        ("ann", 2, 1, 2),
        ("cid", 2, 0, -3),
    ]
    assert [row.placement_score for row in rows] == [0.75, 0.5, 0.5, 0.125]


def test_no_rows_for_a_game_nobody_finished():
    finished = {match.game for match in hand_league() if match.finished}
    nobody = next(game.id for game in all_games() if game.id not in finished)
    assert standings(hand_league(), game=nobody) == []
    assert standings([]) == []


def test_round_count_stands_in_for_rounds_not_loaded():
    # The database layer may leave the rounds out (standings never read their inputs) and give their number.
    summaries = [dataclasses.replace(match, rounds=(), round_count=len(match.rounds)) for match in hand_league()]
    assert standings(summaries) == HAND_STANDINGS


def test_a_match_id_given_twice_is_refused():
    league = hand_league()
    with pytest.raises(ValueError, match="m3"):
        standings([*league, league[2]])


# --------------------------------------------------------------------------- head to head
#
# A beats B when A's side has a strictly higher total; equal totals are a draw; partners
# (same side) have not met.
#   m1: ann > bob, ann > cid, bob = cid        m2: bob > dee
#   m3: ann, cid > bob, dee                    m4: bob, dee > ann, cid
#   m5: cid > dee, cid > ann, dee = ann        m6: bob, dee > ann, cid
# ann-bob: m1 W, m3 W, m4 L, m6 L          -> 4 meetings, 2 W 0 D 2 L
# ann-cid: m1 W, m5 L (partners m3, m4, m6) -> 2 meetings, 1 W 0 D 1 L
# ann-dee: m3 W, m4 L, m5 D, m6 L          -> 4 meetings, 1 W 1 D 2 L
# bob-cid: m1 D, m3 L, m4 W, m6 W          -> 4 meetings, 2 W 1 D 1 L
# bob-dee: m2 W (partners m3, m4, m6)      -> 1 meeting,  1 W
# cid-dee: m3 W, m4 L, m5 W, m6 L          -> 4 meetings, 2 W 0 D 2 L

HAND_HEAD_TO_HEAD = [
    HeadToHeadRow("ann", "bob", meetings=4, wins=2, draws=0, losses=2),
    HeadToHeadRow("ann", "cid", meetings=2, wins=1, draws=0, losses=1),
    HeadToHeadRow("ann", "dee", meetings=4, wins=1, draws=1, losses=2),
    HeadToHeadRow("bob", "ann", meetings=4, wins=2, draws=0, losses=2),
    HeadToHeadRow("bob", "cid", meetings=4, wins=2, draws=1, losses=1),
    HeadToHeadRow("bob", "dee", meetings=1, wins=1, draws=0, losses=0),
    HeadToHeadRow("cid", "ann", meetings=2, wins=1, draws=0, losses=1),
    HeadToHeadRow("cid", "bob", meetings=4, wins=1, draws=1, losses=2),
    HeadToHeadRow("cid", "dee", meetings=4, wins=2, draws=0, losses=2),
    HeadToHeadRow("dee", "ann", meetings=4, wins=2, draws=1, losses=1),
    HeadToHeadRow("dee", "bob", meetings=1, wins=0, draws=0, losses=1),
    HeadToHeadRow("dee", "cid", meetings=4, wins=2, draws=0, losses=2),
]


def test_hand_league_head_to_head():
    assert head_to_head(hand_league()) == HAND_HEAD_TO_HEAD


def test_head_to_head_of_one_game():
    # Zwicker only: m3 (ann, cid > bob, dee) and m5 (cid > dee = ann).
    rows = head_to_head(hand_league(), game="zwicker")
    assert [(row.player_id, row.opponent_id, row.wins, row.draws, row.losses) for row in rows] == [
        ("ann", "bob", 1, 0, 0),
        ("ann", "cid", 0, 0, 1),
        ("ann", "dee", 1, 1, 0),
        ("bob", "ann", 0, 0, 1),
        ("bob", "cid", 0, 0, 1),
        ("cid", "ann", 1, 0, 0),
        ("cid", "bob", 1, 0, 0),
        ("cid", "dee", 2, 0, 0),
        ("dee", "ann", 0, 1, 1),
        ("dee", "cid", 0, 0, 2),
    ]
