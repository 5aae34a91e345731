"""Spades in the games catalogue: four players, its nil value and its presets."""
from __future__ import annotations


def test_spades_in_the_catalogue(client):
    games = {game["id"]: game for game in client.get("/api/v1/games").json}
    spades = games["spades"]
    assert (spades["min_players"], spades["max_players"]) == (4, 4)
    options = {option["name"]: option for option in spades["options"]}
    assert options["nil_value"]["default"] == 50
    assert options["preset"]["choices"] == ["book", "classic"]
    assert spades["presets"]["classic"]["nil_value"] == 100
