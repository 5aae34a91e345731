"""A Zwicker round in chromium at 390x844: the cards follow from the deck, the rest of the honours in one tap."""
from __future__ import annotations

import pytest
from table_loop import enter

from tests.web.test_browser import pick, save_round, start_match, valid_preview

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_zwicker_round(page, console, shot):
    start_match(page, "zwicker", ["Ann", "Bob"])
    expect(page.locator(".who")).to_contain_text("deck of 55 cards")
    enter(page, "cards_0", "30")
    expect(page.locator("#f-cards_1")).to_have_value("25")  # follows from the deck
    enter(page, "zwicks_0", "2")
    enter(page, "zwicks_1", "0")
    for code in ("J25", "J15", "D10", "AS", "AH"):
        pick(page, f"honour_{code}", 0)
    for code in ("J20", "D7", "S7", "AD"):
        pick(page, f"honour_{code}", 1)
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#bar-state")).to_contain_text("who took Ace of Clubs")
    shot(page, "zwicker-01-missing", full_page=True)
    page.get_by_role("button", name="The rest: Bob").click()
    valid_preview(page)
    save_round(page, 1)
    expect(page.locator(".total .points")).to_have_text(["22", "12"])
    shot(page, "zwicker-02-saved", full_page=True)
    assert console.unexpected() == []
