"""Browser tests: Playwright driving Debian's chromium at 390x844 against the live server."""
from __future__ import annotations

import json
import logging
import re
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from table_loop import enter

from scorekeeper.games import get_game

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def start_match(page, game: str, players: list[str], first_dealer: int = 0) -> str:
    page.goto(f"/matches/new?game={game}")
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
    """Tap a radio chip (the visible label of a visually hidden radio)."""
    page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').click()


def valid_preview(page) -> None:
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("This round would score")
    expect(page.locator("#save")).to_be_enabled()


def refused(page, message: str) -> None:
    expect(page.locator("#preview .refusal")).to_contain_text(message)
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


# --------------------------------------------------------------------------- a whole Nwik match

NWIK_STYLES = [1, 3, 4, 2, 5]  # each Bidder's turns in order; stakes 1..5
NWIK_TRICKS = [[6, 4, 3], [5, 5, 3], [7, 3, 3], [4, 4, 5], [3, 6, 4], [2, 8, 3], [6, 6, 1]]
# The rounds entered on the page: the first (with its refusal), each style's first turn (its
# chips: trump in 10, VIP card in 13) and the one that finishes the match. The others are
# recorded through the API and seen after a reload. (Every round of a match by taps, with
# its tap count: test_table_loop.py::test_whole_nwik_match_by_taps[en-US].)
NWIK_ON_THE_PAGE = (1, 4, 7, 10, 13, 15)


@pytest.mark.slow
def test_whole_nwik_match(page, console, shot, live_server):
    players = ["Ann", "Bob", "Cid"]
    match_id = start_match(page, "nwik", players)
    shot(page, "nwik-01-empty", full_page=True)
    inputs = []
    for number in range(1, 16):
        turn = (number - 1) // 3
        style, stake = NWIK_STYLES[turn], turn + 1
        tricks = NWIK_TRICKS[(number - 1) % len(NWIK_TRICKS)]
        raw = {"style": style, "stake": stake, "tricks": tricks}
        if style == 2:
            raw["trump"] = "hearts"
        if style == 5:
            raw["vip_card"] = 2
        inputs.append(raw)
        if number not in NWIK_ON_THE_PAGE:
            response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
            assert response.status == 201, response.text()
            continue
        if number - 1 not in NWIK_ON_THE_PAGE and number > 1:
            page.reload()  # the rounds recorded meanwhile, as a person sees them
            expect(page.locator(f"#round-{number - 1}")).to_have_count(1)
        expect(page.locator("#h-entry")).to_have_text(f"Round {number}")
        pick(page, "style", style)
        pick(page, "stake", stake)
        if style == 2:
            pick(page, "trump", "hearts")
        if style == 5:
            pick(page, "vip_card", 2)
        if number == 1:
            # Untouched tricks: nothing red, the bar says what is still to enter.
            expect(page.locator("#preview .refusal")).to_have_count(0)
            expect(page.locator("#bar-state")).to_contain_text("tricks of Ann")
            enter(page, "tricks_0", tricks[0])
            expect(page.locator("#preview")).to_contain_text("Tricks so far: 6 of 13")
            enter(page, "tricks_1", tricks[1])
            # The last count follows from the others and is filled in.
            expect(page.locator('input[name="tricks_2"][value="3"]')).to_be_checked()
            enter(page, "tricks_2", 4)
            refused(page, "tricks must add up to 13, got 14")
            expect(page.locator("#c-tricks .field-error")).to_contain_text("tricks must add up to 13")
            shot(page, "nwik-02-refused")
            enter(page, "tricks_2", tricks[2])
        else:
            for seat, took in enumerate(tricks):
                enter(page, f"tricks_{seat}", str(took))
        expect(page.locator("#preview")).to_contain_text("Tricks so far: 13 of 13")
        valid_preview(page)
        if number == 1:
            shot(page, "nwik-03-valid")
        save_round(page, number, finishes=number == 15)
        if number == 7:
            shot(page, "nwik-04-midway", full_page=True)
    game = get_game("nwik")
    state = game.replay(game.table(players), inputs)
    winners = [players[side] for side in state.winners]
    banner = page.locator("#winner-banner")
    for name in winners:
        expect(banner).to_contain_text(name)
    for name in set(players) - set(winners):
        expect(banner).not_to_contain_text(name)
    expect(page.locator("#entry")).to_have_count(0)
    expect(page.locator("#scores .total .points")).to_have_text([str(total) for total in state.totals])
    shot(page, "nwik-05-finished", full_page=True)
    stored = api(live_server, match_id)
    assert stored["finished"] and len(stored["rounds"]) == 15
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


