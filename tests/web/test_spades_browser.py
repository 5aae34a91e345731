"""A Spades round in chromium at 390x844."""
from __future__ import annotations

import pytest
from table_loop import enter

from tests.web.test_browser import refused, save_round, start_match, valid_preview

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
