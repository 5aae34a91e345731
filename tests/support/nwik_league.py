"""Nwik's own league matches, worked out by hand from its rules: a whole match for three and a draw for two."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from scorekeeper.league import StoredMatch
from tests.support.league import build_match

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
