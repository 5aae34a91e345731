"""Builders of league test data: every StoredMatch comes from replaying real round inputs through the engine."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from scorekeeper.games import get_game
from scorekeeper.league import StoredMatch, StoredRound

DAY_ONE = datetime(2025, 3, 1, 19, 0)


def day(number: int, hour: int = 0) -> datetime:
    """A played_at on league night `number` (1-based), `hour` hours after the start."""
    return DAY_ONE + timedelta(days=number - 1, hours=hour)


def build_match(
    match_id: str,
    game: str,
    players: Sequence[str],
    inputs: Sequence[Mapping[str, Any]],
    *,
    played_at: datetime,
    options: Mapping[str, Any] | None = None,
) -> StoredMatch:
    """A StoredMatch as the database layer would build it, from a legal replay of `inputs`."""
    rules = get_game(game)
    table = rules.table(players, dict(options or {}))
    state = rules.replay(table, list(inputs))
    return StoredMatch(
        match_id=match_id,
        game=game,
        played_at=played_at,
        players=tuple(players),
        sides=table.sides,
        options=table.options,
        totals=state.totals,
        winners=state.winners,
        finished=state.finished,
        rounds=tuple(
            StoredRound(number=scored.number, input=scored.input, scores=scored.score.scores)
            for scored in state.rounds
        ),
    )


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


def nameless_duel(match_id: str, winner: str, loser: str, *, played_at: datetime) -> StoredMatch:
    """A one-hand Nameless match for two (target 4): the winner takes 4 of 5 tricks, 6 to -2."""
    return build_match(match_id, "nameless", [winner, loser], [{"tricks": [4, 1]}],
                       played_at=played_at, options={"target": 4})


# --------------------------------------------------------------------------- Nwik


# A full legal 3-player Nwik match (first_dealer 0: the Bidder of round r is seat r % 3).
# Rounds 1-3 are the spec's worked examples. Targets: Bidder 6, #2 (Bidder's left) 4, #3 3;
# No Tricks reverses them. Comments give the nominal Bidder's seat, choice and points.
NWIK_MATCH = [
    {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]},           # r1 seat 1, style 5 stake 4: -8
    {"style": 4, "stake": 2, "tricks": [2, 7, 4]},                          # r2 seat 2, style 4 stake 2: -2
    {"style": 6, "stake": 6, "acting_style": 3, "tricks": [3, 7, 3]},       # r3 seat 0, pass, stake 6: 0
    {"style": 1, "stake": 1, "tricks": [2, 8, 3]},                          # r4 seat 1, (8-6)x1: +2
    {"style": 1, "stake": 1, "tricks": [4, 3, 6]},                          # r5 seat 2: 0
    {"style": 1, "stake": 1, "tricks": [6, 4, 3]},                          # r6 seat 0: 0
    {"style": 2, "stake": 2, "trump": "hearts", "tricks": [4, 4, 5]},       # r7 seat 1, (4-6)x2: -4
    {"style": 2, "stake": 3, "trump": "clubs", "tricks": [4, 3, 6]},        # r8 seat 2: 0
    {"style": 2, "stake": 2, "trump": "diamonds", "tricks": [6, 4, 3]},     # r9 seat 0: 0
    {"style": 3, "stake": 3, "tricks": [2, 9, 2]},                          # r10 seat 1, (9-6)x3: +9
    {"style": 3, "stake": 4, "tricks": [4, 3, 6]},                          # r11 seat 2: 0
    {"style": 3, "stake": 3, "tricks": [6, 4, 3]},                          # r12 seat 0: 0
    # r13 seat 1 passes with stake 6; seat 2 acts with VIP (its only style left), S = 6 x 1.
    # Roles: Bidder seat 2 (target 6), #2 seat 0 (4), #3 seat 1 (3): seat 1 (4-3)x6 = +6.
    {"style": 6, "stake": 6, "acting_style": 5, "vip_card": 1, "tricks": [4, 4, 5]},
    {"style": 5, "stake": 5, "vip_card": 2, "tricks": [3, 3, 7]},           # r14 seat 2, (7-6)x10: +10
    {"style": 4, "stake": 5, "tricks": [1, 4, 8]},                          # r15 seat 0, No Tricks (3-1)x5: +10
]


def nwik_draw(match_id: str, players: Sequence[str], *, played_at: datetime) -> StoredMatch:
    """A 2-player Nwik match where every player makes their target every round: 0 to 0, a shared win.

    2 players: 17 tricks, Bidder target 10, #2 7; No Tricks (style 4) reverses them.
    """
    inputs = []
    for number in range(1, 11):
        bidder = number % 2  # first_dealer 0: the dealer is (number - 1) % 2, the Bidder on its left
        style = (number + 1) // 2  # each player: styles 1-5 once, stakes likewise
        bidder_takes = 7 if style == 4 else 10
        tricks = [17 - bidder_takes, 17 - bidder_takes]
        tricks[bidder] = bidder_takes
        hand = {"style": style, "stake": style, "tricks": tricks}
        if style == 2:
            hand["trump"] = "hearts"
        if style == 5:
            hand["vip_card"] = 1
        inputs.append(hand)
    return build_match(match_id, "nwik", players, inputs, played_at=played_at)


# --------------------------------------------------------------------------- Spades nil


# Book scoring, target 200. Hand 1 is the spec's example (seat 1's nil fails): 72 / -28.
# Side 1 is now behind by exactly 100, so seat 3 may bid blind nil in hand 2 and makes it:
# side 0 bids 7 takes 8 -> 71 (143); side 1 bids 3 takes 5 -> 32 + 100 = 132 (104).
# Hand 3: seat 0 bids nil and makes it: side 0 bids 5 takes 6 -> 51 + 50 (244, wins);
# side 1 bids 7 takes 7 -> 70 (174).
SPADES_NIL_MATCH = [
    {"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]},
    {"bids": [4, 3, 3, "blind_nil"], "tricks": [4, 5, 4, 0]},
    {"bids": ["nil", 4, 5, 3], "tricks": [0, 4, 6, 3]},
]
