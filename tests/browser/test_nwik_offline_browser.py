"""Nwik offline in chromium: its rounds checked and scored by the phone's engine with the connection off, its save bar, a whole match, one visit enough."""
from __future__ import annotations

import time

import pytest

from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api, pick, start_match, valid_preview
from tests.support.nwik import NWIK_STYLES, NWIK_TRICKS
from tests.support.offline import (
    ENGINE_BOOT_MS,
    FROM_THE_STORE_MS,
    MARKS,
    engine_ready,
    expect,
    go_offline,
    post,
    queued,
)
from tests.support.table_loop import enter

pytestmark = MARKS


def fill_nwik(page, style: int, stake: int, tricks: list[int]) -> None:
    pick(page, "style", style)
    pick(page, "stake", stake)
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))


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
        # Each button keeps its own words and the round moves on in both (Save the bids posts
        # the next round's bids).
        expect(page.locator("#save")).to_have_text(f"Save round {number + 1}")
        expect(page.locator("#save-bids")).to_have_text("Save the bids")
        expect(page.locator("#save-bids")).to_have_attribute("formaction", f"/matches/{match_id}/rounds/{number + 1}/bidding")
        expect(page.locator("#last-round")).to_contain_text(f"Round {number} · not yet sent")
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
    # Reload with the connection still off: nothing queued is lost, and the queued rounds,
    # totals and round number are there within a second of the page (from the phone's store,
    # while the engine boots again), so Save is never offered for a round already queued.
    page.reload()
    expect(page.locator("tbody.provisional")).to_have_count(3, timeout=FROM_THE_STORE_MS)
    expect(page.locator("#h-entry")).to_have_text("Round 4", timeout=FROM_THE_STORE_MS)
    expect(totals).to_have_text([str(total) for total in state.totals])
    shot(page, "offline-nwik-03-reloaded", full_page=True)
    context.set_offline(False)
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
    expect(page.locator("tbody[id^=round-]")).to_have_count(3)
    stored = api(live_server, match_id)
    assert [scored["input"] for scored in stored["rounds"]] == inputs
    assert stored["totals"] == list(state.totals)
    assert [scored["scores"] for scored in stored["rounds"]] == [list(r.score.scores) for r in state.rounds]
    assert queued(page, match_id) == []
    shot(page, "offline-nwik-04-sent", full_page=True)
    assert console.unexpected() == []


# A Nwik round entered chip by chip: what is still to enter (style 2's trump among it), a
# refusal (the last tricks tapped one too many once the trump is in), then a round that would score.
BAR_STEPS = [("style", "2"), ("stake", "1"), ("tricks_0", "5"), ("tricks_1", "4"), ("tricks_2", "5"),
             ("trump", "hearts"), ("tricks_2", "4")]


def test_offline_save_bar_says_what_it_says_online(page, context, console, shot, live_server):
    """The sticky save bar's state line offline, drawn from the phone's engine, reads as the
    server's does online at every step: still to enter, not yet (bad), each side's score (good)."""
    players = ["Ann", "Bob", "Cid"]
    start_match(page, "nwik", players)
    bar = page.locator("#bar-state")
    online = []
    for name, value in BAR_STEPS:
        enter(page, name, value)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(400)  # the live check's delay (250 ms) and its answer
        online.append((bar.get_attribute("class"), " ".join(bar.text_content().split())))
    assert online[-1][0] == "bar-state good" and online[0][0] == "bar-state"
    assert any(state == "bar-state bad" for state, _text in online)
    start_match(page, "nwik", players)
    engine_ready(page)
    go_offline(page, context, console)
    for (name, value), (state, text) in zip(BAR_STEPS, online, strict=True):
        enter(page, name, value)
        expect(bar).to_have_class(state, timeout=ENGINE_BOOT_MS)
        expect(bar).to_have_text(text)
        if state == "bar-state":  # still to enter: nothing red, as online
            expect(page.locator("#preview .refusal")).to_have_count(0)
        shot(page, f"offline-bar-{name}")
    page.locator("#save").click()
    expect(page.locator("#round-1.provisional")).to_have_count(1)
    expect(bar).to_have_class("bar-state")
    expect(bar).to_have_text("Tap the chips: the round is checked as you go")
    shot(page, "offline-bar-after-save")
    context.set_offline(False)
    assert console.unexpected() == []


