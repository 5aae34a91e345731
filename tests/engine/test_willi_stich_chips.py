"""Willi Stich's chips: the dealer calls last, the forbidden call greyed with the reason."""
from __future__ import annotations

from tests.support.chips import chips


def test_willi_stich_dealer_last_with_the_forbidden_call():
    found = chips("willi-stich", ["Ann", "Bob", "Cid", "Dee"], [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}], {"bids": [0, None, 1, 0]})
    # Round 2: two cards, Bob deals and calls last; 1 is called by the others, so Bob may not call 1.
    assert list(found)[:4] == ["bids.2", "bids.3", "bids.0", "bids.1"]
    assert [(u.value, u.reason) for u in found["bids.1"].unavailable] == [
        (1, "the dealer Bob may not call 1: the calls would add up to 2")
    ]
    assert found["bids.0"].unavailable == () and found["bids.1"].values() == range(0, 3)
    # Before everyone else has called, nothing is greyed yet.
    early = chips("willi-stich", ["Ann", "Bob", "Cid", "Dee"], [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}], {})
    assert early["bids.1"].unavailable == ()
