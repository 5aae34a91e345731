"""Browser tests: Playwright driving Debian's chromium at 390x844 against the live server."""
from __future__ import annotations

import json
import logging
import re
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.engine.games import all_games
from tests.support.browser_steps import SETTLED_JS, api, save_round, start_match, valid_preview
from tests.support.data import players_for
from tests.support.game_picks import a_game, play, seats
from tests.support.table_loop import enter_round

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


FOUR = ["Ann", "Bob", "Cid", "Dee"]


@contextmanager
def werkzeug_requests() -> Iterator[list[str]]:
    """The request lines the live server logs meanwhile. Its own handler, and the logger
    enabled: alembic's logging config (the migration tests) disables existing loggers."""
    logger = logging.getLogger("werkzeug")
    lines: list[str] = []
    handler = logging.Handler(logging.INFO)
    handler.emit = lambda record: lines.append(record.getMessage())  # type: ignore[method-assign]
    level, disabled = logger.level, logger.disabled
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.disabled = False
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.disabled = disabled


def test_a_saved_round_costs_its_post_and_no_new_page(page, console, shot):
    """Save posts the round and swaps in the server's blocks (issue 38): one POST, the
    document kept (no load), and at most one GET of the page, the service worker's copy for
    offline kept fresh in the background. Counted where the server logs each request it answers."""
    game = a_game(seats(4))
    match_id = start_match(page, game.id, FOUR)
    enter_round(page, play(game, FOUR).form(1))
    valid_preview(page)
    loads = []
    page.on("load", lambda _page: loads.append(1))
    with werkzeug_requests() as answered:
        save_round(page, 1)
        expect(page.locator("#round-1.sending")).to_have_count(0)  # the server's blocks are in
    assert loads == []
    assert sum(f"POST /matches/{match_id}/rounds HTTP" in line for line in answered) == 1, answered
    assert sum(f'"GET /matches/{match_id} HTTP' in line for line in answered) <= 1, answered
    shot(page, "saved-once")
    assert console.unexpected() == []


# --------------------------------------------------------------------------- offline


def test_round_recorded_offline_is_stored_once(page, context, console, shot, live_server):
    game = a_game(seats(4))
    played = play(game, FOUR)
    match_id = start_match(page, game.id, FOUR)
    # Left alone a moment, the phone stores what it needs offline and says so beside the
    # round's heading, in view (the top bar is scrolled away: the page opens at the scores).
    expect(page.locator("#net-status")).to_have_text("Ready offline", timeout=60_000)
    expect(page.locator("#net-status")).to_be_in_viewport(ratio=1)
    enter_round(page, played.form(1))
    valid_preview(page)
    context.set_offline(True)
    console.allowed = ("ERR_INTERNET_DISCONNECTED", "Failed to fetch")
    page.locator("#save").click()
    expect(page.locator("#pending .pending-round")).to_have_text(["Round 1 · pending"])
    expect(page.locator("#net-status")).to_have_text("Offline")
    expect(page.locator("#net-status")).to_be_in_viewport(ratio=1)
    shot(page, "offline-01-pending")
    assert api(live_server, match_id)["rounds"] == []
    context.set_offline(False)
    # Back online: the queue is sent and the page reloads with the round, once.
    expect(page.locator("#round-1")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    expect(page.locator("#pending")).to_be_hidden()
    assert page.evaluate(f"window.ScorekeeperOffline.provisional({json.dumps(match_id)})") == []
    page.reload()
    expect(page.locator("tbody[id^=round-]")).to_have_count(1)
    shot(page, "offline-02-sent", full_page=True)
    stored = api(live_server, match_id)
    assert len(stored["rounds"]) == 1 and stored["totals"] == list(played.after(1).totals)
    assert console.unexpected() == []


# --------------------------------------------------------------------------- PWA


def test_installable(playwright_instance, chromium_options, live_server, tmp_path, shot):
    context = playwright_instance.chromium.launch_persistent_context(str(tmp_path / "profile"), **chromium_options)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.goto(f"{live_server}/")
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.active && r.scope)")
        assert scope == f"{live_server}/"
        page.reload()
        assert page.evaluate("!!navigator.serviceWorker.controller")
        session = context.new_cdp_session(page)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and not manifest.get("errors")
        installability = session.send("Page.getInstallabilityErrors")
        assert installability["installabilityErrors"] == []
        # The offline page comes from the worker's cache when the network is gone.
        context.set_offline(True)
        page.goto(f"{live_server}/matches/never-opened")
        expect(page.locator("h1")).to_have_text("You are offline")
        shot(page, "pwa-offline-page")
        context.set_offline(False)
        assert [text for text in errors if "ERR_INTERNET_DISCONNECTED" not in text] == []
    finally:
        context.close()


