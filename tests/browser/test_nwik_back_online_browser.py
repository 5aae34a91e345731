"""Nwik rounds saved offline meet the server again in chromium: sent once, after which the page
shows the server's match and nothing as "not yet sent"; and a phone that could not store the
rules before the connection went keeps its rounds without claiming whose turn it is or
showing totals that leave them out as if they counted them."""
from __future__ import annotations

from tests.support.browser_steps import api, pick, start_match, valid_preview
from tests.support.offline import FROM_THE_STORE_MS, MARKS, engine_ready, expect, go_offline
from tests.support.table_loop import enter

pytestmark = MARKS

PLAYERS = ["Ann", "Bob", "Cid"]
ROUNDS = [(1, 2, [4, 6, 3]), (3, 4, [3, 4, 6])]
TOTALS = "#scores ol.totals .points"


def fill_nwik(page, style: int, stake: int, tricks: list[int]) -> None:
    pick(page, "style", style)
    pick(page, "stake", stake)
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))


def save_rounds(page, checked: bool) -> None:
    for number, (style, stake, tricks) in enumerate(ROUNDS, start=1):
        fill_nwik(page, style, stake, tricks)
        if checked:
            valid_preview(page)
        page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")


def test_rounds_sent_after_an_offline_reload_are_not_shown_as_unsent(page, context, console, live_server, shot):
    """Reloaded offline, the page asks its engine (booting again, seconds) for the queued
    rounds; the connection came back and sent them before it answered. That late answer
    drew "Round 2 · not yet sent" over the server's blocks, and it stayed."""
    match_id = start_match(page, "nwik", PLAYERS)
    engine_ready(page)
    go_offline(page, context, console)
    save_rounds(page, checked=True)
    page.reload()
    expect(page.locator("tbody.provisional")).to_have_count(2, timeout=FROM_THE_STORE_MS)
    context.set_offline(False)
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=30_000)
    # The reloaded page's engine has booted and answered what it was asked offline.
    engine_ready(page)
    # Its next answer comes after that one: the connection goes again and a chip is tapped.
    go_offline(page, context, console)
    pick(page, "style", 2)
    expect(page.locator("#bar-state")).to_contain_text("Still to enter")
    shot(page, "back-online-after-offline-reload")
    server = api(live_server, match_id)
    assert len(server["rounds"]) == 2  # each sent once
    expect(page.locator("#last-round")).to_contain_text("Round 2")
    expect(page.locator("#last-round")).not_to_contain_text("not yet sent")
    expect(page.locator("tbody.provisional")).to_have_count(0)
    expect(page.locator(".not-sent")).to_have_count(0)
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator(TOTALS)).to_have_text([str(total) for total in server["totals"]])
    assert console.unexpected() == []


def test_rounds_saved_before_the_rules_were_stored_claim_no_turn_and_no_totals(new_phone, console, live_server, shot):
    """A first visit gone offline before its engine was stored: Save keeps the rounds for the
    server. The form moved on still named round 1's Bidder ("Bob's style" for Cid's round),
    and the totals stood at 0 with "0 rounds played" as if they counted the rounds."""
    context, page = new_phone()
    match_id = start_match(page, "nwik", PLAYERS)
    go_offline(page, context, console)
    save_rounds(page, checked=False)
    # Whose turn it is the rules say, which this phone cannot check: no one is named.
    expect(page.locator("#c-style legend")).to_have_text("The Bidder's style")
    expect(page.locator("#c-stake legend")).to_have_text("The Bidder's stake")
    expect(page.locator("form[data-round-form] .who")).to_have_text(
        "Whose deal it is (and who bids) follows the rules: this phone cannot check it until the connection is back."
    )
    expect(page.locator("#c-acting_style legend")).to_have_text("The Bidder passes: the Acting Bidder's style")
    # The totals are said to leave the two rounds out, not shown as the match's.
    expect(page.locator("#match-progress")).to_have_text(
        "Rounds 1 to 2 saved on this phone are not counted yet: the totals are from before them until the connection is back."
    )
    expect(page.locator("#scores")).to_have_class("board uncounted")
    expect(page.locator("#pending li.pending-round")).to_have_text(["Round 1 · pending", "Round 2 · pending"])
    shot(page, "back-online-no-engine-offline")
    context.set_offline(False)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(2, timeout=30_000)
    server = api(live_server, match_id)
    assert [scored["input"]["tricks"] for scored in server["rounds"]] == [tricks for _style, _stake, tricks in ROUNDS]
    expect(page.locator(TOTALS)).to_have_text([str(total) for total in server["totals"]])
    expect(page.locator("#scores")).to_have_class("board")
    expect(page.locator("#match-progress")).to_have_text("13 rounds left · 2 rounds played")
    expect(page.locator("#c-style legend")).to_have_text("Ann's style")
    expect(page.locator("form[data-round-form] .who")).to_have_text("Cid deals · Ann is Bidder")
    shot(page, "back-online-no-engine-sent")
    assert console.unexpected() == []