def nwik_round_input(number: int) -> dict:
    """The whole-match inputs of test_browser.test_whole_nwik_match: each Bidder's styles in turn."""
    turn = (number - 1) // 3
    style = NWIK_STYLES[turn]
    raw = {"style": style, "stake": turn + 1, "tricks": NWIK_TRICKS[(number - 1) % len(NWIK_TRICKS)]}
    if style == 2:
        raw["trump"] = "hearts"
    if style == 5:
        raw["vip_card"] = 2
    return raw


@pytest.mark.slow
def test_whole_nwik_match_offline_from_round_one(page, context, console, shot, live_server):
    players = ["Ann", "Bob", "Cid"]
    match_id = start_match(page, "nwik", players)
    engine_ready(page)
    go_offline(page, context, console)
    inputs = [nwik_round_input(number) for number in range(1, 16)]
    game = get_game("nwik")
    table = game.table(players)
    for number, raw in enumerate(inputs, start=1):
        expect(page.locator("#h-entry")).to_have_text(f"Round {number}")
        expected = game.replay(table, inputs[: number - 1]).next
        expect(page.locator("#scores .next")).to_have_text(
            f"Round {number}: {players[expected['dealer']]} deals, {players[expected['bidder']]} bids"
        )
        fill_nwik(page, raw["style"], raw["stake"], raw["tricks"])
        if "trump" in raw:
            pick(page, "trump", raw["trump"])
        if "vip_card" in raw:
            pick(page, "vip_card", raw["vip_card"])
        valid_preview(page)
        page.locator("#save").click()
        expect(page.locator(f"#round-{number}.provisional")).to_have_count(1)
        if number == 8:
            expect(page.locator("#match-progress")).to_have_text("7 rounds left · 8 rounds played")
            shot(page, "offline-nwik-whole-01-midway", full_page=True)
    state = game.replay(table, inputs)
    banner = page.locator("#winner-banner")
    for side in state.winners:
        expect(banner).to_contain_text(players[side])
    expect(page.locator("#entry")).to_be_hidden()
    expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in state.totals])
    expect(page.locator("#match-progress")).to_have_text("0 rounds left · 15 rounds played")
    # Every Bidder has used the styles and stakes of their five turns.
    expect(page.locator("table.usage td.used")).to_have_count(30)
    shot(page, "offline-nwik-whole-02-finished", full_page=True)
    context.set_offline(False)
    # The page reloads as the queue goes out: wait for all fifteen rounds as sent ones.
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(15, timeout=60_000)
    expect(page.locator("tbody.provisional")).to_have_count(0)
    stored = api(live_server, match_id)
    assert [scored["input"] for scored in stored["rounds"]] == inputs
    assert stored["finished"], stored["next"]
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


def test_one_visit_is_enough_for_an_offline_reload(new_phone, live_server, console, shot):
    """A phone that opened the match once (its first page of the app, so the service worker
    registered during it) and was left alone until "Ready offline": offline, a round is
    scored and saved, and a reload shows the match with that round, not the offline page.
    The phone asks for its language, as every browser does (an outside walk-through's phone
    got the offline page on that reload: the kept page was looked up by its request headers)."""
    match_id = post(live_server, "/api/v1/matches", {"game": "nwik", "players": ["Ann", "Bob", "Cy"]})["id"]
    context, page = new_phone("en-GB")
    page.goto(f"/matches/{match_id}")
    # While its files come and it boots, the corner says so: the player leaves the page open.
    # Said from the page's start, not once the engine's wait for a quiet moment (2 s in the
    # tests) is over: the shorter wait here tells the two apart, it promises no speed.
    expect(page.locator("#net-status")).to_have_text("Getting ready for offline…", timeout=1_000)
    shot(page, "offline-one-visit-getting-ready")
    engine_ready(page)
    go_offline(page, context, console)
    fill_nwik(page, *NWIK_OFFLINE[0])
    expect(page.locator("#bar-state.good")).to_be_visible(timeout=2_000)
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    page.reload()
    expect(page.locator("#round-1.provisional")).to_have_count(1, timeout=FROM_THE_STORE_MS)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    shot(page, "offline-one-visit-reloaded")
    assert console.unexpected() == []


