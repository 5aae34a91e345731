"""Records: best rounds, biggest wins, streaks, and the game modules' own stats (Nwik Bidder, Spades nils, Willi Stich calls)."""
from __future__ import annotations

from scorekeeper.games.nwik import Tally
from scorekeeper.games.spades import NilStats
from scorekeeper.games.willi_stich import CallStats
from scorekeeper.league import BiggestWin, RoundHigh, Streak, records

from .helpers import (
    NWIK_MATCH,
    SPADES_NIL_MATCH,
    build_match,
    day,
    hand_league,
    nameless_duel,
    nwik_draw,
    willi_stich_inputs,
)

# --------------------------------------------------------------------------- the hand-worked league


def test_highest_round_per_game():
    # nameless: m1 4 (ann), m2 6 (bob), m6 6 (bob+dee): m2 set 6 first and keeps it.
    # zwicker: m3 22, m5 12. spades: m4 hand 1 61 / 60, hand 2 -50 / 101. m7 is unfinished.
    found = records(hand_league()).highest_round
    assert list(found) == ["nameless", "spades", "zwicker"]
    assert found["nameless"] == RoundHigh("nameless", "m2", day(1), round_number=1, side=0, players=("bob",), points=6)
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


def test_shared_wins_have_no_margin():
    assert records([nwik_draw("n1", ["eve", "fay"], played_at=day(1))]).biggest_win == {}


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


def test_streaks_cross_games_and_count_shared_wins():
    league = [
        nameless_duel("a", "eve", "fay", played_at=day(1)),
        nwik_draw("b", ["eve", "fay"], played_at=day(2)),  # both win
        nameless_duel("c", "eve", "fay", played_at=day(3)),
        nameless_duel("d", "fay", "eve", played_at=day(4)),
    ]
    found = records(league)
    assert found.longest_streak == Streak("eve", 3, "a", "c")
    assert found.longest_streak_by_player["fay"] == Streak("fay", 1, "b", "b")
    assert found.current_streak_by_player == {"eve": 0, "fay": 1}


def test_a_player_who_never_won_has_an_empty_streak():
    found = records([nameless_duel("a", "eve", "fay", played_at=day(1))])
    assert found.longest_streak_by_player["fay"] == Streak("fay", 0, None, None)
    assert records([]).longest_streak is None


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


def test_records_of_nothing():
    found = records([])
    assert (found.highest_round, found.biggest_win, found.game_stats) == ({}, {}, {})
