"""A Willi Stich round in chromium at 390x844."""
from __future__ import annotations

import re

import pytest
from table_loop import enter

from tests.web.test_browser import pick, save_round, start_match, valid_preview

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
