"""Records of the hand-worked league of Nameless, Spades and Zwicker matches: best rounds, biggest wins, streaks."""
from __future__ import annotations

from scorekeeper.league import BiggestWin, RoundHigh, Streak, records
from tests.support.league import day
from tests.support.nameless_spades_zwicker_league import hand_league


def test_highest_round_per_game():
    # nameless: m1 4 (ann), m2 6 (bob), m6 6 (bob+dee): m2 set 6 first and keeps it, and
    # bob+dee (another side) equalled it.
    # zwicker: m3 22, m5 12. spades: m4 hand 1 61 / 60, hand 2 -50 / 101. m7 is unfinished.
    found = records(hand_league()).highest_round
    assert list(found) == ["nameless", "spades", "zwicker"]
    assert found["nameless"] == RoundHigh(
        "nameless", "m2", day(1), round_number=1, side=0, players=("bob",), points=6, equalled_by=(("bob", "dee"),)
    )
    assert found["spades"] == RoundHigh(
        "spades", "m4", day(3), round_number=2, side=1, players=("bob", "dee"), points=101
    )
    assert found["zwicker"] == RoundHigh(
        "zwicker", "m3", day(2), round_number=1, side=0, players=("ann", "cid"), points=22
    )


def test_biggest_win_per_game():
    # nameless: m1 4 - (-1) = 5, m2 6 - (-2) = 8, m6 6 - (-2) = 8: m2 was first.
    # zwicker: m3 22 - 12 = 10, m5 12 - 10 = 2. spades: m4 161 - 11 = 150.
    found = records(hand_league()).biggest_win
    assert found == {
        "nameless": BiggestWin("nameless", "m2", day(1), side=0, players=("bob",), winning_total=6,
                               next_total=-2, margin=8),
        "spades": BiggestWin("spades", "m4", day(3), side=1, players=("bob", "dee"), winning_total=161,
                             next_total=11, margin=150),
        "zwicker": BiggestWin("zwicker", "m3", day(2), side=0, players=("ann", "cid"), winning_total=22,
                              next_total=12, margin=10),
    }


def test_win_streaks():
    # In played order m1 .. m6:
    #   ann W W L L L -> longest 2 (m1-m3), current 0
    #   bob L W L W W -> longest 2 (m4-m6), current 2
    #   cid L W L W L -> longest 1 (m3, the first of two), current 0
    #   dee L L W L W -> longest 1 (m4), current 1
    # ann's 2 ended (m3) before bob's (m6): ann holds the league record.
    found = records(hand_league())
    assert found.longest_streak_by_player == {
        "ann": Streak("ann", 2, "m1", "m3"),
        "bob": Streak("bob", 2, "m4", "m6"),
        "cid": Streak("cid", 1, "m3", "m3"),
        "dee": Streak("dee", 1, "m4", "m4"),
    }
    assert found.current_streak_by_player == {"ann": 0, "bob": 2, "cid": 0, "dee": 1}
    assert found.longest_streak == Streak("ann", 2, "m1", "m3")
