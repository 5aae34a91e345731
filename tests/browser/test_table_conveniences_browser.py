"""Table conveniences in chromium at 390x844: the Screen Wake Lock toggle, league members as
name chips and switching game with names kept, rematch, and a refusal at the table check shown
on the recording phone (en, de, ru). Screenshots in test-artifacts/table-conveniences-*.png."""
from __future__ import annotations

import re
import uuid

import pytest

from scorekeeper.engine.entry import adapter_for
from tests.support.game_picks import a_game, has_option, play, seats
from tests.support.table_loop import assert_accessible, assert_tap_sizes, enter_round, sideways_overflow
from tests.support.trust_steps import signed_up

# Games picked by what the conveniences need: three players; a form that first offers four
# seats and takes a fifth, and another game of five to switch to; one that ends at a round
# limit (a finished match to rematch); another game whose form first offers two seats.
GAME = a_game(seats(3))
FOUR_SEATS = a_game(lambda game: adapter_for(game).first_seat_count() == 4 and seats(5)(game))
FIVE = a_game(lambda game: game is not FOUR_SEATS and seats(5)(game))
LIMITED = a_game(lambda game: seats(3)(game) and has_option("max_rounds")(game))
TWO_SEATS = a_game(lambda game: game is not GAME and adapter_for(game).first_seat_count() == 2)


def game_tab(page, game):
    """The game's button on the new-match form, known by its game (two registered games may
    share a name: a copy keeps its original's)."""
    return page.locator(f'button[name="switch_game"][value="{game.id}"]')


def fresh_username(name: str) -> str:
    """A username no other browser test took: they all register on one live server."""
    return f"{name}{uuid.uuid4().hex[:8]}"

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

# Every lock the page is granted, kept where the test can see it is held and then released.
WATCH_WAKE_LOCKS = """(() => {
    window.__wakeLocks = [];
    if (!('wakeLock' in navigator)) return;
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = type => request(type).then(lock => { window.__wakeLocks.push(lock); return lock; });
})();"""


def check_page(page, shot, name: str) -> None:
    shot(page, f"table-conveniences-{name}")
    assert_accessible(page, name)
    assert_tap_sizes(page, name)
    assert sideways_overflow(page) == 0, name


def new_match_by_api(page, body: dict) -> str:
    response = page.request.post("/api/v1/matches", data=body)
    assert response.status == 201, response.text()
    return response.json()["id"]


@pytest.mark.own_browser  # a script on every page (add_init_script)
def test_wake_lock_toggle_requests_and_releases_the_lock(page, context, shot, console):
    context.grant_permissions(["screen-wake-lock"])
    page.add_init_script(WATCH_WAKE_LOCKS)
    # Started by this phone: the API's answer gives the browser its device cookie.
    match_id = new_match_by_api(page, {"game": GAME.id, "players": ["Ann", "Bob", "Cid"]})
    page.goto(f"/matches/{match_id}")
    assert page.evaluate("() => window.isSecureContext && 'wakeLock' in navigator")
    toggle = page.locator("#wake-lock")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#wake-state")).to_have_text("")

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => window.__wakeLocks.length === 1 && !window.__wakeLocks[0].released")
    assert page.evaluate("() => window.__wakeLocks[0].type") == "screen"
    expect(page.locator("#wake-state")).to_have_text("The screen stays on")
    check_page(page, shot, "01-wake-lock-on")

    # Remembered on the phone: the next visit asks for the lock again by itself.
    page.reload()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => window.__wakeLocks.length === 1 && !window.__wakeLocks[0].released")

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("() => window.__wakeLocks[0].released === true")
    expect(page.locator("#wake-state")).to_have_text("")
    assert page.evaluate("() => localStorage.getItem('scorekeeper.wakeLock')") == "0"
    page.reload()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => window.__wakeLocks.length") == 0
    check_page(page, shot, "02-wake-lock-off")
    assert not console.unexpected(), console.errors


