"""Nameless offline in chromium: queued rounds edited and undone, a second phone's conflict settled, a browser restart, the next round typed while the queue goes, a phone without the engine."""
from __future__ import annotations

from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api, start_match, valid_preview
from tests.support.offline import (
    ENGINE_BOOT_MS,
    FROM_THE_STORE_MS,
    MARKS_ON_POSTGRESQL,
    OFFLINE_NOISE,
    engine_ready,
    expect,
    go_offline,
    queued,
)
from tests.support.table_loop import enter

pytestmark = MARKS_ON_POSTGRESQL


NAMELESS = [[2, 1, 1, 1], [1, 2, 1, 1], [1, 1, 2, 1]]


def fill_nameless(page, tricks: list[int]) -> None:
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))


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
    expect(page.locator("tbody.provisional")).to_have_count(2)
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
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
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


def record_mine(page, conflict) -> None:
    """"Record mine" sends the kept rounds; the server's blocks then replace the page's in
    place (static/js/page/queue.js, flush): no reload, the engine of this visit stays."""
    loads = []
    page.on("load", lambda _page: loads.append(1))
    conflict.get_by_role("button", name="Record mine from round 2").click()
    expect(page.locator("#offline-conflict")).to_have_count(0, timeout=30_000)
    expect(page.locator("tbody.provisional")).to_have_count(0)
    assert loads == []


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
    expect(page.locator("tbody.provisional")).to_have_count(0)
    shot(page, "offline-conflict-01-refused", full_page=True)
    # "Keep mine" first shows the hands re-scored as rounds 2 and 3; nothing is recorded yet.
    conflict.get_by_role("button", name="Keep mine as round 2").click()
    expect_kept_hands_rescored(conflict, ["Ann", "Bob", "Cid", "Dee"], server)
    shot(page, "offline-conflict-02-kept-preview", full_page=True)
    assert len(api(live_server, match_id)["rounds"]) == 1
    record_mine(page, conflict)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(3, timeout=30_000)
    expect(page.locator("tbody.provisional")).to_have_count(0)
    expect(page.locator("#offline-conflict")).to_have_count(0)
    stored = api(live_server, match_id)
    assert [scored["input"]["tricks"] for scored in stored["rounds"]] == [[3, 0, 1, 1], *NAMELESS[:2]]
    assert queued(page, match_id) == []
    shot(page, "offline-conflict-03-resolved", full_page=True)
    assert console.unexpected() == []


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
    expect(page.locator("tbody.provisional")).to_have_count(2, timeout=FROM_THE_STORE_MS)
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    context.set_offline(False)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(2, timeout=30_000)
    page.close()
    assert [scored["input"]["tricks"] for scored in api(live_server, match_id)["rounds"]] == NAMELESS[:2]


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
    expect(page.locator("tbody.provisional")).to_have_count(0)
    expect(page.locator('input[name="tricks_0"][value="3"]')).to_be_checked()
    assert len(api(live_server, match_id)["rounds"]) == 1
    assert console.unexpected() == []


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
    record_mine(page, conflict)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(3, timeout=30_000)
    stored = api(live_server, match_id)
    assert [scored["input"]["tricks"] for scored in stored["rounds"]] == [[3, 0, 1, 1], *NAMELESS[:2]]
    assert stored["totals"] == totals
    assert console.unexpected() == []
