"""The table loop of every registered game in chromium at 390x844 (and 360x740): rounds
entered by taps within the issue's budgets (each game's own in tests/support/data/<game>.py;
a game without one may take a tap per chip, a tap and its digits per number field, and
Save), Save in view without scrolling, nothing red before it is earned, a compact
scoreboard and a score sheet that never widen the page. Each game's own loop (whole matches
in three languages, its special chips) is in tests/browser/test_<game>_table_loop.py.

Rounds come from the legal-round generators (tests/support/legal_rounds.py) and are entered
through their form values, chip by chip, as a player would (table_loop.enter_round).
Screenshots of the steps worth a look go to test-artifacts/loop-*.png.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.engine.core.fields import SEAT
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import Game, RuleError, all_games
from tests.support.browser_steps import SETTLED_JS
from tests.support.data import tap_budget
from tests.support.legal_rounds import ATTEMPTS, generator_for, legal_round
from tests.support.table_loop import (
    IN_FIRST_SCREEN_JS,
    assert_accessible,
    assert_tap_sizes,
    enter_round,
    in_first_screen,
    narrow_text_problems,
    out_of_reach,
    save_bar_problems,
    sideways_overflow,
    tap,
)
from tests.support.table_loop_rounds import (
    NAMES,
    PHONE_SMALL,
    hand_values,
    nothing_red,
    open_match,
    record_by_taps,
    save_in_view,
)

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

GAMES = all_games()


# The walk-through's six players (issue 24): long names, none of them two words.
WALK_NAMES = ["Alexander", "Bartholomew", "Christina", "Dmitri", "Evangeline", "Fitzgerald"]
# The bar's state whole: every line of it shown (no ellipsis, nothing clipped), inside the bar.
STATE_CUT_JS = """() => {
    const state = document.getElementById('bar-state');
    const box = state.getBoundingClientRect(), bar = document.getElementById('save-bar').getBoundingClientRect();
    const cut = state.scrollHeight - state.clientHeight > 1 || state.scrollWidth - state.clientWidth > 1;
    return cut || box.top < bar.top - 0.5 || box.bottom > bar.bottom + 0.5 ? state.innerText : '';
}"""
# German and Russian, whose words for what is still to enter are the longest (English's are
# shorter in every game: at 360 it never cut where these did not).
LONG_WORDED = ("de", "ru")


# Where each game is walked: the phone's size, its language and how many rounds. English for
# three rounds (the second after a Save, with "the rest" tapped first and the bids saved
# first), then one on a slow connection. German and Russian (longer words, more lines) at the
# smaller phone, where a line more costs most, for the round the page opens with: the players
# have the walk-through's long names, the bar is read after every answer, and after its Save
# the saved round and the next round's first question are on the screen. Their second round
# was English's second in other words (it found nothing English's did not, and the suite's
# time is the price of every round). English at the smaller phone is left out: its words are
# the shortest, so the German and Russian walks there find a line too many first.
WALKS = [({"width": 390, "height": 844}, "en", 3), (PHONE_SMALL, "de", 1), (PHONE_SMALL, "ru", 1)]
REGIONS = {"en": "US", "de": "DE", "ru": "RU"}


# The English walk on a lent tab failed once in three fresh-clone runs (round 2 of Skat never
# showed after its Save, 2026-12-08), not understood yet: its own browser again, as before.
@pytest.mark.parametrize(("size", "language", "rounds"), [
    pytest.param(size, language, rounds, id=f"{size['width']}x{size['height']}-{language}",
                 marks=[pytest.mark.own_browser] if language == "en" else [])
    for size, language, rounds in WALKS])
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_rounds_of_every_game_within_the_tap_budget(game, size, language, rounds, page_in, shot, console):
    """Every round costs its decisions plus Save and not one swipe: the page brings each next
    question up above the save bar, whether "the rest" is tapped after the chips that went
    otherwise (rounds 1 and 3) or before them (round 2: a chip it chose is changed, and must
    still be in reach). After each Save the saved round with its Undo and the next round's
    first question are on the screen together. At 360 px in German and Russian, with the
    most players and long names, the bar says all that a round still needs, every word of
    it, untouched (the longest state) and after each answer of the first round (it ended
    "Still to enter: tricks of Alexander, tricks of Barth…"), inside the bar, with Save (and
    Save the bids) wholly in view beside it. In English a last round goes on a slow
    connection (half a second each way): the player taps faster than the live checks come
    back, and a check's answer must not undo a tap made after it was asked (it did for the
    Willi Stich dealer's call, which every answer draws again)."""
    from tests.support.table_loop import TapCounter

    page = page_in(language, REGIONS[language])
    page.set_viewport_size(size)
    taps = TapCounter()
    taps.install(page.context)
    counts, options, _generate = generator_for(game)
    long_words = language in LONG_WORDED
    players = (WALK_NAMES if long_words else NAMES)[: max(counts)]
    rng = random.Random(14)
    open_match(page, game.id, players, options)
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    walk = f"{size['width']}x{size['height']} in {language}"
    name = f"loop-{game.id}-{size['width']}-{language}"
    shot(page, f"{name}-00-untouched")
    nothing_red(page)
    assert sideways_overflow(page) == 0
    assert first_question_in_reach(page), f"{game.id} at {walk}: the first question is not on the screen"
    cut: list[str] = []
    if long_words:
        # The first live check's answer: what is still to enter, all of it.
        expect(page.locator("#preview .would-be, #bar-state:not(:empty)").first).to_be_attached()
        bar_read_whole(page, f"{game.id} at {walk}, untouched", cut)
    if language == "en":
        assert_accessible(page, f"{game.id} round form")
        assert_tap_sizes(page, f"{game.id} round form")
    used_per_round = []
    for number in range(1, rounds + 1):
        # Screenshots of the first round entered and of the page after each Save.
        shots = ("entered", "saved") if number == 1 else ("saved",)
        before = state
        swiped = len(taps.of("swipe"))
        read = (lambda what: bar_read_whole(page, f"{game.id} at {walk} after {what}", cut)) if long_words and number == 1 else None
        raw, state, used = record_by_taps(page, taps, game, table, state, rng, shot, f"{name}-{number:02}",
                                          shots=shots, rest_first=number == 2, two_step=number == 2, after_each=read)
        used_per_round.append(used)
        swipes = taps.of("swipe")[swiped:]
        assert swipes == [], f"round {number} of {game.id} at {walk} ({raw}): a player had to swipe to reach {swipes}"
        values = adapter_for(game).form_values(raw, table, before.next)
        # "Save the bids" is a second Save: a tap more in a round saved in two steps.
        budget = tap_budget(game, table, before, raw, values) + (number == 2 and game.has_bidding)
        assert used <= budget, f"round {number} of {game.id} at {walk} took {used} taps: {raw}"
        if state.finished:
            break
        assert out_of_reach(page, "#last-round .button") == [], f"after round {number} of {game.id} at {walk}"
        assert first_question_in_reach(page), f"after round {number} of {game.id} at {walk}: the next round's first question is not on the screen"
    assert cut == [], f"{game.id} at {walk}: the bar's state is cut:\n" + "\n".join(cut)
    taps.assert_honest()
    if language == "en":
        assert_accessible(page, f"{game.id} after rounds")
        assert_tap_sizes(page, f"{game.id} after rounds")
        assert not state.finished, f"{game.id}: the walk leaves no round to play on a slow connection"
        with slow_connection(page):
            record_by_taps(page, taps, game, table, state, random.Random(3), shots=())
    assert sideways_overflow(page) == 0
    print(f"{game.id} with {table.n} players at {walk}: taps per round {used_per_round}")
    assert console.unexpected() == []