# --------------------------------------------------------------------------- one round of each other game


def test_spades_round(page, console, shot):
    start_match(page, "spades", ["Ann", "Bob", "Cid", "Dee"])
    # Level at 0: blind nil is greyed (a tap says why), nil is a chip.
    expect(page.locator('#c-bid_0 details.greyed')).to_contain_text("blind nil")
    expect(page.locator('input[name="bid_0"][value="nil"]')).to_have_count(1)
    for seat, bid in enumerate(["4", "nil", "3", "2"]):
        enter(page, f"bid_{seat}", bid)
    for seat, took in enumerate([5, 1, 4]):
        enter(page, f"tricks_{seat}", str(took))
    expect(page.locator('input[name="tricks_3"][value="3"]')).to_be_checked()
    enter(page, "tricks_3", "2")
    refused(page, "tricks must add up to 13, got 12")
    shot(page, "spades-01-refused", full_page=True)
    enter(page, "tricks_3", "3")
    valid_preview(page)
    expect(page.locator("#preview")).to_contain_text("nil by Bob failed")
    save_round(page, 1)
    expect(page.locator(".total .points")).to_have_text(["72", "-28"])
    shot(page, "spades-02-saved", full_page=True)
    assert console.unexpected() == []


def test_willi_stich_round(page, console, shot):
    start_match(page, "willi-stich", ["Ann", "Bob", "Cid", "Dee"])
    expect(page.locator(".who")).to_contain_text("1 card each")
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#preview")).not_to_contain_text("may not call")
    # Calls in calling order: the dealer Ann last.
    expect(page.locator("#c-bids fieldset legend")).to_have_text(
        ["Bob's call", "Cid's call", "Dee's call", re.compile("^Ann's call")]
    )
    enter(page, "bid_1", "1")
    enter(page, "bid_2", "0")
    enter(page, "bid_3", "0")
    expect(page.locator("#preview")).to_contain_text("The dealer Ann may not call 0")
    # The forbidden call is greyed: a tap on it says why, and it cannot be chosen.
    expect(page.locator("#c-bid_0 details.greyed summary")).to_contain_text("0")
    shot(page, "willi-01-dealer-greyed", full_page=True)
    enter(page, "bid_0", "1")
    for seat, took in enumerate([0, 1, 0]):
        enter(page, f"tricks_{seat}", took)
    expect(page.locator('input[name="tricks_3"][value="0"]')).to_be_checked()
    pick(page, "trump", "hearts")
    valid_preview(page)
    save_round(page, 1)
    expect(page.locator(".who")).to_contain_text("2 cards each")
    expect(page.locator(".total .points")).to_have_text(["0", "11", "10", "10"])
    assert console.unexpected() == []


def test_nameless_round(page, console, shot):
    start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    for seat, took in enumerate([0, 4, 0, 0]):
        enter(page, f"tricks_{seat}", str(took))
    pick(page, "alone", 1)  # a chip, like the other choices
    refused(page, "tricks must add up to 5, got 4")
    enter(page, "tricks_3", "1")
    refused(page, "Bob went alone, so partner Dee must take 0 tricks, got 1")
    shot(page, "nameless-01-refused", full_page=True)
    enter(page, "tricks_3", "0")
    enter(page, "tricks_2", "1")
    valid_preview(page)
    save_round(page, 1)
    expect(page.locator(".total .points")).to_have_text(["-2", "6"])
    assert console.unexpected() == []


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


def test_a_saved_round_fetches_the_page_once(page, console, shot):
    """Save answers 303 to the match page; the phone loads that page once (issue 16: it
    used to fetch it by following the redirect, then load it again). Counted where the
    server logs each request it answers."""
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    for seat, took in enumerate([2, 1, 1, 1]):
        enter(page, f"tricks_{seat}", str(took))
    valid_preview(page)
    with werkzeug_requests() as answered:
        save_round(page, 1)
        page.wait_for_load_state("load")
    assert sum(f'"GET /matches/{match_id} HTTP' in line for line in answered) == 1, answered
    assert sum(f"POST /matches/{match_id}/rounds HTTP" in line for line in answered) == 1, answered
    shot(page, "nameless-saved-once")
    assert console.unexpected() == []


