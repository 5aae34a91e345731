"""Offline entry in chromium: the phone's rules engine (Pyodide in a web worker) checks and
scores rounds with the connection off; the queue in IndexedDB is sent in order, exactly once."""
from __future__ import annotations

import json
import random
import urllib.request

import pytest
from table_loop import enter

from scorekeeper.games import all_games, get_game
from scorekeeper.web.games import adapter_for
from tests.games import legal_rounds
from tests.web.test_browser import api, pick, start_match, valid_preview
from tests.web.test_nwik_browser import NWIK_STYLES, NWIK_TRICKS

pytestmark = pytest.mark.browser
# Phones that queue rounds and sync them to a shared server: bin/test runs these in its
# PostgreSQL run, the league server's database (all but the whole match, which evens out
# the two runs' time).
on_postgresql = pytest.mark.on_postgresql

expect = pytest.importorskip("playwright.sync_api").expect

ENGINE_BOOT_MS = 60_000
OFFLINE_NOISE = ("ERR_INTERNET_DISCONNECTED", "Failed to fetch", "net::ERR_FAILED")


@pytest.fixture
def context(phone_context):
    """These tests run on the session's one phone (tests/web/conftest.py): its engine is
    stored and compiled once, as on a player's phone that has been to the app before."""
    return phone_context


@pytest.fixture
def new_phone(browser, live_server, console):
    """Makes a phone that has never been to the app (nothing stored, no engine), at 390x844,
    its console watched: new_phone() -> (context, page). Closed after the test."""
    made = []

    def make():
        context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
        made.append(context)
        page = context.new_page()
        console.watch(page)
        return context, page

    yield make
    for context in made:
        context.close()


def engine_ready(page) -> None:
    """The player leaves the phone on the match page until its corner says it works offline:
    the engine has loaded in the background, and the service worker keeps its files."""
    expect(page.locator("#net-status")).to_have_text("Ready offline", timeout=ENGINE_BOOT_MS)


def go_offline(page, context, console) -> None:
    # The page's first live check (asked on load) is answered before the connection goes: cut
    # off in flight, htmx logs it as an error, which would hide a real one among the noise.
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    console.allowed = OFFLINE_NOISE
    context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")


def fill_nwik(page, style: int, stake: int, tricks: list[int]) -> None:
    pick(page, "style", style)
    pick(page, "stake", stake)
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))


def queued(page, match_id: str) -> list[dict]:
    return page.evaluate(f"window.ScorekeeperOffline.provisional({json.dumps(match_id)})")


NWIK_OFFLINE = [(1, 1, [6, 4, 3]), (3, 1, [5, 5, 3]), (4, 1, [2, 8, 3])]


@on_postgresql
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
    expect(page.locator("tr.provisional")).to_have_count(3, timeout=1_000)
    expect(page.locator("#h-entry")).to_have_text("Round 4", timeout=1_000)
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


# A Nwik round entered chip by chip: what is still to enter, a refusal (style 2 needs its
# trump), then a round that would score.
BAR_STEPS = [("style", "2"), ("stake", "1"), ("tricks_0", "5"), ("tricks_1", "4"), ("trump", "hearts")]


@on_postgresql
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
    expect(page.locator("tr[id^=round-]:not(.provisional)")).to_have_count(15, timeout=60_000)
    expect(page.locator("tr.provisional")).to_have_count(0)
    stored = api(live_server, match_id)
    assert [scored["input"] for scored in stored["rounds"]] == inputs
    assert stored["finished"], stored["next"]
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


SPADES_OFFLINE = [
    (["4", "nil", "3", "2"], [5, 0, 4, 4]),
    (["3", "3", "3", "3"], [3, 4, 3, 3]),
    (["2", "4", "2", "4"], [2, 5, 3, 3]),
]


def fill_spades(page, bids: list[str], tricks: list[int]) -> None:
    for seat, bid in enumerate(bids):
        enter(page, f"bid_{seat}", bid)
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))


def spades_input(bids: list[str], tricks: list[int]) -> dict:
    return {"bids": [bid if bid == "nil" else int(bid) for bid in bids], "tricks": tricks}


