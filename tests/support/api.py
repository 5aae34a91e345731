"""Small helpers for API tests: create a match, post rounds."""
from __future__ import annotations

from scorekeeper.engine.games import get_game
from tests.support.picks import any_game, seats


def create(client, game=None, players=None, options=None):
    """A new match of `game` (any game if none is named) by `players` (as many of Ann, Bob
    and Cid as it seats if none are named)."""
    game = game or any_game().id
    players = players if players is not None else seats(get_game(game), ["Ann", "Bob", "Cid"])
    body = {"game": game, "players": list(players)}
    if options is not None:
        body["options"] = options
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


def post_round(client, match_id, body, **headers):
    return client.post(f"/api/v1/matches/{match_id}/rounds", json=body, headers=headers)


def sign_up(client, username: str = "owner", password: str = "correct horse battery"):
    """Create an account and sign the client in with it."""
    response = client.post("/api/v1/users", json={"username": username, "password": password})
    assert response.status_code == 201, response.json
    return response.json