# The round form's first question still open: the first chip of a choice with none chosen (a
# choice with one chosen beforehand, "not recorded" or Zwicks 0, may be left as it is), the
# first toggle of a box that asks for so many (data-picks: Doppelkopf's Re pair) with fewer
# on, or the first empty count; null when every question is answered.
FIRST_OPEN_JS = """() => {
    const form = document.querySelector('form.round-form');
    if (!form) return null;
    for (const input of form.querySelectorAll('input[type=radio], input[type=number], [data-picks] input[type=checkbox]')) {
        const target = input.type === 'number' ? input : input.closest('label');
        if (!target || target.getClientRects().length === 0) continue;
        if (input.type === 'checkbox') {
            const box = input.closest('[data-picks]');
            if (input.checked || box.querySelectorAll('input:checked').length >= Number(box.dataset.picks)) continue;
        } else if (input.type === 'number' ? input.value !== '' : form.querySelector(`input[name="${input.name}"]:checked`)) continue;
        return target;
    }
    return null;
}"""


def first_question_in_reach(page) -> bool:
    """Whether the round's first question still open (a person's first tap of the round) is on
    the screen and not under the save bar, as the page is now (after it loaded or was saved)."""
    page.wait_for_load_state("load")
    first = page.evaluate_handle(FIRST_OPEN_JS).as_element()
    assert first is not None, "no question open on the round form"
    return first.evaluate(IN_FIRST_SCREEN_JS)


