"""Nwik's matches in the test league: a full match of three and one of two."""
from __future__ import annotations


def nwik_rounds(players: int) -> list[dict]:
    """A legal full Nwik match: each Bidder uses style k and stake k on their k-th bid."""
    tricks = [9, 8] if players == 2 else [5, 4, 4]
    rounds = []
    for number in range(5 * players):
        k = number // players + 1
        body = {"style": k, "stake": k, "tricks": tricks}
        if k == 2:
            body["trump"] = "hearts"
        if k == 5:
            body["vip_card"] = 2
        rounds.append(body)
    return rounds


PLAYS = [
    (["Ann", "Bob", "Cid"], {}, nwik_rounds(3)),
    (["Dan", "Ann"], {"first_dealer": 1}, nwik_rounds(2)),
]
