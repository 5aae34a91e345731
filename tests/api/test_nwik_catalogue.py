"""Nwik in the games catalogue: two or three players."""
from __future__ import annotations


def test_nwik_in_the_catalogue(client):
    games = {game["id"]: game for game in client.get("/api/v1/games").json}
    assert (games["nwik"]["min_players"], games["nwik"]["max_players"]) == (2, 3)
