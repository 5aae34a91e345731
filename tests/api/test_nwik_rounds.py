"""Nwik's rounds over the API: its scores, its refusals in its own words, a reused stake, an edit replayed."""
from __future__ import annotations

import pytest

from tests.support.api import create, post_round
from tests.support.nwik import NWIK_ROUNDS


def nwik(client):
    return create(client, "nwik", ["Ann", "Bob", "Cid"])


def test_post_round_returns_the_scored_round(client):
    match = nwik(client)
    response = post_round(client, match["id"], NWIK_ROUNDS[0])
    assert response.status_code == 201
    assert response.json["scores"] == [0, -8, 8]
    assert response.json["input"] == NWIK_ROUNDS[0]
    assert len(response.json["explanation"]) == 3


@pytest.mark.parametrize(
    ("body", "fragment", "field"),
    [
        ({"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 4]}, "add up to 13, got 12", "tricks"),
        ({"style": 5, "stake": 4, "vip_card": 2, "tricks": [3, 5, 5], "trumps": "x"}, "unknown round field", "trumps"),
        ({"style": "5", "stake": 4, "vip_card": 2, "tricks": [3, 5, 5]}, "style", "style"),
    ],
)
def test_invalid_rounds_are_422_and_store_nothing(client, body, fragment, field):
    match = nwik(client)
    response = post_round(client, match["id"], body)
    assert response.status_code == 422
    assert fragment in response.json["message"]
    assert field in response.json["errors"]
    assert client.get(f"/api/v1/matches/{match['id']}").json["rounds"] == []


def test_reused_stake_names_the_player(client):
    match = nwik(client)
    for body in NWIK_ROUNDS:
        post_round(client, match["id"], body)
    # Round 4: dealer 0, Bidder seat 1 (Bob) used stake 4 in round 1.
    response = post_round(client, match["id"], {"style": 1, "stake": 4, "tricks": [4, 5, 4]})
    assert response.status_code == 422
    assert "Bob has already used stake 4" in response.json["message"]


def test_edit_replays_later_rounds(client):
    match = nwik(client)
    for body in NWIK_ROUNDS:
        post_round(client, match["id"], body)
    edited = {"style": 5, "stake": 4, "vip_card": 3, "tricks": [3, 5, 5]}
    response = client.put(f"/api/v1/matches/{match['id']}/rounds/1", json=edited)
    assert response.status_code == 200
    assert response.json["scores"] == [0, -12, 12]
    assert client.get(f"/api/v1/matches/{match['id']}").json["totals"] == [4, -8, 4]
