"""The authorization matrix of the API: every write route with each league role and none."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support.api import sign_up
from tests.support.picks import any_game, other_round, rounds, seats

PASSWORD = "correct horse battery"
ROLES = ("owner", "scorer", "viewer", "stranger", "anonymous")
GAME = any_game()
PLAYERS = seats(GAME, ["Ann", "Bob", "Cid", "Dan"])
# Rounds 1 and 2 are the world's; 3 and 4 the ones the tests record after them.
ROUNDS = rounds(GAME, PLAYERS, 4)
EDITED_FIRST = other_round(GAME, PLAYERS, ROUNDS[:2], 1)


@dataclass
class World:
    """A league with one account per role, a league match with two rounds, and clients."""

    clients: dict
    league: str
    match: str
    ann: str
    bob: str


@pytest.fixture
def world(clean_app) -> World:
    clients = {role: clean_app.test_client() for role in ROLES}
    for role in ("owner", "scorer", "viewer", "stranger"):
        sign_up(clients[role], role, PASSWORD)
    owner = clients["owner"]
    league = owner.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid", "Dan"]}).json
    for role in ("scorer", "viewer"):
        assert owner.put(f"/api/v1/leagues/{league['id']}/roles/{role}", json={"role": role}).status_code == 200
    match = owner.post(
        "/api/v1/matches",
        json={"game": GAME.id, "players": PLAYERS, "league": league["id"]},
    ).json
    for hand in ROUNDS[:2]:
        assert owner.post(f"/api/v1/matches/{match['id']}/rounds", json=hand).status_code == 201
    members = {member["name"]: member["player_id"] for member in league["members"]}
    return World(clients, league["id"], match["id"], members["Ann"], members["Bob"])


def new_match(league: str | None = None) -> dict:
    body = {"game": GAME.id, "players": PLAYERS}
    if league:
        body["league"] = league
    return body


# route name -> (method, path template, body or None)
WRITES = {
    "start league match": ("POST", "/api/v1/matches", lambda w: new_match(w.league)),
    "record round": ("POST", "/api/v1/matches/{match}/rounds", lambda w: ROUNDS[2]),
    "edit round": ("PUT", "/api/v1/matches/{match}/rounds/1", lambda w: EDITED_FIRST),
    "undo round": ("DELETE", "/api/v1/matches/{match}/rounds/2", None),
    "rematch league match": ("POST", "/api/v1/matches/{match}/rematch", None),
    "add member": ("POST", "/api/v1/leagues/{league}/members", lambda w: {"name": "Eve"}),
    "remove member": ("DELETE", "/api/v1/leagues/{league}/members/{eve}", None),
    "add season": (
        "POST",
        "/api/v1/leagues/{league}/seasons",
        lambda w: {"name": "Winter", "starts_on": "2026-12-01", "ends_on": "2027-02-28"},
    ),
    "grant role": ("PUT", "/api/v1/leagues/{league}/roles/stranger", lambda w: {"role": "viewer"}),
    "revoke role": ("DELETE", "/api/v1/leagues/{league}/roles/viewer", None),
    "rename player": ("PATCH", "/api/v1/players/{ann}", lambda w: {"name": "Anna"}),
    "merge players": ("POST", "/api/v1/players/{eve}/merge", lambda w: {"into": w.bob}),
    "share standings": ("POST", "/api/v1/leagues/{league}/share", None),
    "share league match": ("POST", "/api/v1/matches/{match}/share", None),
    "start league": ("POST", "/api/v1/leagues", lambda w: {"name": "Sunday"}),
    "create token": ("POST", "/api/v1/tokens", lambda w: {"name": "script"}),
}
READS = {
    "league": "/api/v1/leagues/{league}",
    "standings": "/api/v1/leagues/{league}/standings",
    "ratings": "/api/v1/leagues/{league}/ratings",
    "records": "/api/v1/leagues/{league}/records",
    "export": "/api/v1/leagues/{league}/export",
    "league match": "/api/v1/matches/{match}",
    "history": "/api/v1/matches/{match}/audit",
}
OWNER_ONLY = {"add member", "remove member", "add season", "grant role", "revoke role", "rename player", "merge players"}
SCORERS = {"start league match", "record round", "edit round", "undo round", "rematch league match"}
READERS = {"share standings", "share league match"}
SIGNED_IN = {"start league", "create token"}
ROSTER_ROUTES = {"rename player", "merge players"}


def allowed(route: str, role: str) -> bool:
    if route in OWNER_ONLY:
        return role == "owner"
    if route in SCORERS:
        return role in ("owner", "scorer")
    if route in READERS:
        return role in ("owner", "scorer", "viewer")
    if route in SIGNED_IN:
        return role != "anonymous"
    raise AssertionError(route)


def fill(path: str, world: World, eve: str | None) -> str:
    return path.format(league=world.league, match=world.match, ann=world.ann, bob=world.bob, eve=eve)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", list(WRITES))
def test_write_routes_by_role(world, route, role):
    method, path, body = WRITES[route]
    eve = None
    if "{eve}" in path:
        added = world.clients["owner"].post(f"/api/v1/leagues/{world.league}/members", json={"name": "Eve"})
        eve = added.json["player_id"]
    client = world.clients[role]
    before = world.clients["owner"].get(f"/api/v1/leagues/{world.league}/export").json
    # A body-less POST is sent as JSON all the same, as the API asks of cookie-holding callers.
    sent = body(world) if body else ({} if method == "POST" else None)
    response = client.open(fill(path, world, eve), method=method, json=sent)
    if allowed(route, role):
        assert response.status_code in (200, 201, 204), (route, role, response.json)
    else:
        # 404: a player of a roster the caller cannot even see is not there for them.
        refusals = (401, 403, 404) if route in ROSTER_ROUTES and role in ("stranger", "anonymous") else (401, 403)
        assert response.status_code in refusals, (route, role, response.status_code, response.json)
        # A refused write changes nothing.
        assert world.clients["owner"].get(f"/api/v1/leagues/{world.league}/export").json == before


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", list(READS))
def test_read_routes_by_role(world, route, role):
    response = world.clients[role].get(fill(READS[route], world, None))
    if role in ("owner", "scorer", "viewer"):
        assert response.status_code == 200, (route, role, response.json)
    else:
        assert response.status_code == 403, (route, role, response.status_code)


def test_a_share_link_opens_read_only_for_anyone(world):
    link = world.clients["viewer"].post(f"/api/v1/leagues/{world.league}/share", json={}).json
    shared = world.clients["anonymous"].get(link["api_url"])
    assert shared.status_code == 200 and shared.json["kind"] == "standings"
    assert [row["name"] for row in shared.json["standings"]["rows"]] == []  # no finished match yet
    match_link = world.clients["scorer"].post(f"/api/v1/matches/{world.match}/share", json={}).json
    match = world.clients["anonymous"].get(match_link["api_url"]).json["match"]
    assert len(match["rounds"]) == 2
    forged = link["api_url"][:-3] + "abc"
    assert world.clients["anonymous"].get(forged).status_code == 404
    # The link does not open the league's other pages.
    assert world.clients["anonymous"].get(f"/api/v1/leagues/{world.league}/records").status_code == 403


@pytest.mark.parametrize("creator", ["anonymous", "stranger"])
@pytest.mark.parametrize("writer", ["anonymous", "stranger", "owner"])
def test_casual_match_writers(world, creator, writer):
    """Started without an account: whoever holds the link writes. Started with an
    account: only that account writes (the link still shows it)."""
    match = world.clients[creator].post("/api/v1/matches", json=new_match()).json
    response = world.clients[writer].post(f"/api/v1/matches/{match['id']}/rounds", json=ROUNDS[0])
    may = creator == "anonymous" or writer == creator
    assert response.status_code == (201 if may else 403), (creator, writer, response.json)
    assert world.clients[writer].get(f"/api/v1/matches/{match['id']}").status_code == 200


def test_a_league_keeps_an_owner(world):
    owner = world.clients["owner"]
    response = owner.put(f"/api/v1/leagues/{world.league}/roles/owner", json={"role": "viewer"})
    assert response.status_code == 409 and "at least one owner" in response.json["message"]


def test_revoked_token_no_longer_signs_in(world):
    token = world.clients["scorer"].post("/api/v1/tokens", json={"name": "laptop"}).json
    script = world.clients["anonymous"]
    headers = {"Authorization": f"Bearer {token['token']}"}
    assert script.post(f"/api/v1/matches/{world.match}/rounds", json=ROUNDS[2], headers=headers).status_code == 201
    trail = world.clients["owner"].get(f"/api/v1/matches/{world.match}/audit").json
    assert trail[-1]["actor"] == "scorer (token laptop)"
    assert world.clients["scorer"].delete(f"/api/v1/tokens/{token['id']}").status_code == 204
    assert script.post(f"/api/v1/matches/{world.match}/rounds", json=ROUNDS[3], headers=headers).status_code == 403
    listed = world.clients["scorer"].get("/api/v1/tokens").json
    assert listed[0]["revoked_at"] is not None and "token" not in listed[0]
