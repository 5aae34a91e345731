"""A league's share.create audit entry names the link by its id (and the match it shows), never by its token."""
from __future__ import annotations

from tests.support.api import sign_up
from tests.support.picks import any_game, seats


def test_share_create_records_the_link_id_and_the_match_not_the_token(client):
    sign_up(client, "owner")
    league = client.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob", "Cid", "Dan"]}).json["id"]
    match = client.post(
        "/api/v1/matches", json={"game": any_game().id, "players": seats(any_game(), ["Ann", "Bob", "Cid", "Dan"]), "league": league}
    ).json["id"]
    match_link = client.post(f"/api/v1/matches/{match}/share", json={"expires_in_days": 7}).json
    standings_link = client.post(f"/api/v1/leagues/{league}/share", json={}).json
    trail = client.get(f"/api/v1/leagues/{league}/audit")
    created = [entry["after"] for entry in reversed(trail.json) if entry["action"] == "share.create"]
    assert created[0]["link"] == match_link["id"] and created[0]["match"] == match
    assert created[0]["expires_at"] is not None
    assert created[1]["link"] == standings_link["id"] and created[1]["standings"] is True
    text = trail.get_data(as_text=True)
    assert match_link["token"] not in text and standings_link["token"] not in text
