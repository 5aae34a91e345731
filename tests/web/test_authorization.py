"""Who may use which write route of the pages: every role, and nobody, with CSRF tokens in place.

Each case starts from a fresh league (an owner, a scorer, a viewer, a signed-in stranger
and an anonymous phone) so that one successful write never changes the next case. With a
valid CSRF token on every post, a 403 here is the role rule, not the CSRF check.
"""
from __future__ import annotations

import io
import json
import re

import pytest

from tests.support.api import sign_up
from tests.support.game_picks import a_game, new_match_form, play, seats

ROLES = ("owner", "scorer", "viewer", "stranger", "anonymous")
# Any game of three players: its legal rounds 1 and 2 as its form posts them, and round 1 edited.
GAME = a_game(seats(3))
PLAYERS = ["Ann", "Bob", "Cid"]
PLAYED = play(GAME, PLAYERS)
ROUND_1, ROUND_2 = PLAYED.form(1), PLAYED.form(2)
EDITED_1 = PLAYED.form(1, PLAYED.other_round(1))


def created_id(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].split("#")[0].rstrip("/").rsplit("/", 1)[1]


def player_id(client, name: str) -> str:
    return next(player["id"] for player in client.get("/api/v1/players").get_json() if player["name"] == name)


@pytest.fixture
def world(new_client):
    """A league with one of each role, a league match with one round, and an export file."""
    clients = {role: new_client() for role in ROLES}
    for role in ("owner", "scorer", "viewer", "stranger"):
        sign_up(clients[role], role, "correct horse battery")
    owner = clients["owner"]
    league = created_id(owner.post("/leagues", data={"name": "Friday", "members": "Ann, Bob, Cid, Zed"}))
    for role in ("scorer", "viewer"):
        assert owner.post(f"/leagues/{league}/roles", data={"username": role, "role": role}).status_code == 303
    match = created_id(owner.post("/matches/new", data=new_match_form(GAME, PLAYERS, league=league)))
    response = owner.post(f"/matches/{match}/rounds", data={**ROUND_1, "expected_number": "1"})
    assert response.status_code == 303
    # The export of another league (its own ids, no matches), so importing it is no clash:
    # an import never reuses players of another league.
    export = owner.get(f"/api/v1/leagues/{league}/export").get_json()
    export["league"]["id"] = "imported00000001"
    export["matches"] = []
    new_ids = {player["id"]: f"imported{index:08d}" for index, player in enumerate(export["players"], start=2)}
    export["players"] = [{**player, "id": new_ids[player["id"]]} for player in export["players"]]
    export["members"] = [new_ids[player] for player in export["members"]]
    return {
        "clients": clients,
        "league": league,
        "match": match,
        "export": export,
        "ann": player_id(owner, "Ann"),
        "bob": player_id(owner, "Bob"),
        "zed": player_id(owner, "Zed"),
    }


def new_league_match(c, w):
    return c.post("/matches/new", data=new_match_form(GAME, PLAYERS, league=w["league"]))


ROUTES = {
    "new league match": (new_league_match, {"owner", "scorer"}),
    "record round": (
        lambda c, w: c.post(f"/matches/{w['match']}/rounds", data={**ROUND_2, "expected_number": "2"}),
        {"owner", "scorer"},
    ),
    "edit round": (
        lambda c, w: c.post(f"/matches/{w['match']}/rounds/1/edit", data=EDITED_1),
        {"owner", "scorer"},
    ),
    "undo round": (lambda c, w: c.post(f"/matches/{w['match']}/undo", data={"number": "1"}), {"owner", "scorer"}),
    "rematch": (lambda c, w: c.post(f"/matches/{w['match']}/rematch"), {"owner", "scorer"}),
    "add member": (lambda c, w: c.post(f"/leagues/{w['league']}/members", data={"name": "Dee"}), {"owner"}),
    "remove member": (lambda c, w: c.post(f"/leagues/{w['league']}/members/{w['zed']}/remove"), {"owner"}),
    "add season": (
        lambda c, w: c.post(
            f"/leagues/{w['league']}/seasons",
            data={"name": "Winter", "starts_on": "2026-12-01", "ends_on": "2027-02-28", "min_matches": "0"},
        ),
        {"owner"},
    ),
    "grant role": (
        lambda c, w: c.post(f"/leagues/{w['league']}/roles", data={"username": "stranger", "role": "viewer"}),
        {"owner"},
    ),
    "revoke role": (lambda c, w: c.post(f"/leagues/{w['league']}/roles/revoke", data={"username": "viewer"}), {"owner"}),
    "rename player": (lambda c, w: c.post(f"/players/{w['ann']}/rename", data={"name": "Anna"}), {"owner"}),
    "merge player": (
        lambda c, w: c.post(f"/players/{w['zed']}/merge", data={"into": w["ann"], "confirm": "yes"}),
        {"owner"},
    ),
    "import league": (
        lambda c, w: c.post("/leagues/import", data={"export": (io.BytesIO(json.dumps(w["export"]).encode()), "league.json")}),
        {"owner", "scorer", "viewer", "stranger"},
    ),
    "create token": (lambda c, w: c.post("/account/tokens", data={"name": "script"}), {"owner", "scorer", "viewer", "stranger"}),
    "share match": (lambda c, w: c.post(f"/matches/{w['match']}/share"), {"owner", "scorer", "viewer"}),
    "share standings": (lambda c, w: c.post(f"/leagues/{w['league']}/share"), {"owner", "scorer", "viewer"}),
}