# --------------------------------------------------------------------------- accessibility basics

UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(el => el.type !== 'hidden')
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
  .map(el => el.name || el.id)"""

FOCUS_OUTLINE = """() => {
  let el = document.activeElement;
  if (el && el.type === 'radio') el = el.nextElementSibling;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  return {tag: el.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth)};
}"""


def test_labels_and_visible_focus(page, console, shot):
    urls = ["/", "/matches/new"]
    urls += [f"/matches/new?game={game.id}" for game in all_games() if game.option_specs]
    urls += [f"/matches/{start_match(page, game.id, players_for(game))}" for game in all_games()]
    for url in urls:
        page.goto(url)
        assert page.evaluate(UNLABELLED) == [], url
        # As a person looks before the first Tab: the page's first live check and the phone's
        # store of the match done (a CI run under load once found the focus on nothing there).
        page.wait_for_function(SETTLED_JS)
        for press in range(1, 7):
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS_OUTLINE)
            assert focus is not None, f"{url}: nothing focused after Tab {press}"
            assert focus["style"] != "none" and focus["width"] >= 2, (url, focus)
    page.goto(urls[-1])
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    shot(page, "focus-visible")
    assert console.unexpected() == []


def test_home_lists_matches(page, console, shot):
    game = a_game(lambda game: seats(4)(game) and bool(game.option_specs))  # a game of four with house rules to open
    start_match(page, game.id, ["Ann", "Bob", "Cid", "Dee"])
    page.goto("/")
    expect(page.locator(".matches .match-link").first).to_contain_text(game.name)
    shot(page, "home", full_page=True)
    page.goto(f"/matches/new?game={game.id}")
    page.locator("details.options summary").click()
    shot(page, "new-match-options", full_page=True)
    assert console.unexpected() == []


@pytest.mark.parametrize(("asks", "written"), [
    ("en-GB", r"\d{2}/\d{2}/\d{4}, \d{2}:\d{2} UTC"),  # 05/12/2026, 15:47 UTC: the phone's own format
    ("en-US", r"\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}\s?[AP]M UTC"),  # 12/5/26, 3:47 PM UTC
    ("de-DE", r"\d{2}\.\d{2}\.\d{2,4}, \d{2}:\d{2} UTC"),
])
def test_the_history_says_its_times_as_the_phone_writes_dates(new_phone, live_server, console, asks, written):
    """A British phone reads the match's history in its own date format, not the American
    one the page is stored in for every English reader (an outside walk-through read
    "12/5/26, 3:47 PM UTC" on an en-GB phone)."""
    game = a_game(seats(3))
    players = ["Ann", "Bob", "Cid"]
    match = json.load(urllib.request.urlopen(urllib.request.Request(
        live_server + "/api/v1/matches", data=json.dumps({"game": game.id, "players": players}).encode(),
        headers={"Content-Type": "application/json"})))
    _context, page = new_phone(asks)
    page.goto(f"/matches/{match['id']}")
    when = page.locator("ol.history time").first
    expect(when).to_have_text(re.compile(f"^{written}$"))
    assert console.unexpected() == []