def bar_read_whole(page, where: str, cut: list[str]) -> None:
    """The save bar as it is once the live check has answered: its state whole (else noted in
    `cut`) and Save wholly in view beside it."""
    if page.evaluate("() => document.activeElement?.type === 'number'"):
        page.wait_for_timeout(300)  # a typed count's check waits for a pause in the typing
    page.wait_for_function(SETTLED_JS)
    said = page.evaluate(STATE_CUT_JS)
    if said:
        cut.append(f"{where}: {said}")
    assert save_bar_problems(page) == [], where


@contextmanager
def slow_connection(page) -> Iterator[None]:
    """Half a second each way while in it, as at a table with one bar of signal. The CDP
    session is the test's own and leaves with it, conditions undone: the tab is lent to the
    next test, and one left attached broke the offline first visits after it."""
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    try:
        network.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": 500, "downloadThroughput": -1, "uploadThroughput": -1})
        yield
    finally:
        network.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        network.send("Network.disable")
        network.detach()


def record_four_rounds(page, game: Game, match_id: str, players, options):
    """Four legal rounds recorded by another phone (the API), the same ones every run: a sheet
    with rounds to show. The match's table (for what the sheet should say) and its state."""
    table = game.table(list(players), dict(options))
    state = game.initial_state(table)
    rng = random.Random(6)
    for _number in range(4):
        raw, state = legal_round(rng, game, table, state)
        response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
        assert response.status == 201, response.text()
    return table, state


@pytest.mark.parametrize("viewport", [None, PHONE_SMALL], ids=["390x844", "360x740"])
@pytest.mark.parametrize("game", [game for game in GAMES if game.max_players >= 6], ids=lambda game: game.id)
def test_six_players_fit_the_phone(game, viewport, page, shot, console):
    """Six players: a compact scoreboard, and a score sheet of played rounds whose every
    player's column is in its box at 390 and 360 px (no sideways scroll inside the sheet)."""
    size = viewport or {"width": 390, "height": 844}
    page.set_viewport_size(size)
    options = generator_for(game)[1]
    match_id = open_match(page, game.id, NAMES[:6], options)
    # From the totals down (the title's row beside them holds the screen-on toggle too): at
    # most a quarter of the 390x844 screen, at either size (the narrower one wraps a line more).
    totals, board = page.locator("#scores ol.totals").bounding_box(), page.locator("#scores").bounding_box()
    height = board["y"] + board["height"] - totals["y"]
    assert height <= 844 / 4, f"the scoreboard of 6 takes {height} px"
    record_four_rounds(page, game, match_id, NAMES[:6], options)
    page.reload()
    assert sideways_overflow(page) == 0
    save_in_view(page)
    shot(page, f"loop-six-{game.id}-{size['width']}", full_page=True)
    sheet = page.locator(".sheet-box")
    sheet.scroll_into_view_if_needed()
    shot(page, f"loop-six-{game.id}-{size['width']}-sheet")
    page.locator("#h-chart").scroll_into_view_if_needed()
    shot(page, f"loop-six-{game.id}-{size['width']}-chart")
    hidden = sheet.evaluate("box => box.scrollWidth - box.clientWidth")
    # 1 px: a collapsed border, rounded; nothing is cut off.
    assert hidden <= 1, f"the score sheet of 6 hides {hidden} px of its columns"
    assert_tap_sizes(page, f"{game.id}: six players' sheet at {size['width']}")
    assert console.unexpected() == []


