"""The table loop's browser tools measure what they claim: taps, key presses, scrolls and untyped input."""
from __future__ import annotations

import pytest

from tests.support.legal_rounds import generator_for
from tests.support.picks import any_game
from tests.support.table_loop import PAGE_SETTLED_JS, assert_tap_sizes, enter, in_first_screen, sideways_overflow
from tests.support.table_loop_rounds import NAMES, open_match

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_taps_and_key_presses_are_counted_across_page_loads(page, taps, live_server):
    page.goto(f"/matches/new?game={any_game().id}")
    start = taps.mark()
    page.locator("#player_0").click()
    page.keyboard.type("Ann")
    assert taps.since(start) == 4
    assert taps.of("key") == ["A", "n", "n"]
    page.locator("#player_1").tap()
    page.keyboard.type("Bo")
    # A new page: the counter keeps counting.
    page.goto("/")
    page.get_by_role("link", name="Scorekeeper").first.click()
    page.wait_for_load_state()
    assert taps.since(start) == 8
    taps.assert_honest()


def test_filling_without_keys_is_caught(page, taps, live_server):
    page.goto(f"/matches/new?game={any_game().id}")
    page.fill("#player_0", "Ann")
    expect(page.locator("#player_0")).to_have_value("Ann")
    assert taps.count == 0
    with pytest.raises(AssertionError, match="without a tap or key press"):
        taps.assert_honest()


def test_filling_right_after_a_tap_is_caught(page, taps, live_server):
    page.goto(f"/matches/new?game={any_game().id}")
    page.locator("#player_0").tap()
    page.fill("#player_0", "Ann")
    expect(page.locator("#player_0")).to_have_value("Ann")
    with pytest.raises(AssertionError, match="without a tap or key press"):
        taps.assert_honest()


def test_scrolling_is_counted(page, taps, live_server):
    page.goto(f"/matches/new?game={any_game().id}")
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 600)
    page.wait_for_function("() => scrollY > 0")
    page.wait_for_timeout(100)
    assert taps.scrolls >= 1


def test_tap_sizes_pass_on_the_new_match_page(page, live_server):
    page.goto("/matches/new")
    assert_tap_sizes(page, "new match")


def test_first_screen_and_sideways_overflow_are_measured(page, live_server):
    page.goto("/offline")
    assert sideways_overflow(page) == 0
    assert in_first_screen(page, page.locator("header").first)
    page.evaluate(
        """() => {
            const wide = document.createElement('div');
            wide.id = 'wide';
            wide.style.setProperty('width', '600px');
            wide.style.setProperty('height', '2000px');
            document.querySelector('main').appendChild(wide);
            const low = document.createElement('button');
            low.id = 'low';
            low.textContent = 'Save';
            document.querySelector('main').appendChild(low);
        }"""
    )
    assert sideways_overflow(page) >= 600 - 390
    assert not in_first_screen(page, page.locator("#low"))


def test_a_chip_out_of_reach_costs_a_swipe(page, taps, live_server):
    """A chip below the screen or under the save bar is a swipe before its tap: counted with
    the taps, and named (the walks fail a round with one)."""
    game = any_game()
    counts, options, _generate = generator_for(game)
    open_match(page, game.id, NAMES[: max(counts)], options)
    page.mouse.move(200, 300)
    page.mouse.wheel(0, -3000)  # back up to the top bar, as a player swipes
    page.wait_for_function("() => scrollY === 0")
    last = page.locator("form.round-form label.chip").last
    assert not in_first_screen(page, last)
    name, value = last.locator("input").get_attribute("name"), last.locator("input").get_attribute("value")
    start = taps.mark()
    enter(page, name, value)
    assert taps.since(start) == 2
    assert len(taps.of("swipe")) == 1 and taps.of("swipe")[0].startswith(name)


def test_the_page_holds_still_once_the_player_touches_it_again(page, live_server):
    """After a tap the page brings the next question up, and again once the live check has
    redrawn the form. A finger already down again (on its way to the next chip) stops that
    second scroll: chips moving under it would take the tap meant for their neighbour."""
    game = any_game()
    counts, options, _generate = generator_for(game)
    open_match(page, game.id, NAMES[: max(counts)], options)
    page.wait_for_function(PAGE_SETTLED_JS)
    held: list = []  # the live checks, answered when the test says so
    page.route("**/preview*", lambda route: held.append(route))
    chip = page.locator("form.round-form label.chip").first

    def tap_then_swipe_back_up() -> None:
        chip.click()
        page.wait_for_function("() => scrollY > 0")  # the next question brought up at once
        page.mouse.move(200, 300)
        page.mouse.wheel(0, -3000)
        page.wait_for_function("() => scrollY === 0")
        while not held:
            page.wait_for_timeout(20)

    def answer_the_checks() -> None:
        while held:
            held.pop(0).continue_()
            page.wait_for_timeout(50)
        page.wait_for_function(PAGE_SETTLED_JS)
        page.wait_for_timeout(100)

    # Untouched: the check's answer brings the next question up again.
    tap_then_swipe_back_up()
    answer_the_checks()
    assert page.evaluate("scrollY") > 0
    # Touched since (a tap on the round's heading): the page stays where the player left it.
    page.mouse.wheel(0, -3000)
    page.wait_for_function("() => scrollY === 0")
    chip = page.locator("form.round-form label.chip").nth(1)
    tap_then_swipe_back_up()
    page.locator("#h-entry").click()
    answer_the_checks()
    assert page.evaluate("scrollY") == 0
