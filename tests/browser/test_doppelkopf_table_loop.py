"""Doppelkopf's hand by taps in chromium, as a list keeper writes it: a silent normal game in at
most seven taps and keys with Save (the game chosen beforehand), a solo, and five at the table
(the dealer who sits out never offered)."""
from __future__ import annotations

import pytest

from tests.support.table_loop import enter
from tests.support.table_loop_rounds import PHONE_SMALL, enter_all, nothing_red, open_match, phone_at, save_in_view, saved

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
PHONE = {"width": 390, "height": 844}
WALKS = [(PHONE, "en", "US"), (PHONE_SMALL, "de", "DE"), (PHONE_SMALL, "ru", "RU")]
#: Bob and Cid are Re with 130 card points: won 1, so +1 each and -1 for Ann and Dee
NORMAL_GAME = (("re_1", "1"), ("re_2", "1"), ("re_points", "130"))


@pytest.mark.parametrize(("size", "language", "region"), WALKS, ids=[f"{s['width']}-{lang}" for s, lang, _r in WALKS])
def test_a_silent_normal_game_in_seven_taps(size, language, region, page_in, shot, console):
    """Two Re chips, the card points typed, Save: seven taps and keys, no swipe; then a solo."""
    page, taps = phone_at(page_in, size, language, region)
    open_match(page, "doppelkopf", NAMES[:4])
    name = f"doppelkopf-{size['width']}-{language}"
    shot(page, f"{name}-00-untouched")
    nothing_red(page)
    mark = taps.mark()
    enter_all(page, NORMAL_GAME)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    expect(page.locator("#bar-state .bar-score").first).to_contain_text("-1")
    save_in_view(page)
    shot(page, f"{name}-01-normal-entered")
    saved(page, 1)
    used = taps.since(mark)
    assert taps.of("swipe") == []
    assert used <= 7, f"a silent normal game took {used} taps and keys at {size} in {language}: {taps.of('tap')} {taps.of('key')}"
    print(f"doppelkopf at {size['width']} in {language}: a silent normal game in {used} taps and keys")
    shot(page, f"{name}-02-saved")
    # A clubs solo by Dee, called Re, won with 185: the soloist's triple score in the bar.
    mark = taps.mark()
    enter_all(page, (("game", "clubs"), ("soloist", "3"), ("re_points", "185"), ("re_call", "re")))
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, f"{name}-03-solo-entered")
    saved(page, 2)
    print(f"doppelkopf at {size['width']} in {language}: a called solo in {taps.since(mark)} taps and keys")
    shot(page, f"{name}-04-solo-saved", full_page=True)
    assert console.unexpected() == []


def test_at_five_the_dealer_is_not_offered(page, shot, console):
    """Ann deals and sits out: the line says so, and neither her Re chip nor her soloist chip shows."""
    open_match(page, "doppelkopf", NAMES)
    expect(page.locator("p.who")).to_contain_text("Hand 1: Ann deals and sits out")
    expect(page.locator('label.chip:has(input[name="re_0"])')).to_be_hidden()
    expect(page.locator('label.chip:has(input[name="re_1"])')).to_be_visible()
    enter_all(page, (("re_1", "1"), ("re_4", "1"), ("re_points", "90")))
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, "doppelkopf-five-entered")
    saved(page, 1)
    # Hand 2: Bob deals and sits out; Ann plays again.
    expect(page.locator("p.who")).to_contain_text("Hand 2: Bob deals and sits out")
    expect(page.locator('label.chip:has(input[name="re_0"])')).to_be_visible()
    expect(page.locator('label.chip:has(input[name="re_1"])')).to_be_hidden()
    shot(page, "doppelkopf-five-hand-2")
    assert console.unexpected() == []


def test_no_trick_is_offered_when_the_points_allow(page, shot, console):
    """240 card points to Re: Kontra took no trick, and the chip for it comes up."""
    open_match(page, "doppelkopf", NAMES[:4])
    expect(page.locator("#no-trick")).to_be_hidden()
    enter_all(page, (("re_0", "1"), ("re_2", "1"), ("re_points", "240")))
    expect(page.locator('#no-trick input[value="kontra"]')).to_have_count(1)
    expect(page.locator('#no-trick input[value="re"]')).to_have_count(0)
    enter(page, "no_trick", "kontra")
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, "doppelkopf-no-trick")
    saved(page, 1)
    assert console.unexpected() == []
