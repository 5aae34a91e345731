"""The score sheet as a paper pad (issue 38): a line a round, so a whole match's rounds (15 of
Nwik, 19 of Willi Stich for six players) are on one 390x844 screen at once, each round's
explanation behind a mark that opens it under its line without covering that line or the
next; for every registered game, with JS and without, and axe-core clean."""
from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.engine.games import Game, all_games
from tests.support.browser_steps import SETTLED_JS
from tests.support.data import module_for
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.picks import a_game, any_game
from tests.support.table_loop import assert_accessible
from tests.support.table_loop_rounds import PHONE_SMALL

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# Long names: the narrow columns' heads and the lead column show them short, whole in their title.
NAMES = ["Jürgen Maier", "Dorothea", "Anastasia", "Konstantin", "Maximilian", "Evelyn"]
# As many rounds as the longest match (Willi Stich's 19); a target game may end sooner.
MOST_ROUNDS = 19
LANGUAGES = [("en", "GB"), ("de", "DE"), ("ru", "RU")]
# The games whose whole match the sheet must hold on one screen (their data's SHEET_ROUNDS),
# and those whose rounds can be passed on (their data's SHEET_PASS).
WHOLE_MATCHES = [game for game in all_games() if getattr(module_for(game), "SHEET_ROUNDS", None)]
PASSING = [game for game in all_games() if getattr(module_for(game), "SHEET_PASS", None)]

# Each round's line and its explanation's line, as drawn now (None: not drawn).
ROWS_JS = """() => [...document.querySelectorAll('#rounds-card tbody[id^=round-]')].map(group => {
    const box = el => { const r = el && el.getBoundingClientRect(); return r && r.height ? {top: r.top, bottom: r.bottom} : null; };
    const row = group.querySelector('tr.round-row');
    const centre = row.getBoundingClientRect();
    const hit = document.elementFromPoint(centre.left + centre.width / 2, centre.top + centre.height / 2);
    return {id: group.id, row: box(row), why: box(group.querySelector('tr.round-why')), seen: !!hit && row.contains(hit)};
})"""


def most_players(game: Game) -> list[str]:
    return NAMES[: min(6, max(generator_for(game)[0]))]


def recorded_match(page, game: Game, players: list[str], seed: int = 38) -> int:
    """A match of `players` with legal rounds recorded through the API, to its end or
    MOST_ROUNDS rounds; the rounds recorded."""
    options = generator_for(game)[1]
    created = page.request.post("/api/v1/matches", data={"game": game.id, "players": players, "options": options})
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    rng = random.Random(seed)
    while not state.finished and len(state.rounds) < MOST_ROUNDS:
        raw, state = legal_round(rng, game, table, state)
        answer = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
        assert answer.status == 201, answer.text()
    page.goto(f"/matches/{match_id}")
    return len(state.rounds)


def sheet_at_top(page) -> dict[str, Any]:
    sheet = page.locator("#rounds-card .sheet-box")
    sheet.evaluate("box => box.scrollIntoView({block: 'start'})")
    box = sheet.bounding_box()
    assert box is not None
    return box


def rows_off_screen(page, height: int) -> list[str]:
    return [
        f"{row['id']}: {row['row']}"
        for row in page.evaluate(ROWS_JS)
        if row["row"] is None or row["row"]["top"] < -0.5 or row["row"]["bottom"] > height + 0.5 or not row["seen"]
    ]


def overlaps(page, number: int) -> list[str]:
    """What the explanation of round `number`, open, covers: its own line or the next round's
    (the one drawn under it, the sheet being oldest first)."""
    rows = page.evaluate(ROWS_JS)
    index = next(index for index, row in enumerate(rows) if row["id"] == f"round-{number}")
    own, why = rows[index]["row"], rows[index]["why"]
    if why is None:
        return [f"round {number}'s explanation is not shown"]
    found = []
    if why["top"] < own["bottom"] - 0.5:
        found.append(f"it covers its round's line: {why} over {own}")
    if index + 1 < len(rows) and rows[index + 1]["row"]["top"] < why["bottom"] - 0.5:
        found.append(f"it covers the next round's line: {why} over {rows[index + 1]['row']}")
    return found