def test_a_page_that_arrives_as_the_worker_takes_charge_is_kept(new_phone, live_server, console):
    """A first visit whose match page was on its way while the service worker took charge (a
    phone that opened the app and at once a match, as starting one does): the worker's claim
    came before the page, so it never takes charge of it. The page is still kept, "Ready
    offline" still comes, and an offline reload shows the match, not the offline page, and
    scores its round. (A CI
    run waited a minute at "Getting ready for offline…" for a worker that never took charge.)"""
    match_id = post(live_server, "/api/v1/matches", {"game": "nwik", "players": ["Ann", "Bob", "Cy"]})["id"]
    context, page = new_phone("en-GB")
    held_worker: list = []
    context.route("**/sw.js", lambda route: held_worker.append(route), times=1)

    def match_page_after_the_worker(route) -> None:
        # The worker's script comes once the match page is asked for; the page is answered
        # after the worker has had time to install, activate and claim the app's pages.
        held_worker.pop().continue_()
        time.sleep(3)
        route.continue_()

    page.goto("/")
    for _ in range(100):  # the app's first page asks for the worker's script
        if held_worker:
            break
        page.wait_for_timeout(100)
    context.route(f"**/matches/{match_id}", match_page_after_the_worker, times=1)
    page.goto(f"/matches/{match_id}")
    engine_ready(page)
    go_offline(page, context, console)
    page.reload()
    expect(page.locator("#h-entry")).to_have_text("Round 1", timeout=FROM_THE_STORE_MS)
    # The engine's files were kept too: the reloaded page scores a round with no connection.
    fill_nwik(page, *NWIK_OFFLINE[0])
    expect(page.locator("#bar-state.good")).to_be_visible(timeout=ENGINE_BOOT_MS)
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    assert console.unexpected() == []


def greyed_chips(page) -> list[str]:
    """The form's greyed chips (_macros.html greyed_chip) a person sees, read: what, and why.
    (The Acting Bidder's, asked only after a Pass, are not shown while the Pass is used.)"""
    chips = page.locator("form[data-round-form] details.greyed:visible")
    return [" ".join(text.split()) for text in chips.all_text_contents()]


def test_offline_next_round_marks_the_styles_and_stakes_used(new_phone, live_server, console, shot):
    """The form moved on offline greys the next Bidder's used style and stake, with the
    engine's reason, as the server's page does (a player saw them offered as free offline,
    and only a tap said they were used)."""
    match_id = post(live_server, "/api/v1/matches", {"game": "nwik", "players": ["Ann", "Bob", "Cy"]})["id"]
    # Round 1's Bidder passes (style 6) at stake 1: with three players, round 4 is theirs again.
    rounds = f"/api/v1/matches/{match_id}/rounds"
    post(live_server, rounds, {"style": 6, "acting_style": 1, "stake": 1, "tricks": [6, 4, 3]})
    post(live_server, rounds, {"style": 3, "stake": 2, "tricks": [5, 5, 3]})
    context, page = new_phone("en-GB")
    page.goto(f"/matches/{match_id}")
    engine_ready(page)
    go_offline(page, context, console)
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    fill_nwik(page, 4, 2, [2, 8, 3])
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 4")
    expect(page.locator("#c-style details.greyed")).to_contain_text(["6 · Pass"])
    expect(page.locator("#c-stake details.greyed")).to_contain_text(["1"])
    expect(page.locator('#c-style input[value="6"], #c-stake input[value="1"]')).to_have_count(0)
    offline = greyed_chips(page)
    shot(page, "offline-nwik-used-greyed", full_page=True)
    # The server's page of the same round, once the round is sent: the same chips, the same words.
    context.set_offline(False)
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
    page.reload()
    expect(page.locator("#h-entry")).to_have_text("Round 4")
    assert greyed_chips(page) == offline
    assert console.unexpected() == []
