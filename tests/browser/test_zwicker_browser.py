"""A Zwicker round in chromium at 390x844: the cards follow from the deck, the rest of the honours in one tap."""
from __future__ import annotations

import pytest

from tests.support.browser_steps import api, pick, refused, save_round, start_match, valid_preview
from tests.support.table_loop import enter

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


def test_more_cards_than_the_deck_are_refused_in_the_rules_words(page, console, live_server):
    """A count typed past the deck ("6", then "0": 60 of 55) is checked like any other: the
    other side's count filled in after the "6" yields, the bar says the deck's limit with its
    rule, and nothing is recorded."""
    match_id = start_match(page, "zwicker", ["Ann", "Bob"])
    pick(page, "honour_J25", 0)
    page.get_by_role("button", name="The rest: Bob").click()
    enter(page, "cards_0", "6")
    expect(page.locator("#f-cards_1")).to_have_value("49")
    page.locator("#f-cards_0").press("End")
    page.keyboard.type("0")
    expect(page.locator("#f-cards_0")).to_have_value("60")
    refused(page, "cards of Ann must be at most 55, got 60")
    expect(page.locator("#bar-state a.rule-link")).to_be_in_viewport()
    page.locator("#save").click(force=True)
    assert api(live_server, match_id)["rounds"] == []
    assert console.unexpected() == []
