"""Spades' chips: nil and blind nil, greyed for a partner and without the deficit, and bids under a call."""
from __future__ import annotations

from tests.support.chips import chips


def test_spades_nil_and_blind_nil_chips():
    found = chips("spades", ["Ann", "Bob", "Cid", "Dee"], [], {"bids": ["nil", None, None, None]})
    assert [word.value for word in found["bids.2"].words] == ["nil", "blind_nil"]
    # Ann bid nil: her partner Cid may not bid nil too, nor an integer 0 (the side needs a contract).
    assert {u.value for u in found["bids.2"].unavailable} == {0, "nil", "blind_nil"}
    # Nobody is behind by 100: blind nil is greyed for everyone, with the reason.
    assert "behind by at least 100 points" in found["bids.1"].refusal("blind_nil").reason
    assert found["bids.1"].refusal("nil") is None
    called = chips("spades", ["Ann", "Bob", "Cid", "Dee"], [], {"calls": ["moon", None]}, {"special_calls": ["moon"]})
    assert called["bids.0"].refusal(3).reason == "Ann & Cid called moon: the partners make no bid"
