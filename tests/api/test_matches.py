"""Creating and reading matches over the REST contract."""
from __future__ import annotations

import json
import random

import pytest

from scorekeeper.engine.games import all_games, game_ids
from tests.support.api import create, post_round
from tests.support.game_copies import registered_copy
from tests.support.legal_rounds import generator_for, play_match
from tests.support.picks import a_game, rounds, seats

NAMES = ["Ann", "Bob", "Cid", "Dan"]
# Three seats at least: a name on two seats needs a third.
GAME = a_game("for three", lambda game: game.max_players >= 3)
PLAYERS = seats(GAME, NAMES)


def as_json(value):
    """`value` as the API serves it (tuples as lists)."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_create_match_fills_option_defaults_and_sides(client, game):
    players = seats(game, NAMES)
    match = create(client, game.id, players)
    table = game.table(players)
    state = game.initial_state(table)
    assert match["sides"] == as_json(table.sides)
    assert match["options"] == as_json(dict(table.options))
    assert [seat["name"] for seat in match["players"]] == players
    assert match["totals"] == list(state.totals)
    assert match["finished"] is False and match["winners"] == []
    assert match["next"] == as_json(dict(state.next)) and match["next"]["round"] == 1
    assert len(match["id"]) >= 16


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_get_match_serves_the_contract_and_an_etag(client, game):
    players = seats(game, NAMES)
    played = rounds(game, players, 3)
    match = create(client, game.id, players)
    for body in played:
        assert post_round(client, match["id"], body).status_code == 201
    response = client.get(f"/api/v1/matches/{match['id']}")
    assert response.status_code == 200
    served = response.json
    state = game.replay(game.table(players), played)
    assert served["totals"] == list(state.totals)
    assert [r["number"] for r in served["rounds"]] == [1, 2, 3]
    assert [r["scores"] for r in served["rounds"]] == [list(scored.score.scores) for scored in state.rounds]
    assert served["next"] == as_json(dict(state.next)) and served["next"]["round"] == 4
    assert response.headers["ETag"] == f'"v{served["version"]}-en"'


def test_players_are_reused_by_name(client):
    first = create(client, GAME.id, PLAYERS)
    second = create(client, GAME.id, PLAYERS[::-1])
    ids_first = {p["name"]: p["player_id"] for p in first["players"]}
    ids_second = {p["name"]: p["player_id"] for p in second["players"]}
    assert ids_first == ids_second


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_options_are_frozen_with_the_match(client, game):
    players = seats(game, NAMES)
    match = create(client, game.id, players, {"first_dealer": len(players) - 1})
    assert match["options"] == as_json(dict(game.table(players, {"first_dealer": len(players) - 1}).options))
    assert match["options"]["first_dealer"] == len(players) - 1
    assert client.get(f"/api/v1/matches/{match['id']}").json["options"] == match["options"]


def seated(*names: str) -> list[str]:
    """The test game's players with the first seats taken by `names`."""
    return [*names, *PLAYERS[len(names):]]


@pytest.mark.parametrize(("language", "words"), [("en", "choose from"), ("de", "wähle aus"), ("ru", "выберите из")])
def test_an_unknown_game_is_refused_naming_every_registered_game(client, language, words):
    """The games to choose from are the registry's when asked, a game registered late (a
    copy) among them, in the asker's language: no list of the games written by hand."""
    with registered_copy(GAME) as copied:
        response = client.post("/api/v1/matches", json={"game": "chess", "players": PLAYERS}, headers={"Accept-Language": language})
        assert response.status_code == 422
        assert f"{words} {', '.join(game_ids())}" in response.json["message"]
        assert copied.id in game_ids()


