"""Willi Stich's own table loop in chromium: calls first with the dealer last, the dealer's
forbidden call greyed once the others called."""
from __future__ import annotations

import pytest

from tests.support.table_loop import enter, tap
from tests.support.table_loop_rounds import (
    NAMES,
    nothing_red,
    open_match,
)

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_willi_stich_calls_first_with_the_dealer_last(page, taps, shot, console):
    """Calls in calling order (dealer Ann last), saved; the play view says what the dealer could not call."""
    open_match(page, "willi-stich", NAMES[:4])
    mark = taps.mark()
    for seat, call in ((1, 1), (2, 0), (3, 0), (0, 1)):
        enter(page, f"bid_{seat}", call)
    tap(page, page.locator("#save-bids"))
    expect(page.locator("#play-view")).to_contain_text("could not call 0")
    expect(page.locator("#play-view")).to_contain_text("Bob leads")
    shot(page, "loop-willi-two-step-calls-saved")
    for seat, took in ((0, 0), (1, 1), (2, 0)):
        enter(page, f"tricks_{seat}", took)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    tap(page, page.locator("#save"))
    expect(page.locator("#round-1")).to_have_count(1)
    assert taps.since(mark) <= 2 * 4 + 1
    assert console.unexpected() == []


def test_willi_stich_dealer_call_greyed_once_the_others_called(page, shot, console):
    """Before anyone called, nothing is greyed or red; once the others' calls are in, the
    dealer's forbidden call is greyed and a tap on it says why."""
    open_match(page, "willi-stich", NAMES[:4])
    nothing_red(page)
    expect(page.locator("#c-bid_0 details.greyed")).to_have_count(0)
    for seat, call in ((1, 1), (2, 0), (3, 0)):
        enter(page, f"bid_{seat}", call)
    greyed = page.locator("#c-bid_0 details.greyed")
    expect(greyed).to_have_count(1)
    expect(greyed.locator("summary")).to_contain_text("0")
    greyed.locator("summary").click()
    expect(greyed.locator(".why-not")).to_contain_text("may not call 0")
    shot(page, "loop-willi-dealer-greyed")
    nothing_red(page)
    assert console.unexpected() == []
