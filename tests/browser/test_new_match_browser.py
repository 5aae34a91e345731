"""The new-match form on a phone: a typical new match (the game tapped, four players' names,
Start) without a swipe at 390x844 and 360x740 in every language, Start kept at the foot of
the screen by CSS alone (so the plain form post works with JavaScript off too)."""
from __future__ import annotations

from contextlib import ExitStack

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from tests.support.game_copies import original_games, registered_copy
from tests.support.table_loop import TapCounter, in_first_screen, out_of_reach, swipe_to
from tests.support.table_loop_rounds import NAMES, PHONE_SMALL

# bin/test runs these in its PostgreSQL run, to even out the two runs' time.
pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

FOUR = [game for game in all_games() if game.min_players <= 4 <= game.max_players]


# English at 390x844, German and Russian (the longer words) at 360x740, as the walks of the games.
PHONES = [("en", "US", None), ("de", "DE", PHONE_SMALL), ("ru", "RU", PHONE_SMALL)]


@pytest.mark.parametrize(("language", "region", "viewport"), PHONES,
                         ids=[f"{language}-{'360x740' if viewport else '390x844'}" for language, _region, viewport in PHONES])
@pytest.mark.parametrize("game", FOUR, ids=lambda game: game.id)
def test_a_new_match_of_four_starts_without_a_swipe(game, language, region, viewport, page_in, shot, console):
    """The game's tab, seats added up to four, each name typed (a tap in its field, the
    keyboard's next key to the one after), then Start: every control in reach when its turn
    comes, Start never below the fold (it was, at both sizes)."""
    start_four_without_a_swipe(page_in(language, region), game, viewport, shot, console, language)


def test_with_twice_the_games_each_seat_added_stays_in_reach(page_in, shot, console):
    """Twice the games (a copy of each registered): their tabs, four rows in Russian at
    360x740, push "+ Add seat" down to the Start bar, and each seat it adds moves it further
    down; a match of four of the copies with the most seats to add still starts without a
    swipe ("+ Add seat" went under the bar)."""
    with ExitStack() as registered:
        copies = [registered.enter_context(registered_copy(original)) for original in original_games()]
        to_add = {game: 4 - adapter_for(game).first_seat_count() for game in copies if game.min_players <= 4 <= game.max_players}
        most = [game for game, seats in to_add.items() if seats == max(to_add.values())]
        assert max(to_add.values()) >= 2
        for game in most:
            page = page_in("ru", "RU")
            start_four_without_a_swipe(page, game, PHONE_SMALL, shot, console, "ru-twice-the-games")
            page.context.close()  # its match page asks no more of a game about to be taken off


def start_four_without_a_swipe(page, game, viewport, shot, console, shot_tag: str) -> None:
    """A new match of four of `game`: the steps above, no swipe on the way."""
    taps = TapCounter()
    taps.install(page.context)
    if viewport:
        page.set_viewport_size(viewport)
    page.goto("/matches/new")
    start = page.locator("#start")
    assert in_first_screen(page, start), out_of_reach(page, "#start")
    tab = page.locator(f'button[name="switch_game"][value="{game.id}"]')
    swipe_to(page, tab, "the game's tab")
    tab.click()
    expect(page.locator("input[name=game]")).to_have_value(game.id)
    seats = page.locator("input[id^=player_]")
    for count in range(adapter_for(game).first_seat_count(), 4):
        expect(seats).to_have_count(count)
        add = page.locator('button[name="action"][value="add_seat"]')
        swipe_to(page, add, "+ Add seat")
        add.click()
    expect(seats).to_have_count(4)
    first = page.locator("#player_0")
    swipe_to(page, first, "seat 1")
    first.click()
    for seat, name in enumerate(NAMES[:4]):
        if seat:
            page.keyboard.press("Tab")  # the phone keyboard's "next": the field after comes up
            expect(page.locator(f"#player_{seat}")).to_be_focused()
            assert in_first_screen(page, page.locator(f"#player_{seat}")), out_of_reach(page, f"#player_{seat}")
        page.keyboard.type(name)
    # The first dealer is offered by the names as they are typed (it said "Seat 4" to the last).
    dealers = page.locator("#first_dealer option")
    for seat, name in enumerate(NAMES[:4]):
        expect(dealers.nth(seat)).to_contain_text(name)
    name = f"new-{game.id}-{shot_tag}-" + ("360" if viewport else "390")
    shot(page, name)
    assert in_first_screen(page, start), out_of_reach(page, "#start")
    swipe_to(page, start, "Start")
    start.click()
    expect(page.locator("#h-entry")).to_be_visible()
    assert taps.of("swipe") == [], f"a player had to swipe to reach {taps.of('swipe')}"
    taps.assert_honest()
    assert console.unexpected() == []


