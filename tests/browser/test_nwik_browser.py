"""A whole Nwik match in chromium at 390x844: its refusals, its chips, the match to its end."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api, pick, refused, save_round, start_match, valid_preview
from tests.support.nwik import NWIK_STYLES, NWIK_TRICKS
from tests.support.table_loop import enter

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


# --------------------------------------------------------------------------- a whole Nwik match

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
            expect(page.locator("#bar-state")).to_have_text("Still to enter: tricks")
            enter(page, "tricks_0", tricks[0])
            expect(page.locator("#bar-state")).to_have_text("Still to enter: tricks of Bob and Cid")
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


# --------------------------------------------------------------------------- a used style at 360


@pytest.mark.parametrize("language, region", [("de", "DE"), ("ru", "RU")])
def test_a_used_long_style_fits_its_greyed_chip_at_360(page_in, shot, language, region):
    """Each Bidder has played "Hearts, Diamonds or Clubs trumps": in round 4 it is greyed among
    the Bidder's styles and among the Acting Bidder's, whose words take three lines at 360 px
    in German and Russian (they ran out at the foot of the chip's dashed border)."""
    from tests.support.table_loop import overflowing_labels
    from tests.support.table_loop_rounds import PHONE_SMALL

    page = page_in(language, region)
    page.set_viewport_size(PHONE_SMALL)
    created = page.request.post("/api/v1/matches", data={"game": "nwik", "players": ["Anna", "Ben", "Cleo"]})
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    for tricks in ([6, 4, 3], [5, 5, 3], [7, 3, 3]):
        raw = {"style": 2, "trump": "hearts", "stake": 1, "tricks": tricks}
        assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw).status == 201
    page.goto(f"/matches/{match_id}")
    greyed = page.locator("form.round-form details.chip.greyed summary", has_text="2 ·")
    expect(greyed.first).to_be_visible()
    assert greyed.count() == 2  # the Bidder's and the Acting Bidder's
    shot(page, f"nwik-used-style-{language}-360", full_page=True)
    assert overflowing_labels(page) == []
