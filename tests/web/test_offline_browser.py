"""Offline entry in chromium: the phone's rules engine (Pyodide in a web worker) checks and
scores rounds with the connection off; the queue in IndexedDB is sent in order, exactly once."""
from __future__ import annotations

import json
import random
import urllib.request

import pytest

from scorekeeper.games import all_games, get_game

from tests.web.test_browser import api, pick, start_match, valid_preview

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

ENGINE_BOOT_MS = 60_000
OFFLINE_NOISE = ("ERR_INTERNET_DISCONNECTED", "Failed to fetch", "net::ERR_FAILED")


def engine_ready(page) -> None:
    """The phone has been here before: the engine is loaded (and stored by the service worker)."""
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("window.ScorekeeperOffline", timeout=10_000)
    page.evaluate("window.ScorekeeperOffline.evaluate(null)")


def go_offline(page, context, console) -> None:
    console.allowed = OFFLINE_NOISE
    context.set_offline(True)
    page.wait_for_function("!navigator.onLine")


def fill_nwik(page, style: int, stake: int, tricks: list[int]) -> None:
    pick(page, "style", style)
    pick(page, "stake", stake)
    for seat, took in enumerate(tricks):
        page.fill(f"#f-tricks_{seat}", str(took))


def queued(page, match_id: str) -> list[dict]:
    return page.evaluate(f"window.ScorekeeperOffline.provisional({json.dumps(match_id)})")


NWIK_OFFLINE = [(1, 1, [6, 4, 3]), (3, 1, [5, 5, 3]), (4, 1, [2, 8, 3])]


def test_three_nwik_rounds_offline_double_tap_and_reload(page, context, console, shot, live_server):
    players = ["Ann", "Bob", "Cid"]
    match_id = start_match(page, "nwik", players)
    engine_ready(page)
    go_offline(page, context, console)
    for number, (style, stake, tricks) in enumerate(NWIK_OFFLINE, start=1):
        expect(page.locator("#h-entry")).to_have_text(f"Round {number}")
        fill_nwik(page, style, stake, tricks)
        valid_preview(page)
        if number == 1:
            shot(page, "offline-nwik-01-valid")
            page.locator("#save").dblclick()  # the natural second tap
        else:
            page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
        expect(page.locator(f"#round-{number}.provisional")).to_have_count(1)
        if number == 2:
            page.locator("#save").click(force=True)  # a tap on the cleared form queues nothing
    shot(page, "offline-nwik-02-three-queued", full_page=True)
    assert [item["number"] for item in queued(page, match_id)] == [1, 2, 3]
    assert api(live_server, match_id)["rounds"] == []
    game = get_game("nwik")
    inputs = [{"style": style, "stake": stake, "tricks": tricks} for style, stake, tricks in NWIK_OFFLINE]
    state = game.replay(game.table(players), inputs)
    totals = page.locator("#scores ol.totals .points")
    expect(totals).to_have_text([str(total) for total in state.totals])
    expect(page.locator("#scores .next")).to_contain_text("Round 4")
    # Reload with the connection still off: nothing queued is lost.
    page.reload()
    # The engine starts again from the phone's cache (Pyodide takes seconds to boot).
    expect(page.locator("tr.provisional")).to_have_count(3, timeout=ENGINE_BOOT_MS)
    expect(page.locator("#h-entry")).to_have_text("Round 4")
    expect(totals).to_have_text([str(total) for total in state.totals])
    shot(page, "offline-nwik-03-reloaded", full_page=True)
    context.set_offline(False)
    expect(page.locator("tr.provisional")).to_have_count(0, timeout=20_000)
    expect(page.locator("tr[id^=round-]")).to_have_count(3)
    stored = api(live_server, match_id)
    assert [scored["input"] for scored in stored["rounds"]] == inputs
    assert stored["totals"] == list(state.totals)
    assert [scored["scores"] for scored in stored["rounds"]] == [list(r.score.scores) for r in state.rounds]
    assert queued(page, match_id) == []
    shot(page, "offline-nwik-04-sent", full_page=True)
    assert console.unexpected() == []
