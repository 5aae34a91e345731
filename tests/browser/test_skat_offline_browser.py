"""Skat offline in chromium: deals at four scored by the phone's own engine, the Ramsch asking
the three who play as the deal moves on, and the deals sent once when the connection is back."""
from __future__ import annotations

from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api
from tests.support.offline import MARKS_ON_POSTGRESQL, engine_ready, expect, go_offline
from tests.support.table_loop import enter, tap
from tests.support.table_loop_rounds import open_match

pytestmark = MARKS_ON_POSTGRESQL

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
OPTIONS = {"ramsch": True}
# Deal 1: Ann deals and sits out, Bob declares clubs with 2 (bid 18, 85 card points). Deal 2:
# Bob deals and sits out, all pass, Cid 60, Dee 30 and Ann (the last) 30 in the Ramsch.
RAMSCH = [30, None, 60, 30]


def test_skat_deals_offline_at_four_then_sent_once(page, context, console, shot, live_server):
    match_id = open_match(page, "skat", PLAYERS, OPTIONS)
    engine_ready(page)
    go_offline(page, context, console)
    for name, value in (("declarer", "1"), ("game", "clubs"), ("matadors", "2"), ("bid", "18"), ("points", "85")):
        enter(page, name, value)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    tap(page, page.locator("#save"))
    expect(page.locator("#round-1.provisional")).to_have_count(1)
    # The phone moved the form on by itself: Bob deals now and sits out, and is not asked.
    expect(page.locator("p.who")).to_contain_text("Deal 2: Bob deals and sits out")
    enter(page, "declarer", "pass")
    asked = page.locator("#c-ramsch input[type=number]:visible")
    expect(asked).to_have_count(3)
    assert sorted(asked.nth(index).get_attribute("name") for index in range(3)) == ["ramsch_0", "ramsch_2", "ramsch_3"]
    expect(page.locator("#c-no_trick_1")).to_be_hidden()
    enter(page, "ramsch_2", "60")
    enter(page, "ramsch_3", "30")
    expect(page.locator('input[name="ramsch_0"]')).to_have_value("30")  # the last one follows
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, "offline-skat-01-ramsch-at-four")
    tap(page, page.locator("#save"))
    expect(page.locator("#round-2.provisional")).to_have_count(1)
    assert api(live_server, match_id)["rounds"] == []
    context.set_offline(False)
    expect(page.locator("tbody.provisional")).to_have_count(0, timeout=20_000)
    stored = api(live_server, match_id)
    game = get_game("skat")
    state = game.replay(game.table(PLAYERS, game.resolve_options(OPTIONS, 4)), [stored_deal["input"] for stored_deal in stored["rounds"]])
    assert [scored["number"] for scored in stored["rounds"]] == [1, 2]
    assert [scored["input"]["declarer"] for scored in stored["rounds"]] == [1, None]
    assert stored["rounds"][1]["input"]["ramsch"] == RAMSCH
    assert stored["totals"] == list(state.totals) == [0, 86, -60, 0]
    assert console.unexpected() == []