@pytest.mark.parametrize(
    ("body", "status", "fragment"),
    [
        ({"game": "chess", "players": ["A", "B"]}, 422, "unknown game"),
        ({"game": GAME.id, "players": seated("Ann", "Bob", "Ann")}, 422, "on two seats"),
        ({"game": GAME.id, "players": seated("Ann", "ann", "Bob")}, 422, "are one name"),
        ({"game": GAME.id, "players": seated("Ann", " ", "Bob")}, 422, "seat 2 needs a name"),
        ({"game": GAME.id, "players": seated("Ann", "B\x00b")}, 422, "control characters"),
        ({"game": GAME.id, "players": seated("Ann", "ß" * 80)}, 422, "at most 80 characters"),
        ({"game": GAME.id, "players": PLAYERS, "options": {"colour": 1}}, 422, "unknown option 'colour'"),
        ({"game": GAME.id, "players": PLAYERS, "options": {"first_dealer": len(PLAYERS)}}, 422, "first_dealer"),
        ({"game": GAME.id, "players": PLAYERS, "options": {"first_dealer": "x"}}, 422, "whole number"),
        ({"game": GAME.id, "players": ", ".join(PLAYERS)}, 422, "players"),
        ({"game": GAME.id, "players": PLAYERS, "colour": "red"}, 422, "Unknown field"),
        ({"players": PLAYERS}, 422, "game"),
    ],
)
def test_bad_match_requests_are_refused_with_the_rule(client, body, status, fragment):
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == status
    assert fragment in response.json["message"]
    assert client.get("/api/v1/matches").json == []


def seat_counts_refused(game) -> list[int]:
    """A table of one fewer than the game's fewest and one more than its most."""
    return [count for count in (game.min_players - 1, game.max_players + 1) if count >= 1]


@pytest.mark.parametrize(
    ("game", "count"),
    [(game, count) for game in all_games() for count in seat_counts_refused(game)],
    ids=lambda value: value.id if hasattr(value, "id") else str(value),
)
def test_a_table_of_the_wrong_size_is_refused_with_the_games_seats(client, game, count):
    response = client.post("/api/v1/matches", json={"game": game.id, "players": [f"P{n}" for n in range(count)]})
    assert response.status_code == 422 and response.json["error"] == "player_count"
    if game.min_players == game.max_players:
        assert f"exactly {game.min_players} player" in response.json["message"]
    else:
        assert f"{game.min_players} to {game.max_players} players" in response.json["message"]
    assert client.get("/api/v1/matches").json == []


def test_unknown_match_is_404_json(client):
    response = client.get("/api/v1/matches/doesnotexist")
    assert response.status_code == 404
    assert response.json["error"] == "match_not_found"


def test_list_shows_this_devices_matches_only(clean_app):
    ann_phone = clean_app.test_client()
    stranger = clean_app.test_client()
    match = create(ann_phone)
    listed = ann_phone.get("/api/v1/matches").json
    assert [m["id"] for m in listed] == [match["id"]]
    assert stranger.get("/api/v1/matches").json == []


def test_malformed_and_oversized_bodies_are_4xx(client):
    assert client.post("/api/v1/matches", data="{oops", content_type="application/json").status_code == 400
    huge = '{"game": "' + GAME.id + '", "players": ["' + "x" * 1_000_000 + '"]}'
    response = client.post("/api/v1/matches", data=huge, content_type="application/json")
    assert response.status_code == 413
    assert response.json["error"] == "request_entity_too_large"


def test_conditional_get_answers_304_until_the_match_changes(client):
    match = create(client, GAME.id, PLAYERS)
    first = client.get(f"/api/v1/matches/{match['id']}")
    etag = first.headers["ETag"]
    unchanged = client.get(f"/api/v1/matches/{match['id']}", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert post_round(client, match["id"], rounds(GAME, PLAYERS, 1)[0]).status_code == 201
    changed = client.get(f"/api/v1/matches/{match['id']}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert len(changed.json["rounds"]) == 1


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_rematch_seats_the_same_players_with_the_deal_moved_on(client, game):
    seat_counts, options, _generate = generator_for(game)
    players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"][: seat_counts[-1]]
    options = {**options, "first_dealer": len(players) - 1}
    table, state = play_match(random.Random(14), game, players, options=options)
    match = create(client, game.id, players, options)
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
    body = {"game": GAME.id, "players": PLAYERS, "league": league["id"], "table_check": True}
    match = owner.post("/api/v1/matches", json=body).json
    again = owner.post(f"/api/v1/matches/{match['id']}/rematch", json={}).json
    assert again["league"] == league["id"] and again["table_check"] is True
    assert again["options"]["first_dealer"] == 1
    created = owner.get(f"/api/v1/matches/{again['id']}/audit").json[0]
    assert created["action"] == "match.create" and created["after"]["rematch_of"] == match["id"]
    assert owner.post("/api/v1/matches/nosuchmatch000000/rematch", json={}).status_code == 404
