"""Two phones at one table in chromium, one live server: both enter the same round, the one
that saves second keeps its entries, changes them and saves anyway; it is shown both versions
and makes its own the round ("Use mine"); nothing is lost or counted twice, and its next round
starts afresh, not with the hand the other phone has already recorded."""
from __future__ import annotations

import pytest

from scorekeeper.engine.entry import adapter_for
from tests.support.picks import games, other_round, rounds, seats
from tests.support.table_loop import enter, enter_round, in_first_screen, sideways_overflow
from tests.support.table_loop_rounds import NAMES, open_match

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

# The round both phones enter (the rounds before it recorded through the API).
RACED = 3

# The form's answers as the page holds them now: checked chips and typed counts (not the
# hidden fields: version, key, expected round). A read of the page, no step of the test.
FORM_ANSWERS_JS = """() => {
    const form = document.querySelector('form[data-round-form]');
    const answers = {};
    for (const field of form.querySelectorAll('input:not([type=hidden])')) {
        if (field.type === 'radio' || field.type === 'checkbox') { if (field.checked) answers[field.name] = field.value; }
        else if (field.value !== '') answers[field.name] = field.value;
    }
    return answers;
}"""


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_the_second_save_of_a_round_leaves_the_next_round_empty(game, new_phone, live_server, shot, console):
    players = seats(game, NAMES[:4])
    played = rounds(game, players, RACED)
    table = game.table(players)
    before = game.replay(table, played[: RACED - 1])
    values = adapter_for(game).form_values(played[RACED - 1], table, before.next)
    mine = other_round(game, players, played, RACED)
    _context_a, phone_a = new_phone()
    match_id = open_match(phone_a, game.id, players)
    for raw in played[: RACED - 1]:
        response = phone_a.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
        assert response.status == 201, response.text()
    _context_b, phone_b = new_phone()
    for phone in (phone_a, phone_b):
        phone.goto(f"/matches/{match_id}")
        expect(phone.locator("#h-entry")).to_contain_text(str(RACED))

    # The same hand on both phones; B saves first.
    enter_round(phone_a, values)
    expect(phone_a.locator("#bar-state")).to_have_class("bar-state good")
    enter_round(phone_b, values)
    expect(phone_b.locator("#bar-state")).to_have_class("bar-state good")
    phone_b.locator("#save").click()
    expect(phone_b.locator(f"#round-{RACED}")).to_have_count(1)
    expect(phone_b.locator("#h-entry")).to_contain_text(str(RACED + 1))
    fresh = phone_b.evaluate(FORM_ANSWERS_JS)  # an untouched round on the phone that saved

    # A is told, keeps its entries and saves: refused, its round 7 was B's to record.
    expect(phone_a.locator("#live-notice")).to_contain_text(f"{RACED} was just recorded on another phone")
    console.allowed = ("status of 409", "status of 412")  # the refused save's page answers so
    phone_a.get_by_role("button", name="Keep my entries").click()
    # A sees the hand otherwise and taps its answers so (one by one: "the rest" buttons fill
    # only what is open): the bar says the round is recorded, and Save is still this
    # round's, not the next one's over this round's form.
    for name, text in adapter_for(game).form_values(mine, table, before.next).items():
        if text != "":
            enter(phone_a, name, text)
    expect(phone_a.locator("#bar-state")).to_contain_text(f"Round {RACED} was recorded on another phone first")
    expect(phone_a.locator("#save")).to_have_text(f"Save round {RACED}")
    phone_a.locator("#save").click()
    notice = phone_a.locator("#stale-notice")
    expect(notice).to_have_text(
        f"Round {RACED} was recorded on another phone first, with other entries than yours: choose which stand")
    expect(phone_a.locator(f"#round-{RACED}")).to_have_count(1)
    expect(phone_a.locator("#versions")).to_contain_text("Recorded on the other phone")
    shot(phone_a, f"two-phones-{game.id}-after-the-second-save")
    assert in_first_screen(phone_a, notice)  # said where the page opens, at the scores
    # Its own version made the round: the sheet and the totals follow it.
    use_mine = phone_a.get_by_role("button", name="Use mine")
    use_mine.scroll_into_view_if_needed()
    shot(phone_a, f"two-phones-{game.id}-use-mine")
    assert sideways_overflow(phone_a) == 0
    use_mine.click()
    expect(phone_a.locator(f"#round-{RACED}.edited")).to_have_count(1)
    expect(phone_a.locator("#h-entry")).to_contain_text(str(RACED + 1))
    # Round 8 starts as the phone that saved shows it: nothing of round 7 in it, nothing red.
    assert phone_a.evaluate(FORM_ANSWERS_JS) == fresh
    expect(phone_a.locator("#entry .refusal, #entry .field-error, #error-summary, .bar-state.bad")).to_have_count(0)
    served = phone_a.request.get(f"/api/v1/matches/{match_id}").json()
    assert [round_["input"] for round_ in served["rounds"]] == [*played[: RACED - 1], mine]
    assert list(served["totals"]) == list(game.replay(table, [*played[: RACED - 1], mine]).totals)
    assert console.unexpected() == []


def test_a_phone_typing_a_round_is_told_when_another_ends_the_match(new_phone, live_server, console):
    """The other phone ends the match while this one is typing the next round: it is told
    the match was ended (not that a round was recorded), with the final scores a tap away
    and no offer to keep entries no round can take."""
    game = games()[0]
    players = seats(game, NAMES[:4])
    played = rounds(game, players, RACED)
    table = game.table(players)
    _context, phone = new_phone()
    match_id = open_match(phone, game.id, players)
    for raw in played[: RACED - 1]:
        assert phone.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw).status == 201
    phone.goto(f"/matches/{match_id}")
    before = game.replay(table, played[: RACED - 1])
    first, text = next(iter((name, text) for name, text in adapter_for(game).form_values(played[-1], table, before.next).items() if text != ""))
    enter(phone, first, text)
    ended = phone.request.post(f"/api/v1/matches/{match_id}/end", data={})  # the other phone
    assert ended.status == 200, ended.text()
    notice = phone.locator("#live-notice")
    expect(notice).to_contain_text(f"The match was just ended after round {RACED - 1} on another phone")
    expect(notice.get_by_role("button", name="Keep my entries")).to_have_count(0)
    notice.get_by_role("button", name="Show the final scores").click()
    expect(phone.locator("#winner-banner")).to_be_visible()
    expect(phone.locator("#ended-early")).to_have_text(f"The players ended the match after round {RACED - 1}.")
    assert console.unexpected() == []