def test_start_is_a_plain_form_post_without_javascript(browser, live_server, shot):
    """With JavaScript off the sticky Start still posts the form and opens the match."""
    context = browser.new_context(viewport=PHONE_SMALL, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/matches/new")
        seats = page.locator("input[id^=player_]")
        for seat in range(seats.count()):
            seats.nth(seat).fill(NAMES[seat])
        assert in_first_screen(page, page.locator("#start")), out_of_reach(page, "#start")
        shot(page, "new-no-js-360")
        page.locator("#start").click()
        expect(page.locator("#h-entry")).to_be_visible()
    finally:
        context.close()


# Games whose form opens with more seats than the game's fewest players (Willi Stich: four, from three).
ROOM_TO_SPARE = [game for game in all_games() if adapter_for(game).first_seat_count() > game.min_players]


@pytest.mark.parametrize("game", ROOM_TO_SPARE or [None], ids=lambda game: game.id if game else "none")
def test_a_table_of_the_fewest_players_starts_with_the_last_seats_left_empty(game, page_in, shot, console):
    """The form opens with the seats most tables use; a smaller table types its names and
    taps Start, the last seats left empty: the match starts with those players. Start did
    nothing but put the focus on the empty last seat (the browser's 'fill out this field'),
    until "− Remove last seat" was found."""
    if game is None:
        pytest.skip("no registered game's form opens with more seats than its fewest players")
    page = page_in("en", "US")
    page.goto("/matches/new")
    tab = page.locator(f'button[name="switch_game"][value="{game.id}"]')
    swipe_to(page, tab, "the game's tab")
    tab.click()
    expect(page.locator("input[name=game]")).to_have_value(game.id)
    seats = page.locator("input[id^=player_]")
    expect(seats).to_have_count(adapter_for(game).first_seat_count())
    for seat, name in enumerate(NAMES[: game.min_players]):
        page.locator(f"#player_{seat}").click()
        page.keyboard.type(name)
    page.locator("#start").click()
    expect(page.locator("#h-entry")).to_be_visible()
    shot(page, f"new-{game.id}-fewest-players-390")
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    players = page.request.get(f"/api/v1/matches/{match_id}").json()["players"]
    assert [player["name"] for player in players] == NAMES[: game.min_players]
    assert console.unexpected() == []


def test_a_tap_on_the_chosen_game_keeps_what_is_typed(page_in, console):
    """The chosen game's tab asks the server nothing: it once redrew the form, and a name
    typed while that answer was on its way was gone when it came (seen in a slow run: seat 1
    empty, seat 2 kept)."""
    page = page_in("en", "US")
    page.goto("/matches/new")
    chosen = page.locator('button[name="switch_game"][aria-pressed="true"]')
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    chosen.click()
    page.locator("#player_0").click()
    page.keyboard.type(NAMES[0])
    page.wait_for_timeout(500)  # an answer to the tap, had there been a request, comes now
    assert posts == []
    expect(page.locator("#player_0")).to_have_value(NAMES[0])
    expect(chosen).to_have_attribute("aria-pressed", "true")
