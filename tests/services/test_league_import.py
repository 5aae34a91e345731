"""The bulk league import (services.league_import): a few hundred matches of every game stored
as the app itself stores a match recorded round by round, re-exported unchanged, with ledgers
equal to a rebuild; a refusal late in the document stores nothing. Its speed is bench/league_import.py's."""
from __future__ import annotations

import json
import re

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, League, LeagueLedger, Match, Player, Round, RoundSnapshot
from tests.support.api import post_round, sign_up
from tests.support.exports import league_export
from tests.support.match_results import forget, served
from tests.support.picks import inflated

MATCHES = 150


def as_exported(export: dict) -> dict:
    """The document as GET .../export writes it: players in id order."""
    return {**export, "players": sorted(export["players"], key=lambda player: player["id"])}


def without_ids(document: dict) -> dict:
    """A match's JSON without what differs between two copies of one match (ids, times, version)."""
    drop = {"id", "league", "version", "created_at", "updated_at"}
    plain = {key: value for key, value in document.items() if key not in drop}
    plain["players"] = [{**player, "player_id": None} for player in document["players"]]
    return plain


def stored_rows(app, match_id: str) -> dict:
    """What the database holds of a match, but its ids and times."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        rounds = db.session.execute(
            select(Round.number, Round.input, Round.scores, Round.confirmed).where(Round.match_id == match_id)
            .order_by(Round.number)
        ).all()
        latest = db.session.execute(
            select(RoundSnapshot.rounds, RoundSnapshot.body).where(RoundSnapshot.match_id == match_id)
            .order_by(RoundSnapshot.rounds.desc()).limit(1)
        ).one()
        result = json.loads(match.result)
        return {
            "summary": (match.game, match.options, match.sides, match.round_count, match.totals, match.finished,
                        match.winners, match.table_check),
            "result": {**result, "players": len(result["players"])},
            "rounds": [tuple(row) for row in rounds],
            "latest snapshot": tuple(latest),
        }


def test_an_import_stores_what_recording_stores_and_reexports_unchanged(clean_app):
    client = clean_app.test_client()
    sign_up(client, "importer")
    export = league_export(matches=MATCHES, seed=23)
    reply = client.post("/api/v1/leagues/import", json=export)
    assert reply.status_code == 201, reply.json
    league_id = export["league"]["id"]
    assert client.get(f"/api/v1/leagues/{league_id}/export").json == as_exported(export)

    # The first match of each game, recorded again round by round in a league of the same names.
    names = {player["id"]: player["name"] for player in export["players"]}
    again = client.post("/api/v1/leagues", json={"name": "Again", "members": sorted(names.values())}).json
    firsts = {}
    for match in export["matches"]:
        firsts.setdefault(match["game"], match)
    for imported in firsts.values():
        recorded = client.post("/api/v1/matches", json={
            "game": imported["game"], "players": [names[player] for player in imported["players"]],
            "options": imported["options"], "league": again["id"],
        }).json
        for round_ in imported["rounds"]:
            assert post_round(client, recorded["id"], round_["input"]).status_code == 201
        served_import = client.get(f"/api/v1/matches/{imported['id']}").json
        assert without_ids(served_import) == without_ids(client.get(f"/api/v1/matches/{recorded['id']}").json)
        assert served_import["created_at"] == imported["created_at"]
        assert stored_rows(clean_app, imported["id"]) == stored_rows(clean_app, recorded["id"])
        page = client.get(f"/matches/{imported['id']}")
        assert page.status_code == 200
        # The score sheet's totals, as the page shows them.
        for total in served_import["totals"]:
            assert re.search(rf">\s*{total}\s*<", page.get_data(as_text=True))

    with clean_app.app_context():
        assert db.session.scalar(
            select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "match.import")
        ) == MATCHES
        # The league's first ledgers were built by the import, in step with the league.
        version = db.session.get(League, league_id).version
        keys = set(db.session.scalars(
            select(LeagueLedger.key).where(LeagueLedger.league_id == league_id, LeagueLedger.version == version)
        ))
        assert {"standings:None:None", "ratings:None"} <= keys


def test_the_ledgers_an_import_builds_equal_a_rebuild(clean_app):
    client = clean_app.test_client()
    sign_up(client, "importer")
    export = league_export(matches=60, seed=5)
    assert client.post("/api/v1/leagues/import", json=export).status_code == 201
    league_id = export["league"]["id"]
    from_import = served(client, league_id)
    forget(clean_app)
    assert served(client, league_id) == from_import


def test_a_bad_last_match_refuses_the_whole_import_in_the_readers_language(clean_app):
    client = clean_app.test_client()
    sign_up(client, "importer")
    export = league_export(matches=40, seed=9)
    last = export["matches"][-1]
    last["rounds"][0]["input"] = inflated(last["rounds"][0]["input"])  # numbers no round can hold
    reply = client.post("/api/v1/leagues/import", json=export, headers={"Accept-Language": "de"})
    assert reply.status_code == 422, reply.json
    # The engine's refusal, worded in German like the rest of the message: not as an English
    # reader is told it (whichever game the last match is of).
    assert f"(Partie {last['id']}): Runde 1: " in reply.json["message"], reply.json["message"]
    english = client.post("/api/v1/leagues/import", json=export, headers={"Accept-Language": "en"})
    assert english.status_code == 422 and f"(match {last['id']}): round 1: " in english.json["message"], english.json
    german_refusal = reply.json["message"].split("Runde 1: ", 1)[1]
    assert german_refusal and german_refusal not in english.json["message"], (german_refusal, english.json["message"])
    with clean_app.app_context():
        for model in (League, Player, Match, Round, RoundSnapshot, LeagueLedger):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0, model
