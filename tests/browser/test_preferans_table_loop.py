"""Preferans's hand by taps in chromium, as the table says it: a 7 made against one whister in
at most eight taps with Save (the declarer, the level, the suit, a whist, a pass, two players'
tricks: the last one follows), no swipe, at 390 in English and 360 in German and Russian; then
an all-pass, and the пуля with its settlement on one screen, four players included."""
from __future__ import annotations

import pytest

from tests.support.table_loop import sideways_overflow
from tests.support.table_loop_rounds import PHONE_SMALL, enter_all, nothing_red, open_match, phone_at, save_in_view, saved

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

NAMES = ["Ann", "Bob", "Cid", "Dee"]
PHONE = {"width": 390, "height": 844}
# English at three, German and Russian at four (the dealer sits out: Ann in hand 1).
WALKS = [(PHONE, "en", "US", 3), (PHONE_SMALL, "de", "DE", 4), (PHONE_SMALL, "ru", "RU", 4)]


def seven_made(players: int) -> tuple[tuple[str, str], ...]:
    """Hand 1, Ann deals: Bob declares 7♥, Cid (the first defender) whists, the second passes;
    Bob takes 7, Cid 2, the passer the last one (filled in)."""
    second = 0 if players == 3 else 3
    return (("declarer", "1"), ("level", "7"), ("suit", "H"), ("whist_2", "whist"), (f"whist_{second}", "pass"),
            ("tricks_1", "7"), ("tricks_2", "2"))


@pytest.mark.parametrize(("size", "language", "region", "players"), WALKS,
                         ids=[f"{s['width']}-{lang}-{n}" for s, lang, _r, n in WALKS])
def test_a_seven_made_in_eight_taps_and_the_sheet_on_one_screen(size, language, region, players, page_in, shot, console):
    page, taps = phone_at(page_in, size, language, region)
    open_match(page, "preferans", NAMES[:players], {"pool_size": 10})
    name = f"preferans-{size['width']}-{language}-{players}"
    shot(page, f"{name}-00-untouched")
    nothing_red(page)
    if players == 4:
        # Ann deals and sits out: never offered as declarer.
        expect(page.locator('label.chip:has(input[name="declarer"][value="0"])')).to_have_count(0)
    mark = taps.mark()
    enter_all(page, seven_made(players))
    last = "tricks_0" if players == 3 else "tricks_3"
    expect(page.locator(f'input[name="{last}"][value="1"]')).to_be_checked()
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    # Before Save the bar says the contract and what it writes, then each player's change.
    expect(page.locator("#bar-state .bar-play")).to_contain_text("7♥")
    expect(page.locator("#bar-state .bar-play")).to_contain_text("+4")
    save_in_view(page)
    shot(page, f"{name}-01-seven-entered")
    saved(page, 1)
    used = taps.since(mark)
    assert taps.of("swipe") == []
    assert used <= 8, f"a 7 made took {used} taps at {size} in {language}: {taps.of('tap')} {taps.of('key')}"
    print(f"preferans at {size['width']} in {language} ({players} players): a 7 made in {used} taps")
    shot(page, f"{name}-02-saved")
    # Hand 2, Bob deals: all pass, two players' tricks (the third follows) and Save.
    mark = taps.mark()
    active = [2, 0] if players == 3 else [2, 3]
    enter_all(page, (("declarer", "all_pass"), (f"tricks_{active[0]}", "4"), (f"tricks_{active[1]}", "3")))
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    saved(page, 2)
    assert taps.since(mark) == 4 and taps.of("swipe") == []
    # The пуля: every player's pool, mountain and whists, and the settlement, on one screen.
    sheet = page.locator("section.pf-sheet")
    sheet.scroll_into_view_if_needed()
    height = sheet.evaluate("el => el.getBoundingClientRect().height")
    shot(page, f"{name}-03-pulya", full_page=False)
    table = page.locator("section.pf-sheet table.pf-table").first
    assert table.evaluate("el => el.getBoundingClientRect().height") < size["height"] - 100
    assert sideways_overflow(page) == 0
    print(f"preferans at {size['width']} in {language} ({players} players): the sheet section is {height:.0f} px tall")
    assert console.unexpected() == []
