"""Nameless's matches in the test league: a finished one of four (a loner's hand) and one of two still in progress."""
from __future__ import annotations

PLAYS = [
    (["Ann", "Bob", "Cid", "Dan"], {"target": 5}, [{"tricks": [2, 1, 2, 0]}, {"tricks": [0, 4, 1, 0], "alone": 1}]),
    (["Ann", "Bob"], {}, [{"tricks": [3, 2]}]),  # still in progress
]
