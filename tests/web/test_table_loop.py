"""The table loop in chromium at 390x844 (and 360x740): rounds of every game entered by taps
within the issue's budgets, Save in view without scrolling, nothing red before it is earned,
a compact scoreboard and a score sheet that never widen the page, in English, German and Russian.

Rounds come from the legal-round generators (tests/games/legal_rounds.py) and are entered
through their form values, chip by chip, as a player would (table_loop.enter_round).
Screenshots of the steps worth a look go to test-artifacts/loop-*.png.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from table_loop import (
    assert_accessible,
    assert_tap_sizes,
    enter,
    enter_round,
    in_first_screen,
    sideways_overflow,
    what_covers,
)

from scorekeeper.games import Game, all_games
from scorekeeper.web.games import adapter_for
from tests.games.legal_rounds import generator_for, legal_round

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
GAMES = all_games()
PHONE_SMALL = {"width": 360, "height": 740}


def nwik_budget(n: int, raw: dict[str, Any]) -> int:
    """The issue's budget: 6 with style and stake, 7 with VIP or Pass (also a Pass that
    hands over to a VIP: the acting style's chip says the Pass too)."""
    effective = raw.get("acting_style", raw["style"])
    return 7 if raw["style"] == 6 or effective == 5 else 6


def pass_to_vip(rng: random.Random, game: Game, table, state) -> tuple[dict[str, Any], Any] | None:
    """The next round as a Pass that hands over to a VIP with its trump recorded (the most
    choices a Nwik round has), and the state after it; None when the rules forbid it now."""
    hints = state.next
    if 6 not in hints["available_styles"] or 5 not in hints["acting_styles_if_pass"]:
        return None
    tricks = [rng.randint(0, 6), rng.randint(0, 6)]
    raw = {"style": 6, "stake": rng.choice(hints["available_stakes"]), "acting_style": 5,
           "vip_card": rng.randint(1, 3), "trump": rng.choice(["spades", "hearts", "diamonds", "clubs"]),
           "tricks": [*tricks, 13 - sum(tricks)]}
    return raw, game.play(table, state, raw)


# The tap budgets per round (bids + tricks + saves); every registered game needs one.
BUDGETS: dict[str, Callable[[int, dict[str, Any]], int]] = {
    "nwik": nwik_budget,
    "spades": lambda n, raw: 10,
    "willi-stich": lambda n, raw: 2 * n + 1,
    "nameless": lambda n, raw: n + 1,
    # Two sides: the first side's cards (a tap, two digits; the other's follow), the honours
    # (at most 5 chips and "the rest"), a Zwick chip per side that zwicked (0 is chosen
    # beforehand), Save: 12 at most. Three sides: the 15.
    "zwicker": lambda n, raw: 12 if len(raw["sides"]) == 2 else 15,
}


def open_match(page, game: str, players: list[str], options: dict[str, Any] | None = None) -> str:
    """A match started by this phone (through the API, so no tap of the setup is counted), opened."""
    body: dict[str, Any] = {"game": game, "players": players}
    if options:
        body["options"] = options
    response = page.request.post("/api/v1/matches", data=body)
    assert response.status == 201, response.text()
    match_id = response.json()["id"]
    page.goto(f"/matches/{match_id}")
    expect(page.locator("#save")).to_be_visible()
    return match_id


def save_in_view(page) -> None:
    # Asked again for up to 2 s: a save reloads the page, and the old one may still be asked.
    save = page.locator("#save")
    for _attempt in range(20):
        page.wait_for_load_state("load")
        try:
            if in_first_screen(page, save):
                return
        except Exception:  # the page went away under the question: ask the new one
            pass
        page.wait_for_timeout(100)
    raise AssertionError(f"Save is not in view without scrolling: {what_covers(page, save)}")


def nothing_red(page) -> None:
    expect(page.locator(".refusal, .field-error, .error-summary:not(.missing), .bar-state.bad")).to_have_count(0)


