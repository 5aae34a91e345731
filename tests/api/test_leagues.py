"""Leagues over the API: members, seasons, standings, ratings, records, export and import."""
from __future__ import annotations

import csv
import io

from scorekeeper.extensions import db
from scorekeeper.league import StoredMatch, ratings
from scorekeeper.services.leagues import stored_matches

from ..conftest import empty_tables
from .helpers import create, post_round, sign_up
from .leagues_data import new_league


def league_views(client, league: str) -> dict:
    """Everything a league serves, for comparing two databases."""
    views = {}
    for path in ("standings", "ratings", "records", "head-to-head", "standings?game=nwik", "ratings?game=spades"):
        response = client.get(f"/api/v1/leagues/{league}/{path}")
        assert response.status_code == 200, (path, response.json)
        views[path] = response.json
    export = client.get(f"/api/v1/leagues/{league}/export").json
    views["matches"] = {
        match["id"]: {key: value for key, value in client.get(f"/api/v1/matches/{match['id']}").json.items() if key != "version"}
        for match in export["matches"]
    }
    return views


def test_league_standings_worked_by_hand(owner):
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    # Nameless, 2 players, target 5: Ann takes 5 of 5 (7 points) and wins at once.
    for winner in (0, 0, 1):
        match = client.post(
            "/api/v1/matches",
            json={"game": "nameless", "players": ["Ann", "Bob"], "options": {"target": 5}, "league": league},
        ).json
        tricks = [5, 0] if winner == 0 else [0, 5]
        assert post_round(client, match["id"], {"tricks": tricks}).status_code == 201
    rows = client.get(f"/api/v1/leagues/{league}/standings").json["rows"]
    # Ann: won 2 of 3; points 7 + 7 - 3 = 11. Bob: won 1; points -3 - 3 + 7 = 1.
    assert [(r["name"], r["played"], r["wins"], r["points"]) for r in rows] == [("Ann", 3, 2, 11), ("Bob", 3, 1, 1)]
    assert rows[0]["win_rate"] == 2 / 3
    assert rows[0]["placement_score"] == 2 / 3  # first twice (1.0), last once (0.0)
    assert rows[0]["avg_points_per_match"] == 11 / 3
    assert rows[0]["rounds"] == 3 and rows[0]["avg_points_per_round"] == 11 / 3
    members = {m["name"] for m in client.get(f"/api/v1/leagues/{league}").json["members"]}
    assert members == {"Ann", "Bob"}  # players of league matches join the league


def test_standings_follow_a_correction_and_the_cache_does_not_serve_stale_rows(owner):
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    match = client.post(
        "/api/v1/matches", json={"game": "nameless", "players": ["Ann", "Bob"], "options": {"target": 5}, "league": league}
    ).json
    post_round(client, match["id"], {"tricks": [5, 0]})
    assert client.get(f"/api/v1/leagues/{league}/standings").json["rows"][0]["name"] == "Ann"
    assert client.put(f"/api/v1/matches/{match['id']}/rounds/1", json={"tricks": [0, 5]}).status_code == 200
    rows = client.get(f"/api/v1/leagues/{league}/standings").json["rows"]
    assert [(r["name"], r["wins"]) for r in rows] == [("Bob", 1), ("Ann", 0)]


def test_seasons_filter_by_game_and_rank_by_minimum_matches(owner):
    client = owner
    league, _ = new_league(client)
    season = client.post(
        f"/api/v1/leagues/{league}/seasons",
        json={"name": "Nwik season", "starts_on": "2000-01-01", "ends_on": "2999-12-31", "games": ["nwik"], "min_matches": 2},
    )
    assert season.status_code == 201
    table = client.get(f"/api/v1/leagues/{league}/standings?season={season.json['id']}").json
    by_name = {row["name"]: row for row in table["rows"]}
    # Ann played both Nwik matches; Bob, Cid and Dan one each.
    assert by_name["Ann"]["played"] == 2 and by_name["Ann"]["ranked"] is True
    assert by_name["Bob"]["played"] == 1 and by_name["Bob"]["ranked"] is False
    assert table["rows"][0]["name"] == "Ann"
    bad = client.post(
        f"/api/v1/leagues/{league}/seasons",
        json={"name": "x", "starts_on": "2026-02-01", "ends_on": "2026-01-01"},
    )
    assert bad.status_code == 422 and "end on or after" in bad.json["message"]