def phone_at(page_in, viewport: dict[str, int], language: str = "en", region: str = "GB", js: bool = True):
    """A phone of this size asking for this language, JS on or off."""
    page = page_in(language, region, js=js)
    page.set_viewport_size(viewport)
    return page


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_a_whole_match_fits_one_screen_and_explanations_open_under_their_round(page_in, game, shot):
    page = phone_at(page_in, PHONE)
    played = recorded_match(page, game, most_players(game))
    # The game's own data says how many rounds its whole match is (Nwik 15, Willi Stich 19).
    whole = getattr(module_for(game), "SHEET_ROUNDS", None)
    if whole:
        assert played == whole
    box = sheet_at_top(page)
    assert box["height"] <= PHONE["height"], f"the sheet of {played} rounds is {box['height']} px tall"
    assert page.locator("#rounds-card tbody[id^=round-]").count() == played
    # Oldest first, as a paper pad: the running totals read downwards.
    ids = [row["id"] for row in page.evaluate(ROWS_JS)]
    assert ids == [f"round-{number}" for number in range(1, played + 1)], ids
    assert not rows_off_screen(page, PHONE["height"]), rows_off_screen(page, PHONE["height"])
    shot(page, f"pad-{game.id}-390")
    # The newest round (at the foot), one in the middle and the first (at the top): each
    # opened from its mark, the next round pushed down, not covered.
    for number in (played, (played + 1) // 2, 1):
        page.locator(f"#round-{number} a.why-mark").click()
        assert not overlaps(page, number), overlaps(page, number)
        assert page.locator(f"#why-{number}").is_visible()
    shot(page, f"pad-{game.id}-390-open")
    assert_accessible(page, f"{game.id}'s sheet with explanations open")
    # A second tap on the line shuts it again.
    page.locator(f"#round-{played} tr.round-row td").last.click()
    assert not page.locator(f"#why-{played}").is_visible()


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_an_explanation_opens_under_its_round_without_js(page_in, game, shot):
    page = phone_at(page_in, PHONE, js=False)
    played = recorded_match(page, game, most_players(game), seed=7)
    number = max(1, played - 1)
    assert not page.locator(f"#why-{number}").is_visible()
    page.locator(f"#round-{number} a.why-mark").click()
    assert page.locator(f"#why-{number}").is_visible()
    assert not overlaps(page, number), overlaps(page, number)
    shot(page, f"pad-{game.id}-nojs-open")
    # The whole sheet, every round's line, stays a tap away (and opens a round the same way).
    page.goto(page.url.split("#")[0] + "?sheet=all#round-1")
    assert page.locator("#why-1").is_visible()


def test_names_are_short_in_the_narrow_columns_and_whole_for_readers(page_in):
    six = a_game("played by six", lambda game: len(most_players(game)) == 6)
    page = phone_at(page_in, PHONE_SMALL)
    recorded_match(page, six, NAMES)
    heads = page.locator("#rounds-card thead th.side")
    assert [heads.nth(index).get_attribute("title") for index in range(6)] == NAMES
    assert heads.nth(3).locator("[aria-hidden=true]").text_content() == "Kon."
    assert heads.nth(3).locator(".visually-hidden").text_content() == "Konstantin"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_SMALL["width"]


@pytest.mark.parametrize("language,region", LANGUAGES, ids=[language for language, _region in LANGUAGES])
@pytest.mark.parametrize("game", WHOLE_MATCHES, ids=lambda game: game.id)
def test_screenshots_of_the_pad(page_in, shot, language, region, game):
    """The games whose whole match the sheet must hold (Nwik and Willi Stich) at both phone
    sizes in three languages, one round open; the sheet of 360x740 fits its screen too."""
    game_id = game.id
    page = phone_at(page_in, PHONE, language, region)
    played = recorded_match(page, game, most_players(game))
    for viewport in (PHONE, PHONE_SMALL):
        if viewport is not PHONE:  # the same match on the smaller phone
            page.set_viewport_size(viewport)
            page.goto(page.url.split("#")[0])
        box = sheet_at_top(page)
        assert box["height"] <= viewport["height"], f"{box['height']} px at {viewport}"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        assert page.evaluate(CUT_HEADS_JS) == [], viewport
        shot(page, f"pad-{game_id}-{language}-{viewport['width']}")
        page.locator(f"#round-{played - 2} a.why-mark").click()
        shot(page, f"pad-{game_id}-{language}-{viewport['width']}-open")


def test_an_open_explanation_stays_open_when_another_phone_records_a_round(page_in):
    """Live sync swaps the sheet in anew: the round open on this phone stays open."""
    nwik = any_game()
    page = phone_at(page_in, PHONE)
    players = most_players(nwik)
    options = generator_for(nwik)[1]
    created = page.request.post("/api/v1/matches", data={"game": nwik.id, "players": players, "options": options})
    match_id = created.json()["id"]
    table = nwik.table(players, dict(options))
    state = nwik.initial_state(table)
    rng = random.Random(5)
    raw, state = legal_round(rng, nwik, table, state)
    assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw).status == 201
    page.goto(f"/matches/{match_id}")
    page.wait_for_function(SETTLED_JS)
    page.locator("#round-1 a.why-mark").click()
    expect(page.locator("#why-1")).to_be_visible()
    raw, state = legal_round(rng, nwik, table, state)
    assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw).status == 201
    expect(page.locator("#round-2")).to_have_count(1)
    expect(page.locator("#why-1")).to_be_visible()
    expect(page.locator("#why-2")).to_be_hidden()


# The sheet's heads whose words are cut (drawn wider than their cell: "Заказч…", "Bene…").
CUT_HEADS_JS = """() => [...document.querySelectorAll('.sheet thead th.lead, .sheet thead th.play, .sheet thead th .word')].filter(box => {
    const text = document.createRange(), style = getComputedStyle(box);
    text.selectNodeContents(box);
    const room = box.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return text.getBoundingClientRect().width > room + 0.01;
}).map(box => box.textContent.trim())"""


@pytest.mark.parametrize("language,region", LANGUAGES, ids=[language for language, _region in LANGUAGES])
@pytest.mark.parametrize("game", PASSING, ids=lambda game: game.id)
def test_a_pass_is_written_on_the_round_line_under_whole_heads(page_in, shot, language, region, game):
    """A round passed on (Nwik: Benedikt bids and passes, Cleo plays): the line says both,
    with the passer's one short form (in his column's head too); no head is cut short."""
    case = module_for(game).SHEET_PASS
    page = phone_at(page_in, PHONE_SMALL, language, region)
    created = page.request.post("/api/v1/matches", data={"game": game.id, "players": case["players"]})
    match_id = created.json()["id"]
    assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=case["round"]).status == 201
    page.goto(f"/matches/{match_id}")
    lead = page.locator("#round-1 td.lead")
    expect(lead.locator("[aria-hidden=true]")).to_have_text(case["line"])
    expect(lead.locator(".visually-hidden")).to_have_text(case["words"][language])
    expect(page.locator("#rounds-card thead th.side").nth(case["passer"]).locator("[aria-hidden=true]")).to_have_text(case["passer_short"])
    assert page.evaluate(CUT_HEADS_JS) == []
    sheet_at_top(page)
    shot(page, f"pad-{game.id}-pass-{language}-360")
