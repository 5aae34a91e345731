import random

import pytest

from tests.browser.test_save_in_place_browser import GAME, PLAYERS, enter_next
from tests.support import legal_rounds
from tests.support.offline import ENGINE_BOOT_MS, expect, post


@pytest.mark.parametrize("language", ["de", "ru"])
def test_shots(page_in, live_server, shot, language):
    page = page_in(language, "DE" if language == "de" else "RU")
    page.set_viewport_size({"width": 360, "height": 740})
    _c, options, _g = legal_rounds.generator_for(GAME)
    match = post(live_server, "/api/v1/matches", {"game": GAME.id, "players": PLAYERS, "options": options})
    table = GAME.table(PLAYERS, match["options"])
    page.goto(f"/matches/{match['id']}")
    expect(page.locator("#net-status.ready")).to_have_count(1, timeout=ENGINE_BOOT_MS)
    rng = random.Random(1)
    _raw, state = enter_next(page, rng, table, GAME.initial_state(table)) if False else (None, None)
    raw, after = legal_rounds.legal_round(rng, GAME, table, GAME.initial_state(table))
    from scorekeeper.engine.entry import adapter_for
    from tests.support.offline import fill_form
    fill_form(page, adapter_for(GAME).form_values(raw, table, GAME.initial_state(table).next))
    expect(page.locator("#bar-state.good")).to_have_count(1)
    held = []
    page.route(f"**/matches/{match['id']}/rounds", lambda route: held.append(route))
    page.locator("#save").click()
    expect(page.locator("#round-1.sending")).to_have_count(1)
    shot(page, f"tmp-{language}-sending")
    shot(page, f"tmp-{language}-sending-full", full_page=True)
    held[0].continue_()
    expect(page.locator(".sending")).to_have_count(0)
    expect(page.locator("#h-entry")).to_contain_text("2")
    shot(page, f"tmp-{language}-settled")
