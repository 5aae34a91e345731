"""Words that fit their controls: the match page of every registered game at 360x740 in
English, German and Russian, with rounds played (greyed values, long names, a score sheet of
two sides and of six) shows every side's column of the sheet on the screen; no label, button,
chip or sheet cell has words running past it (table_loop.overflowing_labels: its scroll size
and where each text is drawn); no name or word of the sheet's head and round lines is broken
inside; with two or four sides no name is cut short; and tapping a score opens its
explanation without moving the sheet.
Screenshots: test-artifacts/fit-<game>-<players>-<language>.png."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from scorekeeper.engine.games import all_games
from tests.support.browser_steps import SETTLED_JS
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.table_loop import narrow_text_problems, overflowing_labels, sideways_overflow
from tests.support.table_loop_rounds import PHONE_SMALL

# bin/test runs these in its PostgreSQL run, to even out the two runs' time.
pytestmark = pytest.mark.browser

LANGUAGES = [("en", "US"), ("de", "DE"), ("ru", "RU")]
# Long names, one with an umlaut: the sheet's head and its round lines wrap them between words.
NAMES = ["Jürgen Maier", "Dorothea", "Anastasia", "Konstantin", "Maximilian", "Eve"]
ROUNDS = 4


@pytest.fixture(scope="module", params=LANGUAGES, ids=[language for language, _region in LANGUAGES])
def small_phone(request, browser, live_server) -> Iterator[tuple[str, object]]:
    """One 360x740 phone per language for the module: every game's pages are opened in it."""
    language, region = request.param
    tag = f"{language}-{region}"
    context = browser.new_context(
        viewport=PHONE_SMALL, base_url=live_server, device_scale_factor=1, has_touch=True,
        locale=tag, extra_http_headers={"Accept-Language": f"{tag},{language};q=0.9"},
    )
    try:
        yield language, context.new_page()
    finally:
        context.close()


def played_match(page, game, players: list[str], options) -> str:
    """A match of `players` with a few legal rounds recorded through the API (the same every run)."""
    created = page.request.post("/api/v1/matches", data={"game": game.id, "players": players, "options": options})
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    rng = random.Random(6)
    for _number in range(ROUNDS):
        raw, after = legal_round(rng, game, table, state)
        if after.finished:
            break
        response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
        assert response.status == 201, response.text()
        state = after
    return match_id


# Each side's column of the score sheet wholly on the screen, its words not cut: none scrolled
# out of sight inside the sheet (Spades in German and Nameless in Russian were, at 360 px).
CUT_COLUMNS_JS = """() => [...document.querySelectorAll('.sheet thead th')].filter(th => {
    const box = th.getBoundingClientRect();
    return box.left < -0.5 || box.right > innerWidth + 0.5 || box.width < 1;
}).map(th => th.title || th.innerText)"""


# Names ending in an ellipsis on the scoreboard and the sheet's head, and how many sides there are.
CUT_NAMES_JS = """() => ({
    sides: document.querySelectorAll('#scores .total').length,
    cut: [...document.querySelectorAll('#scores .total .name .word, .sheet thead th .word')]
        .filter(word => word.scrollWidth - word.clientWidth > 1).map(word => word.textContent),
})"""


def names_cut_with_room(page) -> list[str]:
    """Two sides (a column of the sheet each, half the scoreboard) or four (the scoreboard two
    by two): every name whole, none "Jürg…" or "Doroth…" where there is room (a row of three
    cells cut them while the row under it stood empty)."""
    shown = page.evaluate(CUT_NAMES_JS)
    return [f"{name} cut with {shown['sides']} sides" for name in shown["cut"]] if shown["sides"] in (2, 4) else []


def sheet_problems(page) -> list[str]:
    """Sides out of sight, and what moves when the newest round's explanation is tapped open
    (from its mark): the sheet's width, the page's."""
    sheet = page.locator(".sheet-box")
    found = [f"a side's column is not on the screen: {name}" for name in page.evaluate(CUT_COLUMNS_JS)]
    hidden = sheet.evaluate("box => box.scrollWidth - box.clientWidth")
    if hidden > 1:
        found.append(f"the sheet hides {hidden} px of its columns")
    before = sheet.bounding_box()
    newest = page.locator(".sheet tbody:last-of-type")
    newest.locator("a.why-mark").click()
    if not newest.locator("tr.round-why").is_visible():
        found.append("the newest round's explanation did not open from its mark")
    after = sheet.bounding_box()
    if before is None or after is None or abs(before["width"] - after["width"]) > 0.5 or abs(before["x"] - after["x"]) > 0.5:
        found.append(f"the sheet moved when a score was tapped: {before} -> {after}")
    if sideways_overflow(page):
        found.append(f"a score's explanation widens the page by {sideways_overflow(page)} px")
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_label_fits_its_control_at_360(small_phone, game, shot, console):
    """The fewest and the most players the game's generator seats (two sides and six), and
    four when it seats four on their own (the scoreboard two by two)."""
    language, page = small_phone
    counts, options, _generate = generator_for(game)
    four_sides = [count for count in counts if count == 4 and len(game.table(NAMES[:count], dict(options)).sides) == 4]
    failures = []
    for count in sorted({min(counts), max(counts), *four_sides}):
        players = NAMES[:count]
        match_id = played_match(page, game, players, options)
        page.goto(f"/matches/{match_id}")
        page.wait_for_function(SETTLED_JS)
        where = f"{game.id}, {count} players, {language} at 360"
        shot(page, f"fit-{game.id}-{count}-{language}", full_page=True)
        problems = [str(item) for item in overflowing_labels(page)]
        problems += narrow_text_problems(page, ".sheet thead th, .sheet td.lead, .sheet .why-head")
        if sideways_overflow(page):
            problems.append(f"the page is {sideways_overflow(page)} px wider than the phone")
        problems += sheet_problems(page)
        problems += names_cut_with_room(page)
        if problems:
            failures.append(f"== {where}:\n  " + "\n  ".join(problems))
    assert not failures, "\n".join(failures)


def test_the_check_finds_words_past_their_control(page, live_server):
    """The checker itself: a button too narrow for its words, and one whose words are pushed
    out to the left (which its scroll size does not count), are both found."""
    page.set_viewport_size(PHONE_SMALL)
    page.goto("/offline")
    assert overflowing_labels(page) == []
    page.evaluate(
        """() => {
            const made = [];
            for (const [id, rules] of [['narrow', [['width', '60px'], ['white-space', 'nowrap'], ['overflow', 'hidden']]],
                                       ['pushed', [['width', '200px'], ['text-indent', '-120px'], ['overflow', 'visible']]]]) {
                const button = document.createElement('button');
                button.id = id;
                button.textContent = 'Runde 6 speichern';
                // CSSOM, not a style attribute: the Content Security Policy allows no inline style.
                for (const [name, value] of rules) button.style.setProperty(name, value, 'important');
                document.querySelector('main').appendChild(button);
            }
        }"""
    )
    found = {item["id"]: item for item in overflowing_labels(page)}
    assert set(found) == {"narrow", "pushed"}, found
    assert found["pushed"]["needs"] <= found["pushed"]["width"] + 1  # the scroll size alone misses it
    assert found["pushed"]["spilt"] == "Runde 6 speichern"
