"""The versions live streams watch: every write that bumps a match's version reaches a watch, and on PostgreSQL its NOTIFY is sent with the write's commit, never before."""
from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import update
from sqlalchemy.engine import make_url

from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.services.matches.changes import CHANNEL, ChangeHub
from tests.support.picks import any_game, rounds, seats

GAME = any_game()
PLAYERS = seats(GAME, ["Ann", "Bob", "Cid", "Dee"])
# A bound on every wait below (a watch not told by then fails the test; it is no speed figure).
TOLD_WITHIN = 30.0


def new_match(client) -> str:
    return client.post("/api/v1/matches", json={"game": GAME.id, "players": PLAYERS}).get_json()["id"]


def test_a_round_recorded_reaches_the_watch_of_its_match_only(client, clean_app):
    watched, other = new_match(client), new_match(client)
    with clean_app.app_context():
        hub = ChangeHub(db.engine)
    try:
        with hub.watch(watched) as watch, hub.watch(other) as bystander:
            assert watch.version == 1 and bystander.version == 1
            hand = rounds(GAME, PLAYERS, 1)[0]
            assert client.post(f"/api/v1/matches/{watched}/rounds", json=hand).status_code == 201
            assert watch.wait(TOLD_WITHIN)
            assert watch.version == 2 and not watch.gone
            assert bystander.version == 1
            # Undoing it is a write too: a newer version, never the old number again.
            assert client.delete(f"/api/v1/matches/{watched}/rounds/1").status_code in (200, 204)
            assert watch.wait(TOLD_WITHIN)
            assert watch.version == 3
    finally:
        hub.stop()


def test_the_notice_leaves_with_the_commit(client, clean_app):
    """PostgreSQL: the trigger notifies in the write's transaction; a listener hears nothing
    while it is open, and "id version" once it commits (and nothing of one rolled back)."""
    with clean_app.app_context():
        url = db.engine.url
        if url.get_backend_name() != "postgresql":
            pytest.skip("NOTIFY is PostgreSQL's (SQLite's streams poll the version)")
        address = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        match_id = new_match(client)
        with psycopg.connect(address, autocommit=True) as listener:
            listener.execute(f"LISTEN {CHANNEL}")
            db.session.execute(update(Match).where(Match.id == match_id).values(version=Match.version + 1))
            db.session.flush()
            assert list(listener.notifies(timeout=0.5)) == []
            db.session.rollback()
            assert list(listener.notifies(timeout=0.5)) == []
            db.session.execute(update(Match).where(Match.id == match_id).values(version=Match.version + 1))
            db.session.commit()
            heard = next(listener.notifies(timeout=TOLD_WITHIN, stop_after=1))
            assert (heard.channel, heard.payload) == (CHANNEL, f"{match_id} 2")
