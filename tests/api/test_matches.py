"""Creating and reading matches over the REST contract."""
from __future__ import annotations

import random

import pytest

from scorekeeper.games import all_games
from tests.games.legal_rounds import generator_for, play_match

from .helpers import create, post_round
from .test_nwik_rounds import NWIK_ROUNDS


def test_create_match_fills_option_defaults_and_sides(client):
    match = create(client, "nameless", ["Ann", "Bob", "Cid", "Dan"])
    assert match["sides"] == [[0, 2], [1, 3]]
    assert match["options"] == {"first_dealer": 0, "target": 20, "opponents_keep_tricks": False, "max_rounds": None}
    assert match["players"][3]["name"] == "Dan"
    assert match["totals"] == [0, 0]
    assert match["finished"] is False and match["winners"] == []
    assert match["next"] == {"round": 1, "dealer": 0, "cards": 5, "tricks": 5}
    assert len(match["id"]) >= 16


def test_get_match_serves_the_contract_and_an_etag(client):
    match = create(client, "nwik")
    for body in NWIK_ROUNDS:
        assert post_round(client, match["id"], body).status_code == 201
    response = client.get(f"/api/v1/matches/{match['id']}")
    assert response.status_code == 200
    served = response.json
    assert served["totals"] == [4, -4, 0]  # the spec's worked example
    assert [r["number"] for r in served["rounds"]] == [1, 2, 3]
    assert served["rounds"][0]["scores"] == [0, -8, 8]
    assert served["next"]["round"] == 4 and served["next"]["dealer"] == 0
    assert response.headers["ETag"] == f'"v{served["version"]}-en"'


def test_players_are_reused_by_name(client):
    first = create(client, "nameless", ["Ann", "Bob"])
    second = create(client, "nameless", ["Bob", "Ann"])
    ids_first = {p["name"]: p["player_id"] for p in first["players"]}
    ids_second = {p["name"]: p["player_id"] for p in second["players"]}
    assert ids_first == ids_second


def test_options_are_frozen_with_the_match(client):
    match = create(client, "spades", ["A", "B", "C", "D"], {"preset": "classic", "target": 300})
    assert match["options"]["nil_value"] == 100
    assert match["options"]["target"] == 300
    assert client.get(f"/api/v1/matches/{match['id']}").json["options"] == match["options"]


@pytest.mark.parametrize(
    ("body", "status", "fragment"),
    [
        ({"game": "chess", "players": ["A", "B"]}, 422, "unknown game"),
        ({"game": "nwik", "players": ["A"]}, 422, "2 to 3 players"),
        ({"game": "spades", "players": ["A", "B", "C"]}, 422, "exactly 4 players"),
        ({"game": "nwik", "players": ["Ann", "Bob", "Ann"]}, 422, "on two seats"),
        ({"game": "nwik", "players": ["Ann", "ann", "Bob"]}, 422, "are one name"),
        ({"game": "nwik", "players": ["Ann", " ", "Bob"]}, 422, "seat 1 needs a name"),
        ({"game": "nwik", "players": ["Ann", "B\x00b"]}, 422, "control characters"),
        ({"game": "nwik", "players": ["Ann", "ß" * 80]}, 422, "at most 80 characters"),
        ({"game": "nwik", "players": ["A", "B"], "options": {"colour": 1}}, 422, "unknown option 'colour'"),
        ({"game": "nwik", "players": ["A", "B"], "options": {"first_dealer": 2}}, 422, "first_dealer"),
        ({"game": "nwik", "players": ["A", "B"], "options": {"first_dealer": "x"}}, 422, "whole number"),
        ({"game": "nwik", "players": "A, B"}, 422, "players"),
        ({"game": "nwik", "players": ["A", "B"], "colour": "red"}, 422, "Unknown field"),
        ({"players": ["A", "B"]}, 422, "game"),
    ],
)
def test_bad_match_requests_are_refused_with_the_rule(client, body, status, fragment):
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == status
    assert fragment in response.json["message"]
    assert client.get("/api/v1/matches").json == []


def test_unknown_match_is_404_json(client):
    response = client.get("/api/v1/matches/doesnotexist")
    assert response.status_code == 404
    assert response.json["error"] == "match_not_found"


def test_list_shows_this_devices_matches_only(clean_app):
    ann_phone = clean_app.test_client()
    stranger = clean_app.test_client()
    match = create(ann_phone, "nwik")
    listed = ann_phone.get("/api/v1/matches").json
    assert [m["id"] for m in listed] == [match["id"]]
    assert stranger.get("/api/v1/matches").json == []


def test_malformed_and_oversized_bodies_are_4xx(client):
    assert client.post("/api/v1/matches", data="{oops", content_type="application/json").status_code == 400
    huge = '{"game": "nwik", "players": ["' + "x" * 1_000_000 + '"]}'
    response = client.post("/api/v1/matches", data=huge, content_type="application/json")
    assert response.status_code == 413
    assert response.json["error"] == "request_entity_too_large"


def test_conditional_get_answers_304_until_the_match_changes(client):
    match = create(client, "nwik")
    first = client.get(f"/api/v1/matches/{match['id']}")
    etag = first.headers["ETag"]
    unchanged = client.get(f"/api/v1/matches/{match['id']}", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert post_round(client, match["id"], NWIK_ROUNDS[0]).status_code == 201
    changed = client.get(f"/api/v1/matches/{match['id']}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert len(changed.json["rounds"]) == 1


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_rematch_seats_the_same_players_with_the_deal_moved_on(client, game):
    seat_counts, options, _generate = generator_for(game)
    players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"][: seat_counts[-1]]
    table, state = play_match(random.Random(14), game, players)
    match = create(client, game.id, players, {**options, "first_dealer": len(players) - 1})
    for scored in state.rounds:
        assert post_round(client, match["id"], scored.input).status_code == 201
    finished = client.get(f"/api/v1/matches/{match['id']}").json
    assert finished["finished"] is True
    response = client.post(f"/api/v1/matches/{match['id']}/rematch", json={})
    assert response.status_code == 201, response.json
    again = response.json
    assert response.headers["Location"] == f"/api/v1/matches/{again['id']}" and again["id"] != match["id"]
    assert again["game"] == game.id and again["rounds"] == [] and again["finished"] is False
    assert [seat["player_id"] for seat in again["players"]] == [seat["player_id"] for seat in finished["players"]]
    # The same house rules; the first deal passes one seat to the left (from the last seat to the first).
    assert again["options"] == {**finished["options"], "first_dealer": 0}
    assert again["next"]["dealer"] == 0
    assert client.post(f"/api/v1/matches/{again['id']}/rematch", json={}).json["options"]["first_dealer"] == 1


def test_rematch_keeps_the_league_and_table_check_and_is_audited(owner):
    league = owner.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid"]}).json
    body = {"game": "nameless", "players": ["Ann", "Bob", "Cid"], "league": league["id"], "table_check": True}
    match = owner.post("/api/v1/matches", json=body).json
    again = owner.post(f"/api/v1/matches/{match['id']}/rematch", json={}).json
    assert again["league"] == league["id"] and again["table_check"] is True
    assert again["options"]["first_dealer"] == 1
    created = owner.get(f"/api/v1/matches/{again['id']}/audit").json[0]
    assert created["action"] == "match.create" and created["after"]["rematch_of"] == match["id"]
    assert owner.post("/api/v1/matches/nosuchmatch000000/rematch", json={}).status_code == 404
