"""Spades's house-rule options over the REST contract: its catalogue entries, frozen options,
refusals, explanations, and matches frozen before the options existed."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.support.api import create, post_round

SPADES_PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
NEW_OPTIONS = {"min_team_bid": 0, "bids_total_13": True, "failed_nil_bags": False, "max_rounds": None}


def test_the_catalogue_lists_the_new_options(client):
    games = {game["id"]: game for game in client.get("/api/v1/games").json}
    options = {option["name"]: option for option in games["spades"]["options"]}
    for name, default in NEW_OPTIONS.items():
        assert options[name]["default"] == default
        assert options[name]["description"]


def test_new_options_are_frozen_with_the_match(client):
    match = create(
        client, "spades", SPADES_PLAYERS,
        {"min_team_bid": 4, "bids_total_13": False, "max_rounds": 8},
    )
    assert {key: match["options"][key] for key in NEW_OPTIONS} == {
        "min_team_bid": 4, "bids_total_13": False, "failed_nil_bags": False, "max_rounds": 8,
    }
    assert client.get(f"/api/v1/matches/{match['id']}").json["options"] == match["options"]


@pytest.mark.parametrize(
    ("options", "body", "code", "fragment"),
    [
        ({"min_team_bid": 5}, {"bids": [2, 3, 2, 2], "tricks": [4, 3, 3, 3]}, "min_team_bid",
         "Ann & Cid's contract is 4: this match's minimum team bid is 5 (house rule)"),
        ({"bids_total_13": False}, {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids_total_13",
         "someone must lose"),
    ],
)
def test_house_rule_refusals(client, options, body, code, fragment):
    match = create(client, "spades", SPADES_PLAYERS, options)
    response = post_round(client, match["id"], body)
    assert response.status_code == 422
    assert response.json["error"] == code
    assert fragment in response.json["message"]
    assert client.get(f"/api/v1/matches/{match['id']}").json["rounds"] == []


def test_refusal_in_german(client):
    match = create(client, "spades", SPADES_PLAYERS, {"bids_total_13": False})
    response = post_round(
        client, match["id"], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}, **{"Accept-Language": "de"}
    )
    assert response.status_code == 422
    assert "Hausregel" in response.json["message"]


def test_bad_option_combination_is_refused(client):
    response = client.post(
        "/api/v1/matches", json={"game": "spades", "players": SPADES_PLAYERS, "options": {"failed_nil_bags": True}}
    )
    assert response.status_code == 422
    assert response.json["error"] == "option_combination"


def test_failed_nil_bags_explained(client):
    match = create(client, "spades", SPADES_PLAYERS, {"preset": "classic", "failed_nil_bags": True})
    response = post_round(client, match["id"], {"bids": [4, "nil", 3, 2], "tricks": [5, 2, 4, 2]})
    assert response.status_code == 201, response.json
    assert response.json["scores"] == [72, -80]
    assert response.json["explanation"][1].endswith("failed nil: 2 tricks, 2 bags (house rule)")
    assert client.get(f"/api/v1/matches/{match['id']}").json["next"]["bags"] == [2, 2]


def test_a_match_frozen_before_the_options_existed_plays_as_before(app, client):
    """Stored options without the new keys: the defaults (the rules as they were) apply."""
    match = create(client, "spades", SPADES_PLAYERS)
    with app.app_context():
        stored = db.session.scalars(select(Match).where(Match.id == match["id"])).one()
        stored.options = {key: value for key, value in stored.options.items() if key not in NEW_OPTIONS}
        db.session.commit()
    response = post_round(client, match["id"], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    assert response.status_code == 201, response.json
