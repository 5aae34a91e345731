"""API integer fields refuse floats, text and booleans with a 422 naming the field, instead of coercing them."""
from __future__ import annotations

import pytest

from tests.support.api import create, sign_up


@pytest.mark.parametrize("days", [1.5, "7", 7.0, True])
def test_expires_in_days_must_be_a_whole_number(client, days):
    match = create(client)["id"]
    refused = client.post(f"/api/v1/matches/{match}/share", json={"expires_in_days": days})
    assert refused.status_code == 422, refused.json
    assert "expires_in_days" in refused.json["errors"]["json"] and refused.json["message"].startswith("expires_in_days:")
    assert client.get(f"/api/v1/matches/{match}/share").json == []


def test_a_whole_number_of_days_is_taken(client):
    match = create(client)["id"]
    assert client.post(f"/api/v1/matches/{match}/share", json={"expires_in_days": 7}).status_code == 201


@pytest.mark.parametrize("minimum", [2.5, "3"])
def test_a_seasons_min_matches_must_be_a_whole_number(client, minimum):
    sign_up(client, "owner")
    league = client.post("/api/v1/leagues", json={"name": "Thursday"}).json["id"]
    season = {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31", "min_matches": minimum}
    refused = client.post(f"/api/v1/leagues/{league}/seasons", json=season)
    assert refused.status_code == 422 and refused.json["message"].startswith("min_matches:")
    assert client.post(f"/api/v1/leagues/{league}/seasons", json={**season, "min_matches": 3}).status_code == 201
