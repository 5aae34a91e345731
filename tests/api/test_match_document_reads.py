"""GET match JSON serves the stored document's bytes: one statement, no schema pass, and a 304 for the ETag the phone has without reading the document."""
from __future__ import annotations

import json

from scorekeeper.api.matches import schemas
from scorekeeper.engine.games import get_game
from tests.support.api import create, post_round
from tests.support.picks import rounds
from tests.support.statements import statements


def first_round(match) -> dict:
    """A legal first round of the match's game, as its engine draws it."""
    return rounds(get_game(match["game"]), [player["name"] if isinstance(player, dict) else player for player in match["players"]], 1)[0]


def test_a_stored_document_is_served_by_one_statement_without_a_schema_pass(client, clean_app, monkeypatch):
    match = create(client)
    assert post_round(client, match["id"], first_round(match)).status_code == 201
    first = client.get(f"/api/v1/matches/{match['id']}")  # renders and stores this version's document
    assert first.status_code == 200

    def no_dump(*_args, **_kwargs):
        raise AssertionError("the stored document was dumped again")

    monkeypatch.setattr(schemas.MatchSchema, "dump", no_dump)
    with statements(clean_app) as sent:
        again = client.get(f"/api/v1/matches/{match['id']}")
    assert again.status_code == 200 and again.data == first.data, again.data[:200]
    assert json.loads(again.data)["rounds"][0]["number"] == 1
    assert again.headers["ETag"] == first.headers["ETag"] and again.mimetype == "application/json"
    assert len(sent) == 1, sent
    with statements(clean_app) as sent:
        unchanged = client.get(f"/api/v1/matches/{match['id']}", headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and unchanged.data == b"" and len(sent) == 1, sent
    # A phone's poll of an unchanged match reads its head, not its stored document.
    assert "match_renders" not in sent[0], sent
    assert unchanged.headers["ETag"] == first.headers["ETag"]


def test_a_new_round_makes_a_new_document(client, clean_app):
    match = create(client)
    before = client.get(f"/api/v1/matches/{match['id']}")
    assert post_round(client, match["id"], first_round(match)).status_code == 201
    with statements(clean_app) as sent:
        after = client.get(f"/api/v1/matches/{match['id']}", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert len(after.get_json()["rounds"]) == 1 and len(sent) > 1