@on_postgresql
def test_three_spades_rounds_offline_double_tap_and_reload(page, context, console, shot, live_server):
    players = ["Ann", "Bob", "Cid", "Dee"]
    match_id = start_match(page, "spades", players)
    engine_ready(page)
    go_offline(page, context, console)
    for number, (bids, tricks) in enumerate(SPADES_OFFLINE, start=1):
        expect(page.locator("#h-entry")).to_have_text(f"Round {number}")
        fill_spades(page, bids, tricks)
        valid_preview(page)
        page.locator("#save").dblclick()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
        expect(page.locator(f"#round-{number}.provisional")).to_have_count(1)
        # The next round's bids are asked in its order: from the next dealer's left.
        first_bidder = players[(number + 1) % len(players)]
        expect(page.locator("#c-bids legend").nth(1)).to_have_text(f"{first_bidder}'s bid")
    page.reload()
    expect(page.locator("tr.provisional")).to_have_count(3, timeout=1_000)
    game = get_game("spades")
    inputs = [spades_input(bids, tricks) for bids, tricks in SPADES_OFFLINE]
    state = game.replay(game.table(players), inputs)
    expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in state.totals])
    bags = state.next["bags"]
    expect(page.locator("#entry .who")).to_contain_text(f"Ann & Cid {bags[0]}, Bob & Dee {bags[1]}")
    shot(page, "offline-spades-01-reloaded", full_page=True)
    context.set_offline(False)
    expect(page.locator("tr.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    assert [scored["input"] for scored in stored["rounds"]] == inputs
    assert [scored["number"] for scored in stored["rounds"]] == [1, 2, 3]
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


@on_postgresql
def test_spades_bids_saved_offline_stay_on_the_phone_until_the_tricks(page, context, console, shot, live_server):
    """The two-step round without a connection: "Save the bids" keeps the bids on the phone
    (no browser error page), a reload keeps them, the tricks follow after the hand, and the
    round reaches the server as entered once the connection returns."""
    players = ["Ann", "Bob", "Cid", "Dee"]
    match_id = start_match(page, "spades", players)
    engine_ready(page)
    go_offline(page, context, console)
    bids, tricks = SPADES_OFFLINE[0]
    for seat, bid in enumerate(bids):
        enter(page, f"bid_{seat}", bid)
    page.locator("#save-bids").click()
    expect(page.locator("#bids-kept")).to_contain_text("the bids stay on this phone with round 1")
    assert page.url.endswith(f"/matches/{match_id}")
    page.reload()
    expect(page.locator("#bids-kept")).to_be_visible(timeout=1_000)  # from the phone's store, not the engine
    for seat, bid in enumerate(bids):
        expect(page.locator(f'input[name="bid_{seat}"][value="{bid}"]')).to_be_checked()
    shot(page, "offline-spades-bids-kept", full_page=True)
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#round-1.provisional")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    expect(page.locator("#bids-kept")).to_have_count(0)
    context.set_offline(False)
    expect(page.locator("tr.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    game = get_game("spades")
    state = game.replay(game.table(players), [spades_input(bids, tricks)])
    assert [scored["input"] for scored in stored["rounds"]] == [spades_input(bids, tricks)]
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


NAMELESS = [[2, 1, 1, 1], [1, 2, 1, 1], [1, 1, 2, 1]]


def fill_nameless(page, tricks: list[int]) -> None:
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))


@on_postgresql
def test_edit_and_undo_of_queued_rounds(page, context, console, shot, live_server):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    engine_ready(page)
    go_offline(page, context, console)
    for tricks in NAMELESS:
        fill_nameless(page, tricks)
        valid_preview(page)
        page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {NAMELESS.index(tricks) + 2}")
    # The line at the top says the last queued round, with its Undo (as a sent one's has).
    expect(page.locator("#last-round")).to_contain_text("Round 3 · not yet sent")
    # Undo the last queued round, edit the first one.
    page.locator("#last-round [data-offline-undo='3']").click()
    expect(page.locator("tr.provisional")).to_have_count(2)
    expect(page.locator("#last-round")).to_contain_text("Round 2 · not yet sent")
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    page.locator("[data-offline-edit='1']").click()
    expect(page.locator("#h-entry")).to_have_text("Edit round 1 (not yet sent)")
    expect(page.locator('input[name="tricks_0"][value="2"]')).to_be_checked()
    fill_nameless(page, [1, 1, 1, 2])
    valid_preview(page)
    shot(page, "offline-edit-01-editing")
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    items = queued(page, match_id)
    assert [(item["number"], item["input"]["tricks"]) for item in items] == [(1, [1, 1, 1, 2]), (2, [1, 2, 1, 1])]
    context.set_offline(False)
    expect(page.locator("tr.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    assert [scored["input"]["tricks"] for scored in stored["rounds"]] == [[1, 1, 1, 2], [1, 2, 1, 1]]
    assert console.unexpected() == []


def second_phone_records_round_one(browser, live_server: str, match_id: str) -> None:
    """Meanwhile a second phone at the table records round 1 online."""
    other = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    try:
        second = other.new_page()
        second.goto(f"/matches/{match_id}")
        fill_nameless(second, [3, 0, 1, 1])
        valid_preview(second)
        second.locator("#save").click()
        expect(second.locator("#round-1")).to_have_count(1)
    finally:
        other.close()


def expect_kept_hands_rescored(conflict, players: list[str], server: dict) -> list[int]:
    """"Keep mine" shows this phone's two Nameless hands scored as the rounds after the
    server's round 1, as the server's own replay scores them; returns the totals they make."""
    game = get_game("nameless")
    table = game.table(players)
    inputs = [server["rounds"][0]["input"], *({**server["rounds"][0]["input"], "tricks": tricks} for tricks in NAMELESS[:2])]
    sides = [" & ".join(table.players[seat] for seat in side) for side in table.sides]
    preview = conflict.locator("ul.keep-preview")
    state = game.replay(table, inputs)
    for scored in state.rounds[1:]:
        said = ", ".join(f"{side} {points:+d}" if points else f"{side} 0" for side, points in zip(sides, scored.score.scores, strict=True))
        # Without the engine on the phone yet, it arrives with the connection first.
        expect(preview).to_contain_text(f"Round {scored.number}: {table.players[scored.dealer]} deals", timeout=ENGINE_BOOT_MS)
        expect(preview).to_contain_text(said)
    return list(state.totals)


@on_postgresql
def test_conflict_from_a_second_phone_keeps_both_phones_rounds(browser, live_server, page, context, console, shot):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    engine_ready(page)
    go_offline(page, context, console)
    for number, tricks in enumerate(NAMELESS[:2], start=1):
        fill_nameless(page, tricks)
        valid_preview(page)
        page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
    second_phone_records_round_one(browser, live_server, match_id)
    console.allowed = (*OFFLINE_NOISE, "status of 409")  # the server's refusal, shown below
    context.set_offline(False)
    conflict = page.locator("#offline-conflict")
    expect(conflict).to_contain_text(
        "Another phone recorded round 1 first: rounds 1 to 2 saved on this phone are not recorded yet.", timeout=20_000
    )
    # Until this phone's player chooses, the totals and the sheet are the server's: the other
    # phone's round 1, none of the refused ones.
    server = api(live_server, match_id)
    assert len(server["rounds"]) == 1
    expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in server["totals"]])
    expect(page.locator("tr.provisional")).to_have_count(0)
    shot(page, "offline-conflict-01-refused", full_page=True)
    # "Keep mine" first shows the hands re-scored as rounds 2 and 3; nothing is recorded yet.
    conflict.get_by_role("button", name="Keep mine as round 2").click()
    expect_kept_hands_rescored(conflict, ["Ann", "Bob", "Cid", "Dee"], server)
    shot(page, "offline-conflict-02-kept-preview", full_page=True)
    assert len(api(live_server, match_id)["rounds"]) == 1
    conflict.get_by_role("button", name="Record mine from round 2").click()
    expect(page.locator("tr[id^=round-]:not(.provisional)")).to_have_count(3, timeout=30_000)
    expect(page.locator("tr.provisional")).to_have_count(0)
    expect(page.locator("#offline-conflict")).to_have_count(0)
    stored = api(live_server, match_id)
    assert [scored["input"]["tricks"] for scored in stored["rounds"]] == [[3, 0, 1, 1], *NAMELESS[:2]]
    assert queued(page, match_id) == []
    shot(page, "offline-conflict-03-resolved", full_page=True)
    assert console.unexpected() == []


@on_postgresql
def test_offline_home_lists_the_matches_on_this_phone(page, context, console, shot):
    first = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    second = start_match(page, "spades", ["Eve", "Fay", "Gus", "Hal"])
    engine_ready(page)
    page.goto(f"/matches/{first}")
    # Looked at, as a person would before leaving: the page has stored its match by then.
    page.wait_for_load_state("networkidle")
    page.goto("/offline")
    go_offline(page, context, console)
    page.goto("/leagues/never-opened")  # not on this phone: the service worker answers with the offline page
    # The session's phone has been to other matches too: these two are among them.
    for match_id in (first, second):
        expect(page.locator(f"#phone-match-list a.match-link[href='/matches/{match_id}']")).to_have_count(1)
    shot(page, "offline-home-01")
    page.locator(f"#phone-match-list a[href='/matches/{first}']").click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    assert console.unexpected() == []


def post(live_server: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        live_server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)



@on_postgresql
def test_queued_rounds_survive_a_browser_restart(phone, page, context, live_server):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    engine_ready(page)
    context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    for number, tricks in enumerate(NAMELESS[:2], start=1):
        fill_nameless(page, tricks)
        valid_preview(page)
        page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
    context = phone.restart(offline=True)  # the browser quits with two rounds not yet sent
    assert api(live_server, match_id)["rounds"] == []
    page = context.new_page()
    page.goto("/")  # the home page lists the match with the rounds waiting on the phone
    listed = page.locator(f"#phone-match-list a.match-link[href='/matches/{match_id}']")
    expect(listed).to_contain_text("Rounds recorded: 2 · Not yet sent: 2")
    page.goto(f"/matches/{match_id}")  # from the service worker's copy
    expect(page.locator("tr.provisional")).to_have_count(2, timeout=1_000)
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    context.set_offline(False)
    expect(page.locator("tr[id^=round-]:not(.provisional)")).to_have_count(2, timeout=30_000)
    page.close()
    assert [scored["input"]["tricks"] for scored in api(live_server, match_id)["rounds"]] == NAMELESS[:2]


def fill_form(page, values: dict[str, str]) -> None:
    """Enter a round's form fields as a person would: tap chips, pick from lists, type counts."""
    for name, value in values.items():
        field = page.locator(f'form[data-round-form] [name="{name}"]').first
        kind = field.evaluate("el => el.tagName === 'SELECT' ? 'select' : el.type")
        if kind == "select":
            page.select_option(f'form[data-round-form] select[name="{name}"]', value)
        elif value != "":
            enter(page, name, value)


@on_postgresql
@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_every_game_records_rounds_offline(game_id, page, context, console, live_server):

    game = get_game(game_id)
    counts, options, _generate = legal_rounds.generator_for(game)
    players = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][: max(counts)]
    match = post(live_server, "/api/v1/matches", {"game": game_id, "players": players, "options": options})
    table = game.table(players, match["options"])
    rng = random.Random(f"every-game-{game_id}")
    state = game.initial_state(table)
    page.goto(f"/matches/{match['id']}")
    engine_ready(page)
    go_offline(page, context, console)
    for number in range(1, 4):
        hints = state.next
        raw, state = legal_rounds.legal_round(rng, game, table, state)
        fill_form(page, adapter_for(game).form_values(raw, table, hints))
        valid_preview(page)
        page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
        expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in state.totals])
    context.set_offline(False)
    expect(page.locator("tr[id^=round-]:not(.provisional)")).to_have_count(3, timeout=30_000)
    stored = api(live_server, match["id"])
    assert [scored["scores"] for scored in stored["rounds"]] == [list(r.score.scores) for r in state.rounds]
    assert console.unexpected() == []


