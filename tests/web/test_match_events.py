"""The match's live stream as a phone meets it: the version now and each newer one, numbers only; none where no thread is spare."""
from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

from tests.support.picks import any_game, rounds, seats

GAME = any_game()
PLAYERS = seats(GAME, ["Ann", "Bob", "Cid", "Dee"])
STREAM_TIMEOUT = 30.0


def events(response: http.client.HTTPResponse):
    """The stream's (event, data) pairs as they come (comment lines skipped)."""
    fields: dict[str, str] = {}
    while line := response.readline():
        text = line.decode().rstrip("\r\n")
        if not text:
            if "event" in fields:
                yield fields["event"], fields.get("data", "")
            fields = {}
            continue
        name, _colon, value = text.partition(":")
        if name:
            fields[name] = value.lstrip(" ")


def test_the_stream_tells_each_new_version_and_nothing_else(live_server, clean_app):
    address = urlsplit(live_server)
    phone = http.client.HTTPConnection(address.hostname or "", address.port, timeout=STREAM_TIMEOUT)
    writer = http.client.HTTPConnection(address.hostname or "", address.port, timeout=STREAM_TIMEOUT)
    try:
        writer.request("POST", "/api/v1/matches", body=_json({"game": GAME.id, "players": PLAYERS}),
                       headers={"Content-Type": "application/json", "Accept-Language": "de"})
        match_id = _read_json(writer)["id"]
        phone.request("GET", f"/matches/{match_id}/events", headers={"Accept-Language": "ru"})
        response = phone.getresponse()
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        assert response.headers["Cache-Control"] == "no-store"
        told = events(response)
        assert next(told) == ("version", "1")
        for number, hand in enumerate(rounds(GAME, PLAYERS, 2), start=2):
            writer.request("POST", f"/api/v1/matches/{match_id}/rounds", body=_json(hand),
                           headers={"Content-Type": "application/json"})
            _read_json(writer)
            # The version alone: the phone fetches the change in its own language.
            assert next(told) == ("version", str(number))
    finally:
        phone.close()
        writer.close()


def test_a_server_without_a_spare_thread_sends_the_phone_to_polling(client):
    """The test client serves one request at a time (as a sync worker does): a held stream
    would hold the whole server, so the phone is told 204 and polls."""
    match_id = client.post("/api/v1/matches", json={"game": GAME.id, "players": PLAYERS}).get_json()["id"]
    refused = client.get(f"/matches/{match_id}/events")
    assert refused.status_code == 204
    assert refused.data == b""


def test_no_stream_of_a_match_that_is_not_there(client):
    assert client.get("/matches/nosuchmatch00000/events").status_code == 404


def _json(value) -> bytes:
    return json.dumps(value).encode()


def _read_json(connection: http.client.HTTPConnection):
    response = connection.getresponse()
    body = response.read()
    assert response.status in (200, 201), body[:300]
    return json.loads(body)
