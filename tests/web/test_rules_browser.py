"""The rules pages in chromium at 390x844: every game's written rules readable on a phone (its
table of players and sides too), reached from the match page. Spades' house rules, reached
from the form and from a refused round's "why?", are in test_spades_rules_browser.py."""
from __future__ import annotations

import pytest

from scorekeeper.games import all_games
from scorekeeper.web import rules_pages
from scorekeeper.web.rules_pages import render
from tests.game_picks import seats
from tests.web.test_browser import start_match

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

PHONE_WIDTH = 390
WRITTEN = [game for game in all_games() if rules_pages.has_rules(game.id)]


def fits_the_phone(page) -> None:
    """Nothing wider than the screen: a long table scrolls inside itself, not the page."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"the page is {width}px wide"


def test_every_games_players_section_fits_the_phone(page, console, shot):
    """The section on players and sides (a table for some games) at its anchor, no wider than the phone."""
    for game in WRITTEN:
        page.goto(f"/rules/{game.id}#players")
        expect(page.locator("#players")).to_be_in_viewport()
        fits_the_phone(page)
        shot(page, f"rules-03-{game.id}-players")
    assert console.unexpected() == []


def test_match_page_links_its_rules(page, console):
    game = next(game for game in WRITTEN if seats(3)(game))
    start_match(page, game.id, ["Ann", "Bob", "Cid"])
    page.get_by_role("link", name=f"Rules of {game.name}").click()
    expect(page.locator("article.rules h1")).to_have_text(render("en", game.id).title)
    assert console.unexpected() == []
