"""Offline entry in chromium: the phone's rules engine (Pyodide in a web worker) checks and
scores rounds with the connection off; the queue in IndexedDB is sent in order, exactly once.
Every game records rounds offline here; each game's own offline rounds are in
test_<game>_offline_browser.py."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.entry import adapter_for
from tests.support import legal_rounds
from tests.support.browser_steps import api, start_match, valid_preview
from tests.support.game_picks import NAMES, a_game, seats
from tests.support.offline import MARKS_ON_POSTGRESQL, engine_ready, expect, fill_form, go_offline, post
from tests.support.picks import games

pytestmark = MARKS_ON_POSTGRESQL


def test_offline_home_lists_the_matches_on_this_phone(page, context, console, shot):
    # Two games of four (the same one twice when only one seats four).
    one = a_game(seats(4))
    other = next((game for game in games(seats(4)) if game.id != one.id), one)
    first = start_match(page, one.id, ["Ann", "Bob", "Cid", "Dee"])
    second = start_match(page, other.id, ["Eve", "Fay", "Gus", "Hal"])
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


def open_ready_match(page, live_server: str, game):
    """A match of `game` with the most players, started through the API and opened on the phone
    until it says it works offline: (the match as the API answered, its table, its first state)."""
    counts, options, _generate = legal_rounds.generator_for(game)
    players = list(NAMES[: max(counts)])
    match = post(live_server, "/api/v1/matches", {"game": game.id, "players": players, "options": options})
    table = game.table(players, match["options"])
    page.goto(f"/matches/{match['id']}")
    engine_ready(page)
    return match, table, game.initial_state(table)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_game_records_rounds_offline(game, page, context, console, live_server):
    match, table, state = open_ready_match(page, live_server, game)
    rng = random.Random(f"every-game-{game.id}")
    go_offline(page, context, console)
    for number in range(1, 4):
        hints = state.next
        raw, state = legal_rounds.legal_round(rng, game, table, state)
        fill_form(page, adapter_for(game).form_values(raw, table, hints))
        valid_preview(page)
        page.locator("#save").click()
        expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
        expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in state.totals])
        # As after a Save online: the saved round with its Undo in view, not the foot of the page.
        expect(page.locator("#last-round button")).to_have_text("Undo")
        expect(page.locator("#last-round button")).to_be_in_viewport(ratio=1)
    context.set_offline(False)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(3, timeout=30_000)
    stored = api(live_server, match["id"])
    assert [scored["scores"] for scored in stored["rounds"]] == [list(r.score.scores) for r in state.rounds]
    assert console.unexpected() == []


def test_a_round_seen_arriving_from_another_phone_counts_before_one_entered_offline(page, context, console, live_server):
    """A phone at the table sees another phone's round arrive (live sync), then loses the
    connection: the round it enters next is the round after that one, with that round's roles,
    and scored as the server scores it. (An outside walk-through's phone queued it as round 1,
    scored from the match as its page had opened, and could not save the round after.)"""
    game = a_game()
    match, table, state = open_ready_match(page, live_server, game)
    rng = random.Random(f"seen-arriving-{game.id}")
    raw, state = legal_rounds.legal_round(rng, game, table, state)
    post(live_server, f"/api/v1/matches/{match['id']}/rounds", raw)  # the other phone's round
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    go_offline(page, context, console)
    hints = state.next
    raw, state = legal_rounds.legal_round(rng, game, table, state)
    fill_form(page, adapter_for(game).form_values(raw, table, hints))
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#round-2.provisional")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    expect(page.locator("#scores ol.totals .points")).to_have_text([str(total) for total in state.totals])
    context.set_offline(False)
    expect(page.locator("tbody[id^=round-]:not(.provisional)")).to_have_count(2, timeout=30_000)
    stored = api(live_server, match["id"])
    assert [scored["scores"] for scored in stored["rounds"]] == [list(r.score.scores) for r in state.rounds]
    assert console.unexpected() == []


def test_the_phones_matches_are_listed_without_bullets(page, console, shot):
    """The offline page's list of the matches on this phone (or its one line saying there are
    none) reads as the home page's list: no list bullet before a line (a stray one stood
    before "No match is stored on this phone yet.")."""
    page.goto("/offline")
    lines = page.locator("#phone-match-list > li")
    expect(lines.first).to_be_visible()
    shot(page, "offline-page-list")
    for index in range(lines.count()):
        expect(lines.nth(index)).to_have_css("list-style-type", "none")
    assert console.unexpected() == []
