"""Zwicker in German in the browser: one deal recorded at 390x844 with the real catalog.

The browser asks for German (Accept-Language and locale), so no switcher is needed; every
sentence on the way (headings, labels, buttons, the live refusal, the saved round's
explanation) must come from scorekeeper/translations/de.
"""
from __future__ import annotations

import re

import pytest

from tests.support.browser_steps import pick
from tests.support.german_pages import fits_the_phone, no_english, visible_text
from tests.support.table_loop import enter

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def german_page(page_in):
    return page_in("de", "DE")


def test_zwicker_deal_in_german(german_page, console, shot):
    page = german_page
    page.goto("/matches/new?game=zwicker")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_title("Neue Partie · Scorekeeper")
    expect(page.get_by_role("heading", level=1)).to_have_text("Neue Partie")
    seats = page.locator("input[id^=player_]")
    while seats.count() > 2:
        count = seats.count()
        page.get_by_role("button", name="− Letzten Platz entfernen").click()
        expect(seats).to_have_count(count - 1)
    page.fill("#player_0", "Anna")
    page.fill("#player_1", "Ben")
    expect(page.get_by_text("Optionen (Hausregeln)")).to_be_visible()
    shot(page, "german-01-new-match", full_page=True)
    no_english(page)
    fits_the_phone(page)
    page.get_by_role("button", name="Zwicker starten").click()

    # The round entry: heading, dealer line, legends and steppers in German.
    expect(page.locator("#h-entry")).to_have_text("Runde 1")
    expect(page.locator(".who")).to_have_text("Anna gibt · Blatt mit 55 Karten")
    expect(page.get_by_text("Erbeutete Karten (insgesamt 55)")).to_be_visible()
    expect(page.get_by_text("Wertkarten: wer hat welche?")).to_be_visible()
    expect(page.locator(".honour-grid th[scope=row]").first).to_have_text("Joker 25 7 Punkte wert")

    enter(page, "cards_0", "30")
    enter(page, "cards_1", "20")  # 50 of 55: refused live
    enter(page, "zwicks_0", "2")
    enter(page, "zwicks_1", "0")
    for code in ("J25", "J15", "D10", "AS", "AH"):
        pick(page, f"honour_{code}", 0)
    for code in ("J20", "D7", "S7", "AD", "AC"):
        pick(page, f"honour_{code}", 1)
    refusal = page.locator("#preview .refusal")
    expect(refusal).to_contain_text("die Karten müssen zusammen 55 ergeben (Blatt mit 3 Jokern), es sind aber 50")
    expect(page.locator("#save")).to_be_disabled()
    expect(page.locator("#save")).to_have_text("Runde 1 speichern")
    no_english(page)
    fits_the_phone(page)
    shot(page, "german-02-refused", full_page=True)

    # Corrected: 30 + 25 = 55, the preview explains the score in German.
    enter(page, "cards_1", "25")
    expect(refusal).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("Diese Runde ergäbe")
    expect(page.locator("#preview")).to_contain_text("meiste Karten")
    expect(page.locator("#preview")).to_contain_text("2 Zwicks")
    expect(page.locator("#save")).to_be_enabled()
    shot(page, "german-03-preview", full_page=True)
    page.locator("#save").click()

    # Saved: round 2 is next, the saved round's explanation is German.
    expect(page.locator("#h-entry")).to_have_text("Runde 2")
    expect(page.locator("#round-1")).to_have_count(1)
    expect(page.locator(".total .points")).to_have_text(["22", "12"])
    saved = page.locator("#round-1")
    expect(saved).to_contain_text("meiste Karten")
    expect(saved).to_contain_text("2 Zwicks")
    expect(saved).to_contain_text("Anna gab")
    expect(page.locator(".who")).to_have_text("Ben gibt · Blatt mit 55 Karten")
    no_english(page)
    fits_the_phone(page)
    shot(page, "german-04-saved", full_page=True)
    saved.scroll_into_view_if_needed()
    shot(page, "german-05-rounds")
    assert re.search(r"Runde 1", visible_text(page))
    assert console.unexpected() == []