def rule_message(html: str) -> str:
    found = re.search(r'class="refusal" role="alert">([^<]*)<', html)
    return found.group(1) if found else ""


# Once (in bin/test's SQLite run): the pages call the very service checks the API's
# role tests (tests/api/test_authorization.py) hold on both databases.
@pytest.mark.one_database
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", list(ROUTES))
def test_page_write_routes_by_role(world, route, role):
    write, allowed = ROUTES[route]
    response = write(world["clients"][role], world)
    html = response.get_data(as_text=True)
    if role in allowed:
        assert response.status_code in (200, 303), (route, role, response.status_code, rule_message(html))
    else:
        # 404: a player of a roster the caller cannot even see is not there for them.
        refusals = (403, 404) if route in ("rename player", "merge player") and role in ("stranger", "anonymous") else (403,)
        assert response.status_code in refusals, (route, role, response.status_code, rule_message(html))
        message = rule_message(html)
        # The role rule in words: "only owners of league Friday may ...", "sign in as ...".
        assert re.search(r"\b(only|sign in)\b", message) or response.status_code == 404, message
        assert "reload the page" not in message  # not a CSRF refusal


def test_refused_writes_change_nothing(world):
    viewer = world["clients"]["viewer"]
    before = viewer.get(f"/api/v1/matches/{world['match']}").get_json()
    for route in ("record round", "edit round", "undo round"):
        assert ROUTES[route][0](viewer, world).status_code == 403
    after = viewer.get(f"/api/v1/matches/{world['match']}").get_json()
    assert after["rounds"] == before["rounds"] and after["version"] == before["version"]


# --------------------------------------------------------------------------- casual matches


def casual_match(client) -> str:
    return created_id(client.post("/matches/new", data=new_match_form(GAME, PLAYERS)))


def round_writes(client, match_id: str) -> list[int]:
    """Record round 1, edit it, undo it: the statuses."""
    return [
        client.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1"}).status_code,
        client.post(f"/matches/{match_id}/rounds/1/edit", data=EDITED_1).status_code,
        client.post(f"/matches/{match_id}/undo", data={"number": "1"}).status_code,
    ]


@pytest.mark.parametrize("writer", ["another phone", "a signed-in stranger"])
def test_casual_match_without_account_is_written_by_anyone_with_the_link(new_client, writer):
    starter = new_client()
    match_id = casual_match(starter)
    other = new_client()
    if writer == "a signed-in stranger":
        sign_up(other, "stranger", "correct horse battery")
    assert round_writes(other, match_id) == [303, 303, 303]


def test_casual_match_with_account_is_written_only_by_its_creator(new_client):
    creator = new_client()
    sign_up(creator, "ann", "correct horse battery")
    match_id = casual_match(creator)
    anonymous = new_client()
    stranger = new_client()
    sign_up(stranger, "stranger", "correct horse battery")
    for other in (anonymous, stranger):
        # The link still shows the match; writing it is the creator's alone.
        assert other.get(f"/matches/{match_id}").status_code == 200
        response = other.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1"})
        assert response.status_code == 403
        assert "only ann may change this match" in response.get_data(as_text=True)
    assert round_writes(creator, match_id) == [303, 303, 303]
    # Edits and undos by others are refused too (a round exists to try them on).
    assert creator.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1"}).status_code == 303
    for other in (anonymous, stranger):
        assert other.post(f"/matches/{match_id}/rounds/1/edit", data=EDITED_1).status_code == 403
        assert other.post(f"/matches/{match_id}/undo", data={"number": "1"}).status_code == 403
    assert len(json.loads(creator.get(f"/api/v1/matches/{match_id}").get_data())["rounds"]) == 1


def test_league_pages_of_people_without_a_role_show_the_rule(world):
    for role, expected in (("stranger", "only "), ("anonymous", "sign in as ")):
        client = world["clients"][role]
        for url in (f"/leagues/{world['league']}", f"/matches/{world['match']}"):
            response = client.get(url)
            assert response.status_code == 403, url
            message = rule_message(response.get_data(as_text=True))
            # Without a role the league is not named: its id is all they hold.
            assert message.startswith(expected) and "this league" in message and "Friday" not in message, (url, message)


@pytest.mark.parametrize("role", ROLES)
def test_a_league_matchs_stream_follows_who_may_read_it(world, role):
    """Only who may read a league match may follow its stream (here the test client's one
    thread answers a reader 204, as a server with no thread to spare does: the phone polls)."""
    response = world["clients"][role].get(f"/matches/{world['match']}/events")
    readers = {"owner", "scorer", "viewer"}
    assert response.status_code == (204 if role in readers else 403), (role, response.status_code)
