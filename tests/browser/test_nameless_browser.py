"""Nameless rounds in chromium at 390x844: one round, and an edit (refused, then saved) and an undo."""
from __future__ import annotations

import re

import pytest

from tests.support.browser_steps import pick, refused, save_round, start_match, valid_preview
from tests.support.table_loop import enter

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_nameless_round(page, console, shot):
    start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    for seat, took in enumerate([0, 4, 0, 0]):
        enter(page, f"tricks_{seat}", str(took))
    pick(page, "alone", 1)  # a chip, like the other choices
    refused(page, "tricks must add up to 5, got 4")
    enter(page, "tricks_3", "1")
    refused(page, "Bob went alone, so partner Dee must take 0 tricks, got 1")
    shot(page, "nameless-01-refused", full_page=True)
    enter(page, "tricks_3", "0")
    enter(page, "tricks_2", "1")
    valid_preview(page)
    save_round(page, 1)
    expect(page.locator(".total .points")).to_have_text(["-2", "6"])
    assert console.unexpected() == []


def test_edit_and_undo(page, console, shot):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid"])
    for seat, took in enumerate([3, 1, 1]):
        enter(page, f"tricks_{seat}", str(took))
    valid_preview(page)
    save_round(page, 1)
    page.locator("#round-1 a.why-mark").click()  # the round's Edit is under its line on the sheet
    page.get_by_role("link", name="Edit round 1").click()
    expect(page.locator("#h-entry")).to_have_text("Edit round 1")
    expect(page.locator('input[name="tricks_0"][value="3"]')).to_be_checked()
    enter(page, "tricks_0", "4")
    refused(page, "tricks must add up to 5, got 6")
    enter(page, "tricks_1", "0")
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator(".total .points")).to_have_text(["6", "-2", "-2"])
    page.get_by_role("link", name=re.compile("Undo round 1")).click()
    shot(page, "undo-confirm")
    page.get_by_role("button", name="Yes, undo round 1").click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    expect(page.locator("tbody[id^=round-]")).to_have_count(0)
    assert page.url.endswith(f"/matches/{match_id}")
    assert console.unexpected() == []
