"""Willi Stich's trump chooser in chromium: a row of chips, "not recorded" chosen until a seat
is tapped. Screenshots go to test-artifacts/chips-*.png."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api, valid_preview
from tests.support.legal_rounds import legal_round
from tests.support.table_loop import enter_round

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def chip(page, name: str, value: str):
    return page.locator(f'input[name="{name}"][value="{value}"]')


def test_who_chose_trump_is_a_row_of_chips(page, console, shot, live_server):
    """Willi Stich's round 5 (trump chosen by a player): the seats and "not recorded" as
    chips, "not recorded" chosen until a seat is tapped; the tapped seat is recorded."""
    game = get_game("willi-stich")
    players = ["Ann", "Bob", "Cid"]
    created = page.request.post("/api/v1/matches", data={"game": game.id, "players": players})
    match_id = created.json()["id"]
    table = game.table(players, created.json()["options"])
    state = game.initial_state(table)
    rng = random.Random(5)
    for _number in range(1, 5):
        raw, state = legal_round(rng, game, table, state)
        assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw).status == 201
    page.goto(f"/matches/{match_id}")
    expect(page.locator("#h-entry")).to_have_text("Round 5")
    expect(page.locator("select[name=trump_chooser]")).to_have_count(0)
    expect(page.locator("#c-trump_chooser label.chip")).to_have_text([*players, "not recorded"])
    expect(chip(page, "trump_chooser", "")).to_be_checked()
    raw, _after = legal_round(rng, game, table, state)
    raw["trump_chooser"] = 2
    enter_round(page, adapter_for(game).form_values(raw, table, state.next))
    expect(chip(page, "trump_chooser", "2")).to_be_checked()
    valid_preview(page)
    page.locator("#c-trump_chooser").scroll_into_view_if_needed()
    shot(page, "chips-willi-trump-chooser")
    page.locator("#save").click()
    expect(page.locator("#round-5")).to_have_count(1)
    assert api(live_server, match_id)["rounds"][4]["input"]["trump_chooser"] == 2
    assert console.unexpected() == []