def record_by_taps(page, taps, game: Game, table, state, rng: random.Random, shot=None, name: str = "",
                   chosen: tuple[dict[str, Any], Any] | None = None,
                   shots: tuple[str, ...] = ("entered", "saved")) -> tuple[Any, Any, int]:
    """Enter the next legal round (or the `chosen` one) by taps, save it; the state after it and
    the taps it took. With `shot`, screenshots `name`-entered and `name`-saved (those in `shots`)."""
    hints = state.next
    raw, after = chosen or legal_round(rng, game, table, state)
    values = adapter_for(game).form_values(raw, table, hints)
    save_in_view(page)
    nothing_red(page)
    mark = taps.mark()
    enter_round(page, values)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    save_in_view(page)
    if shot and "entered" in shots:
        shot(page, f"{name}-entered")
    page.locator("#save").click()
    number = len(state.rounds) + 1
    expect(page.locator(f"#round-{number}")).to_have_count(1)
    used = taps.since(mark)
    if not after.finished:
        expect(page.locator("#h-entry")).to_contain_text(str(number + 1))
    if shot and "saved" in shots:
        shot(page, f"{name}-saved")
    return raw, after, used


@pytest.mark.parametrize("viewport", [None, PHONE_SMALL], ids=["390x844", "360x740"])
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_rounds_of_every_game_within_the_tap_budget(game, viewport, page, taps, shot, console):
    """Every round costs its decisions plus Save: the page brings each next question up
    above the save bar (no swipe counted), at both phone sizes."""
    assert game.id in BUDGETS, f"{game.id} has no tap budget: add the issue's figure to BUDGETS"
    if viewport:
        page.set_viewport_size(viewport)
    counts, options, _generate = generator_for(game)
    players = NAMES[: max(counts)]
    rng = random.Random(14)
    open_match(page, game.id, players, options)
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    name = f"loop-{game.id}" + ("-360" if viewport else "")
    shot(page, f"{name}-00-untouched")
    nothing_red(page)
    assert sideways_overflow(page) == 0
    assert_accessible(page, f"{game.id} round form")
    assert_tap_sizes(page, f"{game.id} round form")
    used_per_round = []
    for number in range(1, 4):
        # Screenshots of the first round entered and of the page after the last (not every step).
        shots = ("entered",) if number == 1 else ("saved",) if number == 3 else ()
        raw, state, used = record_by_taps(page, taps, game, table, state, rng, shot, f"{name}-{number:02}",
                                          shots=shots)
        used_per_round.append(used)
        assert used <= BUDGETS[game.id](table.n, raw), (
            f"round {number} of {game.id} took {used} taps: {raw}; swipes so far to {taps.of('swipe')}"
        )
        if state.finished:
            break
    taps.assert_honest()
    assert taps.of("swipe") == [], f"{game.id}: a player had to swipe to reach {taps.of('swipe')}"
    assert_accessible(page, f"{game.id} after rounds")
    assert_tap_sizes(page, f"{game.id} after rounds")
    assert sideways_overflow(page) == 0
    print(f"{game.id} with {table.n} players: taps per round {used_per_round}")
    assert console.unexpected() == []


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_taps_made_while_a_check_is_on_its_way_are_kept(game, page, taps, console):
    """On a slow connection (half a second each way) the player taps faster than the live
    checks come back: a check's answer must not undo a tap made after it was asked (it did
    for the Willi Stich dealer's call, which every answer draws again)."""
    counts, options, _generate = generator_for(game)
    players = NAMES[: max(counts)]
    open_match(page, game.id, players, options)
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 500, "downloadThroughput": -1, "uploadThroughput": -1})
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    record_by_taps(page, taps, game, table, state, random.Random(3), shots=())
    assert console.unexpected() == []


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
    table = game.table(NAMES[:6], dict(options))
    state = game.initial_state(table)
    rng = random.Random(6)
    for _number in range(4):
        raw, state = legal_round(rng, game, table, state)
        response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
        assert response.status == 201, response.text()
    page.reload()
    assert sideways_overflow(page) == 0
    save_in_view(page)
    shot(page, f"loop-six-{game.id}-{size['width']}", full_page=True)
    sheet = page.locator(".sheet-scroll")
    sheet.scroll_into_view_if_needed()
    shot(page, f"loop-six-{game.id}-{size['width']}-sheet")
    page.locator("#h-chart").scroll_into_view_if_needed()
    shot(page, f"loop-six-{game.id}-{size['width']}-chart")
    hidden = sheet.evaluate("box => box.scrollWidth - box.clientWidth")
    # 1 px: the collapsed border of the sticky round column, rounded; nothing is cut off.
    assert hidden <= 1, f"the score sheet of 6 hides {hidden} px of its columns"
    assert_tap_sizes(page, f"{game.id}: six players' sheet at {size['width']}")
    assert console.unexpected() == []


