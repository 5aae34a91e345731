"""Switching the language in the browser, with JavaScript (the pages' language without it:
tests/web/test_language.py)."""
from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper.engine.entry import adapter_for
from tests.support.game_picks import a_game, play, seats
from tests.support.table_loop import enter_round


def test_switching_language_in_the_browser(page, console, shot, live_server, catalogs):
    """With JavaScript the select submits itself; the home and match pages at 390x844 in Russian."""
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#language-form button[type=submit]")).to_be_hidden()  # JS on: no button needed
    page.select_option("#language-select", "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#h-progress")).to_have_text("Идут сейчас")
    expect(page.locator("#language-select")).to_have_value("ru")
    page.locator("footer").scroll_into_view_if_needed()
    shot(page, "language-01-home-ru")
    game = a_game(seats(4))  # four Russian names, as many seats as its new-match form first offers
    names = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор"][: adapter_for(game).first_seat_count()]
    page.goto(f"/matches/new?game={game.id}")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.locator("button[value=create]").click()
    expect(page.locator("#h-entry")).to_have_text("Раунд 1")
    enter_round(page, play(game, names).form(1))
    expect(page.locator("#preview")).to_contain_text("Очки за этот раунд")
    expect(page.locator("#save")).to_have_text("Сохранить раунд 1")
    shot(page, "language-02-match-ru")
    page.locator("footer").scroll_into_view_if_needed()
    shot(page, "language-03-match-footer-ru")
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is wider than the phone: {widths}"
    # Back to English from the match page: the switcher returns to the same page.
    match_url = page.url
    page.select_option("#language-select", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.url.split("#")[0] == match_url.split("#")[0]
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    assert console.unexpected() == []
