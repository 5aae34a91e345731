"""Willi Stich's match in the test league: 19 rounds under wizard scoring."""
from __future__ import annotations


def willi_rounds(players: int) -> list[dict]:
    """19 legal rounds: everybody calls 0, seat 0 takes every trick."""
    rounds = []
    for number in range(1, 20):
        cards = number if number <= 10 else 20 - number
        rounds.append({"bids": [0] * players, "tricks": [cards] + [0] * (players - 1)})
    return rounds


PLAYS = [(["Cid", "Ann", "Dan"], {"scoring": "wizard"}, willi_rounds(3))]
