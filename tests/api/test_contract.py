"""The REST contract's promises in-process (tests/integration runs them through gunicorn):
compressed ETags, documents per language, roster changes, database refusals as 409,
body limits."""
from __future__ import annotations

import csv
import io
import json

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import MatchRender, Player
from scorekeeper.services import leagues as league_service
from tests.support.api import create, post_round
from tests.support.leagues_data import new_league
from tests.support.picks import any_game, rounds, seats

GAME = any_game()
PLAYERS = tuple(seats(GAME, ["Ann", "Bob", "Cid", "Dee"]))
# Three legal rounds in a row that leave the match running.
ROUNDS = rounds(GAME, PLAYERS, 3)


def started(client):
    return create(client, GAME.id, PLAYERS)


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_compressed_etags_work_in_if_match_and_if_none_match(client, encoding):
    created = client.post(
        "/api/v1/matches", json={"game": GAME.id, "players": list(PLAYERS)}, headers={"Accept-Encoding": encoding}
    )
    assert created.headers["Content-Encoding"] == encoding
    assert created.headers["ETag"] == f'"v1-en:{encoding}"'
    # The created body is compressed (the test client does not decode): read the list.
    match_id = client.get("/api/v1/matches", headers={"Accept-Encoding": "identity"}).json[0]["id"]
    first = post_round(client, match_id, ROUNDS[0], **{"If-Match": created.headers["ETag"]})
    assert first.status_code == 201
    served = client.get(f"/api/v1/matches/{match_id}", headers={"Accept-Encoding": encoding})
    assert served.headers["ETag"] == f'"v2-en:{encoding}"'
    for tag in ('"v2-en:gzip"', '"v2-en:br"', '"v2-en"', 'W/"v2-en:br"'):
        polled = client.get(f"/api/v1/matches/{match_id}", headers={"If-None-Match": tag, "Accept-Encoding": encoding})
        assert polled.status_code == 304, tag
        assert polled.headers["ETag"] == '"v2-en"'
    assert post_round(client, match_id, ROUNDS[1], **{"If-Match": served.headers["ETag"]}).status_code == 201
    stale = post_round(client, match_id, ROUNDS[2], **{"If-Match": served.headers["ETag"]})
    assert stale.status_code == 412 and stale.json["error"] == "stale_etag"


@pytest.mark.parametrize("tag", ['"v9223372036854775808"', '"v1' + "0" * 30 + '"', '"v-1"', '"nonsense"'])
def test_an_etag_never_issued_is_412(client, tag):
    match = started(client)
    response = post_round(client, match["id"], ROUNDS[0], **{"If-Match": tag})
    assert response.status_code == 412 and response.json["error"] == "stale_etag"
    assert client.get(f"/api/v1/matches/{match['id']}").json["rounds"] == []


def test_each_language_gets_its_own_document_and_etag(client, clean_app):
    match = started(client)
    assert post_round(client, match["id"], ROUNDS[0], **{"Accept-Language": "ru"}).status_code == 201
    served = {}
    for language in ("ru", "de", "en"):
        served[language] = client.get(f"/api/v1/matches/{match['id']}", headers={"Accept-Language": language})
        assert {"Accept-Language", "Cookie"} <= set(served[language].vary), served[language].headers["Vary"]
    texts = {language: served[language].json["rounds"][0]["explanation"] for language in served}
    assert len({tuple(words) for words in texts.values()}) == 3
    assert {served[language].headers["ETag"] for language in served} == {'"v2-ru"', '"v2-de"', '"v2-en"'}
    # Each language's document is stored once, for this version.
    with clean_app.app_context():
        stored = db.session.scalars(
            select(MatchRender).where(MatchRender.match_id == match["id"], MatchRender.kind == "document")
        ).all()
        assert sorted((document.language, document.version) for document in stored) == [("de", 2), ("en", 2), ("ru", 2)]
    crossed = client.get(
        f"/api/v1/matches/{match['id']}", headers={"Accept-Language": "de", "If-None-Match": '"v2-ru"'}
    )
    assert crossed.status_code == 200 and crossed.json["rounds"][0]["explanation"] == texts["de"]


def test_schema_messages_are_translated(client):
    response = client.post("/api/v1/matches", json={"game": GAME.id, "players": "Ann"}, headers={"Accept-Language": "de"})
    assert response.status_code == 422
    assert response.json["errors"] == {"json": {"players": ["Keine gültige Liste."]}}
    assert response.json["message"] == "players: Keine gültige Liste."
    response = client.post("/api/v1/matches", json={"players": []}, headers={"Accept-Language": "ru"})
    assert response.json["errors"]["json"]["game"] == ["Не заполнено обязательное поле."]
    response = client.post("/api/v1/users", json={"username": 5}, headers={"Accept-Language": "de"})
    assert response.status_code == 422
    assert response.json["errors"]["json"]["username"] == ["Keine gültige Zeichenkette."]
    assert "password" in response.json["errors"]["json"]
    assert "Missing data" not in json.dumps(response.json)


