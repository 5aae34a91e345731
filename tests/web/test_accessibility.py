"""axe-core (no serious or critical violation), tap-target sizes and words that fit their
controls on every page, in chromium, on phones of three languages and two sizes: each page a
test, with a screenshot (test-artifacts/axe-*.png)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from table_loop import AXE_URL, assert_accessible, axe_violations, describe, overflowing_labels, small_targets

from scorekeeper.games import all_games

pytestmark = pytest.mark.browser

PLAYERS = {"nwik": ["Ann", "Bob", "Cid"], "zwicker": ["Ann", "Bob"]}
FOUR = ["Ann", "Bob", "Cid", "Dee"]
# One legal first round per game, so each match page also shows a recorded round.
FIRST_ROUNDS = {
    "nwik": {"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]},
    "nameless": {"tricks": [2, 1, 1, 1]},
    "zwicker": {
        "sides": [
            {"cards": 30, "zwicks": 2, "honours": ["J25", "J15", "D10", "AS", "AH"]},
            {"cards": 25, "zwicks": 0, "honours": ["J20", "D7", "S7", "AD", "AC"]},
        ]
    },
    "spades": {"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]},
    "willi-stich": {"bids": [1, 1, 0, 1], "trump": "hearts", "tricks": [0, 1, 0, 0]},
}


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
    league = post(context, "/api/v1/leagues", {"name": "Mondays", "members": FOUR})["id"]
    matches = {}
    for game in all_games():
        body = {"game": game.id, "players": PLAYERS.get(game.id, FOUR)}
        if game.id == "nameless":
            body["league"] = league
        match = post(context, "/api/v1/matches", body)
        post(context, f"/api/v1/matches/{match['id']}/rounds", FIRST_ROUNDS[game.id])
        matches[game.id] = match["id"]
    # More states of the match page: six players, a finished match, a round waiting for table check.
    six = post(context, "/api/v1/matches", {"game": "willi-stich", "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]})
    post(context, f"/api/v1/matches/{six['id']}/rounds", {"bids": [1, 1, 0, 0, 0, 1], "tricks": [0, 1, 0, 0, 0, 0]})
    matches["willi-stich-6"] = six["id"]
    finished = post(context, "/api/v1/matches", {"game": "spades", "players": FOUR, "options": {"target": 50}})
    post(context, f"/api/v1/matches/{finished['id']}/rounds", {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    matches["spades-finished"] = finished["id"]
    checked = post(context, "/api/v1/matches", {"game": "nameless", "players": FOUR, "table_check": True})
    post(context, f"/api/v1/matches/{checked['id']}/rounds", FIRST_ROUNDS["nameless"])
    matches["nameless-table-check"] = checked["id"]
    player = context.request.get(f"/api/v1/matches/{matches['nameless']}").json()["players"][0]["player_id"]
    shared = post(context, f"/api/v1/matches/{matches['spades']}/share", {})["url"]
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
    pages["new-match-league-members"] = f"/matches/new?game=nameless&league={site.league}"
    for game in all_games():
        pages[f"new-match-{game.id}"] = f"/matches/new?game={game.id}"
        pages[f"rules-{game.id}"] = f"/rules/{game.id}"
    nwik = site.matches["nwik"]
    pages["edit-round"] = f"/matches/{nwik}/rounds/1/edit"
    pages["undo"] = f"/matches/{nwik}/undo"
    return pages


# The names of the signed-in pages, known before any site is built (each is a test of its own).
MATCH_PAGES = [*(game.id for game in all_games()), "willi-stich-6", "spades-finished", "nameless-table-check"]
SIGNED_IN_PAGES = list(signed_in_pages(Site(matches=dict.fromkeys(MATCH_PAGES, "-"), league="-", player="-", shared="-")))

SIGNED_OUT_PAGES = {
    "login": "/login",
    "register": "/register",
    "home-signed-out": "/",
    "rules-signed-out": "/rules/spades",
    # Sign-in prompts where the forms would be.
    "leagues-signed-out": "/leagues",
    "new-match-signed-out": "/matches/new",
}

# What a page still does after its load event, which axe must see done: htmx's requests
# (a round form asks the server's preview on load) swapped and settled, and the offline
# page's list of the matches stored on this phone (IndexedDB, read by offline.js) shown.
# Not "networkidle": it waits 500 ms on every page, and the match pages poll for live sync.
SETTLED_JS = """() => {
    const busy = document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added');
    const stored = document.getElementById('phone-matches');
    return !busy && !(stored && stored.hidden);
}"""
# The phones: (language, region, width, height). bin/test audits two in its SQLite run and
# two in its PostgreSQL run (each page once; the audit does not depend on the database).
# German and Russian at the small phone: their longer words are what overflows first.
PHONES = [
    ("en", "GB", 390, 844),
    pytest.param(("de", "DE", 360, 740), marks=pytest.mark.on_postgresql),
    pytest.param(("ru", "RU", 360, 740), marks=pytest.mark.on_postgresql),
    ("en", "US", 360, 740),
]
# The not-found page is visited on purpose.
EXPECTED_ERRORS = ("404 (NOT FOUND)",)


@dataclass
class Phone:
    """One phone in one language: its browser page, kept from test to test, the pages it
    visits and the console errors it has seen (`seen`: how many a test has looked at)."""

    page: Any
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
        found = Phone(page=context.new_page(), name=name, pages=pages)
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
    violations = axe_violations(page)
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
