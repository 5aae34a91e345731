"""Willi Stich's line on the score sheet (engine/entry/willi_stich.py's sheet hooks): the
round's cards and trump in a few characters, and one short form a player for six."""
from __future__ import annotations

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.short_names import player_short_names, side_short_names
from scorekeeper.engine.games import get_game

WILLI = get_game("willi-stich")


def test_willi_stich_writes_the_cards_and_the_trump(app_context):
    adapter, table = adapter_for(WILLI), WILLI.table(["Ann", "Bob", "Cid"])
    with app_context.test_request_context():
        assert adapter.sheet_play(table, {"trump": "hearts"}, 12)[0] == "8 ♥"
        assert adapter.sheet_play(table, {"trump": "none"}, 7)[0] == "7 –"
        assert adapter.sheet_play(table, {}, 1) == ("1", "1 card")
        assert adapter.sheet_lead(table, {}, 3, 2) == 2


def test_each_player_has_one_short_form_on_the_sheet():
    """The column heads and the lead column cut a name alike ("Ale." in both, not "Alex.")."""
    names = ["Alexandra", "Maximilian", "Jo", "Friederike", "Bo", "Konstantin"]
    willi = WILLI.table(names)
    assert side_short_names(willi, True) == player_short_names(willi, True) == ["Ale.", "Max.", "Jo", "Fri.", "Bo", "Kon."]