def test_export_then_import_into_an_empty_database_is_identical(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    league, _ = new_league(client)
    before = league_views(client, league)
    export = client.get(f"/api/v1/leagues/{league}/export").json
    empty_tables(clean_app)
    sign_up(client, "importer")
    imported = client.post("/api/v1/leagues/import", json=export)
    assert imported.status_code == 201, imported.json
    assert league_views(client, league) == before
    # A second import of the same league is refused, not doubled.
    assert client.post("/api/v1/leagues/import", json=export).status_code == 409


def test_tampered_export_is_refused_whole(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    league, _ = new_league(client)
    export = client.get(f"/api/v1/leagues/{league}/export").json
    export["matches"][2]["rounds"][0]["input"]["tricks"] = [5, 5, 5, 5]
    empty_tables(clean_app)
    sign_up(client, "importer")
    response = client.post("/api/v1/leagues/import", json=export)
    assert response.status_code == 422
    assert "tricks must add up to 5" in response.json["message"]
    assert client.get("/api/v1/leagues").json == []
    assert client.get("/api/v1/players").json == []


def test_csv_exports_matches_and_rounds(owner):
    client = owner
    league, ids = new_league(client)
    matches = list(csv.DictReader(io.StringIO(client.get(f"/api/v1/leagues/{league}/export.csv").data.decode())))
    assert [row["match_id"] for row in matches] == ids
    assert matches[0]["players"] == "Ann; Bob; Cid"
    rounds_csv = client.get(f"/api/v1/leagues/{league}/export.csv?kind=rounds")
    assert rounds_csv.mimetype == "text/csv"
    rounds = list(csv.DictReader(io.StringIO(rounds_csv.data.decode())))
    assert len(rounds) == 15 + 10 + 2 + 3 + 2 + 19 + 1
    assert rounds[0]["dealer"] == "Ann" and rounds[0]["scores"] == "-5; 0; 5" or rounds[0]["round"] == "1"


def test_editing_an_old_match_gives_the_ratings_of_a_full_replay(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    league, ids = new_league(client)
    # Correct the 4-player Nameless match: round 2 was not a loner's 4 tricks but seats
    # 0 and 2 taking 5, which turns Bob & Dan's win into Ann & Cid's.
    before = client.get(f"/api/v1/leagues/{league}/ratings").json
    assert client.put(f"/api/v1/matches/{ids[2]}/rounds/2", json={"tricks": [4, 0, 1, 0]}).status_code == 200
    assert client.get(f"/api/v1/matches/{ids[2]}").json["winners"] == [0]
    served = client.get(f"/api/v1/leagues/{league}/ratings").json
    with clean_app.app_context():
        matches: list[StoredMatch] = stored_matches(league, with_rounds=False)
        fresh = ratings(matches)
        db.session.remove()
    assert [(p["player_id"], p["ordinal"]) for p in served["players"]] == [
        (p.player_id, p.ordinal) for p in fresh.players
    ]
    assert served != before


def test_unknown_league_and_bad_game_filter(owner):
    client = owner
    assert client.get("/api/v1/leagues/nope/standings").status_code == 404
    league = client.post("/api/v1/leagues", json={"name": "x"}).json["id"]
    response = client.get(f"/api/v1/leagues/{league}/standings?game=chess")
    assert response.status_code == 422 and "unknown game" in response.json["message"]
    assert client.post("/api/v1/matches", json={"game": "nwik", "players": ["A", "B"], "league": "nope"}).status_code == 422


def test_members_add_and_remove(owner):
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "x", "members": ["Ann"]}).json["id"]
    added = client.post(f"/api/v1/leagues/{league}/members", json={"name": "Bob"})
    assert added.status_code == 201
    assert client.post(f"/api/v1/leagues/{league}/members", json={"name": "bob"}).status_code == 409
    assert client.delete(f"/api/v1/leagues/{league}/members/{added.json['player_id']}").status_code == 204
    match = create(client, "nameless", ["Ann", "Cid"])
    assert match["league"] is None
