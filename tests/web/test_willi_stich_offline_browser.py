"""Willi Stich offline in chromium: a first visit that lost its connection before the phone's engine had its files (a call tapped offline is not checked) gets ready for offline again once the connection is back."""
from __future__ import annotations

from table_loop import enter

from tests.web.offline import ENGINE_BOOT_MS, MARKS, expect, go_offline
from tests.web.test_browser import start_match

pytestmark = MARKS


def test_back_online_the_corner_says_the_phone_gets_ready_again(new_phone, app, console, shot):
    """A first visit that lost its connection before the phone's engine had its files, and was
    left alone a while offline: back online, the corner says that the phone is getting ready
    for offline, then "Ready offline". (It stood blank from the reconnection on, and the engine
    never booted: it had tried once offline, when the page was left alone, and not again.)"""
    context, page = new_phone()
    start_match(page, "willi-stich", ["Ann", "Bob", "Cid", "Dee"])
    corner = page.locator("#net-status")
    expect(corner).to_have_text("Getting ready for offline…")
    go_offline(page, context, console)
    expect(corner).to_have_text("Offline")
    # A call tapped offline: the phone has no engine to check it with, and says so.
    enter(page, "bid_1", 1)
    expect(page.locator("#bar-state")).to_have_text("Not checked offline: Save keeps it for the server.")
    # The player puts the phone down for longer than the page waits for a quiet moment before
    # it starts the engine (a wait, not a measure: nothing is said to happen in it).
    page.wait_for_timeout(3_000 * app.config["ENGINE_IDLE_SECONDS"])
    context.set_offline(False)
    expect(corner).to_have_text("Getting ready for offline…")
    shot(page, "offline-back-online-getting-ready")
    expect(corner).to_have_text("Ready offline", timeout=ENGINE_BOOT_MS)
    assert console.unexpected() == []
