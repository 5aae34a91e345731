"""Skat's deal by taps in chromium, as a club list keeper writes it: a won suit game in at most
eight taps and keys with Save, all passed in one tap, a null game (its bids above its value
greyed), four at the table (the dealer who sits out never offered) and a Ramsch."""
from __future__ import annotations

import pytest

from tests.support.table_loop import enter
from tests.support.table_loop_rounds import PHONE_SMALL, enter_all, nothing_red, open_match, phone_at, save_in_view, saved

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

NAMES = ["Ann", "Bob", "Cid", "Dee"]
PHONE = {"width": 390, "height": 844}
WALKS = [(PHONE, "en", "US"), (PHONE_SMALL, "de", "DE"), (PHONE_SMALL, "ru", "RU")]
#: Bob declares clubs with 2, bid 18, 85 card points: +86 on the Seeger-Fabian list
SUIT_GAME = (("declarer", "1"), ("game", "clubs"), ("matadors", "2"), ("bid", "18"), ("points", "85"))


@pytest.mark.parametrize(("size", "language", "region"), WALKS, ids=[f"{s['width']}-{lang}" for s, lang, _r in WALKS])
def test_a_won_suit_game_in_eight_taps_and_all_passed_in_one(size, language, region, page_in, shot, console):
    """Declarer, game, matadors, bid, the card points typed, Save: eight taps and keys, no
    swipe, "with" chosen beforehand; then all passed: one tap and Save."""
    page, taps = phone_at(page_in, size, language, region)
    open_match(page, "skat", NAMES[:3])
    name = f"skat-{size['width']}-{language}"
    shot(page, f"{name}-00-untouched")
    nothing_red(page)
    mark = taps.mark()
    enter_all(page, SUIT_GAME)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    expect(page.locator("#bar-state")).to_contain_text("+86")
    save_in_view(page)
    shot(page, f"{name}-01-suit-game-entered")
    saved(page, 1)
    used = taps.since(mark)
    assert taps.of("swipe") == []
    assert used <= 8, f"a won suit game took {used} taps and keys at {size} in {language}: {taps.of('tap')} {taps.of('key')}"
    print(f"skat at {size['width']} in {language}: a won suit game in {used} taps and keys")
    shot(page, f"{name}-02-saved")
    mark = taps.mark()
    enter(page, "declarer", "pass")
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    saved(page, 2)
    assert taps.since(mark) == 2 and taps.of("swipe") == []
    shot(page, f"{name}-03-all-passed-saved")
    assert console.unexpected() == []


def test_a_null_game_greys_the_bids_above_its_value(page, shot, console):
    """Null: the bids past 23 are greyed (a tap on one says why), the bar says its value, then won."""
    open_match(page, "skat", NAMES[:3])
    enter_all(page, (("declarer", "2"), ("game", "null")))
    greyed = page.locator("#bid-chips details.greyed")
    expect(greyed.first).to_be_visible()
    expect(page.locator('#bid-chips input[name="bid"]')).to_have_count(4)
    expect(page.locator("#bar-state")).to_contain_text("Null is worth 23")
    greyed.first.locator("summary").click()
    expect(greyed.first.locator(".why-not")).to_contain_text("Null is worth 23, the bid was 24")
    shot(page, "skat-null-greyed")
    # Hand makes it worth 35: the bids up to 35 come back.
    enter(page, "hand", "1")
    expect(page.locator('#bid-chips input[name="bid"][value="35"]')).to_have_count(1)
    expect(page.locator("#bar-state")).to_contain_text("Null hand is worth 35")
    enter_all(page, (("bid", "35"), ("won", "1")))
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    expect(page.locator("#bar-state")).to_contain_text("+85")
    shot(page, "skat-null-entered")
    saved(page, 1)
    assert console.unexpected() == []


def test_at_four_the_dealer_is_not_offered(page, shot, console):
    """Ann deals and sits out: the line says so, and only Bob, Cid and Dee may declare."""
    open_match(page, "skat", NAMES)
    expect(page.locator("p.who")).to_contain_text("Deal 1: Ann deals and sits out")
    offered = page.locator('input[name="declarer"]')
    expect(offered).to_have_count(4)
    assert [offered.nth(index).get_attribute("value") for index in range(4)] == ["1", "2", "3", "pass"]
    enter_all(page, (("declarer", "3"), ("game", "grand"), ("matadors", "1"), ("bid", "48"), ("points", "70")))
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, "skat-four-entered")
    saved(page, 1)
    # Deal 2: Bob deals and sits out; Ann may declare again.
    expect(page.locator("p.who")).to_contain_text("Deal 2: Bob deals and sits out")
    values = [page.locator('input[name="declarer"]').nth(index).get_attribute("value") for index in range(4)]
    assert values == ["2", "3", "0", "pass"]
    shot(page, "skat-four-deal-2")
    assert console.unexpected() == []


def test_a_ramsch_when_all_pass(page, shot, console):
    """With the Ramsch house rule, all passed asks each player's card points; the last follows."""
    open_match(page, "skat", NAMES[:3], {"ramsch": True})
    enter_all(page, (("declarer", "pass"), ("ramsch_1", "30"), ("ramsch_2", "50")))
    expect(page.locator('input[name="ramsch_0"]')).to_have_value("40")
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    save_in_view(page)
    shot(page, "skat-ramsch-entered")
    saved(page, 2 - 1)
    assert console.unexpected() == []
