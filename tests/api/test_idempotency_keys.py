"""An Idempotency-Key names one round: reused with another body it is refused (422), and
the key of a round since undone is refused (409), never recorded a second time."""
from __future__ import annotations

import pytest

from tests.support.api import create, post_round, sign_up
from tests.support.picks import any_game, rounds, seats

GAME = any_game()
PLAYERS = seats(GAME, ["Ann", "Bob", "Cid"])
FIRST, SECOND = rounds(GAME, PLAYERS, 2)
KEY = {"Idempotency-Key": "round-one"}


@pytest.fixture(params=["without an account", "signed in"])
def signed(request, client):
    """Both write paths of a round: a client without an account and one signed in."""
    if request.param == "signed in":
        sign_up(client, "keeper")
    return client


def stored(client, match_id: str) -> list[dict]:
    return [round_["input"] for round_ in client.get(f"/api/v1/matches/{match_id}").json["rounds"]]


def test_a_key_reused_with_another_body_is_refused_naming_the_key(signed):
    match_id = create(signed, GAME.id, PLAYERS)["id"]
    assert post_round(signed, match_id, FIRST, **KEY).status_code == 201
    reused = post_round(signed, match_id, SECOND, **KEY)
    assert reused.status_code == 422, reused.json
    assert reused.json["error"] == "idempotency_key_reused"
    assert "Idempotency-Key" in reused.json["message"] and "round-one" in reused.json["message"]
    assert "Idempotent-Replayed" not in reused.headers
    assert stored(signed, match_id) == [FIRST]
    # The same body again is still its retry.
    again = post_round(signed, match_id, FIRST, **KEY)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"


def test_the_same_body_in_another_key_order_is_the_same_request(signed):
    match_id = create(signed, GAME.id, PLAYERS)["id"]
    assert post_round(signed, match_id, FIRST, **KEY).status_code == 201
    reordered = dict(reversed(list(FIRST.items())))
    again = post_round(signed, match_id, reordered, **KEY)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"


def test_the_key_of_an_undone_round_is_refused_never_recorded_again(signed):
    match_id = create(signed, GAME.id, PLAYERS)["id"]
    assert post_round(signed, match_id, FIRST, **KEY).status_code == 201
    assert signed.delete(f"/api/v1/matches/{match_id}/rounds/1").status_code == 204
    retried = post_round(signed, match_id, FIRST, **KEY)
    assert retried.status_code == 409, retried.json
    assert retried.json["error"] == "round_undone"
    assert "undone" in retried.json["message"]
    assert stored(signed, match_id) == []
    # Another body under that key is a reuse of the key.
    assert post_round(signed, match_id, SECOND, **KEY).json["error"] == "idempotency_key_reused"
    # A new key records the round.
    assert post_round(signed, match_id, FIRST, **{"Idempotency-Key": "round-one-again"}).status_code == 201
    assert stored(signed, match_id) == [FIRST]


def test_a_key_is_one_matchs_own(client):
    first = create(client, GAME.id, PLAYERS)["id"]
    second = create(client, GAME.id, PLAYERS)["id"]
    assert post_round(client, first, FIRST, **KEY).status_code == 201
    assert post_round(client, second, SECOND, **KEY).status_code == 201
    assert stored(client, second) == [SECOND]


def test_the_openapi_document_states_the_rules_of_post_rounds(client):
    post = client.get("/api/v1/openapi.json").json["paths"]["/api/v1/matches/{match_id}/rounds"]["post"]
    parameters = {(parameter["in"], parameter["name"]): parameter for parameter in post["parameters"]}
    assert parameters[("query", "number")]["schema"] == {"type": "integer", "minimum": 1}
    key = parameters[("header", "Idempotency-Key")]["description"]
    assert "422" in key and "idempotency_key_reused" in key and "409" in key and "round_undone" in key


@pytest.mark.parametrize("number", ["0", "-1"])
def test_a_round_number_below_one_is_refused_naming_it(client, number):
    match_id = create(client, GAME.id, PLAYERS)["id"]
    refused = client.post(f"/api/v1/matches/{match_id}/rounds?number={number}", json=FIRST)
    assert refused.status_code == 422 and "number" in refused.json["errors"]["query"], refused.json
    assert stored(client, match_id) == []
