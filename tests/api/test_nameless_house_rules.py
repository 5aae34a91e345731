"""Nameless's round limit over the REST contract: two rounds end a match in a shared win."""
from __future__ import annotations

from tests.support.api import create, post_round


def test_round_limit_ends_a_match_with_a_shared_win(client):
    match = create(client, "nameless", ["Ann", "Bob", "Cid"], {"max_rounds": 2})
    assert post_round(client, match["id"], {"tricks": [3, 2, 0]}).status_code == 201
    assert post_round(client, match["id"], {"tricks": [0, 3, 2]}).status_code == 201
    served = client.get(f"/api/v1/matches/{match['id']}").json
    assert served["totals"] == [3, 3, -2] and served["finished"] is True
    assert served["winners"] == [0, 1] and served["next"] is None
    assert post_round(client, match["id"], {"tricks": [5, 0, 0]}).status_code == 409
    # Undo re-opens it.
    assert client.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    assert client.get(f"/api/v1/matches/{match['id']}").json["finished"] is False