# Words each language's pages say during a match: the round being entered, its Save, a Pass
# in the score sheet, the bag warning and the winner banner (from the translations).
WORDS = {
    "en": {"round": "Round {n}", "save": "Save round {n}", "pass": "Pass", "bags": "3 more lose points",
           "wins": "wins!", "win": "win!"},
    "de": {"round": "Runde {n}", "save": "Runde {n} speichern", "pass": "Passen", "bags": "noch 3, dann gibt es Abzug",
           "wins": "gewinnt!", "win": "gewinnen!"},
    "ru": {"round": "Раунд {n}", "save": "Сохранить раунд {n}", "pass": "Пас", "bags": "ещё 3 — и штраф",
           "wins": "побеждает!", "win": "побеждают!"},
}


def says_the_round(page, language: str, number: int) -> None:
    """The round form says which round it is, and its Save button, in the page's language."""
    expect(page.locator("#h-entry")).to_have_text(WORDS[language]["round"].format(n=number))
    expect(page.locator("#save")).to_have_text(WORDS[language]["save"].format(n=number))


def record_by_api(page, match_id: str, raw: dict[str, Any]) -> None:
    """A round recorded through the REST API (with this phone's cookies), not by the form."""
    response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data=raw)
    assert response.status == 201, response.text()


def reload_to_see(page, number: int) -> None:
    """The page reloaded as a person would, showing round `number` on the sheet."""
    page.reload()
    expect(page.locator(f"#round-{number}")).to_have_count(1)


def totals_served(page, match_id: str) -> list[int]:
    response = page.request.get(f"/api/v1/matches/{match_id}")
    assert response.ok, response.text()
    return response.json()["totals"]


@pytest.mark.slow
@pytest.mark.parametrize(("language", "region"), [("en", "US"), ("de", "DE"), ("ru", "RU")])
def test_whole_nwik_match_by_taps(language, region, page_in, browser, live_server, shot, console):
    """A whole match of Nwik (3 players, 15 rounds) in each language, every player's first
    round as Bidder a Pass that hands over to a VIP where the rules allow it. In English
    every round by taps, each within budget and with Save in view; in German and Russian
    (whose promise is the words) the first round (a Pass to VIP: its acting-style, VIP-card
    and trump chips) and the finishing round by taps, the rounds between recorded through
    the API and seen after a reload. The page's words are checked in its language (the
    Passes on the sheet among them), and the served totals are the engine's."""
    from table_loop import TapCounter

    page = page_in(language, region)
    taps = TapCounter()
    taps.install(page.context)
    game = next(game for game in GAMES if game.id == "nwik")
    players = NAMES[:3]
    match_id = open_match(page, "nwik", players)
    table = game.table(players)
    state = game.initial_state(table)
    rng = random.Random(language)
    figures = []
    passes = []
    by_api = []
    inputs = []
    while not state.finished:
        number = len(state.rounds) + 1
        chosen = pass_to_vip(rng, game, table, state) if number <= table.n else None
        raw, after = chosen or legal_round(rng, game, table, state)
        inputs.append(raw)
        if chosen is not None:
            passes.append(number)
        if language != "en" and number > 1 and not after.finished:
            record_by_api(page, match_id, raw)
            by_api.append(number)
            state = after
            continue
        if by_api and by_api[-1] == number - 1:
            reload_to_see(page, number - 1)
        if number == 1 or after.finished:
            says_the_round(page, language, number)
        # Screenshots of the first round entered and saved, and of the last entered (the
        # finished page follows below).
        shots = ("entered", "saved") if number == 1 else ("entered",) if after.finished else ()
        name = f"loop-nwik-{language}-{number:02}"
        raw, state, used = record_by_taps(page, taps, game, table, state, rng, shot, name, (raw, after), shots)
        assert used <= nwik_budget(table.n, raw), f"round {number}: {used} taps for {raw}"
        figures.append(used)
    assert len(passes) >= 2, "the match should have Pass-to-VIP rounds"
    for number in passes:
        expect(page.locator(f"#round-{number}")).to_contain_text(WORDS[language]["pass"])
    assert len(figures) + len(by_api) == len(state.rounds) == 15
    expect(page.locator("#winner-banner")).to_contain_text(WORDS[language]["wins"])
    expect(page.locator("#entry")).to_have_count(0)
    shot(page, f"loop-nwik-{language}-finished", full_page=True)
    assert sideways_overflow(page) == 0
    taps.assert_honest()
    assert_accessible(page, f"finished Nwik in {language}")
    assert totals_served(page, match_id) == list(game.replay(table, inputs).totals) == list(state.totals)
    print(f"nwik in {language}: taps per round {figures}, rounds {by_api} through the API")
    assert console.unexpected() == []


