"""Steps of the browser tests on a phone: a match started by taps, a game picked, a round
previewed and saved or refused, the match as the API has it."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

from scorekeeper.engine.games import get_game
from tests.support.data import players_for
from tests.support.table_loop import (
    assert_accessible,
    sideways_overflow,
    tap,
)

expect = pytest.importorskip("playwright.sync_api").expect


def start_match(page, game: str, players: list[str], first_dealer: int = 0, league: str | None = None) -> str:
    page.goto(f"/matches/new?game={game}" + (f"&league={league}" if league else ""))
    seats = page.locator("input[id^=player_]")
    while seats.count() < len(players):
        count = seats.count()
        page.get_by_role("button", name="+ Add seat").click()
        expect(seats).to_have_count(count + 1)
    while seats.count() > len(players):
        count = seats.count()
        page.get_by_role("button", name="− Remove last seat").click()
        expect(seats).to_have_count(count - 1)
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    page.select_option("#first_dealer", str(first_dealer))
    page.get_by_role("button", name=re.compile("^Start ")).click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    return page.url.rsplit("/", 1)[1].split("#")[0]


def pick(page, name: str, value) -> None:
    """Tap a radio chip (the visible label of a visually hidden radio), once the page has
    settled, as a player looks before tapping: a live check's answer may bring the next
    question up, and a tap aimed before that lands beside the chip (Zwicker's first honour
    was lost so, now and then)."""
    tap(page, page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])'))


def valid_preview(page) -> None:
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("This round would score")
    expect(page.locator("#save")).to_be_enabled()


def refused(page, message: str) -> None:
    """The round is refused in `message`'s words, read in the save bar (in view wherever the
    round was tapped), and cannot be saved."""
    bar = page.locator("#bar-state")
    expect(bar).to_contain_text(message)
    expect(bar).to_have_class("bar-state bad")
    expect(bar).to_be_in_viewport()
    expect(page.locator("#save")).to_be_disabled()


def save_round(page, number: int, finishes: bool = False) -> None:
    page.locator("#save").click()
    if finishes:
        expect(page.locator("#winner-banner")).to_be_visible()
    else:
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
    expect(page.locator(f"#round-{number}")).to_have_count(1)


def api(live_server: str, match_id: str) -> dict:
    with urllib.request.urlopen(f"{live_server}/api/v1/matches/{match_id}") as response:
        return json.load(response)


# What a page still does after its load event, which axe must see done: htmx's requests
# (a round form asks the server's preview on load) swapped and settled, and the offline
# page's list of the matches stored on this phone (IndexedDB, read by phone-matches.js) shown.
# Not "networkidle": it waits 500 ms on every page, and the match pages poll for live sync.
SETTLED_JS = """() => {
    const busy = document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added');
    const stored = document.getElementById('phone-matches');
    return !busy && !(stored && stored.hidden);
}"""


def new_match(page, game_id: str) -> str:
    response = page.request.post("/api/v1/matches", data={"game": game_id, "players": players_for(get_game(game_id))})
    assert response.status == 201, response.text()
    return response.json()["id"]


def check_page(page, shot, name: str) -> None:
    shot(page, f"bids-{name}")
    assert_accessible(page, name)
    assert sideways_overflow(page) == 0, name
