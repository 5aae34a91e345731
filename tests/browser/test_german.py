"""The app in German in the browser at 390x844 with the real catalog: the pages of every game
with a bidding fit the phone with no English left (Zwicker's deal recorded in German is in
test_zwicker_german.py).

The browser asks for German (Accept-Language and locale), so no switcher is needed; every
sentence on the way (headings, labels, buttons, the live refusal, the saved round's
explanation) must come from scorekeeper/translations/de.
"""
from __future__ import annotations

import pytest

from tests.support.german_pages import fits_the_phone, no_english
from tests.support.picks import games

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def german_page(page_in):
    return page_in("de", "DE")


@pytest.mark.parametrize(
    "url",
    ["/", *(f"/matches/new?game={game.id}" for game in games(lambda game: game.has_bidding)), "/leagues", "/players"],
)
def test_german_pages_fit_the_phone(german_page, console, shot, url):
    page = german_page
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("details").evaluate_all("(all) => all.forEach((d) => d.open = true)")
    no_english(page)
    fits_the_phone(page)
    name = url.strip("/").replace("/", "-").replace("?game=", "-") or "home"
    shot(page, f"german-page-{name}", full_page=True)
    assert console.unexpected() == []