SPADES_ROUND = {"bid_0": "4", "bid_1": "3", "bid_2": "3", "bid_3": "2", "tricks_0": "5", "tricks_1": "3", "tricks_2": "3"}
SPADES_RAW = {"bids": [4, 3, 3, 2], "tricks": [5, 3, 3, 2]}  # the same round as the engine takes it


@pytest.mark.slow
@pytest.mark.parametrize(("language", "region"), [("en", "US"), ("de", "DE"), ("ru", "RU")])
def test_spades_match_to_500(language, region, page_in, live_server, shot, console):
    """Spades to 500 (8 rounds): 8 taps a round (4 bids, 3 tricks, Save), bags counted on the
    sheet, the winners named. In English every round by taps; in German and Russian (whose
    promise is the words) the first round and the finishing one by taps, the rounds between
    through the API and seen after a reload. The served totals are the engine's."""
    from table_loop import TapCounter

    page = page_in(language, region)
    taps = TapCounter()
    taps.install(page.context)
    game = next(game for game in GAMES if game.id == "spades")
    players = NAMES[:4]
    match_id = open_match(page, "spades", players)
    table = game.table(players)
    state = game.initial_state(table)
    figures = []
    by_api = []
    while not state.finished:
        number = len(state.rounds) + 1
        after = game.play(table, state, SPADES_RAW)
        assert number < 20
        if language != "en" and number > 1 and not after.finished:
            record_by_api(page, match_id, SPADES_RAW)
            by_api.append(number)
            state = after
            continue
        if by_api and by_api[-1] == number - 1:
            reload_to_see(page, number - 1)
        if number == 8:  # 7 bags (one a round): 3 more and the side loses points, said on the board
            expect(page.locator(".bag-warning").first).to_contain_text(WORDS[language]["bags"])
            shot(page, f"loop-spades-{language}-07-bags")
        if number == 1 or after.finished:
            says_the_round(page, language, number)
        save_in_view(page)
        nothing_red(page)
        mark = taps.mark()
        enter_round(page, SPADES_ROUND)
        expect(page.locator("#f-tricks_3, input[name=tricks_3][value='2']").first).to_be_attached()
        expect(page.locator("#bar-state")).to_have_class("bar-state good")
        save_in_view(page)
        if number == 1:
            shot(page, f"loop-spades-{language}-01-entered")
        page.locator("#save").click()
        expect(page.locator(f"#round-{number}")).to_have_count(1)
        figures.append(taps.since(mark))
        assert figures[-1] <= 10
        state = after
    assert len(figures) + len(by_api) == len(state.rounds) == 8
    expect(page.locator("#winner-banner")).to_contain_text(WORDS[language]["win"])
    expect(page.locator("#winner-banner")).to_contain_text(f"{players[0]} & {players[2]}")
    shot(page, f"loop-spades-{language}-finished", full_page=True)
    assert sideways_overflow(page) == 0
    taps.assert_honest()
    assert_accessible(page, f"finished Spades in {language}")
    assert totals_served(page, match_id) == list(game.replay(table, [SPADES_RAW] * 8).totals) == list(state.totals)
    print(f"spades in {language}: taps per round {figures}, rounds {by_api} through the API")
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


