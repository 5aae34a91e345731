"""The games catalogue endpoint: every registered game, in catalogue order, described as its engine describes it."""
from __future__ import annotations

from scorekeeper.engine.games import all_games


def test_catalogue_lists_every_game_with_its_options(client):
    response = client.get("/api/v1/games")
    assert response.status_code == 200
    games = {game["id"]: game for game in response.json}
    assert list(games) == [game.id for game in all_games()]
    for game in all_games():
        entry = games[game.id]
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        assert [option["name"] for option in entry["options"]] == [spec.name for spec in game.all_option_specs()]
        assert entry["presets"] == {name: dict(values) for name, values in game.presets.items()}
        first_dealer = entry["options"][0]
        assert first_dealer == {
            "name": "first_dealer",
            "type": "int",
            "default": 0,
            "description": first_dealer["description"],
            "nullable": False,
            "minimum": 0,
        }