def test_zwicker_round(page, console, shot):
    start_match(page, "zwicker", ["Ann", "Bob"])
    expect(page.locator(".who")).to_contain_text("deck of 55 cards")
    enter(page, "cards_0", "30")
    expect(page.locator("#f-cards_1")).to_have_value("25")  # follows from the deck
    enter(page, "zwicks_0", "2")
    enter(page, "zwicks_1", "0")
    for code in ("J25", "J15", "D10", "AS", "AH"):
        pick(page, f"honour_{code}", 0)
    for code in ("J20", "D7", "S7", "AD"):
        pick(page, f"honour_{code}", 1)
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#bar-state")).to_contain_text("who took Ace of Clubs")
    shot(page, "zwicker-01-missing", full_page=True)
    page.get_by_role("button", name="The rest: Bob").click()
    valid_preview(page)
    save_round(page, 1)
    expect(page.locator(".total .points")).to_have_text(["22", "12"])
    shot(page, "zwicker-02-saved", full_page=True)
    assert console.unexpected() == []


# --------------------------------------------------------------------------- edit and undo in the browser


def test_edit_and_undo(page, console, shot):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid"])
    for seat, took in enumerate([3, 1, 1]):
        enter(page, f"tricks_{seat}", str(took))
    valid_preview(page)
    save_round(page, 1)
    page.get_by_role("link", name="Edit round 1").click()
    expect(page.locator("#h-entry")).to_have_text("Edit round 1")
    expect(page.locator('input[name="tricks_0"][value="3"]')).to_be_checked()
    enter(page, "tricks_0", "4")
    refused(page, "tricks must add up to 5, got 6")
    enter(page, "tricks_1", "0")
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator(".total .points")).to_have_text(["6", "-2", "-2"])
    page.get_by_role("link", name=re.compile("Undo round 1")).click()
    shot(page, "undo-confirm")
    page.get_by_role("button", name="Yes, undo round 1").click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    expect(page.locator("tr[id^=round-]")).to_have_count(0)
    assert page.url.endswith(f"/matches/{match_id}")
    assert console.unexpected() == []


# --------------------------------------------------------------------------- offline


def test_round_recorded_offline_is_stored_once(page, context, console, shot, live_server):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    # Left alone a moment, the phone stores what it needs offline and says so in its corner.
    expect(page.locator("#net-status")).to_have_text("Ready offline", timeout=60_000)
    for seat, took in enumerate([2, 1, 1, 1]):
        enter(page, f"tricks_{seat}", str(took))
    valid_preview(page)
    context.set_offline(True)
    console.allowed = ("ERR_INTERNET_DISCONNECTED", "Failed to fetch")
    page.locator("#save").click()
    expect(page.locator("#pending .pending-round")).to_have_text(["Round 1 · pending"])
    expect(page.locator("#net-status")).to_have_text("Offline")
    shot(page, "offline-01-pending")
    assert api(live_server, match_id)["rounds"] == []
    context.set_offline(False)
    # Back online: the queue is sent and the page reloads with the round, once.
    expect(page.locator("#round-1")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    expect(page.locator("#pending")).to_be_hidden()
    assert page.evaluate(f"window.ScorekeeperOffline.provisional({json.dumps(match_id)})") == []
    page.reload()
    expect(page.locator("tr[id^=round-]")).to_have_count(1)
    shot(page, "offline-02-sent", full_page=True)
    stored = api(live_server, match_id)
    assert len(stored["rounds"]) == 1 and stored["totals"] == [3, 2]
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
    urls = ["/", "/matches/new", "/matches/new?game=spades", "/matches/new?game=zwicker"]
    for game, players in [
        ("nwik", ["Ann", "Bob", "Cid"]),
        ("spades", ["Ann", "Bob", "Cid", "Dee"]),
        ("willi-stich", ["Ann", "Bob", "Cid"]),
        ("nameless", ["Ann", "Bob", "Cid", "Dee"]),
        ("zwicker", ["Ann", "Bob", "Cid", "Dee"]),
    ]:
        urls.append(f"/matches/{start_match(page, game, players)}")
    for url in urls:
        page.goto(url)
        assert page.evaluate(UNLABELLED) == [], url
        for _ in range(6):
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS_OUTLINE)
            assert focus is not None, url
            assert focus["style"] != "none" and focus["width"] >= 2, (url, focus)
    page.goto(urls[-1])
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    shot(page, "focus-visible")
    assert console.unexpected() == []


def test_home_lists_matches(page, console, shot):
    start_match(page, "spades", ["Ann", "Bob", "Cid", "Dee"])
    page.goto("/")
    expect(page.locator(".matches .match-link").first).to_contain_text("Spades")
    shot(page, "home", full_page=True)
    page.goto("/matches/new?game=spades")
    page.locator("details.options summary").click()
    shot(page, "new-match-spades", full_page=True)
    assert console.unexpected() == []
