"""A refusal names a league only to someone with a role in it: a stranger holding its id learns nothing of it."""
from __future__ import annotations

import pytest

from tests.support.api import sign_up
from tests.support.picks import any_game, rounds, seats

PASSWORD = "correct horse battery"
SECRET_NAME = "Quiet Poker Club"
GAME = any_game()
PLAYERS = seats(GAME, ["Ann", "Bob", "Cid", "Dan"])
FIRST = rounds(GAME, PLAYERS, 1)[0]


@pytest.fixture
def league(clean_app):
    owner, viewer, stranger, anonymous = (clean_app.test_client() for _ in range(4))
    sign_up(owner, "owner", PASSWORD)
    sign_up(viewer, "viewer", PASSWORD)
    sign_up(stranger, "stranger", PASSWORD)
    league = owner.post("/api/v1/leagues", json={"name": SECRET_NAME, "members": ["Ann", "Bob", "Cid", "Dan"]}).json["id"]
    owner.put(f"/api/v1/leagues/{league}/roles/viewer", json={"role": "viewer"})
    match = owner.post(
        "/api/v1/matches", json={"game": GAME.id, "players": PLAYERS, "league": league}
    ).json["id"]
    return {"viewer": viewer, "stranger": stranger, "anonymous": anonymous, "league": league, "match": match}


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_no_refusal_names_the_league_to_someone_without_a_role(league, who):
    client = league[who]
    attempts = [
        client.get(f"/api/v1/leagues/{league['league']}"),
        client.get(f"/api/v1/leagues/{league['league']}/standings"),
        client.get(f"/api/v1/matches/{league['match']}"),
        client.post(f"/api/v1/matches/{league['match']}/rounds", json=FIRST),
        client.post("/api/v1/matches", json={"game": GAME.id, "players": seats(GAME, ["A", "B", "C", "D"]), "league": league["league"]}),
        client.post(f"/api/v1/leagues/{league['league']}/members", json={"name": "Eve"}),
        client.get(f"/leagues/{league['league']}"),
        client.get(f"/matches/{league['match']}"),
    ]
    for response in attempts:
        assert response.status_code in (401, 403, 404), response.request.path
        text = response.get_data(as_text=True)
        assert SECRET_NAME not in text, (response.request.path, text[:300])
    assert "this league" in attempts[0].json["message"]


def test_a_member_is_told_which_league(league):
    refused = league["viewer"].post(f"/api/v1/matches/{league['match']}/rounds", json=FIRST)
    assert refused.status_code == 403 and SECRET_NAME in refused.json["message"]
