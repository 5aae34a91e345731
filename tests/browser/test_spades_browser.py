"""A Spades round in chromium at 390x844, and its live check refusing a contract of 0 while tapping."""
from __future__ import annotations

import pytest

from tests.support.browser_steps import check_page, new_match, refused, save_round, start_match, valid_preview
from tests.support.table_loop import enter

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_spades_round(page, console, shot):
    start_match(page, "spades", ["Ann", "Bob", "Cid", "Dee"])
    # Level at 0: blind nil is greyed (a tap says why), nil is a chip.
    expect(page.locator('#c-bid_0 details.greyed')).to_contain_text("blind nil")
    expect(page.locator('input[name="bid_0"][value="nil"]')).to_have_count(1)
    for seat, bid in enumerate(["4", "nil", "3", "2"]):
        enter(page, f"bid_{seat}", bid)
    for seat, took in enumerate([5, 1, 4]):
        enter(page, f"tricks_{seat}", str(took))
    expect(page.locator('input[name="tricks_3"][value="3"]')).to_be_checked()
    enter(page, "tricks_3", "2")
    refused(page, "tricks must add up to 13, got 12")
    shot(page, "spades-01-refused", full_page=True)
    enter(page, "tricks_3", "3")
    valid_preview(page)
    expect(page.locator("#preview")).to_contain_text("nil by Bob failed")
    save_round(page, 1)
    expect(page.locator(".total .points")).to_have_text(["72", "-28"])
    shot(page, "spades-02-saved", full_page=True)
    assert console.unexpected() == []


def test_a_spades_contract_of_0_is_refused_while_tapping(page, taps, shot, console):
    page.goto(f"/matches/{new_match(page, 'spades')}")
    enter(page, "bid_1", "0")
    enter(page, "bid_3", "0")
    # The save bar says the rule in its words with its "why?", in view beside the bid just tapped.
    bar = page.locator("#bar-state")
    expect(bar).to_have_class("bar-state bad")
    expect(bar).to_contain_text("Bob & Dee bid 0 tricks together, but a side's contract must be 1 to 13")
    why = bar.locator("a.rule-link")
    expect(why).to_have_attribute("href", "/rules/spades#rule-contract")
    expect(why).to_be_in_viewport()
    check_page(page, shot, "spades-contract-0")
    # The bar grew by the rule's lines: the chip that mends the bid is still in reach, no swipe.
    mark = len(taps.events)
    enter(page, "bid_3", "3")
    # What the player's fingers did: one tap. The page scrolling itself on to the next question
    # after the tap (next-question.js) is no cost of the player's, and comes before or after this line
    # as the machine's load has it (a fresh clone's run saw it once): a swipe is counted.
    fingers = [kind for kind, _detail in taps.events[mark:] if kind != "scroll"]
    assert fingers == ["tap"], taps.events[mark:]
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#bar-state")).not_to_have_class("bar-state bad")
    taps.assert_honest()
    assert console.unexpected() == []
