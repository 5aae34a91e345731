"""Spades offline in chromium: its bids and tricks queued on the phone, bids kept until the tricks, writes only the server makes refused in words."""
from __future__ import annotations

from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api, start_match, valid_preview
from tests.support.offline import FROM_THE_STORE_MS, MARKS, engine_ready, expect, go_offline
from tests.support.table_loop import enter

pytestmark = MARKS


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
    expect(page.locator("tbody.provisional")).to_have_count(3, timeout=FROM_THE_STORE_MS)
    game = get_game("spades")
    inputs = [spades_input(bids, tricks) for bids, tricks in SPADES_OFFLINE]
    state = game.replay(game.table(players), inputs)
    expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in state.totals])
    bags = state.next["bags"]
    expect(page.locator("#entry .who")).to_contain_text(f"Ann & Cid {bags[0]}, Bob & Dee {bags[1]}")
    shot(page, "offline-spades-01-reloaded", full_page=True)
    context.set_offline(False)
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    assert [scored["input"] for scored in stored["rounds"]] == inputs
    assert [scored["number"] for scored in stored["rounds"]] == [1, 2, 3]
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


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
    expect(page.locator("#bids-kept")).to_be_visible(timeout=FROM_THE_STORE_MS)
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
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    game = get_game("spades")
    state = game.replay(game.table(players), [spades_input(bids, tricks)])
    assert [scored["input"] for scored in stored["rounds"]] == [spades_input(bids, tricks)]
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []


def test_writes_only_the_server_makes_say_so_offline_and_change_nothing(page, context, console, shot, live_server):
    """Offline, an edit or undo of a round already sent, a change of bids already sent and
    ending the match stay on the match page with a note in the player's words: no browser error page, no
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
    page.locator("#round-1 a.why-mark").click()  # the round's Edit is under its line on the sheet
    for control in (
        page.get_by_role("button", name="Change the bids"),
        page.locator("#round-1 a.edit"),
        page.locator("a[href$='/undo']").first,
        page.locator("a[href$='/end']"),
    ):
        if not control.is_visible():
            page.locator("#match-menu summary").click()  # the match menu's end is folded away
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
