"""axe-core (no serious or critical violation), tap-target sizes and words that fit their
controls on every page, in chromium, on phones of three languages and two sizes (axe-core in
two of them): each page a test, with a screenshot (test-artifacts/axe-*.png)."""
from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from scorekeeper.engine.games import all_games
from tests.support.browser_steps import SETTLED_JS
from tests.support.data import NAMES, first_round, players_for
from tests.support.legal_rounds import generator_for, play_match
from tests.support.table_loop import AXE_URL, assert_accessible, axe_violations, describe, overflowing_labels, small_targets

pytestmark = pytest.mark.browser

GAMES = all_games()
# The first game's match is a league match (the league and player pages show it); its page
# also gives the edit, undo and end-the-match pages, and its rules the signed-out rules page.
FIRST = GAMES[0]
# A finished match of a game played in partnerships, to show a winner banner naming a side.
PARTNERSHIPS = next(
    (game for game in GAMES if any(len(side) > 1 for side in game.table(players_for(game)).sides)), FIRST
)
# Six players: the first game that seats them (none: no such page).
SIX = next((game for game in GAMES if game.max_players >= 6), None)


@dataclass
class Site:
    """The pages of a small world: a match of every game, a league, a player, an account."""

    matches: dict[str, str]
    league: str
    player: str
    shared: str


def post(context, path: str, body: dict) -> dict:
    response = context.request.post(path, data=body)
    assert response.ok, f"POST {path}: {response.status} {response.text()}"
    return response.json()


def build_site(context, username: str) -> Site:
    post(context, "/api/v1/users", {"username": username, "password": "correct horse battery"})
    league = post(context, "/api/v1/leagues", {"name": "Mondays", "members": NAMES})["id"]
    matches = {}
    for game in GAMES:
        # One legal first round per game, so each match page also shows a recorded round.
        body = {"game": game.id, "players": players_for(game)}
        if game is FIRST:
            body["league"] = league
        match = post(context, "/api/v1/matches", body)
        post(context, f"/api/v1/matches/{match['id']}/rounds", first_round(game))
        matches[game.id] = match["id"]
    # More states of the match page: six players, a finished match, a round waiting for table check.
    if SIX is not None:
        six = post(context, "/api/v1/matches", {"game": SIX.id, "players": NAMES[:6]})
        post(context, f"/api/v1/matches/{six['id']}/rounds", first_round(SIX, NAMES[:6]))
        matches["six-players"] = six["id"]
    players = players_for(PARTNERSHIPS)
    table, state = play_match(random.Random(2), PARTNERSHIPS, players)
    finished = post(context, "/api/v1/matches", {"game": PARTNERSHIPS.id, "players": players, "options": generator_for(PARTNERSHIPS)[1]})
    for played in state.rounds:
        post(context, f"/api/v1/matches/{finished['id']}/rounds", played.input)
    matches["finished"] = finished["id"]
    checked = post(context, "/api/v1/matches", {"game": FIRST.id, "players": players_for(FIRST), "table_check": True})
    post(context, f"/api/v1/matches/{checked['id']}/rounds", first_round(FIRST))
    matches["table-check"] = checked["id"]
    player = context.request.get(f"/api/v1/matches/{matches[FIRST.id]}").json()["players"][0]["player_id"]
    shared = post(context, f"/api/v1/matches/{matches[PARTNERSHIPS.id]}/share", {})["url"]
    return Site(matches=matches, league=league, player=player, shared=shared)


def signed_in_pages(site: Site) -> dict[str, str]:
    pages = {
        "home": "/",
        "new-match": "/matches/new",
        "leagues": "/leagues",
        "league": f"/leagues/{site.league}",
        "players": "/players",
        "player": f"/players/{site.player}",
        "account": "/account",
        "offline": "/offline",
        "shared-match": site.shared,
        "not-found": "/matches/no-such-match",
    }
    for name, match_id in site.matches.items():
        pages[f"match-{name}"] = f"/matches/{match_id}"
    pages["rules"] = "/rules"
    pages["new-match-league-members"] = f"/matches/new?game={FIRST.id}&league={site.league}"
    for game in GAMES:
        pages[f"new-match-{game.id}"] = f"/matches/new?game={game.id}"
        pages[f"rules-{game.id}"] = f"/rules/{game.id}"
    first = site.matches[FIRST.id]
    pages["edit-round"] = f"/matches/{first}/rounds/1/edit"
    pages["undo"] = f"/matches/{first}/undo"
    pages["end-match"] = f"/matches/{first}/end"
    return pages


# The names of the signed-in pages, known before any site is built (each is a test of its own).
MATCH_PAGES = [*(game.id for game in GAMES), *(["six-players"] if SIX else []), "finished", "table-check"]
SIGNED_IN_PAGES = list(signed_in_pages(Site(matches=dict.fromkeys(MATCH_PAGES, "-"), league="-", player="-", shared="-")))

SIGNED_OUT_PAGES = {
    "login": "/login",
    "register": "/register",
    "home-signed-out": "/",
    "rules-signed-out": f"/rules/{FIRST.id}",
    # Sign-in prompts where the forms would be.
    "leagues-signed-out": "/leagues",
    "new-match-signed-out": "/matches/new",
}

