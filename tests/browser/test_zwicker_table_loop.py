"""Zwicker's own table loop in chromium: three sides (the most columns of honours) on the
smaller phone, each deal within the issue's 15 taps and keys and without a swipe."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.games import get_game
from tests.support.data.zwicker import tap_budget
from tests.support.table_loop_rounds import NAMES, PHONE_SMALL, open_match, record_by_taps

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_three_sides_deal_within_fifteen_taps_without_a_swipe(page, taps, shot, console):
    """Three players at 360x740: the cards (two typed, the third filled in), the Zwicks beside
    them and the honours, "the rest" tapped last (deal 1) and first (deal 2, the chips it
    chose then changed): at most 15 taps and keys a deal, each control in reach when its
    turn comes, and after each Save the saved round's Undo on the screen."""
    page.set_viewport_size(PHONE_SMALL)
    game = get_game("zwicker")
    players = NAMES[:3]
    open_match(page, game.id, players)
    table = game.table(players)
    state = game.initial_state(table)
    rng = random.Random(15)
    used = []
    for number in (1, 2):
        raw, state, taps_used = record_by_taps(page, taps, game, table, state, rng, shot, f"loop-zwicker-three-{number}",
                                               shots=("entered",), rest_first=number == 2)
        used.append(taps_used)
        assert taps.of("swipe") == [], f"deal {number} ({raw}): a swipe to reach {taps.of('swipe')}"
        assert taps_used <= tap_budget(table.n, raw) == 15, f"deal {number} took {taps_used}: {raw}"
        expect(page.locator("#last-round .button")).to_be_in_viewport()
    taps.assert_honest()
    print(f"zwicker with three sides: taps per deal {used}")
    assert console.unexpected() == []
