"""The round write on the driver's cursor (services.driver, recording.DriverWrite): it stores what the session's write stores, byte for byte, for every game; it is the write a common round takes; what it cannot finish goes to the session; on SQLite its writers wait in one line."""
from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import create_engine, insert, select, text

from scorekeeper.extensions import db
from scorekeeper.games import all_games
from scorekeeper.i18n import reader_language
from scorekeeper.models import AuditEntry
from scorekeeper.services import Actor
from scorekeeper.services.driver import driver_transaction, in_line, writers_line
from scorekeeper.services.matches import recording
from tests.api.helpers import sign_up
from tests.games.legal_rounds import generator_for, legal_round
from tests.picks import any_game, rounds, seats
from tests.statements import statements

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
# Columns whose values differ between two writes by nature: ids and the moments written.
MOMENTS = {"id", "match_id", "created_at", "updated_at", "at"}
# Each table: the match's column, and the order its rows are compared in.
TABLES = {
    "matches": ("id", "id"),
    "rounds": ("match_id", "number"),
    "round_snapshots": ("match_id", "rounds"),
    "audit_entries": ("match_id", "id"),
}


@contextmanager
def statements_seen(app) -> Iterator[list[bool]]:
    """Per statement of this thread, whether it ran on the driver's cursor."""
    with statements(app) as sent:
        seen: list[bool] = []
        yield seen
    seen.extend(statement.on_driver for statement in sent)


def stored_rows(app, match_id: str) -> dict[str, list[dict[str, Any]]]:
    """The match's rows as the database holds them (no type processing: JSON as its text,
    SQLite's datetimes as theirs), without ids and moments."""
    with app.app_context():
        connection = db.session.connection()
        rows = {
            table: [
                {name: value for name, value in row.items() if name not in MOMENTS}
                for row in connection.execute(
                    text(f"SELECT * FROM {table} WHERE {key} = :id ORDER BY {order}"), {"id": match_id}
                ).mappings()
            ]
            for table, (key, order) in TABLES.items()
        }
        db.session.rollback()
    return rows


def began_on_the_driver_and_wrote_on_the_session(seen: list[bool]) -> bool:
    """The lock (and what came before the need for the session) on the driver's cursor,
    then every statement on the session's connection."""
    if False not in seen:
        return False
    driver, session = seen[: seen.index(False)], seen[seen.index(False) :]
    return bool(driver) and not any(session)


def on_the_session(monkeypatch) -> None:
    """Every round written from here on the session, as before the driver's write."""

    @contextmanager
    def unavailable(*_args):
        raise recording.NeedsSession
        yield

    monkeypatch.setattr(recording, "driver_transaction", unavailable)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_the_driver_stores_what_the_session_stores(clean_app, client, monkeypatch, game):
    """Twin matches, the same rounds: one written on the driver's cursor, one on the
    session. Their rows are the same text (JSON, booleans, versions, results, the
    audit's null before), and the driver's write ran no statement on a Core connection."""
    counts, options, _generate = generator_for(game)
    rng = random.Random(7)
    players = NAMES[: counts[0]]
    table = game.table(players, dict(options))
    twins = [
        client.post("/api/v1/matches", json={"game": game.id, "players": players, "options": dict(options)}).json["id"]
        for _ in range(2)
    ]
    state = game.initial_state(table)
    inputs = []
    for _step in range(3):
        if state.finished:
            break
        raw, state = legal_round(rng, game, table, state)
        inputs.append(raw)
    for match_id, driver in zip(twins, (True, False), strict=True):
        if not driver:
            on_the_session(monkeypatch)
        for raw in inputs:
            with statements_seen(clean_app) as seen:
                assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
            assert all(seen) == driver and seen, seen
    driven, written = (stored_rows(clean_app, match_id) for match_id in twins)
    assert driven == written


def test_the_driver_reads_and_writes_values_as_core_does(app_context):
    """JSON (a None as JSON's null), a datetime and text through the driver, against Core's
    own insert and select of the same values."""
    game = any_game()
    match = app_context.test_client().post("/api/v1/matches", json={"game": game.id, "players": seats(game, NAMES)}).json
    at = datetime(2026, 12, 5, 14, 30, 1, 123456)
    values = {"match_id": match["id"], "actor": "phone", "user_id": None, "action": "round.create",
              "round_number": 1, "before": None, "after": {"style": [1, "ü"]}, "reason": None, "at": at}
    table = AuditEntry.__table__
    with driver_transaction(db.engine, recording.DriverWrite) as write:
        write.execute(insert(table), {**values, "action": "driver"})
        write.commit()
    db.session.execute(insert(table), {**values, "action": "core"})
    db.session.commit()
    raw = {row.action: row for row in db.session.execute(text("SELECT action, before, after, at FROM audit_entries"))}
    assert (raw["driver"].before, raw["driver"].after, raw["driver"].at) == (raw["core"].before, raw["core"].after, raw["core"].at)
    columns = select(table.c.action, table.c.before, table.c.after, table.c.at).where(table.c.action == "driver")
    with driver_transaction(db.engine, recording.DriverWrite) as write:
        read = write.execute(columns, {}).first()
    assert (read.before, read.after, read.at) == (None, {"style": [1, "ü"]}, at)