def test_csv_export_is_in_the_callers_language(owner):
    league, _matches = new_league(owner)
    texts = {}
    for language in ("de", "ru", "en"):
        exported = owner.get(f"/api/v1/leagues/{league}/export.csv?kind=rounds", headers={"Accept-Language": language})
        texts[language] = [row["explanation"] for row in csv.DictReader(io.StringIO(exported.data.decode()))]
    assert texts["de"] != texts["en"] != texts["ru"]
    assert any("\u0400" <= char <= "\u04ff" for char in "".join(texts["ru"]))
    assert not any("\u0400" <= char <= "\u04ff" for char in "".join(texts["de"] + texts["en"]))


@pytest.mark.parametrize("change", ["rename", "merge"])
def test_roster_changes_bump_every_affected_match(owner, change):
    league, _matches = new_league(owner)
    match = owner.post(
        "/api/v1/matches", json={"game": GAME.id, "players": list(PLAYERS), "league": league}
    ).json
    other = owner.post(
        "/api/v1/matches", json={"game": GAME.id, "players": list(PLAYERS), "league": league}
    ).json  # Ann plays a second league match
    # The Ann of the owner's casual matches is another roster's player: left as she is.
    casual = started(owner)
    casual_etag = owner.get(f"/api/v1/matches/{casual['id']}").headers["ETag"]
    before = {m["id"]: owner.get(f"/api/v1/matches/{m['id']}") for m in (match, other)}
    ann = before[match["id"]].json["players"][0]["player_id"]
    league_version = owner.get(f"/api/v1/leagues/{league}").json["version"]
    if change == "rename":
        assert owner.patch(f"/api/v1/players/{ann}", json={"name": "Annie"}).status_code == 200
        expected = (ann, "Annie")
    else:
        alias = owner.post(f"/api/v1/leagues/{league}/members", json={"name": "Anya"}).json
        assert owner.post(f"/api/v1/players/{ann}/merge", json={"into": alias["player_id"]}).status_code == 200
        expected = (alias["player_id"], "Anya")
    for match_id, old in before.items():
        fresh = owner.get(f"/api/v1/matches/{match_id}", headers={"If-None-Match": old.headers["ETag"]})
        assert fresh.status_code == 200 and fresh.headers["ETag"] != old.headers["ETag"]
        seat = fresh.json["players"][0]
        assert (seat["player_id"], seat["name"]) == expected
        assert fresh.json["version"] == old.json["version"] + 1
    assert owner.get(f"/api/v1/leagues/{league}").json["version"] > league_version
    assert owner.get(f"/api/v1/matches/{casual['id']}", headers={"If-None-Match": casual_etag}).status_code == 304


def test_a_failed_flush_is_a_409_with_the_json_body_in_the_readers_language(owner, monkeypatch):
    league, _matches = new_league(owner)

    def clashing_add(league_id, name, *, actor, reason=None):
        # What a concurrent request adding the same new name causes: a unique violation.
        db.session.add(Player(name="Ann", scope=f"league:{league_id}"))
        db.session.flush()

    monkeypatch.setattr(league_service, "add_member", clashing_add)
    response = owner.post(f"/api/v1/leagues/{league}/members", json={"name": "Zed"}, headers={"Accept-Language": "de"})
    assert response.status_code == 409
    assert response.json["error"] == "conflict"
    assert response.json["message"].startswith("das kollidiert")
    # The session was rolled back: the next request of this user works.
    assert owner.get(f"/api/v1/leagues/{league}").status_code == 200


def test_oversized_bodies_are_413_except_a_league_import(owner):
    too_big = {"game": GAME.id, "players": ["A" * 70_000, "B"]}
    for url in ("/api/v1/matches", "/api/v1/leagues", "/api/v1/users"):
        response = owner.post(url, json=too_big)
        assert response.status_code == 413 and response.json["error"] == "request_entity_too_large"
    league, _matches = new_league(owner)
    exported = owner.get(f"/api/v1/leagues/{league}/export").json
    exported["padding"] = "p" * 70_000  # an export of a bigger league, as far as size goes
    body = json.dumps(exported)
    assert len(body) > 64 * 1024
    response = owner.post("/api/v1/leagues/import", data=body, content_type="application/json")
    # Refused for the existing league, not for its size.
    assert response.status_code == 409 and response.json["error"] == "league_exists"
