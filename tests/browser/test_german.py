"""The app in German in the browser at 390x844 with the real catalog: the pages of every game
with a bidding fit the phone with no English left (Zwicker's deal recorded in German is in
test_zwicker_german.py).

The browser asks for German (Accept-Language and locale), so no switcher is needed; every
sentence on the way (headings, labels, buttons, the live refusal, the saved round's
explanation) must come from scorekeeper/translations/de.
"""
from __future__ import annotations

import pytest

from tests.support.picks import games

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

# English words of the UI that must not show through anywhere on a German page.
ENGLISH = [
    "Save round",
    "Round ",
    "New match",
    "tricks",
    "Cards captured",
    "Honours",
    "deals",
    "deck of",
    "Nobody",
    "This round would score",
    "one more",
    "Running totals",
    "History",
    "Share",
    "Undo",
    "Language",
    "most cards",
    "must add up",
]


@pytest.fixture
def german_page(page_in):
    return page_in("de", "DE")


def visible_text(page) -> str:
    return page.locator("body").inner_text()


def no_english(page) -> None:
    text = visible_text(page)
    found = [word for word in ENGLISH if word in text]
    assert found == [], f"English left on the German page: {found}"


def fits_the_phone(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is wider than the phone: {widths}"


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
