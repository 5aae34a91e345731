"""The table loop of every registered game in chromium at 390x844 (and 360x740): rounds
entered by taps within the issue's budgets (each game's own in tests/games/data/<game>.py;
a game without one may take a tap per chip, a tap and its digits per number field, and
Save), Save in view without scrolling, nothing red before it is earned, a compact
scoreboard and a score sheet that never widen the page. Each game's own loop (whole matches
in three languages, its special chips) is in tests/web/test_<game>_table_loop.py.

Rounds come from the legal-round generators (tests/games/legal_rounds.py) and are entered
through their form values, chip by chip, as a player would (table_loop.enter_round).
Screenshots of the steps worth a look go to test-artifacts/loop-*.png.
"""
from __future__ import annotations

import random

import pytest
from table_loop import assert_accessible, assert_tap_sizes, sideways_overflow
from table_loop_rounds import NAMES, PHONE_SMALL, nothing_red, open_match, record_by_taps, save_in_view

from scorekeeper.games import all_games
from scorekeeper.web.games import adapter_for
from tests.games.data import tap_budget
from tests.games.legal_rounds import generator_for, legal_round

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

GAMES = all_games()


@pytest.mark.parametrize("viewport", [None, PHONE_SMALL], ids=["390x844", "360x740"])
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_rounds_of_every_game_within_the_tap_budget(game, viewport, page, taps, shot, console):
    """Every round costs its decisions plus Save: the page brings each next question up
    above the save bar (no swipe counted), at both phone sizes."""
    if viewport:
        page.set_viewport_size(viewport)
    counts, options, _generate = generator_for(game)
    players = NAMES[: max(counts)]
    rng = random.Random(14)
    open_match(page, game.id, players, options)
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    name = f"loop-{game.id}" + ("-360" if viewport else "")
    shot(page, f"{name}-00-untouched")
    nothing_red(page)
    assert sideways_overflow(page) == 0
    assert_accessible(page, f"{game.id} round form")
    assert_tap_sizes(page, f"{game.id} round form")
    used_per_round = []
    for number in range(1, 4):
        # Screenshots of the first round entered and of the page after the last (not every step).
        shots = ("entered",) if number == 1 else ("saved",) if number == 3 else ()
        before = state
        raw, state, used = record_by_taps(page, taps, game, table, state, rng, shot, f"{name}-{number:02}",
                                          shots=shots)
        used_per_round.append(used)
        values = adapter_for(game).form_values(raw, table, before.next)
        assert used <= tap_budget(game, table, before, raw, values), (
            f"round {number} of {game.id} took {used} taps: {raw}; swipes so far to {taps.of('swipe')}"
        )
        if state.finished:
            break
    taps.assert_honest()
    assert taps.of("swipe") == [], f"{game.id}: a player had to swipe to reach {taps.of('swipe')}"
    assert_accessible(page, f"{game.id} after rounds")
    assert_tap_sizes(page, f"{game.id} after rounds")
    assert sideways_overflow(page) == 0
    print(f"{game.id} with {table.n} players: taps per round {used_per_round}")
    assert console.unexpected() == []


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_taps_made_while_a_check_is_on_its_way_are_kept(game, page, taps, console):
    """On a slow connection (half a second each way) the player taps faster than the live
    checks come back: a check's answer must not undo a tap made after it was asked (it did
    for the Willi Stich dealer's call, which every answer draws again)."""
    counts, options, _generate = generator_for(game)
    players = NAMES[: max(counts)]
    open_match(page, game.id, players, options)
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 500, "downloadThroughput": -1, "uploadThroughput": -1})
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    record_by_taps(page, taps, game, table, state, random.Random(3), shots=())
    assert console.unexpected() == []


@pytest.mark.parametrize("viewport", [None, PHONE_SMALL], ids=["390x844", "360x740"])
@pytest.mark.parametrize("game", [game for game in GAMES if game.max_players >= 6], ids=lambda game: game.id)
def test_six_players_fit_the_phone(game, viewport, page, shot, console):
    """Six players: a compact scoreboard, and a score sheet of played rounds whose every
    player's column is in its box at 390 and 360 px (no sideways scroll inside the sheet)."""
    size = viewport or {"width": 390, "height": 844}
    page.set_viewport_size(size)
    options = generator_for(game)[1]
    match_id = open_match(page, game.id, NAMES[:6], options)
    # From the totals down (the title's row beside them holds the screen-on toggle too): at
    # most a quarter of the 390x844 screen, at either size (the narrower one wraps a line more).
    totals, board = page.locator("#scores ol.totals").bounding_box(), page.locator("#scores").bounding_box()
    height = board["y"] + board["height"] - totals["y"]
    assert height <= 844 / 4, f"the scoreboard of 6 takes {height} px"
    table = game.table(NAMES[:6], dict(options))
    state = game.initial_state(table)
    rng = random.Random(6)
    for _number in range(4):
        raw, state = legal_round(rng, game, table, state)
        response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
        assert response.status == 201, response.text()
    page.reload()
    assert sideways_overflow(page) == 0
    save_in_view(page)
    shot(page, f"loop-six-{game.id}-{size['width']}", full_page=True)
    sheet = page.locator(".sheet-scroll")
    sheet.scroll_into_view_if_needed()
    shot(page, f"loop-six-{game.id}-{size['width']}-sheet")
    page.locator("#h-chart").scroll_into_view_if_needed()
    shot(page, f"loop-six-{game.id}-{size['width']}-chart")
    hidden = sheet.evaluate("box => box.scrollWidth - box.clientWidth")
    # 1 px: the collapsed border of the sticky round column, rounded; nothing is cut off.
    assert hidden <= 1, f"the score sheet of 6 hides {hidden} px of its columns"
    assert_tap_sizes(page, f"{game.id}: six players' sheet at {size['width']}")
    assert console.unexpected() == []


def test_small_phone_keeps_save_in_view(browser, live_server, shot, console):
    context = browser.new_context(viewport=PHONE_SMALL, base_url=live_server, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    console.watch(page)
    try:
        for game in GAMES:
            counts, options, _generate = generator_for(game)
            open_match(page, game.id, NAMES[: max(counts)], options)
            save_in_view(page)
            assert sideways_overflow(page) == 0
            shot(page, f"loop-360-{game.id}")
    finally:
        context.close()
    assert console.unexpected() == []