def test_member_chips_fill_seats_and_switching_game_keeps_the_names(page, shot, console):
    signed_up(page, fresh_username("owner"))
    response = page.request.post("/api/v1/leagues", data={"name": "Friday", "members": ["Ann", "Bob", "Cid", "Dee"]})
    assert response.status == 201, response.text()
    page.goto(f"/matches/new?game={FOUR_SEATS.id}")
    expect(page.locator("#member-chips")).to_have_count(0)
    page.select_option("#league", label="Friday")  # htmx draws the members as chips
    chips = page.locator("#member-chips label.chip")
    expect(chips).to_have_text(["Ann", "Bob", "Cid", "Dee"])
    expect(page.locator("#seat-members")).to_be_hidden()  # with JS the chips act at once
    chips.nth(2).click()  # Cid
    chips.nth(0).click()  # Ann
    expect(page.locator("#player_0")).to_have_value("Cid")
    expect(page.locator("#player_1")).to_have_value("Ann")
    check_page(page, shot, "03-member-chips")
    chips.nth(2).click()  # Cid again: off his seat
    expect(page.locator("#player_0")).to_have_value("")
    expect(chips.nth(2).locator("input")).not_to_be_checked()
    # A name typed by hand ticks its chip.
    page.locator("#player_0").click()
    page.keyboard.type("Dee")
    expect(chips.nth(3).locator("input")).to_be_checked()
    chips.nth(1).click()  # Bob: the next empty seat
    expect(page.locator("#player_2")).to_have_value("Bob")
    page.locator("#player_3").click()
    page.keyboard.type("Eve")
    chips.nth(2).click()  # Cid: the four seats are full, so a fifth is added
    expect(page.locator("#player_4")).to_have_value("Cid")
    for seat, name in enumerate(["Dee", "Ann", "Bob", "Eve"]):
        expect(page.locator(f"#player_{seat}")).to_have_value(name)
    # Another game: the names stay in their seats.
    game_tab(page, FIVE).click()
    expect(game_tab(page, FIVE)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("input[id^=player_]")).to_have_count(5)
    for seat, name in enumerate(["Dee", "Ann", "Bob", "Eve", "Cid"]):
        expect(page.locator(f"#player_{seat}")).to_have_value(name)
    expect(page.locator("#league")).to_have_value(re.compile(".+"))
    expect(page.locator("#member-chips input:checked")).to_have_count(4)
    check_page(page, shot, "04-switched-to-a-game-of-five")
    page.get_by_role("button", name=f"Start {FIVE.name}").click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    assert not console.unexpected(), console.errors


def test_rematch_of_a_finished_match_in_one_tap(page, shot, console):
    players, limit = ["Ann", "Bob", "Cid"], {"max_rounds": 1}
    match_id = new_match_by_api(page, {"game": LIMITED.id, "players": players, "options": limit})
    response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=play(LIMITED, players, limit).round(1))
    assert response.status == 201, response.text()
    page.goto(f"/matches/{match_id}")
    expect(page.locator("#winner-banner")).to_be_visible()
    rematch = page.get_by_role("button", name="Rematch: same seats, next dealer")
    expect(rematch).to_be_visible()
    check_page(page, shot, "05-finished-with-rematch")
    rematch.click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    assert page.url.rstrip("/").rsplit("/", 1)[1] != match_id
    expect(page.locator(".next")).to_contain_text("Bob")  # Ann dealt first last time
    served = page.request.get(page.url.replace("/matches/", "/api/v1/matches/")).json()
    assert [seat["name"] for seat in served["players"]] == ["Ann", "Bob", "Cid"]
    assert served["options"] == dict(LIMITED.table(players, {**limit, "first_dealer": 1}).options)
    # The match menu offers it during play too.
    page.locator("#match-menu summary").click()
    expect(page.locator("#match-menu button")).to_be_visible()
    check_page(page, shot, "06-rematch-started-menu-open")
    assert not console.unexpected(), console.errors


