"""The players end a match early over the API (POST .../end) and play on (DELETE .../end), for every game."""
from __future__ import annotations

import pytest

from scorekeeper.engine.games import all_games
from tests.support.api import create, post_round, sign_up
from tests.support.database import empty_tables
from tests.support.picks import rounds, seats

NAMES = ["Ann", "Bob", "Cid", "Dan"]
GAMES = all_games()


def started(client, game, count: int = 2, league: str | None = None) -> tuple[dict, list]:
    """A match of `game` with `count` rounds recorded, unfinished by its rules, and its next round."""
    players = seats(game, NAMES)
    played = rounds(game, players, count + 1)
    body = {"game": game.id, "players": players, **({"league": league} if league else {})}
    match = client.post("/api/v1/matches", json=body).json
    for raw in played[:count]:
        assert post_round(client, match["id"], raw).status_code == 201
    return match, played


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_ended_after_a_round_the_highest_total_wins_and_no_round_follows(client, game):
    match, played = started(client, game)
    url = f"/api/v1/matches/{match['id']}"
    ended = client.post(f"{url}/end", json={})
    assert ended.status_code == 200, ended.json
    document = ended.json
    best = max(document["totals"])
    assert document["finished"] is True and document["ended_after"] == 2 and document["next"] is None
    assert document["winners"] == [side for side, total in enumerate(document["totals"]) if total == best]
    assert ended.headers["ETag"] and client.get(url).json == document
    refused = post_round(client, match["id"], played[2])
    assert refused.status_code == 409 and refused.json["error"] == "match_finished"
    assert client.post(f"{url}/end", json={}).status_code == 409
    audit = client.get(f"{url}/audit").json
    assert (audit[-1]["action"], audit[-1]["round_number"]) == ("match.end", 2)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_playing_on_records_the_next_round_as_if_never_ended(client, game):
    match, played = started(client, game)
    url = f"/api/v1/matches/{match['id']}"
    assert client.post(f"{url}/end", json={}).status_code == 200
    again = client.delete(f"{url}/end")
    assert again.status_code == 200, again.json
    assert again.json["finished"] is False and again.json["ended_after"] is None and again.json["next"]["round"] == 3
    assert post_round(client, match["id"], played[2]).status_code == 201
    other = create(client, game.id, seats(game, NAMES))
    for raw in played:
        assert post_round(client, other["id"], raw).status_code == 201
    assert client.get(url).json["totals"] == client.get(f"/api/v1/matches/{other['id']}").json["totals"]
    refused = client.delete(f"{url}/end")
    assert refused.status_code == 409 and refused.json["error"] == "not_ended_by_players"


def test_undoing_the_last_round_of_an_ended_match_opens_it_again(client):
    game = GAMES[0]
    match, _played = started(client, game)
    url = f"/api/v1/matches/{match['id']}"
    assert client.post(f"{url}/end", json={}).status_code == 200
    assert client.delete(f"{url}/rounds/2").status_code == 204
    document = client.get(url).json
    assert document["finished"] is False and document["ended_after"] is None and document["next"]["round"] == 2


def test_a_match_without_rounds_or_a_stale_etag_is_not_ended(client):
    game = GAMES[0]
    fresh = create(client, game.id, seats(game, NAMES))
    refused = client.post(f"/api/v1/matches/{fresh['id']}/end", json={})
    assert refused.status_code == 409 and refused.json["error"] == "no_rounds"
    match, _played = started(client, game)
    stale = client.post(f"/api/v1/matches/{match['id']}/end", json={}, headers={"If-Match": '"v1-en"'})
    assert stale.status_code == 412
    assert client.get(f"/api/v1/matches/{match['id']}").json["finished"] is False
    assert client.post("/api/v1/matches/nope/end", json={}).status_code == 404


def test_an_ended_league_match_counts_in_the_standings(owner):
    game = GAMES[0]
    league = owner.post("/api/v1/leagues", json={"name": "Late night"}).json["id"]
    match, _played = started(owner, game, league=league)
    assert owner.get(f"/api/v1/leagues/{league}/standings").json["rows"] == []
    document = owner.post(f"/api/v1/matches/{match['id']}/end", json={}).json
    rows = owner.get(f"/api/v1/leagues/{league}/standings").json["rows"]
    winners = {document["players"][seat]["name"] for side in document["winners"] for seat in document["sides"][side]}
    assert {row["name"] for row in rows if row["wins"]} == winners and all(row["played"] == 1 for row in rows)
    owner.delete(f"/api/v1/matches/{match['id']}/end")
    assert owner.get(f"/api/v1/leagues/{league}/standings").json["rows"] == []


def test_an_ended_match_leaves_by_export_and_comes_back_by_import_ended(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    game = GAMES[0]
    league = client.post("/api/v1/leagues", json={"name": "Late night"}).json["id"]
    match, _played = started(client, game, league=league)
    ended = client.post(f"/api/v1/matches/{match['id']}/end", json={}).json
    export = client.get(f"/api/v1/leagues/{league}/export").json
    assert export["matches"][0]["ended_after"] == 2
    standings = client.get(f"/api/v1/leagues/{league}/standings").json
    empty_tables(clean_app)
    sign_up(client, "importer")
    assert client.post("/api/v1/leagues/import", json=export).status_code == 201
    back = client.get(f"/api/v1/matches/{match['id']}").json
    assert (back["finished"], back["ended_after"], back["winners"]) == (True, 2, ended["winners"])
    assert client.get(f"/api/v1/leagues/{league}/standings").json == standings
    # The end must come after the last round: after an earlier one the rounds would not hold.
    empty_tables(clean_app)
    sign_up(client, "again")
    export["matches"][0]["ended_after"] = 1
    refused = client.post("/api/v1/leagues/import", json=export)
    assert refused.status_code == 422 and "ended it after must be its last round" in refused.json["message"]
