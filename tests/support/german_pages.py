"""A page in German in the browser: the text a player sees, no English in it, and no overflow
of the phone's width."""
from __future__ import annotations

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


def visible_text(page) -> str:
    return page.locator("body").inner_text()


def no_english(page) -> None:
    text = visible_text(page)
    found = [word for word in ENGLISH if word in text]
    assert found == [], f"English left on the German page: {found}"


def fits_the_phone(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is wider than the phone: {widths}"
