"""axe-core (no serious or critical violation) and tap-target sizes on every page, at 390x844 in chromium."""
from __future__ import annotations

from dataclasses import dataclass

import pytest
from table_loop import AXE_URL, assert_accessible, axe_violations, describe, small_targets

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


def post(page, path: str, body: dict) -> dict:
    response = page.request.post(path, data=body)
    assert response.ok, f"POST {path}: {response.status} {response.text()}"
    return response.json()


def build_site(page, username: str) -> Site:
    post(page, "/api/v1/users", {"username": username, "password": "correct horse battery"})
    league = post(page, "/api/v1/leagues", {"name": "Mondays", "members": FOUR})["id"]
    matches = {}
    for game in all_games():
        body = {"game": game.id, "players": PLAYERS.get(game.id, FOUR)}
        if game.id == "nameless":
            body["league"] = league
        match = post(page, "/api/v1/matches", body)
        post(page, f"/api/v1/matches/{match['id']}/rounds", FIRST_ROUNDS[game.id])
        matches[game.id] = match["id"]
    # More states of the match page: six players, a finished match, a round waiting for table check.
    six = post(page, "/api/v1/matches", {"game": "willi-stich", "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]})
    post(page, f"/api/v1/matches/{six['id']}/rounds", {"bids": [1, 1, 0, 0, 0, 1], "tricks": [0, 1, 0, 0, 0, 0]})
    matches["willi-stich-6"] = six["id"]
    finished = post(page, "/api/v1/matches", {"game": "spades", "players": FOUR, "options": {"target": 50}})
    post(page, f"/api/v1/matches/{finished['id']}/rounds", {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    matches["spades-finished"] = finished["id"]
    checked = post(page, "/api/v1/matches", {"game": "nameless", "players": FOUR, "table_check": True})
    post(page, f"/api/v1/matches/{checked['id']}/rounds", FIRST_ROUNDS["nameless"])
    matches["nameless-table-check"] = checked["id"]
    player = page.request.get(f"/api/v1/matches/{matches['nameless']}").json()["players"][0]["player_id"]
    shared = post(page, f"/api/v1/matches/{matches['spades']}/share", {})["url"]
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


SIGNED_OUT_PAGES = {
    "login": "/login",
    "register": "/register",
    "home-signed-out": "/",
    "rules-signed-out": "/rules/spades",
    # Sign-in prompts where the forms would be.
    "leagues-signed-out": "/leagues",
    "new-match-signed-out": "/matches/new",
}


def audit(page, shot, language: str, pages: dict[str, str]) -> list[str]:
    """axe-core and tap sizes on each page: what fails, per page."""
    failures = []
    for name, path in pages.items():
        page.goto(path)
        page.wait_for_load_state("networkidle")
        shot(page, f"axe-{language}-{name}")
        violations = axe_violations(page)
        if violations:
            failures.append(f"== {language} {name} ({path}): axe-core\n{describe(violations)}")
        targets = small_targets(page)
        if targets:
            failures.append(f"== {language} {name} ({path}): small tap targets\n" + "\n".join(map(str, targets)))
    return failures


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


@pytest.mark.parametrize(
    ("language", "region", "width", "height"),
    [("en", "GB", 390, 844), ("de", "DE", 390, 844), ("ru", "RU", 390, 844), ("en", "US", 360, 740)],
)
def test_every_page_passes_axe_at_phone_size(browser, shot, live_server, console, language, region, width, height):
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
        page = context.new_page()
        console.watch(page)
        # The not-found page is visited on purpose.
        console.allowed = ("404 (NOT FOUND)",)
        name = f"{language}-{width}"
        found = audit(page, shot, name, SIGNED_OUT_PAGES)
        site = build_site(page, f"axe-{name}")
        found = [*found, *audit(page, shot, name, signed_in_pages(site))]
    finally:
        context.close()
    assert not found, "\n\n".join(found)
    assert not console.unexpected()
