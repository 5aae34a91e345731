"""The round limit, the house rule games share, over the REST contract: catalogue, matches
frozen before it existed, exports (a game's own house rules are in its own test file)."""
from __future__ import annotations

import csv
import io

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.support.api import create, post_round
from tests.support.picks import games, rounds, seats

NAMES = ["Ann", "Bob", "Cid", "Dee"]
# The games that offer a round limit, as they declare it.
LIMITED = games(lambda game: "max_rounds" in {spec.name for spec in game.all_option_specs()})


def test_some_game_offers_a_round_limit():
    assert LIMITED


@pytest.mark.parametrize("game", LIMITED, ids=lambda game: game.id)
def test_the_catalogue_lists_the_round_limit(client, game):
    served = {entry["id"]: entry for entry in client.get("/api/v1/games").json}
    options = {option["name"]: option for option in served[game.id]["options"]}
    assert options["max_rounds"]["default"] is None
    assert options["max_rounds"]["description"]


@pytest.mark.parametrize("game", LIMITED, ids=lambda game: game.id)
def test_a_match_frozen_before_the_round_limit_existed_plays_as_before(app, client, game):
    """Stored options without the round limit: the default (no limit, the rules as they were) applies."""
    players = seats(game, NAMES)
    match = create(client, game.id, players)
    with app.app_context():
        stored = db.session.scalars(select(Match).where(Match.id == match["id"])).one()
        assert "max_rounds" in stored.options
        stored.options = {key: value for key, value in stored.options.items() if key != "max_rounds"}
        db.session.commit()
    response = post_round(client, match["id"], rounds(game, players, 1)[0])
    assert response.status_code == 201, (game.id, response.json)


def test_exports_carry_the_options(owner):
    client = owner
    game = LIMITED[0]
    players = seats(game, NAMES)
    league = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    match = client.post(
        "/api/v1/matches",
        json={"game": game.id, "players": players, "options": {"max_rounds": 1}, "league": league},
    ).json
    assert post_round(client, match["id"], rounds(game, players, 1)[0]).status_code == 201
    export = client.get(f"/api/v1/leagues/{league}/export").json
    assert export["matches"][0]["options"]["max_rounds"] == 1
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/v1/leagues/{league}/export.csv").data.decode())))
    assert '"max_rounds":1' in rows[0]["options"]
