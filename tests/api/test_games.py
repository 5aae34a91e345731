"""The games catalogue endpoint."""
from __future__ import annotations


def test_catalogue_lists_the_five_games_with_options(client):
    response = client.get("/api/v1/games")
    assert response.status_code == 200
    games = {game["id"]: game for game in response.json}
    assert list(games) == ["nwik", "nameless", "zwicker", "spades", "willi-stich"]
    assert (games["nwik"]["min_players"], games["nwik"]["max_players"]) == (2, 3)
    assert (games["spades"]["min_players"], games["spades"]["max_players"]) == (4, 4)
    spades_options = {option["name"]: option for option in games["spades"]["options"]}
    assert spades_options["nil_value"]["default"] == 50
    assert spades_options["preset"]["choices"] == ["book", "classic"]
    assert games["spades"]["presets"]["classic"]["nil_value"] == 100
    first_dealer = games["nameless"]["options"][0]
    assert first_dealer == {
        "name": "first_dealer",
        "type": "int",
        "default": 0,
        "description": first_dealer["description"],
        "nullable": False,
        "minimum": 0,
    }
