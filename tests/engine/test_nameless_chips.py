"""Nameless's chips: the last seat's tricks follow from the others."""
from __future__ import annotations

from tests.support.chips import chips


def test_nameless_last_tricks():
    found = chips("nameless", ["Ann", "Bob", "Cid", "Dee", "Eve"], [], {"tricks": [1, 1, None, 1, 0]})
    assert found["tricks.2"].implied == 1 and found["tricks.2"].maximum == 4
