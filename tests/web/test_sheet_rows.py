"""The score sheet's line a round (web/pages/sheet_rows.py): short names that stay apart, who
led the round and what it was played for in a few characters, as Nwik and Willi Stich say it."""
from __future__ import annotations

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import get_game
from scorekeeper.web.pages.sheet_rows import short_names

NWIK = get_game("nwik")
WILLI = get_game("willi-stich")
TABLE = NWIK.table(["Ann", "Bob", "Cid"])


def test_short_names_are_cut_with_a_dot_and_never_read_alike():
    assert short_names(["Konstantin", "Eve", "Maximilian", "Maxine"], 4) == ["Kon.", "Eve", "Maxim.", "Maxine"]
    assert short_names(["Alexander & Dmitri", "Bartholomew & Evangeline"], 8) == ["Alex. & Dmit.", "Bart. & Evan."]


# Round 1: Ann deals, Bob bids; his pass makes Cid the one who plays it.
PLAYS = [
    ({"style": 1, "stake": 6, "tricks": [8, 3, 2]}, 1, "♠\u00a0×6"),
    ({"style": 2, "stake": 3, "trump": "hearts", "tricks": [8, 3, 2]}, 1, "♥\u00a0×3"),
    ({"style": 3, "stake": 2, "tricks": [8, 3, 2]}, 1, "No Trumps\u00a0×2"),
    ({"style": 5, "stake": 4, "vip_card": 3, "tricks": [8, 3, 2]}, 1, "VIP\u00a0×12"),
    ({"style": 6, "stake": 2, "acting_style": 2, "trump": "diamonds", "tricks": [3, 8, 2]}, 2, "♦\u00a0×2"),
]


@pytest.mark.parametrize(("raw", "lead", "play"), PLAYS)
def test_nwik_names_the_bidder_who_played_and_the_bid(app_context, raw, lead, play):
    adapter = adapter_for(NWIK)
    with app_context.test_request_context():
        assert adapter.sheet_lead(TABLE, raw, 1, 0) == lead
        shown, words = adapter.sheet_play(TABLE, raw, 1)
    assert shown == play
    assert words == adapter.played_for(raw)


def test_willi_stich_writes_the_cards_and_the_trump(app_context):
    adapter, table = adapter_for(WILLI), WILLI.table(["Ann", "Bob", "Cid"])
    with app_context.test_request_context():
        assert adapter.sheet_play(table, {"trump": "hearts"}, 12)[0] == "8 ♥"
        assert adapter.sheet_play(table, {"trump": "none"}, 7)[0] == "7 –"
        assert adapter.sheet_play(table, {}, 1) == ("1", "1 card")
        assert adapter.sheet_lead(table, {}, 3, 2) == 2
