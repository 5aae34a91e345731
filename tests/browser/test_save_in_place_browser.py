"""Save of a round in place in chromium: the page keeps its document (its engine booted once
per visit, "Ready offline" kept), shows the saved round's totals at once while the server is
asked, then the server's blocks; a refused Save keeps the entries with the server's words;
without JavaScript the form posts itself (test_zwicker_save_in_place_browser.py)."""
from __future__ import annotations

import random
import re

from scorekeeper.engine.entry import adapter_for
from tests.support import legal_rounds
from tests.support.browser_steps import api, valid_preview
from tests.support.offline import MARKS, engine_ready, expect, fill_form, go_offline, post
from tests.support.picks import an_endless_game

pytestmark = MARKS

# A game whose match runs on (a few rounds never end it), for two players.
GAME, PLAYERS, OPTIONS, _HANDS = an_endless_game(["Ann", "Bob"])
TOTALS = "#scores ol.totals .points"


def opened_match(live_server: str, *pages):
    """A match opened on each of `pages`: (its id, table, state)."""
    match = post(live_server, "/api/v1/matches", {"game": GAME.id, "players": PLAYERS, "options": OPTIONS})
    for page in pages:
        page.goto(f"/matches/{match['id']}")
    table = GAME.table(PLAYERS, match["options"])
    return match["id"], table, GAME.initial_state(table)


def ready_match(page, live_server: str):
    """A match opened on the phone until it says it works offline: (its id, table, state)."""
    opened = opened_match(live_server, page)
    engine_ready(page)
    return opened


def enter_next(page, rng, table, state):
    """The next round entered by taps, checked: the state after it."""
    hints = state.next
    raw, after = legal_rounds.legal_round(rng, GAME, table, state)
    fill_form(page, adapter_for(GAME).form_values(raw, table, hints))
    valid_preview(page)
    return raw, after


def totals_of(state) -> list[str]:
    return [str(total) for total in state.totals]


def test_five_rounds_saved_in_place_boot_the_engine_once(page, live_server, console):
    match_id, table, state = ready_match(page, live_server)
    rng = random.Random("five-in-place")
    loads, workers = [], []
    page.on("load", lambda _page: loads.append(1))
    page.on("worker", lambda worker: workers.append(worker.url))
    history = page.evaluate("history.length")
    for number in range(1, 6):
        _raw, state = enter_next(page, rng, table, state)
        page.locator("#save").click()
        if state.finished:
            break
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
        expect(page.locator(TOTALS)).to_have_text(totals_of(state))
        # Said beside the next round's heading at once: the engine of this visit still serves it.
        expect(page.locator("#net-status")).to_have_text("Ready offline")
        expect(page.locator("#net-status")).to_have_class(re.compile(r"\bready\b"))
        expect(page.locator("#last-round")).to_contain_text("Undo")
    assert loads == [] and workers == [], (loads, workers)
    # No new entry in the history (Back leaves the match), and a reload shows the same state.
    assert page.evaluate("history.length") == history
    assert page.url.endswith(f"/matches/{match_id}#scores")
    page.reload()
    expect(page.locator(TOTALS)).to_have_text(totals_of(state))
    assert [scored["scores"] for scored in api(live_server, match_id)["rounds"]] == [list(r.score.scores) for r in state.rounds]
    assert console.unexpected() == []


def test_an_offline_reload_after_a_save_in_place_shows_the_saved_round(page, context, live_server, console):
    """No reload fetches the page after a Save in place: the service worker is asked to keep
    it anew, so the page an offline reload finds has the round (not only the engine's drawing
    of it, seconds later)."""
    match_id, table, state = ready_match(page, live_server)
    _raw, state = enter_next(page, random.Random("kept-anew"), table, state)
    address = f"{live_server}/matches/{match_id}"
    with context.expect_event("requestfinished", lambda request: request.method == "GET" and request.url == address):
        page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    go_offline(page, context, console)
    page.reload()
    expect(page.locator("tbody#round-1:not([data-offline])")).to_have_count(1)
    expect(page.locator(TOTALS)).to_have_text(totals_of(state))
    assert console.unexpected() == []


def saved_and_held(page, live_server: str, seed: str, shot):
    """Round 1 entered by taps on a ready phone and saved, its post held before the server:
    (match id, table, its raw input, the state after it, the held post)."""
    match_id, table, state = ready_match(page, live_server)
    rng = random.Random(seed)
    raw, state = enter_next(page, rng, table, state)
    held = []
    page.route(f"**/matches/{match_id}/rounds", lambda route: held.append(route))
    page.locator("#save").click()
    # The server has not answered: the phone's engine counted the round, said as being sent.
    expect(page.locator(TOTALS)).to_have_text(totals_of(state))
    expect(page.locator("#round-1.sending")).to_contain_text("being sent")
    shot(page, f"save-in-place-{seed}-sending")
    assert len(held) == 1 and api(live_server, match_id)["rounds"] == []
    return match_id, table, raw, state, held[0]


def let_through(page, match_id: str, held) -> None:
    held.continue_()
    page.unroute(f"**/matches/{match_id}/rounds")