@on_postgresql
def test_typing_the_next_round_survives_the_queue_being_sent(page, context, console, live_server):
    match_id = start_match(page, "nameless", ["Ann", "Bob", "Cid", "Dee"])
    engine_ready(page)
    go_offline(page, context, console)
    fill_nameless(page, NAMELESS[0])
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    enter(page, "tricks_0", "3")  # the next round, half typed, when the connection returns
    context.set_offline(False)
    expect(page.locator("#round-1:not(.provisional)")).to_have_count(1, timeout=30_000)
    expect(page.locator("tr.provisional")).to_have_count(0)
    expect(page.locator('input[name="tricks_0"][value="3"]')).to_be_checked()
    assert len(api(live_server, match_id)["rounds"]) == 1
    assert console.unexpected() == []


@on_postgresql
def test_a_phone_without_the_engine_queues_rounds_and_settles_a_conflict(new_phone, browser, live_server, console, shot):
    """A phone that lost the connection before its engine was stored (a first visit, gone
    offline at once): the bar says so, Save still keeps the rounds for the server, and when
    another phone came first, "keep mine" shows the hands re-scored before recording them."""
    players = ["Ann", "Bob", "Cid", "Dee"]
    context, page = new_phone()
    match_id = start_match(page, "nameless", players)
    go_offline(page, context, console)
    fill_nameless(page, NAMELESS[0])
    expect(page.locator("#bar-state")).to_contain_text("Not checked offline: Save keeps it for the server")
    expect(page.locator("#save")).to_be_enabled()
    shot(page, "offline-no-engine-01-bar")
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    expect(page.locator("#save")).to_have_text("Save round 2")
    fill_nameless(page, NAMELESS[1])
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    expect(page.locator("#pending li.pending-round")).to_have_text(["Round 1 · pending", "Round 2 · pending"])
    second_phone_records_round_one(browser, live_server, match_id)
    console.allowed = (*OFFLINE_NOISE, "status of 409")
    context.set_offline(False)
    conflict = page.locator("#offline-conflict")
    expect(conflict).to_contain_text("Another phone recorded round 1 first: rounds 1 to 2", timeout=20_000)
    server = api(live_server, match_id)
    expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in server["totals"]])
    assert len(server["rounds"]) == 1
    # With the connection the engine comes: the hands are re-scored as rounds 2 and 3.
    conflict.get_by_role("button", name="Keep mine as round 2").click()
    totals = expect_kept_hands_rescored(conflict, players, server)
    assert len(api(live_server, match_id)["rounds"]) == 1
    shot(page, "offline-no-engine-02-kept-preview", full_page=True)
    conflict.get_by_role("button", name="Record mine from round 2").click()
    expect(page.locator("tr[id^=round-]:not(.provisional)")).to_have_count(3, timeout=30_000)
    stored = api(live_server, match_id)
    assert [scored["input"]["tricks"] for scored in stored["rounds"]] == [[3, 0, 1, 1], *NAMELESS[:2]]
    assert stored["totals"] == totals
    assert console.unexpected() == []