def test_small_phone_keeps_save_in_view(browser, live_server, shot, console):
    context = browser.new_context(viewport=PHONE_SMALL, base_url=live_server, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    console.watch(page)
    try:
        for game in GAMES:
            counts, options, _generate = generator_for(game)
            open_match(page, game.id, NAMES[: max(counts)], options)
            save_in_view(page)
            assert sideways_overflow(page) == 0
            shot(page, f"loop-360-{game.id}")
    finally:
        context.close()
    assert console.unexpected() == []


SIZES = [None, PHONE_SMALL]
SIZE_IDS = ["390x844", "360x740"]


def seat_choices(game: Game) -> list[str]:
    """The game's optional choices of a seat (who went alone, who reneged): the legal-round
    generators leave them out, so the table loop never taps them."""
    counts, options, _generate = generator_for(game)
    table = game.table(NAMES[: max(counts)], dict(options))
    fields = game.input_fields(table, game.initial_state(table).next)
    return [field.name for field in fields if field.optional and field.per == "round" and field.kind == SEAT]


def with_every_seat_choice(rng: random.Random, game: Game, table, state):
    """A legal round with each optional seat choice made, by the first seat the engine takes."""
    names = seat_choices(game)
    for _attempt in range(ATTEMPTS):
        raw, _after = legal_round(rng, game, table, state)
        for name in names:
            for seat in range(table.n):
                try:
                    game.play(table, state, {**raw, name: seat})
                except RuleError:
                    continue
                raw = {**raw, name: seat}
                break
        if all(name in raw for name in names):
            return raw, game.play(table, state, raw)
    raise AssertionError(f"no legal {game.id} round with {names} all chosen")


def open_with_the_most_players(page, game: Game, viewport):
    """A new match of `game` with as many players as its generator seats, on a phone of `viewport`
    (None: the default 390x844): its table and first state."""
    if viewport:
        page.set_viewport_size(viewport)
    counts, options, _generate = generator_for(game)
    players = NAMES[: max(counts)]
    open_match(page, game.id, players, options)
    table = game.table(players, dict(options))
    return table, game.initial_state(table)


@pytest.mark.parametrize("viewport", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", [game for game in GAMES if seat_choices(game)], ids=lambda game: game.id)
def test_every_choice_of_a_round_is_in_reach(game, viewport, page, taps, shot, console):
    """A round with every optional choice made (Nameless: who went alone and who reneged, the
    last choices of its form): each comes up above the save bar as the one before is tapped,
    so the round costs its decisions and Save and no swipe (Reneged stayed under the bar)."""
    table, state = open_with_the_most_players(page, game, viewport)
    rng = random.Random(24)
    chosen = with_every_seat_choice(rng, game, table, state)
    name = f"reach-{game.id}-" + ("360" if viewport else "390")
    raw, _after, used = record_by_taps(page, taps, game, table, state, rng, shot, name, chosen=chosen, shots=("entered",))
    values = adapter_for(game).form_values(raw, table, state.next)
    assert taps.of("swipe") == [], f"{game.id}: a player had to swipe to reach {taps.of('swipe')}"
    assert used <= tap_budget(game, table, state, raw, values) + len(seat_choices(game)), used
    taps.assert_honest()
    assert console.unexpected() == []


@pytest.mark.parametrize("viewport", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", [game for game in GAMES if game.has_bidding], ids=lambda game: game.id)
def test_the_hand_is_entered_in_the_play_view_without_a_swipe(game, viewport, page, taps, shot, console):
    """After "Save the bids" the play view is on the screen with "Change the bids" beside it
    (it was at the foot of the round, under the save bar), and the hand's part of the round
    costs its taps and Save, each chip in reach when its turn comes (with the most players)."""
    table, state = open_with_the_most_players(page, game, viewport)
    raw, after = legal_round(random.Random(8), game, table, state)
    bids, hand = hand_values(game, table, state.next, raw)
    enter_round(page, bids)
    tap(page, page.locator("#save-bids"))
    expect(page.locator("#play-view")).to_be_visible()
    name = f"reach-play-{game.id}-" + ("360" if viewport else "390")
    shot(page, f"{name}-bids-saved")
    assert in_first_screen(page, page.locator("#change-bids")), out_of_reach(page, "#change-bids")
    assert in_first_screen(page, page.locator("#play-view")), "the play view is not in the first screen"
    mark = taps.mark()
    enter_round(page, hand)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, f"{name}-hand-entered")
    assert out_of_reach(page, "#save") == []
    tap(page, page.locator("#save"))
    expect(page.locator("#round-1")).to_have_count(1)
    assert taps.of("swipe") == [], f"{game.id}: a player had to swipe to reach {taps.of('swipe')}"
    assert taps.since(mark) <= len(hand) + 1, taps.since(mark)
    taps.assert_honest()
    assert console.unexpected() == []


# A name cut short (its word wider than its box, ending in an ellipsis) on the scoreboard or the sheet's head.
CUT_WORDS_JS = """() => [...document.querySelectorAll('#scores .total .name .word, .sheet thead th .word')]
    .filter(word => word.scrollWidth - word.clientWidth > 1 || word.scrollHeight - word.clientHeight > 1)
    .map(word => word.textContent)"""


# Where six long names are read: as the games' walks, English at 390x844, German and Russian
# at 360x740 (the other three pairs found nothing these did not, for 27 s a run).
LONG_NAME_PHONES = [("en", "US", None), ("de", "DE", PHONE_SMALL), ("ru", "RU", PHONE_SMALL)]


@pytest.mark.parametrize(("language", "region", "viewport"), LONG_NAME_PHONES,
                         ids=[f"{language}-{'360x740' if viewport else '390x844'}" for language, _region, viewport in LONG_NAME_PHONES])
@pytest.mark.parametrize("game", [game for game in GAMES if game.max_players >= 6], ids=lambda game: game.id)
def test_six_long_names_are_readable(game, language, region, viewport, page_in, shot, console):
    """Six players with the walk's long names: the score sheet's head, its "Dmitri dealt" and
    the scoreboard wrap between words only (it broke "Dmitr/i dealt"), every name is whole on
    the scoreboard (the walk read "Alexan…" and "Bartho…" at 360) and the sheet's head says it
    short on purpose ("Alex.": a paper pad's narrow column), whole in its title and for screen
    readers, and the sheet keeps to the phone."""
    page = page_in(language, region)
    size = viewport or {"width": 390, "height": 844}
    page.set_viewport_size(size)
    options = generator_for(game)[1]
    match_id = open_match(page, game.id, WALK_NAMES, options)
    table, state = record_four_rounds(page, game, match_id, WALK_NAMES, options)
    page.reload()
    shot(page, f"six-long-{game.id}-{language}-{size['width']}")
    sheet = page.locator(".sheet-box")
    sheet.scroll_into_view_if_needed()
    shot(page, f"six-long-{game.id}-{language}-{size['width']}-sheet")
    assert sideways_overflow(page) == 0
    assert sheet.evaluate("box => box.scrollWidth - box.clientWidth") <= 1
    where = f"{game.id} in {language} at {size['width']}"
    assert narrow_text_problems(page, ".sheet thead th, .sheet td.lead, #scores .total .name") == [], where
    assert page.evaluate(CUT_WORDS_JS) == [], f"names cut short: {where}"
    # Each side's whole name: the text of its column's head (shown short where six share the
    # sheet, whole for screen readers) and of its total, and their title.
    sides = [table.side_name(index) for index in range(len(table.sides))]
    heads = page.locator(".sheet thead th.side")
    expect(heads).to_have_count(len(sides))
    for index, side in enumerate(sides):
        expect(heads.nth(index)).to_contain_text(side)
    assert [heads.nth(index).get_attribute("title") for index in range(len(sides))] == sides
    names = page.locator("#scores .total .name")
    assert [names.nth(index).get_attribute("title") for index in range(len(sides))] == sides
    for index, side in enumerate(sides):
        expect(names.nth(index)).to_contain_text(side)
    assert_tap_sizes(page, where)
    # The next round entered: the bar's would-be scores name every side whole, before Save
    # (at 360 the third team of long names was cut off under the bar's edge).
    raw, _after = legal_round(random.Random(7), game, table, state)
    enter_round(page, adapter_for(game).form_values(raw, table, state.next))
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    page.wait_for_function(SETTLED_JS)
    shot(page, f"six-long-{game.id}-{language}-{size['width']}-entered")
    assert page.evaluate(STATE_CUT_JS) == "", f"the would-be scores are cut: {where}"
    assert save_bar_problems(page) == [], where
    for side in sides:
        expect(page.locator("#bar-state")).to_contain_text(side)
    assert console.unexpected() == []
