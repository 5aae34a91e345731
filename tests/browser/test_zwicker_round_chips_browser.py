"""Round chips in chromium: Zwicker's Zwicks (0 chosen, "5+" for a large count, with and
without JavaScript), a filled-in count that yields to the player's typing (Willi Stich's
trump chooser: test_willi_stich_round_chips_browser.py). Screenshots go to test-artifacts/chips-*.png."""
from __future__ import annotations

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import get_game
from tests.support.browser_steps import api, pick, start_match, valid_preview
from tests.support.table_loop import enter, enter_round

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
SIDE_0 = ("J25", "J15", "D10", "AS", "AH")
SIDE_1 = ("J20", "D7", "S7", "AD", "AC")


def chip(page, name: str, value: str):
    return page.locator(f'input[name="{name}"][value="{value}"]')


def the_honours(page) -> None:
    for code in SIDE_0:
        pick(page, f"honour_{code}", 0)
    for code in SIDE_1:
        pick(page, f"honour_{code}", 1)


@pytest.mark.parametrize("size", PHONES, ids=list(PHONES))
def test_zwicks_are_chips_with_none_chosen(page, console, shot, live_server, size):
    page.set_viewport_size(PHONES[size])
    match_id = start_match(page, "zwicker", ["Ann", "Bob"])
    for side in (0, 1):
        expect(chip(page, f"zwicks_{side}", "0")).to_be_checked()
        chips = page.locator(f"#c-zwicks_{side} label.chip")
        expect(chips).to_have_text(["0", "1", "2", "3", "4", "5+"])
        # One row on the phone: 5+ did not wrap under the others.
        assert len({round(chips.nth(index).bounding_box()["y"]) for index in range(6)}) == 1
        expect(page.locator(f"#f-zwicks_{side}_more")).to_be_hidden()
    page.locator("#c-zwicks_0").scroll_into_view_if_needed()
    shot(page, f"chips-zwicker-{size}")
    # A deal without Zwicks: the cards and the honours only.
    enter(page, "cards_0", "30")
    the_honours(page)
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    sides = api(live_server, match_id)["rounds"][0]["input"]["sides"]
    assert [side["zwicks"] for side in sides] == [0, 0]
    # The next round's form has 0 chosen again.
    expect(chip(page, "zwicks_0", "0")).to_be_checked()
    assert console.unexpected() == []


def test_a_large_count_of_zwicks_is_typed_after_five_plus(page, console, shot, live_server):
    match_id = start_match(page, "zwicker", ["Ann", "Bob"])
    enter(page, "cards_0", "30")
    page.locator('label.chip:has(input[name="zwicks_0"][value="more"])').click()
    field = page.locator("#f-zwicks_0_more")
    expect(field).to_be_visible()
    expect(field).to_be_focused()  # the keyboard is up: the digits follow at once
    page.keyboard.type("11")
    page.locator('label.chip:has(input[name="zwicks_1"][value="2"])').click()
    the_honours(page)
    valid_preview(page)
    page.locator("#c-zwicks_0").scroll_into_view_if_needed()
    shot(page, "chips-zwicker-more")
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    sides = api(live_server, match_id)["rounds"][0]["input"]["sides"]
    assert [side["zwicks"] for side in sides] == [11, 2]
    # Its edit form says 5+ with the 11 beside it.
    page.goto(f"/matches/{match_id}/rounds/1/edit")
    expect(chip(page, "zwicks_0", "more")).to_be_checked()
    expect(page.locator("#f-zwicks_0_more")).to_have_value("11")
    expect(chip(page, "zwicks_1", "2")).to_be_checked()
    assert console.unexpected() == []


def test_a_count_typed_after_five_plus_is_forgotten_for_a_chip(page, console, live_server):
    """5+, 9 typed, then the player taps 1 instead: the round has 1 Zwick (the hidden 9 is not sent as a count)."""
    match_id = start_match(page, "zwicker", ["Ann", "Bob"])
    enter(page, "cards_0", "30")
    page.locator('label.chip:has(input[name="zwicks_0"][value="more"])').click()
    page.keyboard.type("9")
    page.locator('label.chip:has(input[name="zwicks_0"][value="1"])').click()
    expect(page.locator("#f-zwicks_0_more")).to_be_hidden()
    the_honours(page)
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    assert [side["zwicks"] for side in api(live_server, match_id)["rounds"][0]["input"]["sides"]] == [1, 0]
    assert console.unexpected() == []