def test_greyed_chip_says_why(page, shot, console):
    """A used stake is greyed, and a tap on it says why (Nwik: Ann bid stake 1 in round 1).
    The three rounds before are recorded through the API (entering rounds by taps is the other tests')."""
    match_id = open_match(page, "nwik", NAMES[:3])
    for _number in range(1, 4):  # Bob, Cid and Ann bid stake 1 once each
        record_by_api(page, match_id, {"style": 1, "stake": 1, "tricks": [5, 4, 4]})
    reload_to_see(page, 3)
    expect(page.locator("#h-entry")).to_contain_text("4")
    greyed = page.locator("#c-stake details.greyed").first
    expect(greyed).to_be_visible()
    greyed.locator("summary").click()
    expect(greyed.locator(".why-not")).to_be_visible()
    expect(greyed.locator(".why-not")).to_contain_text("stake 1")
    shot(page, "loop-nwik-greyed-reason")
    enter(page, "stake", "2")
    assert console.unexpected() == []


def test_nwik_acting_style_says_the_pass(page, taps, shot, console):
    """One tap on the Acting Bidder's VIP chip checks Pass and shows the VIP card; another
    style clears it again; Pass to a VIP with its trump in 7 taps (the issue's budget)."""
    open_match(page, "nwik", NAMES[:3])
    mark = taps.mark()
    page.locator('label.chip:has(input[name="acting_style"][value="5"])').click()
    expect(page.locator('input[name="style"][value="6"]')).to_be_checked()
    expect(page.locator("#c-vip_card")).to_be_visible()
    shot(page, "loop-nwik-pass-to-vip-1-acting-chip", full_page=True)
    page.locator('label.chip:has(input[name="style"][value="3"])').click()
    expect(page.locator('input[name="acting_style"]:checked')).to_have_count(0)
    expect(page.locator("#c-vip_card")).to_be_hidden()
    nothing_red(page)
    page.locator('label.chip:has(input[name="acting_style"][value="5"])').click()
    enter_round(page, {"stake": "2", "vip_card": "3", "trump": "spades", "tricks_0": "3", "tricks_1": "4"})
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    save_in_view(page)
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    assert taps.since(mark) == 2 + 7  # the detour through style 3 and back, then 7
    expect(page.locator("#round-1")).to_contain_text("Pass")
    shot(page, "loop-nwik-pass-to-vip-2-saved")
    taps.assert_honest()
    assert_accessible(page, "Nwik after a Pass to VIP")
    assert console.unexpected() == []


def test_nameless_alone_and_renege_are_chips(page, taps, shot, console):
    """Who went alone and who reneged: chips like the others' ("Nobody" chosen until a player
    is tapped), 44 px and keyboard-usable; Bob alone takes 3 of 5 with his partner Dee at 0."""
    open_match(page, "nameless", NAMES[:4])
    expect(page.locator("form.round-form select")).to_have_count(0)
    for name in ("alone", "renege"):
        expect(page.locator(f'input[name="{name}"][value=""]')).to_be_checked()
        expect(page.locator(f'#c-{name} label.chip')).to_have_count(5)
    nothing_red(page)
    assert_tap_sizes(page, "Nameless round form")
    mark = taps.mark()
    enter_round(page, {"tricks_0": "1", "tricks_1": "3", "tricks_2": "1"})
    page.locator('label.chip:has(input[name="alone"][value="1"])').click()
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    # By keyboard: the renege chips are one radio group; the arrow keys move along it and back.
    page.locator('input[name="renege"][value=""]').focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('input[name="renege"][value="0"]')).to_be_checked()
    page.keyboard.press("ArrowLeft")
    expect(page.locator('input[name="renege"][value=""]')).to_be_checked()
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    shot(page, "loop-nameless-alone-chips", full_page=True)
    assert_accessible(page, "Nameless with alone and renege chips")
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_contain_text("alone")
    assert taps.since(mark) == 3 + 1 + 2 + 1  # tricks, alone, two arrow keys, Save
    shot(page, "loop-nameless-alone-saved")
    taps.assert_honest()
    assert console.unexpected() == []