REFUSED = {
    "en": "Round 1 was refused at the table check. Refused by: phone 2",
    "de": "Runde 1 wurde bei der Tischkontrolle abgelehnt. Abgelehnt von: Handy 2",
    "ru": "Раунд 1 отклонён при проверке за столом. Отклонил(а): телефон 2",
}
REGIONS = {"en": "GB", "de": "DE", "ru": "RU"}


@pytest.mark.parametrize("language", list(REFUSED))
def test_a_refusal_at_the_table_check_shows_on_the_recording_phone(page_in, shot, console, language):
    recording = page_in(language, REGIONS[language])
    players = ["Ann", "Bob", "Cid"]
    match_id = new_match_by_api(recording, {"game": GAME.id, "players": players, "table_check": True})
    recording.goto(f"/matches/{match_id}")
    enter_round(recording, play(GAME, players).form(1))
    recording.locator("#save").click()
    expect(recording.locator("#h-pending")).to_be_visible()
    # The other phone at the table opens the match (its page as a reload would show it).
    other = page_in(language, REGIONS[language])
    other.goto(f"/matches/{match_id}")
    other.locator("form[action$='/undo'] button.danger").click()
    expect(other.locator("#h-entry")).to_be_visible()
    # The recording phone hears of it through the live sync, without a reload.
    notice = recording.locator("#table-refusal")
    expect(notice).to_contain_text(REFUSED[language], timeout=10_000)
    expect(recording.locator("#h-entry")).to_be_visible()
    check_page(recording, shot, f"07-refused-on-the-recording-phone-{language}")
    assert not console.unexpected(), console.errors


def test_member_chips_and_game_switch_work_without_javascript(browser, live_server, shot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        signed_up(page, fresh_username("nojs"))
        response = page.request.post("/api/v1/leagues", data={"name": "Sunday", "members": ["Ann", "Bob", "Cid"]})
        assert response.status == 201, response.text()
        league = response.json()["id"]
        page.goto(f"/matches/new?game={GAME.id}&league={league}")
        chips = page.locator("#member-chips label.chip")
        chips.nth(1).click()  # Bob
        chips.nth(0).click()  # Ann
        page.get_by_role("button", name="Seat the ticked members").click()
        expect(page.locator("#player_0")).to_have_value("Ann")
        expect(page.locator("#player_1")).to_have_value("Bob")
        chips.nth(0).click()  # Ann off again
        page.get_by_role("button", name="Seat the ticked members").click()
        expect(page.locator("#player_0")).to_have_value("")
        expect(page.locator("#player_1")).to_have_value("Bob")
        game_tab(page, TWO_SEATS).click()
        expect(page.locator("input[name=game]")).to_have_value(TWO_SEATS.id)
        expect(page.locator("#player_0")).to_have_value("Bob")
        # (axe-core needs JavaScript: the same form is checked with it in the test above.)
        shot(page, "table-conveniences-08-no-javascript-chips-then-another-game")
    finally:
        context.close()


def test_a_visitor_with_the_link_is_asked_to_sign_in_not_shown_the_forms(page, browser, live_server, shot):
    owner = fresh_username("ann")
    signed_up(page, owner)
    match_id = new_match_by_api(page, {"game": GAME.id, "players": ["Ann", "Bob", "Cid"]})
    assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=play(GAME, ["Ann", "Bob", "Cid"]).round(1)).status == 201
    visitor_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
    try:
        visitor = visitor_context.new_page()
        visitor.goto(f"/matches/{match_id}")
        prompt = visitor.locator("#sign-in-prompt")
        expect(prompt).to_contain_text(f"only {owner} may change this match")
        expect(visitor.locator("#h-entry")).to_have_count(0)
        expect(visitor.locator("#last-round a")).to_have_count(0)  # no Undo
        expect(visitor.locator(".rounds a.edit, a.edit")).to_have_count(0)
        check_page(visitor, shot, "09-visitor-sign-in-prompt")
        prompt.get_by_role("link", name="Sign in").click()
        expect(visitor).to_have_url(re.compile(r"/login\?next="))
    finally:
        visitor_context.close()
