"""A Willi Stich round in chromium at 390x844."""
from __future__ import annotations

import re

import pytest

from tests.support.browser_steps import pick, save_round, start_match, valid_preview
from tests.support.chromium import VIEWPORT
from tests.support.table_loop import PAGE_SETTLED_JS, enter, overflowing_labels, sideways_overflow
from tests.support.table_loop_rounds import PHONE_SMALL

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_willi_stich_round(page, console, shot):
    start_match(page, "willi-stich", ["Ann", "Bob", "Cid", "Dee"])
    expect(page.locator(".who")).to_contain_text("1 card each")
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#preview")).not_to_contain_text("may not call")
    # Calls in calling order: the dealer Ann last.
    expect(page.locator("#c-bids fieldset legend")).to_have_text(
        ["Bob's call", "Cid's call", "Dee's call", re.compile("^Ann's call")]
    )
    enter(page, "bid_1", "1")
    enter(page, "bid_2", "0")
    enter(page, "bid_3", "0")
    expect(page.locator("#preview")).to_contain_text("The dealer Ann may not call 0")
    # The forbidden call is greyed: a tap on it says why, and it cannot be chosen.
    expect(page.locator("#c-bid_0 details.greyed summary")).to_contain_text("0")
    shot(page, "willi-01-dealer-greyed", full_page=True)
    enter(page, "bid_0", "1")
    for seat, took in enumerate([0, 1, 0]):
        enter(page, f"tricks_{seat}", took)
    expect(page.locator('input[name="tricks_3"][value="0"]')).to_be_checked()
    pick(page, "trump", "hearts")
    valid_preview(page)
    save_round(page, 1)
    expect(page.locator(".who")).to_contain_text("2 cards each")
    expect(page.locator(".total .points")).to_have_text(["0", "11", "10", "10"])
    assert console.unexpected() == []


@pytest.mark.parametrize("size", [VIEWPORT, PHONE_SMALL], ids=["390", "360"])
def test_the_tricks_so_far_are_read_whole_above_the_save_bar(page, console, shot, size):
    """The calls saved, a trick tapped: the page brings the tricks still open up above the save
    bar, and the live check's lines under them ("Tricks so far: 0 of 1") come up whole too (at
    360x740 the line sat half under the bar, the dealer's line under it wholly)."""
    page.set_viewport_size(size)
    start_match(page, "willi-stich", ["Ann", "Bob", "Cid", "Dee"])
    for seat, call in ((1, 1), (2, 0), (3, 0), (0, 1)):
        enter(page, f"bid_{seat}", call)
    page.locator("#save-bids").click()
    expect(page.locator("#play-view")).to_be_visible()
    enter(page, "tricks_0", 0)
    notes = page.locator("#preview .notes")
    expect(notes).to_contain_text("Tricks so far: 0 of 1")
    page.wait_for_function(PAGE_SETTLED_JS)  # the answer drawn, and the page moved for it
    shot(page, f"willi-tricks-so-far-{size['width']}")
    lines, bar = notes.bounding_box(), page.locator("#save-bar").bounding_box()
    assert lines is not None and bar is not None
    assert lines["y"] >= 0 and lines["y"] + lines["height"] <= bar["y"], f"the lines {lines} are not wholly above the bar {bar}"
    assert console.unexpected() == []


# On how many lines an element's words are drawn (the tops of its text's boxes): a read of the page.
LINES_OF_WORDS_JS = """el => { const range = document.createRange(); range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size; }"""


@pytest.mark.parametrize("size", [VIEWPORT, PHONE_SMALL], ids=["390", "360"])
@pytest.mark.parametrize(("language", "region", "suits"), [
    ("en", "US", ["♣ Clubs", "♦ Diamonds", "♥ Hearts", "♠ Spades"]),
    ("de", "DE", ["♣ Kreuz", "♦ Karo", "♥ Herz", "♠ Pik"]),
    ("ru", "RU", ["♣ Трефы", "♦ Бубны", "♥ Черви", "♠ Пики"]),
], ids=["en", "de", "ru"])
def test_a_trumps_sign_stays_on_the_line_of_its_name(page_in, console, shot, size, language, region, suits):
    """The trump's chips at 360 and 390 px in English, German and Russian: each suit's sign and
    name on one line ("♦" stood over "Diamonds", "♣" over "Трефы"), no chip's words past it,
    and the page no wider than the phone."""
    page = page_in(language, region)
    page.set_viewport_size(size)
    page.goto("/matches/new?game=willi-stich")
    for seat, name in enumerate(["Ann", "Bob", "Cid", "Dee"]):
        page.locator(f"#player_{seat}").fill(name)
    page.locator("#start").click()
    chips = page.locator("#c-trump label.chip > span")
    expect(chips).to_have_text([*suits, re.compile(".")])
    page.locator("#c-trump").scroll_into_view_if_needed()
    shot(page, f"willi-trumps-{language}-{size['width']}")
    lines = {suit: chips.nth(index).evaluate(LINES_OF_WORDS_JS) for index, suit in enumerate(suits)}
    assert all(count == 1 for count in lines.values()), f"a suit's sign and name on lines apart: {lines}"
    assert overflowing_labels(page) == []
    assert sideways_overflow(page) == 0
    assert console.unexpected() == []
