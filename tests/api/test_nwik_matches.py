"""A Nwik match read over the REST contract: the spec's worked example, served whole."""
from __future__ import annotations

from tests.support.api import create, post_round
from tests.support.nwik import NWIK_ROUNDS


def test_get_match_serves_the_contract_and_an_etag(client):
    match = create(client, "nwik")
    for body in NWIK_ROUNDS:
        assert post_round(client, match["id"], body).status_code == 201
    response = client.get(f"/api/v1/matches/{match['id']}")
    assert response.status_code == 200
    served = response.json
    assert served["totals"] == [4, -4, 0]  # the spec's worked example
    assert [r["number"] for r in served["rounds"]] == [1, 2, 3]
    assert served["rounds"][0]["scores"] == [0, -8, 8]
    assert served["next"]["round"] == 4 and served["next"]["dealer"] == 0
    assert response.headers["ETag"] == f'"v{served["version"]}-en"'