# --------------------------------------------------------------------------- two-step rounds


def test_spades_bids_first_then_tricks_seen_by_a_second_phone(page, taps, browser, live_server, shot, console):
    """Bids saved before the hand (4 bids + 1), shown on another phone with each seat's target;
    the tricks (3, the last filled in) and Save complete the round: 9 taps, within 10."""
    match_id = open_match(page, "spades", NAMES[:4])
    mark = taps.mark()
    enter_round(page, {"bid_1": "4", "bid_2": "3", "bid_3": "3", "bid_0": "2"})
    nothing_red(page)
    page.locator("#save-bids").click()
    expect(page.locator("#play-view")).to_be_visible()
    expect(page.locator("#play-view .targets li")).to_have_text(["Ann 2", "Bob 4", "Cid 3", "Dee 3"])
    expect(page.locator('input[name="bid_0"][type=radio]')).to_have_count(0)
    save_in_view(page)
    shot(page, "loop-spades-two-step-1-bids-saved")
    other_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
    try:
        other = other_context.new_page()
        other.goto(f"/matches/{match_id}")
        expect(other.locator("#play-view .targets li")).to_have_text(["Ann 2", "Bob 4", "Cid 3", "Dee 3"])
        shot(other, "loop-spades-two-step-2-second-phone")
    finally:
        other_context.close()
    enter_round(page, {"tricks_0": "2", "tricks_1": "5", "tricks_2": "3", "tricks_3": "3"})
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    assert taps.since(mark) <= 10, taps.since(mark)
    expect(page.locator("#play-view")).to_have_count(0)
    shot(page, "loop-spades-two-step-3-saved")
    taps.assert_honest()
    assert console.unexpected() == []


def test_willi_stich_calls_first_with_the_dealer_last(page, taps, shot, console):
    """Calls in calling order (dealer Ann last), saved; the play view says what the dealer could not call."""
    open_match(page, "willi-stich", NAMES[:4])
    mark = taps.mark()
    for seat, call in ((1, 1), (2, 0), (3, 0), (0, 1)):
        enter(page, f"bid_{seat}", call)
    page.locator("#save-bids").click()
    expect(page.locator("#play-view")).to_contain_text("could not call 0")
    expect(page.locator("#play-view")).to_contain_text("Bob leads")
    shot(page, "loop-willi-two-step-calls-saved")
    for seat, took in ((0, 0), (1, 1), (2, 0)):
        enter(page, f"tricks_{seat}", took)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    page.locator("#save").click()
    expect(page.locator("#round-1")).to_have_count(1)
    assert taps.since(mark) <= 2 * 4 + 1
    assert console.unexpected() == []


def test_willi_stich_dealer_call_greyed_once_the_others_called(page, shot, console):
    """Before anyone called, nothing is greyed or red; once the others' calls are in, the
    dealer's forbidden call is greyed and a tap on it says why."""
    open_match(page, "willi-stich", NAMES[:4])
    nothing_red(page)
    expect(page.locator("#c-bid_0 details.greyed")).to_have_count(0)
    for seat, call in ((1, 1), (2, 0), (3, 0)):
        enter(page, f"bid_{seat}", call)
    greyed = page.locator("#c-bid_0 details.greyed")
    expect(greyed).to_have_count(1)
    expect(greyed.locator("summary")).to_contain_text("0")
    greyed.locator("summary").click()
    expect(greyed.locator(".why-not")).to_contain_text("may not call 0")
    shot(page, "loop-willi-dealer-greyed")
    nothing_red(page)
    assert console.unexpected() == []
