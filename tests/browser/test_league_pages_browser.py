"""League and player pages in the browser at 390x844 (their pages without JavaScript:
tests/web/test_league_pages.py)."""
from __future__ import annotations

import re

import pytest

from tests.support.api import sign_up
from tests.support.game_picks import NAMES
from tests.support.league_pages import FILTERED, FILTERED_NAME, FILTERED_PLAYERS, FOR_TWO, LEFT_OUT
from tests.support.leagues_data import new_league


@pytest.mark.browser
def test_league_and_player_pages_in_the_browser(page, console, shot, live_server, client):
    expect = pytest.importorskip("playwright.sync_api").expect
    # Leagues belong to accounts: the test client signs in as their owner ("owner"), and posts with CSRF tokens.
    sign_up(client)
    league_id, _ = new_league(client)
    # The browser signs in as the same account (the league's owner).
    signed = page.request.post("/api/v1/session", data={"username": "owner", "password": "correct horse battery"})
    assert signed.status == 200
    season = {"name": "Autumn", "starts_on": "2026-09-01", "ends_on": "2026-12-31", "min_matches": "5"}
    assert client.post(f"/leagues/{league_id}/seasons", data=season).status_code == 303
    page.goto(f"/leagues/{league_id}")
    expect(page.locator("h1")).to_have_text("Thursday")
    standings = page.locator("#standings table.standings")
    expect(standings.locator("tbody tr").first).to_contain_text("Ann")
    shot(page, "league-01-standings")
    shot(page, "league-02-full", full_page=True)
    for section in ("h-h2h", "h-records", "members"):
        page.locator(f"#{section}").evaluate("element => element.scrollIntoView()")
        shot(page, f"league-02-{section}")
    page.evaluate("window.scrollTo(0, 0)")
    # The game filter swaps the standings block in place (htmx) and updates the address.
    page.select_option("#filter-game", FILTERED)
    expect(page).to_have_url(re.compile(rf"\?game={re.escape(FILTERED)}$"))
    expect(standings.locator("tbody tr")).to_have_count(len(FILTERED_PLAYERS))
    expect(page.locator("#standings .filter-note")).to_contain_text(FILTERED_NAME)
    expect(standings).not_to_contain_text(LEFT_OUT)
    assert page.locator("#filter-game").input_value() == FILTERED
    shot(page, "league-03-one-game")
    assert_phone_layout(page)
    page.select_option("#filter-game", "")
    page.select_option("#filter-season", label="Autumn")
    expect(page.locator("#standings .unranked-note")).to_contain_text("fewer than 5 matches")
    shot(page, "league-03-season-unranked")
    page.select_option("#filter-season", "")
    expect(page.locator("#standings .unranked-note")).to_have_count(0)
    # A player's page with the rating chart.
    page.locator("#standings a", has_text="Bob").first.click()
    expect(page.locator("h1")).to_have_text("Bob")
    expect(page.locator("svg.chart polyline").first).to_be_visible()
    shot(page, "player-01-top")
    shot(page, "player-02-full", full_page=True)
    assert_phone_layout(page)
    page.goto("/leagues")
    shot(page, "leagues-01-list", full_page=True)
    assert_phone_layout(page)
    # Home links to the leagues; a match started in a league links back to it.
    page.goto("/")
    page.get_by_role("link", name="Leagues").click()
    expect(page.locator("h1")).to_have_text("Leagues")
    page.goto(f"/matches/new?game={FOR_TWO.id}&league={league_id}")
    expect(page.locator("#league")).to_have_value(league_id)
    for seat in range(page.locator("input[id^=player_]").count()):  # as many as the game's form starts with
        page.fill(f"#player_{seat}", NAMES[seat])
    shot(page, "league-04-new-match", full_page=True)
    page.get_by_role("button", name=f"Start {FOR_TWO.name}").click()
    expect(page.locator(".league-of a")).to_have_text("Thursday")
    shot(page, "league-05-match")
    assert console.unexpected() == []


def assert_phone_layout(page) -> None:
    """No sideways scrolling of the page itself, and every form control has a label."""
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is wider than the phone: {widths}"
    unlabelled = page.evaluate(
        """Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea'))
             .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
             .map(el => el.outerHTML)"""
    )
    assert unlabelled == []
