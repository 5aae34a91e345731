"""The hand-worked league of Nameless, Spades and Zwicker matches: its figures are these three
games' own, worked out by hand from their rules (tests/league/test_nameless_spades_zwicker_*.py)."""
from __future__ import annotations

from scorekeeper.league import StoredMatch
from tests.support.league import build_match, day

# --------------------------------------------------------------------------- the hand-worked league
#
# Four players, six finished matches in three games, plus one match still in progress.
# Every expected figure in the tests is worked out from the totals below.
#
#   id  night game      sides (seats)                  totals          winners  rounds
#   m1  1     nameless  ann | bob | cid                 4 | -1 | -1     ann      1
#   m2  1     nameless  bob | dee                       6 | -2          bob      1
#   m3  2     zwicker   ann+cid | bob+dee              22 | 12          ann+cid  1
#   m4  3     spades    ann+cid | bob+dee              11 | 161         bob+dee  2
#   m5  4     zwicker   cid | dee | ann                12 | 10 | 10     cid      1
#   m6  5     nameless  ann+cid | bob+dee              -2 | 6           bob+dee  1
#   m7  6     spades    ann+cid | bob+dee  (not finished: must count for nothing)
#
# m1 and m2 share their played_at: the match id orders them (m1 first).

HAND_LEAGUE_PLAYERS = ("ann", "bob", "cid", "dee")


def hand_league() -> list[StoredMatch]:
    return [
        # 3 players, target 4: ann takes 3 of 5 tricks, a bonus hand: 4 for her, -1 for each other.
        build_match("m1", "nameless", ["ann", "bob", "cid"], [{"tricks": [3, 1, 1]}],
                    played_at=day(1), options={"target": 4}),
        # 2 players, target 4: bob takes 4 of 5: 6 for him, -2 for dee.
        build_match("m2", "nameless", ["bob", "dee"], [{"tricks": [4, 1]}],
                    played_at=day(1), options={"target": 4}),
        # The Zwicker spec's worked example, target 20: side 0 scores 22, side 1 12.
        build_match("m3", "zwicker", ["ann", "bob", "cid", "dee"], [ZWICKER_EXAMPLE],
                    played_at=day(2), options={"target": 20}),
        # Spades, target 100. Hand 1: side 0 bids 6 takes 7 -> 61; side 1 bids 6 takes 6 -> 60.
        # Hand 2: side 0 bids 5 takes 2 -> -50 (11); side 1 bids 10 takes 11 -> 101 (161).
        build_match("m4", "spades", ["ann", "bob", "cid", "dee"],
                    [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 4, 3]},
                     {"bids": [2, 5, 3, 5], "tricks": [0, 6, 2, 5]}],
                    played_at=day(3), options={"target": 100}),
        # Zwicker, 3 players, target 10: cid J25 7 + D10 3 + D7 1 + majority 1 (25 cards) = 12;
        # dee J20 6 + AS 2 + AH 2 = 10; ann J15 5 + S7 1 + AD 2 + AC 2 = 10.
        build_match("m5", "zwicker", ["cid", "dee", "ann"],
                    [{"sides": [{"cards": 25, "zwicks": 0, "honours": ["J25", "D10", "D7"]},
                                {"cards": 15, "zwicks": 0, "honours": ["J20", "AS", "AH"]},
                                {"cards": 15, "zwicks": 0, "honours": ["J15", "S7", "AD", "AC"]}]}],
                    played_at=day(4), options={"target": 10}),
        # The Nameless spec's example: bob goes alone and takes 4: his side 6, the other -2.
        build_match("m6", "nameless", ["ann", "bob", "cid", "dee"], [{"tricks": [0, 4, 1, 0], "alone": 1}],
                    played_at=day(5), options={"target": 5}),
        # In progress (61 / 60 of 500): huge on no table, since unfinished matches count for nothing.
        build_match("m7", "spades", ["ann", "bob", "cid", "dee"], [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 4, 3]}],
                    played_at=day(6)),
    ]


ZWICKER_EXAMPLE = {
    "sides": [
        {"cards": 30, "zwicks": 2, "honours": ["J25", "J15", "D10", "AS", "AH"]},
        {"cards": 25, "zwicks": 0, "honours": ["J20", "D7", "S7", "AD", "AC"]},
    ]
}
