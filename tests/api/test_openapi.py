"""The OpenAPI document, and schemathesis fuzzing the API from it: never a server error."""
from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from scorekeeper.api.game_words import bidding_fields
from scorekeeper.engine.games import all_games, game_ids, register, unregister
from tests.support.api import create, sign_up
from tests.support.picks import a_game, any_game, rounds, seats


def test_openapi_document_lists_the_contract(client):
    document = client.get("/api/v1/openapi.json").json
    paths = document["paths"]
    assert set(paths) >= {
        "/api/v1/games",
        "/api/v1/matches",
        "/api/v1/matches/{match_id}",
        "/api/v1/matches/{match_id}/rounds",
        "/api/v1/matches/{match_id}/rounds/{number}",
    }
    assert set(paths["/api/v1/matches/{match_id}/rounds/{number}"]) >= {"put", "delete", "parameters"}


def test_openapi_document_names_the_games_only_as_the_registry_lists_them(client):
    """No description names a game by hand: a list of games is the registry's, all of them."""
    text = client.get("/api/v1/openapi.json").get_data(as_text=True)
    assert [game.name for game in all_games() if game.name in text] == []
    listed = ", ".join(game_ids())
    assert f"one of {listed} (GET /api/v1/games)" in text
    assert f"The round input of the match's game ({listed})" in text


def test_a_game_registered_after_start_up_is_in_the_document_and_one_taken_off_is_not(client):
    """The document's lists of games follow the registry as it is when the document is served
    (the descriptions were written once, when the app was made)."""
    path = "/api/v1/openapi.json"
    with_and_without = (a_game("with bids", lambda game: game.has_bidding), a_game("without", lambda game: not game.has_bidding))
    for game in with_and_without:
        late = type(f"{type(game).__name__}Late", (type(game),), {"id": f"{game.id}-late"})()
        assert late.id not in client.get(path).get_data(as_text=True)
        register(late)
        try:
            document = client.get(path).json
            listed = ", ".join(game_ids())
        finally:
            unregister(late.id)
        assert late.id in listed
        assert document["components"]["schemas"]["MatchCreate"]["properties"]["game"]["description"] == (
            f"the game's id: one of {listed} (GET /api/v1/games)"
        ), listed
        rounds_post = document["paths"]["/api/v1/matches/{match_id}/rounds"]["post"]["requestBody"]["description"]
        assert f"The round input of the match's game ({listed})" in rounds_post
        bids = document["paths"]["/api/v1/matches/{match_id}/rounds/{number}/bidding"]["put"]["requestBody"]["description"]
        said_with, said_without = bids.split(" have no bidding")[0].rsplit(". ", 1)
        with_bids, without_bids = said_with.split("; "), said_without.split(", ")
        if game.has_bidding:
            assert f"{late.id}: {bidding_fields(game)}" in with_bids, bids
        else:
            assert late.id in without_bids, bids
        assert late.id not in client.get(path).get_data(as_text=True)


def test_interactive_docs_page_is_served(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    assert b"/vendor/swagger-ui-dist/swagger-ui-bundle.js" in response.data
    assert b"<script>" not in response.data  # the CSP allows no inline script
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert client.get("/vendor/swagger-ui-dist/swagger-ui-bundle.js").status_code == 200


OPERATIONS = [
    ("/api/v1/health", "GET"),
    ("/api/v1/games", "GET"),
    ("/api/v1/players", "GET"),
    ("/api/v1/players/{player_id}", "GET"),
    ("/api/v1/players/{player_id}", "PATCH"),
    ("/api/v1/players/{player_id}/merge", "POST"),
    ("/api/v1/leagues", "GET"),
    ("/api/v1/leagues", "POST"),
    ("/api/v1/leagues/import", "POST"),
    ("/api/v1/leagues/{league_id}/standings", "GET"),
    ("/api/v1/leagues/{league_id}/seasons", "POST"),
    ("/api/v1/leagues/{league_id}/members", "POST"),
    ("/api/v1/matches", "GET"),
    ("/api/v1/matches", "POST"),
    ("/api/v1/matches/{match_id}", "GET"),
    ("/api/v1/matches/{match_id}/rounds", "POST"),
    ("/api/v1/matches/{match_id}/rounds/{number}", "PUT"),
    ("/api/v1/matches/{match_id}/rounds/{number}", "DELETE"),
]


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_generated_requests_never_get_a_server_error(clean_app, path, method):
    client = clean_app.test_client()
    sign_up(client)
    league = client.post("/api/v1/leagues", json={"name": "L", "members": ["A", "B", "C", "D"]}).json
    game = any_game()
    players = seats(game, ["A", "B", "C", "D"])
    real = create(client, game.id, players)
    assert client.post(f"/api/v1/matches/{real['id']}/rounds", json=rounds(game, players, 1)[0]).status_code == 201
    existing = {"match_id": real["id"], "league_id": league["id"], "player_id": league["members"][0]["player_id"]}
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", clean_app)
    operation = schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case):
        # Half the time aim at a real match, league or player, so the handlers past the
        # 404 are fuzzed too.
        for name, value in existing.items():
            if case.path_parameters and name in case.path_parameters and len(str(case.path_parameters[name])) % 2:
                case.path_parameters[name] = value
        case.call_and_validate(checks=[not_a_server_error])

    check()
