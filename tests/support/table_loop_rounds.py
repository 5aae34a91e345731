"""The table-loop tests' round helpers: a match opened on the phone, a round entered by taps
and saved (Save in view, nothing red), rounds recorded through the API, and the words each
language's pages say during a match. Shared by tests/browser/test_table_loop.py (every game)
and each game's own tests/browser/test_<game>_table_loop.py."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from scorekeeper.engine.core.fields import BID
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import Game
from tests.support.legal_rounds import legal_round
from tests.support.table_loop import TapCounter, enter, enter_round, in_first_screen, tap, what_covers

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
PHONE_SMALL = {"width": 360, "height": 740}


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


def phone_at(page_in, size, language: str, region: str):
    """A phone of `size` asking for `language`, its taps and keys counted (a game's table loop)."""
    page = page_in(language, region)
    page.set_viewport_size(size)
    taps = TapCounter()
    taps.install(page.context)
    return page, taps


def enter_all(page, values) -> None:
    """(name, value) pairs entered in order, as a player taps them."""
    for name, value in values:
        enter(page, name, value)


def saved(page, number: int) -> None:
    """Save tapped, and round `number` on the sheet."""
    tap(page, page.locator("#save"))
    expect(page.locator(f"#round-{number}")).to_have_count(1)


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


def hand_values(game: Game, table, hints, raw: dict) -> tuple[dict[str, str], dict[str, str]]:
    """A round's form values split into its bids (the fields decided before the hand) and the rest."""
    adapter = adapter_for(game)
    bids = {field.name for field in game.input_fields(table, hints) if field.phase == BID}
    said = adapter.form_values({name: value for name, value in raw.items() if name in bids}, table, hints)
    values = adapter.form_values(raw, table, hints)
    return said, {name: text for name, text in values.items() if name not in said}


def record_by_taps(page, taps, game: Game, table, state, rng: random.Random, shot=None, name: str = "",
                   chosen: tuple[dict[str, Any], Any] | None = None,
                   shots: tuple[str, ...] = ("entered", "saved"), rest_first: bool = False,
                   two_step: bool = False, after_each: Callable[[str], None] | None = None) -> tuple[Any, Any, int]:
    """Enter the next legal round (or the `chosen` one) by taps, save it; the state after it and
    the taps it took. With `shot`, screenshots `name`-entered and `name`-saved (those in `shots`);
    `rest_first`: "the rest" tapped before the chips that went otherwise (table_loop.enter_round);
    `two_step`: where the page offers "Save the bids", the bids saved before the hand (a tap more);
    `after_each`: looks at the page after each answer (table_loop.enter_round)."""
    hints = state.next
    raw, after = chosen or legal_round(rng, game, table, state)
    values = adapter_for(game).form_values(raw, table, hints)
    save_in_view(page)
    nothing_red(page)
    mark = taps.mark()
    if two_step and page.locator("#save-bids").is_visible():
        bids, values = hand_values(game, table, hints, raw)
        enter_round(page, bids, rest_first, after_each)
        tap(page, page.locator("#save-bids"))
        expect(page.locator("#play-view")).to_be_visible()
    enter_round(page, values, rest_first, after_each)
    expect(page.locator("#bar-state")).to_have_class("bar-state good")
    save_in_view(page)
    if shot and "entered" in shots:
        shot(page, f"{name}-entered")
    tap(page, page.locator("#save"))
    number = len(state.rounds) + 1
    expect(page.locator(f"#round-{number}")).to_have_count(1)
    used = taps.since(mark)
    if not after.finished:
        expect(page.locator("#h-entry")).to_contain_text(str(number + 1))
    if shot and "saved" in shots:
        shot(page, f"{name}-saved")
    return raw, after, used


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
