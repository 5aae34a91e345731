"""The rules pages in chromium at 390x844 (their tables at 360 too): every game's written rules readable on a phone (its
table of players and sides too), reached from the match page. Spades' house rules, reached
from the form and from a refused round's "why?", are in test_spades_rules_browser.py."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import all_games
from scorekeeper.web import rules_pages
from scorekeeper.web.rules_pages import render
from tests.support.browser_steps import start_match
from tests.support.game_picks import seats
from tests.support.rules_pages import fits_the_phone

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

WRITTEN = [game for game in all_games() if rules_pages.has_rules(game.id)]


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


# Each table of a rules page, as drawn: whether it is wider than its box, and its background
# (the scroll cue: shadows fixed to the box's sides, covered by ones moving with its content).
TABLES_JS = """() => [...document.querySelectorAll('.rules table')].map(table => {
    const style = getComputedStyle(table);
    return {wider: table.scrollWidth - table.clientWidth > 1, image: style.backgroundImage,
            attached: style.backgroundAttachment, head: table.rows[0] ? table.rows[0].innerText.slice(0, 40) : ''};
})"""


@pytest.mark.parametrize(("language", "region"), [("en", "US"), ("de", "DE"), ("ru", "RU")])
def test_a_rules_table_wider_than_the_phone_shows_that_it_scrolls(page_in, language, region, console, shot):
    """At 360 px a table either fits or shows a shadow on the side where more of it is (the
    Nwik table of roles scrolled sideways with no sign that it could)."""
    page = page_in(language, region)
    page.set_viewport_size({"width": 360, "height": 740})
    unmarked = []
    for game in WRITTEN:
        page.goto(f"/rules/{game.id}")
        for table in page.evaluate(TABLES_JS):
            cue = table["image"].count("gradient") >= 4 and "local" in table["attached"] and "scroll" in table["attached"]
            if table["wider"] and not cue:
                unmarked.append(f"{game.id}: {table['head']}")
        fits_the_phone(page, 360)
    shot(page, f"rules-tables-{language}-360")
    assert unmarked == [], f"tables that scroll with no sign of it: {unmarked}"
    assert console.unexpected() == []

