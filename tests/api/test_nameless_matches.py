"""A Nameless match created over the REST contract: its option defaults, sides and first deal."""
from __future__ import annotations

from tests.support.api import create


def test_create_match_fills_option_defaults_and_sides(client):
    match = create(client, "nameless", ["Ann", "Bob", "Cid", "Dan"])
    assert match["sides"] == [[0, 2], [1, 3]]
    assert match["options"] == {"first_dealer": 0, "target": 20, "opponents_keep_tricks": False, "max_rounds": None}
    assert match["players"][3]["name"] == "Dan"
    assert match["totals"] == [0, 0]
    assert match["finished"] is False and match["winners"] == []
    assert match["next"] == {"round": 1, "dealer": 0, "cards": 5, "tricks": 5}
    assert len(match["id"]) >= 16
