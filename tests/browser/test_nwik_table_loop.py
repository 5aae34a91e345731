"""Nwik's own table loop in chromium: a whole match by taps in three languages (Pass to VIP
rounds among them), a greyed stake that says why, the Acting Bidder's style asked after the Pass."""
from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.engine.games import Game, get_game
from tests.support.data.nwik import tap_budget
from tests.support.legal_rounds import legal_round
from tests.support.table_loop import assert_accessible, enter, enter_round, sideways_overflow, tap
from tests.support.table_loop_rounds import (
    NAMES,
    WORDS,
    nothing_red,
    open_match,
    record_by_api,
    record_by_taps,
    reload_to_see,
    save_in_view,
    says_the_round,
    totals_served,
)

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def pass_to_vip(rng: random.Random, game: Game, table, state) -> tuple[dict[str, Any], Any] | None:
    """The next round as a Pass that hands over to a VIP with its trump recorded (the most
    choices a Nwik round has), and the state after it; None when the rules forbid it now."""
    hints = state.next
    if 6 not in hints["available_styles"] or 5 not in hints["acting_styles_if_pass"]:
        return None
    tricks = [rng.randint(0, 6), rng.randint(0, 6)]
    raw = {"style": 6, "stake": rng.choice(hints["available_stakes"]), "acting_style": 5,
           "vip_card": rng.randint(1, 3), "trump": rng.choice(["spades", "hearts", "diamonds", "clubs"]),
           "tricks": [*tricks, 13 - sum(tricks)]}
    return raw, game.play(table, state, raw)


@pytest.mark.slow
@pytest.mark.parametrize(("language", "region"), [("en", "US"), ("de", "DE"), ("ru", "RU")])
def test_whole_nwik_match_by_taps(language, region, page_in, browser, live_server, shot, console):
    """A whole match of Nwik (3 players, 15 rounds) in each language, every player's first
    round as Bidder a Pass that hands over to a VIP where the rules allow it. In English
    every round by taps, each within budget and with Save in view; in German and Russian
    (whose promise is the words) the first round (a Pass to VIP: its acting-style, VIP-card
    and trump chips) and the finishing round by taps, the rounds between recorded through
    the API and seen after a reload. The page's words are checked in its language (the
    Passes on the sheet among them), and the served totals are the engine's."""
    from tests.support.table_loop import TapCounter

    page = page_in(language, region)
    taps = TapCounter()
    taps.install(page.context)
    game = get_game("nwik")
    players = NAMES[:3]
    match_id = open_match(page, "nwik", players)
    table = game.table(players)
    state = game.initial_state(table)
    rng = random.Random(language)
    figures = []
    passes = []
    by_api = []
    inputs = []
    while not state.finished:
        number = len(state.rounds) + 1
        chosen = pass_to_vip(rng, game, table, state) if number <= table.n else None
        raw, after = chosen or legal_round(rng, game, table, state)
        inputs.append(raw)
        if chosen is not None:
            passes.append(number)
        if language != "en" and number > 1 and not after.finished:
            record_by_api(page, match_id, raw)
            by_api.append(number)
            state = after
            continue
        if by_api and by_api[-1] == number - 1:
            reload_to_see(page, number - 1)
        if number == 1 or after.finished:
            says_the_round(page, language, number)
        # Screenshots of the first round entered and saved, and of the last entered (the
        # finished page follows below).
        shots = ("entered", "saved") if number == 1 else ("entered",) if after.finished else ()
        name = f"loop-nwik-{language}-{number:02}"
        raw, state, used = record_by_taps(page, taps, game, table, state, rng, shot, name, (raw, after), shots)
        # The events named (tap, key, swipe and what they touched): a failure says which was one too many.
        assert used <= tap_budget(table.n, raw), f"round {number}: {used} taps for {raw}: {taps.events[-(used + 2):]}"
        figures.append(used)
    assert len(passes) >= 2, "the match should have Pass-to-VIP rounds"
    for number in passes:
        expect(page.locator(f"#round-{number}")).to_contain_text(WORDS[language]["pass"])
    assert len(figures) + len(by_api) == len(state.rounds) == 15
    expect(page.locator("#winner-banner")).to_contain_text(WORDS[language]["wins"])
    expect(page.locator("#entry")).to_have_count(0)
    shot(page, f"loop-nwik-{language}-finished", full_page=True)
    assert sideways_overflow(page) == 0
    taps.assert_honest()
    assert_accessible(page, f"finished Nwik in {language}")
    assert totals_served(page, match_id) == list(game.replay(table, inputs).totals) == list(state.totals)
    print(f"nwik in {language}: taps per round {figures}, rounds {by_api} through the API")
    assert console.unexpected() == []