def test_save_shows_the_totals_before_the_server_answers(page, live_server, console, shot):
    match_id, _table, _raw, state, held = saved_and_held(page, live_server, "shown-at-once", shot)
    let_through(page, match_id, held)
    # The server's blocks settle it: its round (with its Undo), the next round to enter.
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    expect(page.locator("#round-1")).not_to_have_class("sending")
    expect(page.locator(".sending")).to_have_count(0)
    expect(page.locator(TOTALS)).to_have_text(totals_of(state))
    expect(page.locator("#last-round a")).to_contain_text("Undo")
    shot(page, "save-in-place-shown-at-once-settled")
    assert console.unexpected() == []


def test_save_counts_the_round_at_once_before_the_engine_is_ready(page, live_server, console):
    """The save bar's would-be scores go into the totals the moment Save is tapped, the
    phone's engine not booted yet (a page just opened): no round trip stands between Save
    and the new totals."""
    match_id, table, state = opened_match(live_server, page)
    raw, after = enter_next(page, random.Random("before-the-engine"), table, state)
    held = []
    page.route(f"**/matches/{match_id}/rounds", lambda route: held.append(route))
    page.locator("#save").click()
    expect(page.locator(TOTALS)).to_have_text(totals_of(after))
    expect(page.locator("#scores ol.totals")).to_have_class(re.compile("sending"))
    assert len(held) == 1 and api(live_server, match_id)["rounds"] == []
    let_through(page, match_id, held[0])
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    expect(page.locator(".sending")).to_have_count(0)
    expect(page.locator(TOTALS)).to_have_text(totals_of(after))
    assert console.unexpected() == []


def test_a_refused_save_keeps_the_entries_with_the_servers_words(page, live_server, console, shot):
    match_id, table, mine, _mine_after, held = saved_and_held(page, live_server, "refused-in-place", shot)
    # Meanwhile another phone records round 1, with other entries.
    rng = random.Random("the-other-phone")
    while True:
        theirs, state = legal_rounds.legal_round(rng, GAME, table, GAME.initial_state(table))
        if theirs != mine:
            break
    post(live_server, f"/api/v1/matches/{match_id}/rounds", theirs)
    # The refusal's status (the page's version moved on), logged by chromium as a failed load.
    console.allowed = ("status of 412 (PRECONDITION FAILED)",)
    let_through(page, match_id, held)
    expect(page.locator("#stale-notice")).to_contain_text("Round 1 was recorded on another phone first")
    # This phone's entries beside the recorded ones, to choose which stand; counted once.
    expect(page.locator("#versions")).to_contain_text("Yours")
    expect(page.locator(".sending")).to_have_count(0)
    expect(page.locator("tbody[id^=round-]")).to_have_count(1)
    expect(page.locator(TOTALS)).to_have_text(totals_of(state))
    assert len(api(live_server, match_id)["rounds"]) == 1
    shot(page, "save-in-place-refused-in-place-refused")
    assert console.unexpected() == []


def test_only_the_phone_that_saved_a_round_offers_its_undo(new_phone, live_server, console):
    _context_a, phone_a = new_phone()
    _context_b, phone_b = new_phone()
    _match_id, table, state = opened_match(live_server, phone_a, phone_b)
    enter_next(phone_a, random.Random("whose-undo"), table, state)
    phone_a.locator("#save").click()
    expect(phone_a.locator("#last-round a")).to_contain_text("Undo")
    # Phone B sees the round come (live sync), without an Undo of a round it did not enter.
    expect(phone_b.locator("#last-round")).to_contain_text("Round 1")
    expect(phone_b.locator("#h-entry")).to_have_text("Round 2")
    expect(phone_b.locator("#last-round a")).to_have_count(0)
    phone_b.reload()
    expect(phone_b.locator("#last-round")).to_contain_text("Round 1")
    expect(phone_b.locator("#last-round a")).to_have_count(0)
    assert console.unexpected() == []


def test_offline_the_chart_counts_the_rounds_the_totals_count(page, context, live_server, console):
    match_id, table, state = ready_match(page, live_server)
    rng = random.Random("chart-offline")
    raw, state = legal_rounds.legal_round(rng, GAME, table, state)
    post(live_server, f"/api/v1/matches/{match_id}/rounds", raw)  # another phone's round 1
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    go_offline(page, context, console)
    _raw, state = enter_next(page, rng, table, state)
    page.locator("#save").click()
    expect(page.locator(TOTALS)).to_have_text(totals_of(state))
    # The chart goes on to round 2 too (from 0 before round 1), drawn as the server draws it.
    lines = page.locator("#progress svg.chart polyline")
    expect(lines.first).to_have_attribute("points", re.compile(r"^\S+ \S+ \S+$"))
    drawn = [lines.nth(side).get_attribute("points") for side in range(len(PLAYERS))]
    context.set_offline(False)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(2, timeout=30_000)
    expect(page.locator("#progress svg.chart polyline")).to_have_count(len(PLAYERS))
    assert [lines.nth(side).get_attribute("points") for side in range(len(PLAYERS))] == drawn
    assert console.unexpected() == []