def test_zwicks_without_javascript(browser, live_server, shot):
    """JavaScript off: 0 is chosen, "5+" shows its field (CSS alone) and a plain form post records the round."""
    context = browser.new_context(viewport=PHONES["390x844"], base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        created = page.request.post("/api/v1/matches", data={"game": "zwicker", "players": ["Ann", "Bob"]})
        match_id = created.json()["id"]
        page.goto(f"/matches/{match_id}")
        expect(chip(page, "zwicks_0", "0")).to_be_checked()
        expect(page.locator("#f-zwicks_0_more")).to_be_hidden()
        page.locator("#f-cards_0").click()
        page.keyboard.type("30")
        page.locator("#f-cards_1").click()
        page.keyboard.type("25")
        page.locator('label.chip:has(input[name="zwicks_1"][value="more"])').click()
        field = page.locator("#f-zwicks_1_more")
        expect(field).to_be_visible()
        field.click()
        page.keyboard.type("7")
        the_honours(page)
        shot(page, "chips-zwicker-no-js")
        page.locator("#save").click()
        page.wait_for_url(f"**/matches/{match_id}**")
        expect(page.locator("#round-1")).to_have_count(1)
        sides = api(live_server, match_id)["rounds"][0]["input"]["sides"]
        assert [(side["cards"], side["zwicks"]) for side in sides] == [(30, 0), (25, 7)]
    finally:
        context.close()


def test_a_filled_in_count_yields_to_the_players_typing(page, console, shot):
    """The last side's cards follow from the others; the player who corrects that field by
    Backspace and typing gets what they type, and it is not filled in over again later."""
    start_match(page, "zwicker", ["Ann", "Bob"])
    first, last = page.locator("#f-cards_0"), page.locator("#f-cards_1")
    first.click()
    page.keyboard.type("50")
    expect(last).to_have_value("5")  # filled in: 55 cards in all
    last.click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(last).to_have_value("")  # cleared by the player: not filled in again
    page.keyboard.type("9")
    expect(last).to_have_value("9")  # not "59"
    # Now the player corrects the first count: the 9 they typed stays.
    first.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("46")
    expect(first).to_have_value("46")
    expect(last).to_have_value("9")
    the_honours(page)
    valid_preview(page)
    shot(page, "chips-zwicker-typed-wins")
    assert console.unexpected() == []


def test_a_filled_in_count_still_follows_the_others_until_typed_in(page, console):
    start_match(page, "zwicker", ["Ann", "Bob", "Cid"])
    fields = [page.locator(f"#f-cards_{side}") for side in range(3)]
    fields[0].click()
    page.keyboard.type("20")
    fields[1].click()
    page.keyboard.type("20")
    expect(fields[2]).to_have_value("15")
    fields[1].click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")  # 2: the last count follows
    expect(fields[2]).to_have_value("33")
    page.keyboard.type("5")  # 25
    expect(fields[2]).to_have_value("10")
    assert console.unexpected() == []


def test_a_large_count_costs_its_chip_and_digits(page, taps, live_server, console):
    """Counted as the table loop counts (table_loop.enter_round): 5+ is one tap, the field
    has the cursor already, so 11 Zwicks cost 3; the other side's 0 costs nothing."""
    game = get_game("zwicker")
    match_id = page.request.post("/api/v1/matches", data={"game": "zwicker", "players": ["Ann", "Bob"]}).json()["id"]
    page.goto(f"/matches/{match_id}")
    table = game.table(["Ann", "Bob"], None)
    hints = game.initial_state(table).next
    raw = {"sides": [{"cards": 30, "zwicks": 11, "honours": list(SIDE_0)},
                     {"cards": 25, "zwicks": 0, "honours": list(SIDE_1)}]}
    values = adapter_for(game).form_values(raw, table, hints)
    # Top to bottom, as the page asks: the cards, the Zwicks beside them, then the honours.
    enter_round(page, {name: text for name, text in values.items() if name.startswith("cards_")})
    mark = taps.mark()
    enter_round(page, {name: text for name, text in values.items() if name.startswith("zwicks_")})
    assert taps.since(mark) == 3, taps.events
    enter_round(page, {name: text for name, text in values.items() if name.startswith("honour_")})
    valid_preview(page)
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    assert api(live_server, match_id)["rounds"][0]["input"] == raw
    taps.assert_honest()
    assert taps.of("swipe") == []
    assert console.unexpected() == []


# Each honour's row head, line by line: its name, then what it is worth in words (en, de, ru).
WORTH = {"en": "worth {n} points", "de": "{n} Punkte wert", "ru": "стоит {n} очков"}
ROW_HEAD_LINES_JS = """() => [...document.querySelectorAll('.honour-grid tbody th[scope=row]')].map(th => {
    const lines = new Map();
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
            if (rect.width === 0) continue;
            const top = Math.round(rect.top);
            lines.set(top, [...(lines.get(top) || []), node.textContent.trim()]);
        }
    }
    const worth = th.querySelector('small');
    return {name: th.firstChild.textContent.trim(), worth: worth ? worth.textContent.trim() : '',
            lines: [...lines.entries()].sort((a, b) => a[0] - b[0]).map(entry => entry[1])};
})"""


@pytest.mark.parametrize(("language", "region"), [("en", "US"), ("de", "DE"), ("ru", "RU")])
def test_an_honour_says_what_it_is_worth_in_words_and_its_sides_names_whole(language, region, page_in, shot, console):
    """At 360x740 with the walk's long names: each honour's head is its name, and under it (never
    beside: "Joker 25 7 pts" read as two numbers of one card) what it is worth in words; the
    sides' chips wrap their names between words only ("Alexande/r & Christin/a" it was)."""
    from tests.support.table_loop import narrow_text_problems
    from tests.support.table_loop_rounds import PHONE_SMALL, open_match

    page = page_in(language, region)
    page.set_viewport_size(PHONE_SMALL)
    open_match(page, "zwicker", ["Alexander", "Bartholomew", "Christina", "Dmitri"])
    page.locator("#c-honours").scroll_into_view_if_needed()
    shot(page, f"chips-zwicker-honours-{language}-360")
    heads = page.evaluate(ROW_HEAD_LINES_JS)
    joker = next(head for head in heads if head["name"].endswith("25"))
    assert joker["worth"] == WORTH[language].format(n=7)
    for head in heads:
        # The worth has a line of its own, after the name's (which may take two).
        assert head["lines"][-1] == [head["worth"]], head
        assert head["worth"] not in sum(head["lines"][:-1], []), head
    assert narrow_text_problems(page, ".honour-grid") == []
    assert console.unexpected() == []
