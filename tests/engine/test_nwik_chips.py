"""Nwik's chips: a used style and stake greyed with the reason, the Acting Bidder's styles, the last tricks."""
from __future__ import annotations

from tests.support.chips import chips


def test_nwik_used_style_and_stake_are_greyed_with_the_reason():
    # Rounds 1-3: Bob, Cid, Ann are Bidder; round 4 is Bob's again.
    played = [{"style": 3, "stake": 4, "tricks": [4, 4, 5]}] + [{"style": 1, "stake": 1, "tricks": [4, 4, 5]}] * 2
    found = chips("nwik", ["Ann", "Bob", "Cid"], played, {"tricks": [4, None, 5]})
    assert [(u.value, u.reason) for u in found["style"].unavailable] == [
        (3, "Bob has already used style 3 (No Trumps); still free: 1, 2, 4, 5, 6")
    ]
    assert [u.value for u in found["stake"].unavailable] == [4]
    # Cid (Acting Bidder if Bob passes) chose style 1 as Bidder.
    assert [u.value for u in found["acting_style"].unavailable] == [1]
    assert found["tricks.1"].implied == 4 and found["tricks.1"].values() == range(0, 14)
