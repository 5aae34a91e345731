"""Nameless's own table loop in chromium: who went alone and who reneged are chips."""
from __future__ import annotations

import pytest

from tests.support.table_loop import assert_accessible, assert_tap_sizes, enter_round, tap
from tests.support.table_loop_rounds import (
    NAMES,
    nothing_red,
    open_match,
)

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_nameless_alone_and_renege_are_chips(page, taps, shot, console):
    """Who went alone and who reneged: chips like the others' ("Nobody" chosen until a player
    is tapped), 44 px and keyboard-usable; Bob alone takes 3 of 5 with his partner Dee at 0."""
    open_match(page, "nameless", NAMES[:4])
    expect(page.locator("form.round-form select")).to_have_count(0)
    for name in ("alone", "renege"):
        expect(page.locator(f'input[name="{name}"][value=""]')).to_be_checked()
        expect(page.locator(f'#c-{name} label.chip')).to_have_count(5)
    nothing_red(page)
    assert_tap_sizes(page, "Nameless round form")
    mark = taps.mark()
    enter_round(page, {"tricks_0": "1", "tricks_1": "3", "tricks_2": "1"})
    page.locator('label.chip:has(input[name="alone"][value="1"])').click()
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    # By keyboard: the renege chips are one radio group; the arrow keys move along it and back.
    page.locator('input[name="renege"][value=""]').focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('input[name="renege"][value="0"]')).to_be_checked()
    page.keyboard.press("ArrowLeft")
    expect(page.locator('input[name="renege"][value=""]')).to_be_checked()
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, "loop-nameless-alone-chips", full_page=True)
    assert_accessible(page, "Nameless with alone and renege chips")
    tap(page, page.locator("#save"))
    expect(page.locator("#round-1")).to_contain_text("alone")
    assert taps.since(mark) == 3 + 1 + 2 + 1  # tricks, alone, two arrow keys, Save
    shot(page, "loop-nameless-alone-saved")
    taps.assert_honest()
    assert console.unexpected() == []