def test_greyed_chip_says_why(page, shot, console):
    """A used stake is greyed, and a tap on it says why (Nwik: Ann bid stake 1 in round 1).
    The three rounds before are recorded through the API (entering rounds by taps is the other tests')."""
    match_id = open_match(page, "nwik", NAMES[:3])
    for _number in range(1, 4):  # Bob, Cid and Ann bid stake 1 once each
        record_by_api(page, match_id, {"style": 1, "stake": 1, "tricks": [5, 4, 4]})
    reload_to_see(page, 3)
    expect(page.locator("#h-entry")).to_contain_text("4")
    greyed = page.locator("#c-stake details.greyed").first
    expect(greyed).to_be_visible()
    greyed.locator("summary").click()
    expect(greyed.locator(".why-not")).to_be_visible()
    expect(greyed.locator(".why-not")).to_contain_text("stake 1")
    shot(page, "loop-nwik-greyed-reason")
    enter(page, "stake", "2")
    assert console.unexpected() == []


def test_nwik_acting_style_is_asked_after_the_pass(page, taps, shot, console):
    """The Acting Bidder's style is asked only once the Bidder passes (issue 38: beside the
    Bidder's own it read as the same question twice); another style sends it away again
    (and the VIP card with it), Pass brings it back with its choice kept; Pass to a VIP
    with its trump in 8 taps (the issue's budget)."""
    open_match(page, "nwik", NAMES[:3])
    acting = page.locator("#c-acting_style")
    expect(page.locator("#c-style")).to_be_visible()
    expect(acting).to_be_hidden()  # no Pass yet: one question, the Bidder's style
    mark = taps.mark()
    page.locator('label.chip:has(input[name="style"][value="6"])').click()
    expect(acting).to_be_visible()
    page.locator('label.chip:has(input[name="acting_style"][value="5"])').click()
    expect(page.locator("#c-vip_card")).to_be_visible()
    shot(page, "loop-nwik-pass-to-vip-1-acting-chip", full_page=True)
    page.locator('label.chip:has(input[name="style"][value="3"])').click()
    expect(page.locator("#c-vip_card")).to_be_hidden()
    expect(acting).to_be_hidden()
    nothing_red(page)
    page.locator('label.chip:has(input[name="style"][value="6"])').click()
    expect(acting).to_be_visible()
    expect(page.locator('input[name="acting_style"][value="5"]')).to_be_checked()
    enter_round(page, {"stake": "2", "vip_card": "3", "vip_trump": "spades", "tricks_0": "3", "tricks_1": "4"})
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    save_in_view(page)
    tap(page, page.locator("#save"))
    expect(page.locator("#round-1")).to_have_count(1)
    assert taps.since(mark) == 2 + 2 + 6  # Pass and VIP, the detour through style 3 and back, then 6
    expect(page.locator("#round-1")).to_contain_text("Pass")
    shot(page, "loop-nwik-pass-to-vip-2-saved")
    taps.assert_honest()
    assert_accessible(page, "Nwik after a Pass to VIP")
    assert console.unexpected() == []
