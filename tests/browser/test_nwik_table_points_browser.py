"""The smaller points a table felt (issue 38), each on a phone at 390x844 (most on a Nwik match): the Nwik entry's
questions and chips, the save bar's words, the header's touch targets and the history's Russian."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.games import all_games
from tests.support.browser_steps import pick as tap_chip
from tests.support.data import module_for, players_for

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

NWIK_ROUND = {"style": 3, "stake": 1, "tricks": [4, 6, 3]}


def post(page, path: str, body: dict) -> dict:
    response = page.request.post(path, data=body)
    assert response.ok, response.text()
    return response.json()


def nwik_match(page, players=("Ann", "Bob", "Cy")) -> str:
    return post(page, "/api/v1/matches", {"game": "nwik", "players": list(players)})["id"]


# --------------------------------------------------------------------------- the history in Russian


def test_russian_history_says_an_edit_without_a_gender_marker(page_in, shot):
    page = page_in("ru", "RU")
    match_id = nwik_match(page)
    post(page, f"/api/v1/matches/{match_id}/rounds", NWIK_ROUND)
    edited = page.request.put(f"/api/v1/matches/{match_id}/rounds/1", data={**NWIK_ROUND, "tricks": [3, 7, 3]})
    assert edited.ok, edited.text()
    page.goto(f"/matches/{match_id}")
    history = page.locator("ol.history")
    edit = history.locator("li", has_text="раунда 1").first
    expect(edit).to_contain_text("правка раунда 1")
    # "(а)" marks a verb's two genders: the edit is said so that needs none.
    assert "(а)" not in edit.text_content()
    assert "(а)" not in (page.locator(".edited-mark").get_attribute("title") or "")


# --------------------------------------------------------------------------- the header and the save bar


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_the_brand_link_is_a_whole_touch_target(page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/")
    box = page.locator("a.brand").bounding_box()
    assert box["height"] >= 44, box
    assert page.locator("header.topbar").bounding_box()["height"] <= 60  # the header grew no taller for it


def test_without_javascript_the_save_bar_says_nothing_is_checked_before_save(browser, live_server, shot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        match_id = nwik_match(page)
        page.goto(f"/matches/{match_id}")
        bar = page.locator("#bar-state")
        expect(bar).to_have_text("Tap the chips, then Save: the round is checked when saved", use_inner_text=True)
        shot(page, "nojs-save-bar")
    finally:
        context.close()


# --------------------------------------------------------------------------- Nwik's trump


def chip_texts(box) -> list[str]:
    return [text.strip() for text in box.locator("label.chip:visible, details.chip:visible").all_inner_texts()]


STYLE_2_TRUMPS = ["♥ Hearts", "♦ Diamonds", "♣ Clubs"]


def test_nwik_style_2_offers_only_its_three_trumps(page, shot, console):
    match_id = nwik_match(page)
    page.goto(f"/matches/{match_id}")
    tap_chip(page, "style", "5")
    tap_chip(page, "vip_trump", "spades")  # VIP's trump may be Spades...
    tap_chip(page, "style", "2")
    # ...style 2's may not: its question offers its three suits, nothing it would refuse.
    assert chip_texts(page.locator("#c-trump")) == STYLE_2_TRUMPS
    expect(page.locator("#c-vip_trump")).to_be_hidden()
    tap_chip(page, "stake", "1")
    shot(page, "nwik-style-2-trumps")
    for seat, took in enumerate([5, 4]):
        tap_chip(page, f"tricks_{seat}", str(took))
    tap_chip(page, "trump", "clubs")
    # The Spades chosen for VIP and hidden since is not sent: the round is one to save.
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    assert console.unexpected() == []


def test_nwik_trumps_without_javascript_offer_no_refused_choice(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"/matches/{nwik_match(page)}")
        assert chip_texts(page.locator("#c-trump")) == STYLE_2_TRUMPS
        expect(page.locator("#c-trump legend")).to_have_text("Trump")
        # VIP's own question: any suit, or none recorded.
        assert chip_texts(page.locator("#c-vip_trump")) == [*STYLE_2_TRUMPS, "♠ Spades", "not recorded"]
    finally:
        context.close()


# --------------------------------------------------------------------------- what is still to enter

@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_an_untouched_round_says_all_it_needs_from_a_capital(page, game):
    match = post(page, "/api/v1/matches", {"game": game.id, "players": players_for(game)})
    page.goto(f"/matches/{match['id']}")
    bar = page.locator("#bar-state")
    expect(bar).to_have_text(re.compile("^Still to enter: "))  # its words, not CSS, start with a capital
    # Every field of an untouched round, in the form's order (the game's own data says which).
    untouched = getattr(module_for(game), "UNTOUCHED_ROUND", None)
    if untouched:
        expect(bar).to_have_text(untouched)
    expect(page.locator("#preview .refusal")).to_have_count(0)


NWIK_STEPS = {
    "en": ("Still to enter: stake, trump, tricks", "Still to enter: trump, tricks", "Still to enter: tricks"),
    "de": ("Noch einzugeben: Einsatz, Trumpf, Stiche", "Noch einzugeben: Trumpf, Stiche", "Noch einzugeben: Stiche"),
    "ru": ("Ещё не введено: ставка, козырь, взятки", "Ещё не введено: козырь, взятки", "Ещё не введено: взятки"),
}


@pytest.mark.parametrize(("language", "region"), [("en", "US"), ("de", "DE"), ("ru", "RU")])
def test_nwik_style_2_names_its_trump_among_what_is_still_to_enter(page_in, language, region):
    page = page_in(language, region)
    page.goto(f"/matches/{nwik_match(page)}")
    bar = page.locator("#bar-state")
    for (name, value), said in zip([("style", "2"), ("stake", "1"), ("trump", "clubs")], NWIK_STEPS[language], strict=True):
        tap_chip(page, name, value)
        # Every field still blank, in the form's order, and nothing red: nothing is wrong yet.
        expect(bar).to_have_text(said)
        expect(bar).to_have_class("bar-state")
        expect(page.locator(".field-error")).to_have_count(0)


# --------------------------------------------------------------------------- the totals


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Wilhelmina", "Bartholomew", "Cy"]])
def test_the_leaders_mark_leaves_the_name_whole(page, shot, width, height, players):
    page.set_viewport_size({"width": width, "height": height})
    match_id = nwik_match(page, players)
    tricks = [10, 7] if len(players) == 2 else [9, 2, 2]
    post(page, f"/api/v1/matches/{match_id}/rounds", {"style": 3, "stake": 2, "tricks": tricks})
    page.goto(f"/matches/{match_id}")
    leader = page.locator("#scores .total.leader")
    expect(leader).to_have_count(1)
    mark = leader.locator(".lead-mark").bounding_box()
    name = leader.locator(".name .word").first.bounding_box()
    # Beside the name's first letter, never over it.
    assert mark["x"] + mark["width"] <= name["x"], (mark, name)
    shot(page, f"leader-mark-{len(players)}-{width}")


# --------------------------------------------------------------------------- another phone's round


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_the_other_phones_notice_never_covers_the_next_question(page, shot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    match_id = nwik_match(page)
    page.goto(f"/matches/{match_id}")
    tap_chip(page, "style", "3")
    # Another phone records round 1: the notice waits at the top of the screen for an answer.
    post(page, f"/api/v1/matches/{match_id}/rounds", NWIK_ROUND)
    notice = page.locator("#live-notice")
    expect(notice).to_contain_text("Round 1 was just recorded on another phone")
    tap_chip(page, "stake", "2")
    # The next question (Ann's tricks) comes up below the notice, its chips free to tap.
    tricks = page.locator("#c-tricks_0, [data-count-item]:has(input[name=tricks_0])").first
    page.wait_for_function(
        "() => { const chips = document.querySelector('input[name=tricks_0]').closest('[data-count-item]');"
        " return chips.getBoundingClientRect().top >= document.getElementById('live-notice').getBoundingClientRect().bottom; }"
    )
    assert tricks.bounding_box()["y"] >= notice.bounding_box()["y"] + notice.bounding_box()["height"]
    shot(page, f"live-notice-above-the-chips-{width}")