# The phones: (language, region, width, height), each page audited once on each.
# English at 390x844; German and Russian at the small phone, as the games' walks: their
# longer words are what overflows first, and a tap target's size is the same in every
# language (English at 360x740 found nothing the other three did not; it cost 44 s a run).
PHONES = [
    ("en", "GB", 390, 844),
    ("de", "DE", 360, 740),
    ("ru", "RU", 360, 740),
]
# axe-core reads roles, names, contrast and landmarks, not the words: it runs on each page in
# English and, at the small phone, in German (the longest words, so the page most rearranged).
# On the Russian pages, laid out at the same size, it read the same roles and colours a third
# time for 40 % of each page's cost; they keep the screenshot, the tap sizes, the words that
# must fit and the console.
AXE_LANGUAGES = ("en", "de")
# The not-found page is visited on purpose.
EXPECTED_ERRORS = ("404 (NOT FOUND)",)


@dataclass
class Phone:
    """One phone in one language: its browser page, kept from test to test, the pages it
    visits and the console errors it has seen (`seen`: how many a test has looked at)."""

    page: Any
    language: str
    name: str
    pages: dict[str, str]
    errors: list[str] = field(default_factory=list)
    seen: int = 0

    def new_errors(self) -> list[str]:
        """The unexpected console errors since the last look."""
        found = [text for text in self.errors[self.seen :] if not any(allowed in text for allowed in EXPECTED_ERRORS)]
        self.seen = len(self.errors)
        return found


@contextmanager
def open_phone(browser, live_server, spec: tuple[str, str, int, int], pages: dict[str, str] | None = None) -> Iterator[Phone]:
    """A browser context for the phone; with `pages` None, the small site is built in it first
    through the API (which signs the context in) and its signed-in pages are the ones visited."""
    language, region, width, height = spec
    tag = f"{language}-{region}"
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=live_server,
        device_scale_factor=1,
        has_touch=True,
        locale=tag,
        extra_http_headers={"Accept-Language": f"{tag},{language};q=0.9"},
    )
    try:
        name = f"{language}-{width}"
        if pages is None:
            pages = signed_in_pages(build_site(context, f"axe-{name}"))
        found = Phone(page=context.new_page(), language=language, name=name, pages=pages)
        found.page.on("console", lambda message: message.type == "error" and found.errors.append(message.text))
        found.page.on("pageerror", lambda error: found.errors.append(f"uncaught: {error}"))
        yield found
        # What came after the last page's test.
        late = found.new_errors()
        assert not late, f"console errors after the last page of {name}: {late}"
    finally:
        context.close()


@pytest.fixture(scope="module", params=PHONES, ids=lambda spec: "{}-{}-{}-{}".format(*spec))
def phone_spec(request) -> tuple[str, str, int, int]:
    return request.param


@pytest.fixture(scope="module")
def signed_out(browser, live_server, phone_spec) -> Iterator[Phone]:
    with open_phone(browser, live_server, phone_spec, SIGNED_OUT_PAGES) as found:
        yield found


@pytest.fixture(scope="module")
def signed_in(browser, live_server, phone_spec) -> Iterator[Phone]:
    """The small site, built once per phone."""
    with open_phone(browser, live_server, phone_spec) as found:
        yield found


def audit(phone: Phone, shot, name: str) -> None:
    """One page: a screenshot once it has settled, then axe-core and tap sizes; every failure at once."""
    page, path = phone.page, phone.pages[name]
    page.goto(path)
    page.wait_for_function(SETTLED_JS)
    shot(page, f"axe-{phone.name}-{name}")
    failures = []
    violations = axe_violations(page) if phone.language in AXE_LANGUAGES else []
    if violations:
        failures.append(f"== {phone.name} {name} ({path}): axe-core\n{describe(violations)}")
    targets = small_targets(page)
    if targets:
        failures.append(f"== {phone.name} {name} ({path}): small tap targets\n" + "\n".join(map(str, targets)))
    overflowing = overflowing_labels(page)
    if overflowing:
        failures.append(f"== {phone.name} {name} ({path}): words wider than their box\n" + "\n".join(map(str, overflowing)))
    errors = phone.new_errors()
    if errors:
        failures.append(f"== {phone.name} {name} ({path}): console errors (or the previous page's, late)\n" + "\n".join(errors))
    assert not failures, "\n\n".join(failures)


def test_axe_core_is_served_from_node_modules(page, live_server):
    response = page.request.get(AXE_URL)
    assert response.ok and "axe" in response.text()[:2000]
    assert response.headers["cache-control"].startswith("public")


def test_axe_finds_a_violation_when_there_is_one(page, live_server):
    # The checker itself: a page with an unlabelled input and a tiny button must fail.
    page.goto("/offline")
    page.evaluate(
        """() => {
            const input = document.createElement('input');
            document.body.appendChild(input);
            const button = document.createElement('button');
            // CSSOM, not a style attribute: the Content Security Policy allows no inline style.
            for (const [name, value] of [['width', '10px'], ['height', '10px'], ['min-height', '0'],
                                          ['min-width', '0'], ['padding', '0'], ['border', '0']]) {
                button.style.setProperty(name, value, 'important');
            }
            document.body.appendChild(button);
        }"""
    )
    with pytest.raises(AssertionError, match="button-name|label"):
        assert_accessible(page, "a broken page")
    assert any(item["width"] == 10 for item in small_targets(page))


@pytest.mark.parametrize("name", SIGNED_OUT_PAGES)
def test_signed_out_page_passes_axe_at_phone_size(signed_out, shot, name):
    audit(signed_out, shot, name)


@pytest.mark.parametrize("name", SIGNED_IN_PAGES)
def test_signed_in_page_passes_axe_at_phone_size(signed_in, shot, name):
    audit(signed_in, shot, name)
