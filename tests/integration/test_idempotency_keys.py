"""Idempotency-Keys over real HTTP through gunicorn: a key reused with another body is 422,
the key of an undone round 409, and neither stores a round."""
from __future__ import annotations

import secrets

import pytest

from tests.support.server_calls import HANDS, call, create_match, failure, get_match

pytestmark = pytest.mark.integration


def test_a_key_reused_with_another_body_is_refused(gunicorn_server):
    match_id = create_match(gunicorn_server)
    url = f"{gunicorn_server.url}/api/v1/matches/{match_id}/rounds"
    key = {"Idempotency-Key": secrets.token_hex(8)}
    assert call("POST", url, HANDS[0], key).status == 201
    reused = call("POST", url, HANDS[1], key)
    assert reused.status == 422 and reused.body["error"] == "idempotency_key_reused", failure(str(reused), gunicorn_server)
    assert key["Idempotency-Key"] in reused.body["message"]
    replayed = call("POST", url, HANDS[0], key)
    assert replayed.status == 201 and replayed.headers.get("Idempotent-Replayed") == "true", failure(str(replayed), gunicorn_server)
    assert [r["input"] for r in get_match(gunicorn_server, match_id).body["rounds"]] == [HANDS[0]]


def test_the_key_of_an_undone_round_records_nothing_again(gunicorn_server):
    match_id = create_match(gunicorn_server)
    url = f"{gunicorn_server.url}/api/v1/matches/{match_id}/rounds"
    key = {"Idempotency-Key": secrets.token_hex(8)}
    assert call("POST", url, HANDS[0], key).status == 201
    assert call("DELETE", f"{url}/1").status == 204
    retried = call("POST", url, HANDS[0], key)
    assert retried.status == 409 and retried.body["error"] == "round_undone", failure(str(retried), gunicorn_server)
    assert get_match(gunicorn_server, match_id).body["rounds"] == []
