"""The score sheet's line a round (web/pages/sheet_rows.py, engine/entry/short_names.py): short
names that stay apart, and who leads (nobody while everyone is tied). Each game's own line:
its own test file (test_nwik_sheet_rows.py, test_willi_stich_sheet_rows.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.engine.entry.short_names import short_names
from tests.support.picks import a_game

GAME = a_game("played by three", lambda game: game.min_players <= 3 <= game.max_players)


def test_short_names_are_cut_with_a_dot_and_never_read_alike():
    assert short_names(["Konstantin", "Eve", "Maximilian", "Maxine"], 4) == ["Kon.", "Eve", "Maxim.", "Maxine"]
    assert short_names(["Alexander & Dmitri", "Bartholomew & Evangeline"], 8) == ["Alex. & Dmit.", "Bart. & Evan."]


@pytest.mark.parametrize(("totals", "leaders"), [
    ((0, 0, 0), ()), ((5, 5), ()), ((5, 5, 0), (0, 1)), ((-3, 4, 1), (1,)),
])
def test_nobody_leads_while_everyone_is_tied(totals, leaders):
    state = replace(GAME.initial_state(GAME.table(["Ann", "Bob", "Cid"])), earlier=1, totals=totals)
    assert state.leaders == leaders
    assert replace(state, earlier=0).leaders == ()