def test_writes_only_the_server_makes_say_so_offline_and_change_nothing(page, context, console, shot, live_server):
    """Offline, an edit or undo of a round already sent, and a change of bids already sent,
    stay on the match page with a note in the player's words: no browser error page, no
    offline page, nothing changed."""
    players = ["Ann", "Bob", "Cid", "Dee"]
    match_id = start_match(page, "spades", players)
    bids, tricks = SPADES_OFFLINE[0]
    for seat, bid in enumerate(bids):
        enter(page, f"bid_{seat}", bid)
    page.locator("#save-bids").click()
    expect(page.locator("#play-view")).to_be_visible()
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    bids, _tricks = SPADES_OFFLINE[1]
    for seat, bid in enumerate(bids):
        enter(page, f"bid_{seat}", bid)
    page.locator("#save-bids").click()
    expect(page.locator("#play-view")).to_be_visible()
    before = api(live_server, match_id)
    go_offline(page, context, console)
    url = page.url
    for control in (
        page.get_by_role("button", name="Change the bids"),
        page.locator("#round-1 a.edit"),
        page.locator("a[href$='/undo']").first,
    ):
        control.click()
        expect(page.locator(".needs-connection").first).to_contain_text("No connection: this needs the server. Nothing was changed")
        assert page.url == url
        expect(page.locator("#play-view")).to_be_visible()
    shot(page, "offline-needs-connection", full_page=True)
    context.set_offline(False)
    expect(page.locator(".needs-connection")).to_have_count(0)
    after = api(live_server, match_id)
    assert after["rounds"] == before["rounds"]
    assert after["version"] == before["version"]
    assert console.unexpected() == []


def test_one_visit_is_enough_for_an_offline_reload(new_phone, live_server, console, shot):
    """A phone that opened the match once (its first page of the app, so the service worker
    registered during it) and was left alone until "Ready offline": offline, a round is
    scored and saved, and a reload shows the match with that round, not the offline page."""
    match_id = post(live_server, "/api/v1/matches", {"game": "nwik", "players": ["Ann", "Bob", "Cy"]})["id"]
    context, page = new_phone()
    page.goto(f"/matches/{match_id}")
    engine_ready(page)
    go_offline(page, context, console)
    fill_nwik(page, *NWIK_OFFLINE[0])
    expect(page.locator("#bar-state.good")).to_be_visible(timeout=2_000)
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    page.reload()
    expect(page.locator("#round-1.provisional")).to_have_count(1, timeout=1_000)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    shot(page, "offline-one-visit-reloaded")
    assert console.unexpected() == []
