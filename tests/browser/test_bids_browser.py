"""Two-step rounds by taps in chromium at 390x844: the play view after "Save the bids" says
what the hand is played for, "Change the bids" reopens the bids form filled in (one bid
changed: that tap, Save the bids, and the tap on Change) in every game with bidding (a game's
own refusals while tapping are in its own browser file). Screenshots in test-artifacts/bids-*.png."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import all_games
from tests.support.browser_steps import check_page, new_match
from tests.support.data import module_for
from tests.support.game_copies import original_games
from tests.support.table_loop import enter, tap

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

# Round 1's bids by taps -> what the play view says; then one bid changed -> what it says
# then: each game's own (tests/support/data: TAPPED_BIDS).
BIDS = {game.id: module_for(game).TAPPED_BIDS for game in all_games() if hasattr(module_for(game), "TAPPED_BIDS")}


def test_every_game_with_bidding_is_tapped_here():
    assert {game.id for game in original_games() if game.has_bidding} == set(BIDS)


@pytest.mark.parametrize("game_id", sorted(BIDS))
def test_bids_saved_said_and_changed_by_taps(game_id, page, taps, shot, console):
    bids, said, change, said_after = BIDS[game_id]
    page.goto(f"/matches/{new_match(page, game_id)}")
    for name, value in bids.items():
        enter(page, name, value)
    save_bids = page.locator("#save-bids")
    expect(save_bids).to_be_visible()
    tap(page, save_bids)
    play = page.locator("#play-view")
    expect(play).to_contain_text(said)
    check_page(page, shot, f"{game_id}-play-view")

    mark = len(taps.events)
    page.locator("#change-bids").click()
    expect(page.locator("#play-view")).to_have_count(0)
    for name, value in bids.items():
        if name not in change:
            expect(page.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()
    check_page(page, shot, f"{game_id}-change")
    for name, value in change.items():
        enter(page, name, value)
    tap(page, page.locator("#save-bids"))
    expect(page.locator("#play-view")).to_contain_text(said_after)
    # Change, the bid changed, Save the bids (a bid low on the form may need a swipe first: not a tap).
    tapped = [detail for kind, detail in taps.events[mark:] if kind in ("tap", "key")]
    assert len(tapped) == 2 + len(change), tapped
    check_page(page, shot, f"{game_id}-changed")
    taps.assert_honest()
    assert console.unexpected() == []
