"""A Nameless league over the API: standings worked out by hand, and after a correction."""
from __future__ import annotations

from tests.support.api import post_round


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