def test_writes_the_driver_cannot_finish_are_the_sessions(clean_app, client):
    """A round with If-Match, a round whose state is rebuilt from its rounds (no snapshot of
    them) and a league match's round (its ledgers) are written on the session, whole; the
    last two are locked on the driver's cursor first, rolled back, and written again."""
    game = any_game()
    players = seats(game, NAMES)
    first, second = rounds(game, players, 2)
    casual = client.post("/api/v1/matches", json={"game": game.id, "players": players}).json["id"]
    with statements_seen(clean_app) as seen:
        assert client.post(f"/api/v1/matches/{casual}/rounds", json=first, headers={"If-Match": "*"}).status_code == 201
    assert seen and not any(seen)
    with clean_app.app_context():
        db.session.execute(text("DELETE FROM round_snapshots WHERE match_id = :id"), {"id": casual})
        db.session.commit()
    with statements_seen(clean_app) as seen:
        assert client.post(f"/api/v1/matches/{casual}/rounds", json=second).status_code == 201
    assert began_on_the_driver_and_wrote_on_the_session(seen), seen
    assert len(stored_rows(clean_app, casual)["rounds"]) == 2

    owner = sign_up(client, "owner")
    league = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    match = client.post("/api/v1/matches", json={"game": game.id, "players": players, "league": league}).json["id"]
    with clean_app.app_context(), reader_language("en"), statements_seen(clean_app) as seen:
        recorded = recording.record_round(match, first, actor=Actor(user_id=owner["id"], label="owner"))
    assert recorded.number == 1 and recorded.created
    assert began_on_the_driver_and_wrote_on_the_session(seen), seen
    assert client.get(f"/api/v1/leagues/{league}/standings").status_code == 200
    # Its result, which the league's ledgers read, moved with the round.
    [row] = stored_rows(clean_app, match)["matches"]
    assert row["round_count"] == 1 and row["result"] and json.loads(row["result"])


def test_a_writer_that_waited_for_the_lock_reads_the_snapshot_again_on_the_driver(clean_app, client, monkeypatch):
    """On PostgreSQL a writer that waited for another's lock has, from its lock statement,
    the snapshot from before that writer's round. It reads the latest one again under the
    lock, on the driver's cursor, and plays its round on it (as if every write had waited)."""
    game = any_game()
    players = seats(game, NAMES)
    drawn = rounds(game, players, 3)
    match_id = client.post("/api/v1/matches", json={"game": game.id, "players": players}).json["id"]
    assert client.post(f"/api/v1/matches/{match_id}/rounds", json=drawn[0]).status_code == 201
    monkeypatch.setattr(recording, "_snapshot_is_latest", lambda _locked: False)
    for raw in drawn[1:]:
        with statements(clean_app) as sent:
            assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
        assert all(statement.on_driver for statement in sent)
        assert sum("FROM round_snapshots" in statement for statement in sent) == 2  # the lock's and the new read
    served = client.get(f"/api/v1/matches/{match_id}").json
    replayed = game.replay(game.table(players, {}), drawn)
    assert served["totals"] == list(replayed.totals)
    assert [round_["scores"] for round_ in served["rounds"]] == [list(r.score.scores) for r in replayed.rounds]


def test_round_writes_of_a_sqlite_file_wait_in_the_writers_line(clean_app, client):
    """On SQLite the driver's writers wait in one line (a file lock beside the database,
    services.driver.writers_line), not in SQLite's busy handler, which sleeps between its
    tries: a round posted while another writer holds the line is recorded as soon as the
    line is let go, and not before."""
    with clean_app.app_context():
        line = writers_line(db.engine)
        assert writers_line(create_engine("sqlite://")) is None  # in memory: one connection, no line
    if not clean_app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        assert line is None  # PostgreSQL's lock is the match's row, taken in turn
        return
    assert line is not None
    game = any_game()
    players = seats(game, NAMES)
    [raw] = rounds(game, players, 1)
    match_id = client.post("/api/v1/matches", json={"game": game.id, "players": players}).json["id"]
    answers: list[int] = []
    second_phone = clean_app.test_client()
    poster = threading.Thread(
        target=lambda: answers.append(second_phone.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code)
    )
    with in_line(line):
        poster.start()
        poster.join(timeout=0.5)
        assert poster.is_alive() and not answers  # waiting in line
        assert client.get(f"/api/v1/matches/{match_id}").json["rounds"] == []
    poster.join(timeout=30)
    assert answers == [201]
    assert len(client.get(f"/api/v1/matches/{match_id}").json["rounds"]) == 1
