"""Trust in chromium with Nameless hands by taps: live sync between two phones (a half-filled
form kept, the first save wins) and names that could be markup rendered as text."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from tests.support.browser_steps import start_match as start_by_taps
from tests.support.table_loop import enter, out_of_reach
from tests.support.trust_steps import EVIL_LEAGUE, EVIL_PLAYER, assert_phone_width, save_round, signed_up

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect
# Where the live-sync test stops the second phone's clock: later than the test reaches it
# (the fake clock runs as the real one until then), so the jump fires due timers once.
PAUSED_AFTER = timedelta(minutes=20)
# How long a pushed change may take to show on the other phone: room for a loaded test machine
# (2 s was once too little, load 15 on two cores). Push, not polling, is proven by the paused
# clock below (a stopped phone never polls); the wait itself is bench/'s to measure.
LIVE_MS = 10_000


def start_match(page, players: list[str], league: str | None = None) -> str:
    return start_by_taps(page, "nameless", players, league=league)


def fill_round(page, tricks: list[int]) -> None:
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))
    expect(page.locator("#preview")).to_contain_text("This round would score")


def is_stream(response) -> bool:
    return response.url.endswith("/events")


def test_live_sync_between_two_phones(page, console, shot, browser, live_server, clean_app):
    match_id = start_match(page, ["Ann", "Bob", "Cid"])
    second_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
    try:
        other = second_context.new_page()
        other_errors: list[str] = []
        other.on("pageerror", lambda error: other_errors.append(str(error)))
        # The second phone's clock is in the test's hands (it runs as usual until paused below).
        installed = datetime.now()
        other.clock.install(time=installed)
        with other.expect_response(is_stream) as stream:
            other.goto(f"/matches/{match_id}")
        assert stream.value.status == 200  # the match's stream is open: changes come by push
        expect(other.locator("#h-entry")).to_have_text("Round 1")
        enter(other, "tricks_0", "2")  # half-filled on the second phone
        other.mouse.move(200, 400)
        other.mouse.wheel(0, 300)  # and down among the chips, as a player is
        other.wait_for_function("() => scrollY > 0")

        fill_round(page, [3, 1, 1])
        save_round(page, 1)
        expect(other.locator("#round-1")).to_have_count(1, timeout=LIVE_MS)
        expect(other.locator(".total .points")).to_have_text(page.locator(".total .points").all_text_contents(), timeout=LIVE_MS)
        expect(other.locator("#live-notice")).to_contain_text("Round 1 was just recorded on another phone")
        # Said where the player is, not at the top of the page scrolled away above.
        assert out_of_reach(other, "#live-notice button") == []
        expect(other.locator('input[name="tricks_0"][value="2"]')).to_be_checked()  # not wiped
        expect(other.locator("#h-entry")).to_have_text("Round 1")
        shot(other, "trust-09-live-sync-notice")
        assert_phone_width(other)
        other.get_by_role("button", name="Enter round 2 instead").click()
        expect(other.locator("#h-entry")).to_have_text("Round 2")
        expect(other.locator("#live-notice")).to_be_hidden()

        # An untouched form follows along by itself, told by the stream: with the second
        # phone's timers stopped it never polls, so only a pushed version brings round 2.
        other.clock.pause_at(installed + PAUSED_AFTER)
        fill_round(page, [1, 3, 1])
        save_round(page, 2)
        expect(other.locator("#round-2")).to_have_count(1, timeout=LIVE_MS)
        expect(other.locator("#h-entry")).to_have_text("Round 3", timeout=LIVE_MS)
        other.clock.resume()

        # Both phones type round 3; the first save wins, the second sees its entries beside
        # the recorded ones, keeps the recorded round and has round 4 empty.
        enter(other, "tricks_0", "0")
        enter(other, "tricks_1", "4")
        enter(other, "tricks_2", "1")
        expect(other.locator("#preview")).to_contain_text("This round would score")
        fill_round(page, [2, 2, 1])
        save_round(page, 3)
        expect(other.locator("#live-notice")).to_contain_text("Round 3 was just recorded", timeout=LIVE_MS)
        other.get_by_role("button", name="Keep my entries").click()
        other.locator("#save").click()
        expect(other.locator("#stale-notice")).to_have_text(
            "Round 3 was recorded on another phone first, with other entries than yours: choose which stand")
        expect(other.locator("#round-3")).to_have_count(1)
        other.get_by_role("link", name="Keep the recorded one").click()
        expect(other.locator("#h-entry")).to_have_text("Round 4")
        expect(other.locator('input[name^="tricks_"]:checked')).to_have_count(0)
        shot(other, "trust-10-stale-save")
        assert other_errors == []
    finally:
        second_context.close()
    assert console.unexpected() == []


def test_live_sync_polls_where_no_stream_opens(page, console, browser, live_server, clean_app):
    """A server with no thread to spare refuses the stream (204): the phone polls instead."""
    match_id = start_match(page, ["Ann", "Bob", "Cid"])
    second_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
    try:
        other = second_context.new_page()
        other.route("**/matches/*/events", lambda route: route.fulfill(status=204))
        with other.expect_response(is_stream) as stream:
            other.goto(f"/matches/{match_id}")
        assert stream.value.status == 204
        expect(other.locator("#h-entry")).to_have_text("Round 1")
        fill_round(page, [3, 1, 1])
        save_round(page, 1)
        expect(other.locator("#round-1")).to_have_count(1)
        expect(other.locator("#h-entry")).to_have_text("Round 2")
    finally:
        second_context.close()
    assert console.unexpected() == []


def test_a_phone_without_javascript_opens_no_stream_and_its_rounds_reach_the_others(page, console, browser, live_server, clean_app):
    match_id = start_match(page, ["Ann", "Bob", "Cid"])
    plain_context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False
    )
    try:
        plain = plain_context.new_page()
        asked: list[str] = []
        plain.on("request", lambda request: asked.append(request.url))
        plain.goto(f"/matches/{match_id}")
        for seat, took in enumerate([3, 1, 1]):
            plain.locator(f'label.chip:has(input[name="tricks_{seat}"][value="{took}"])').click()
        plain.locator("#save").click()
        expect(plain.locator("#round-1")).to_have_count(1)
        expect(plain.locator("#h-entry")).to_have_text("Round 2")
        assert [url for url in asked if url.endswith("/events")] == []
    finally:
        plain_context.close()
    # The phone with JavaScript, its stream open, follows along.
    expect(page.locator("#round-1")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    assert console.unexpected() == []


def test_untrusted_names_render_as_text(page, console, shot, clean_app):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    signed_up(page, "ann")
    page.goto("/leagues")
    page.fill("#league-name", EVIL_LEAGUE)
    page.get_by_role("button", name="Start league").click()
    expect(page.locator("h1")).to_have_text(EVIL_LEAGUE)
    league = page.url.rsplit("/", 1)[1]
    match_id = start_match(page, [EVIL_PLAYER, "Bob", "Cid"], league)
    fill_round(page, [3, 1, 1])
    save_round(page, 1)
    player = next(p["id"] for p in page.request.get("/api/v1/players").json() if p["name"] == EVIL_PLAYER)
    for url, text in (
        (f"/matches/{match_id}", EVIL_PLAYER),
        (f"/leagues/{league}", EVIL_LEAGUE),
        (f"/leagues/{league}", EVIL_PLAYER),
        (f"/players/{player}", EVIL_PLAYER),
        ("/", EVIL_PLAYER),
        ("/leagues", EVIL_LEAGUE),
    ):
        page.goto(url)
        expect(page.get_by_text(text, exact=False).first).to_be_attached()
        assert page.locator('img[src="x"]').count() == 0, url
        assert page.evaluate("document.querySelectorAll('main script').length") == 0, url
    page.goto(f"/matches/{match_id}")
    # A round recorded elsewhere: live sync refreshes the blocks (scoreboard, sheet, form), which stay text too.
    response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data={"tricks": [1, 3, 1]})
    assert response.status == 201, response.text()
    expect(page.locator("#round-2")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    expect(page.locator("#scores").get_by_text(EVIL_PLAYER, exact=False).first).to_be_attached()
    assert page.locator('img[src="x"]').count() == 0
    shot(page, "trust-11-untrusted-names")
    assert dialogs == []
    assert console.unexpected() == []
