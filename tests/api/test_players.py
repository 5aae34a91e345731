"""The roster over the API: list, rename, merge, profile."""
from __future__ import annotations

from tests.support.api import create, post_round
from tests.support.leagues_data import new_league
from tests.support.picks import any_game, rounds, seats


def ids_by_name(client) -> dict[str, str]:
    return {p["name"]: p["id"] for p in client.get("/api/v1/players").json}


def test_rename_keeps_every_match(owner):
    client = owner
    match = create(client, any_game().id, seats(any_game(), ["Ann", "Bob"]))
    ann = ids_by_name(client)["Ann"]
    response = client.patch(f"/api/v1/players/{ann}", json={"name": "Anna"})
    assert response.status_code == 200 and response.json["name"] == "Anna"
    assert client.get(f"/api/v1/matches/{match['id']}").json["players"][0]["name"] == "Anna"
    taken = client.patch(f"/api/v1/players/{ann}", json={"name": "bob"})
    assert taken.status_code == 409 and "merge" in taken.json["message"]


def test_merge_moves_matches_and_refuses_two_people_at_one_table(owner):
    client = owner
    game = any_game()
    # Bob sits at both tables, beside Ann at one and Annie at the other (and the same others).
    first = create(client, game.id, seats(game, ["Ann", "Bob", "Cid", "Dan"]))
    second_players = seats(game, ["Annie", "Bob", "Cid", "Dan"])
    second = create(client, game.id, second_players)
    assert post_round(client, second["id"], rounds(game, second_players, 1)[0]).status_code == 201
    ids = ids_by_name(client)
    merged = client.post(f"/api/v1/players/{ids['Annie']}/merge", json={"into": ids["Ann"]})
    assert merged.status_code == 200 and merged.json["name"] == "Ann"
    assert client.get(f"/api/v1/matches/{second['id']}").json["players"][0]["name"] == "Ann"
    assert client.get(f"/api/v1/matches/{first['id']}").json["players"][0]["name"] == "Ann"
    assert "Annie" not in ids_by_name(client)
    refused = client.post(f"/api/v1/players/{ids['Bob']}/merge", json={"into": ids["Ann"]})
    assert refused.status_code == 409 and "same table" in refused.json["message"]


def test_profile_shows_leagues_ratings_and_matches(owner):
    client = owner
    league, ids = new_league(client)
    ann = ids_by_name(client)["Ann"]
    profile = client.get(f"/api/v1/players/{ann}").json
    assert profile["name"] == "Ann"
    assert [entry["id"] for entry in profile["leagues"]] == [league]
    assert {m["id"] for m in profile["matches"]} == {ids[0], ids[1], ids[2], ids[4], ids[5], ids[6]}
    assert profile["profiles"][league]
    assert client.get("/api/v1/players/nobody").status_code == 404
