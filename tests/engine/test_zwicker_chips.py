"""Zwicker's chips: the last side's cards follow, at most half a side's cards are Zwicks."""
from __future__ import annotations

from tests.support.chips import chips


def test_zwicker_cards_and_zwicks():
    found = chips("zwicker", ["Ann", "Bob"], [], {"sides": [{"cards": 30}, {}]})
    assert found["sides.1.cards"].implied == 25 and found["sides.0.cards"].values() == range(0, 56)
    # At most half a side's cards are Zwicks.
    assert found["sides.0.zwicks"].maximum == 15 and found["sides.1.zwicks"].maximum == 12
