"""Preferans offline in chromium at four: two hands scored by the phone's own engine, the form
moved on by itself (the next dealer sits out, the "half" is the new second defender's), the
пуля redrawn, and the hands sent once when the connection is back."""
from __future__ import annotations

from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api
from tests.support.offline import MARKS_ON_POSTGRESQL, engine_ready, expect, go_offline
from tests.support.table_loop import enter, tap
from tests.support.table_loop_rounds import open_match

pytestmark = MARKS_ON_POSTGRESQL

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
OPTIONS = {"pool_size": 10}
# Hand 1: Ann deals and sits out; Bob declares 6♠, Cid (first) passes, Dee (second) says half.
# Hand 2: Bob deals and sits out; Cid declares 7♦, Dee (first) passes, Ann (second) says half.
HANDS = [
    {"contract": "6S", "declarer": 1, "whist": [None, None, "pass", "half"]},
    {"contract": "7D", "declarer": 2, "whist": ["half", None, None, "pass"]},
]


def test_two_hands_offline_at_four_then_sent_once(page, context, console, shot, live_server):
    match_id = open_match(page, "preferans", PLAYERS, OPTIONS)
    engine_ready(page)
    go_offline(page, context, console)
    for name, value in (("declarer", "1"), ("level", "6"), ("suit", "S"), ("whist_2", "pass"), ("whist_3", "half")):
        enter(page, name, value)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    expect(page.locator("#bar-state .bar-play")).to_contain_text("6♠ half-whist: Bob pool +2; whists on Bob: Dee 4")
    tap(page, page.locator("#save"))
    expect(page.locator("#round-1.provisional")).to_have_count(1)
    # The phone moved the form on by itself: Bob deals now and sits out, and is not offered.
    expect(page.locator("p.who")).to_contain_text("Hand 2: Bob deals and sits out")
    expect(page.locator('label.chip:has(input[name="declarer"][value="1"])')).to_have_count(0)
    # Cid declares 7♦: Dee defends first, Ann second, and Ann's "half" is offered (Dee's not).
    for name, value in (("declarer", "2"), ("level", "7"), ("suit", "D")):
        enter(page, name, value)
    expect(page.locator("#half-0")).to_be_visible()
    expect(page.locator("#half-3")).to_be_hidden()
    enter(page, "whist_3", "pass")
    enter(page, "whist_0", "half")
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    tap(page, page.locator("#save"))
    expect(page.locator("#round-2.provisional")).to_have_count(1)
    # The пуля redrawn by the phone: Bob's and Cid's pools, the half-whists on them.
    sheet = page.locator("section.pf-sheet table.pf-table").first
    expect(sheet.locator("tbody tr").first.locator("td")).to_have_text(["0", "2", "4", "0"])
    shot(page, "offline-preferans-01-two-hands")
    assert api(live_server, match_id)["rounds"] == []
    context.set_offline(False)
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    game = get_game("preferans")
    state = game.replay(game.table(PLAYERS, game.resolve_options(OPTIONS, 4)), HANDS)
    assert [scored["input"] for scored in stored["rounds"]] == HANDS
    assert stored["totals"] == list(state.totals)
    assert console.unexpected() == []
