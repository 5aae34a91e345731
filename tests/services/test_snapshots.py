"""Writes from stored snapshots: after every record, edit, undo and confirm the stored state is
what replaying every round gives, for every game; a missing or older snapshot is rebuilt by replay."""
from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import select, update

from scorekeeper.engine.core.base import SNAPSHOT_FORMAT
from scorekeeper.engine.games import Game, RuleError, all_games
from scorekeeper.extensions import db
from scorekeeper.models import RoundSnapshot
from tests.support.api import post_round
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.picks import any_game, rounds, seats

GAMES = all_games()
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


def stored_snapshots(app, match_id: str) -> dict[int, dict[str, Any]]:
    with app.app_context():
        rows = db.session.execute(select(RoundSnapshot.rounds, RoundSnapshot.body).where(RoundSnapshot.match_id == match_id))
        return {row.rounds: row.body for row in rows}


def check_against_replay(app, client, game: Game, table, match_id: str, inputs: list[Any]) -> None:
    """The served match and the latest stored snapshot agree with a replay of `inputs`."""
    replayed = game.replay(table, inputs)
    served = client.get(f"/api/v1/matches/{match_id}").json
    assert served["totals"] == list(replayed.totals)
    assert served["finished"] == replayed.finished and served["winners"] == list(replayed.winners)
    assert [round_["scores"] for round_ in served["rounds"]] == [list(r.score.scores) for r in replayed.rounds]
    snapshots = stored_snapshots(app, match_id)
    if inputs:
        assert max(snapshots) == len(inputs)
        assert snapshots[len(inputs)] == game.snapshot(replayed)
    for count, body in snapshots.items():
        # Every snapshot kept describes the rounds as they are recorded now.
        assert body == game.snapshot(game.replay(table, inputs[:count]))


@pytest.mark.parametrize("game_id", [game.id for game in GAMES])
@pytest.mark.parametrize("seed", [1, 2])
def test_record_edit_undo_from_snapshots_equal_replay(clean_app, client, game_id, seed):
    game = next(game for game in GAMES if game.id == game_id)
    counts, options, _generate = generator_for(game)
    rng = random.Random(seed)
    players = NAMES[: rng.choice(counts)]
    table = game.table(players, dict(options))
    match = client.post("/api/v1/matches", json={"game": game_id, "players": players, "options": dict(options)}).json
    inputs: list[Any] = []
    state = game.initial_state(table)
    for _step in range(7):
        if state.finished:
            break
        raw, state = legal_round(rng, game, table, state)
        response = post_round(client, match["id"], raw)
        assert response.status_code == 201, response.json
        assert response.json["scores"] == list(state.rounds[-1].score.scores)
        inputs.append(raw)
        check_against_replay(clean_app, client, game, table, match["id"], inputs)
    # Edits of random rounds: the engine's own replay says whether the later rounds still hold.
    for _edit in range(3):
        number = rng.randint(1, len(inputs))
        raw, _after = legal_round(rng, game, table, game.replay(table, inputs[: number - 1]))
        edited = [*inputs[: number - 1], raw, *inputs[number:]]
        try:
            game.replay(table, edited)
            holds = True
        except RuleError:
            holds = False
        response = client.put(f"/api/v1/matches/{match['id']}/rounds/{number}", json=raw)
        assert response.status_code == (200 if holds else 422), response.json
        if holds:
            inputs = edited
        check_against_replay(clean_app, client, game, table, match["id"], inputs)
    while inputs:
        assert client.delete(f"/api/v1/matches/{match['id']}/rounds/{len(inputs)}").status_code == 204
        inputs.pop()
        check_against_replay(clean_app, client, game, table, match["id"], inputs)


@pytest.mark.parametrize("spoil", ["older-format", "missing"])
def test_an_older_or_missing_snapshot_is_rebuilt_by_replay(clean_app, client, spoil):
    game = any_game()
    players = seats(game, ["A", "B", "C", "D"])
    hands = rounds(game, players, 3)
    match = client.post("/api/v1/matches", json={"game": game.id, "players": players}).json
    for raw in hands[:2]:
        assert post_round(client, match["id"], raw).status_code == 201
    with clean_app.app_context():
        if spoil == "missing":
            db.session.execute(RoundSnapshot.__table__.delete())
        else:
            body = db.session.scalar(select(RoundSnapshot.body).where(RoundSnapshot.rounds == 2))
            db.session.execute(
                update(RoundSnapshot).where(RoundSnapshot.rounds == 2).values(body={**body, "format": SNAPSHOT_FORMAT - 1, "totals": [999] * len(body["totals"])})
            )
        db.session.commit()
    assert post_round(client, match["id"], hands[2]).status_code == 201
    check_against_replay(clean_app, client, game, game.table(players), match["id"], hands)
    assert stored_snapshots(clean_app, match["id"])[3]["format"] == SNAPSHOT_FORMAT


def test_table_check_stores_a_snapshot_only_once_the_round_counts(clean_app):
    first_phone, second_phone = clean_app.test_client(), clean_app.test_client()
    game = any_game()
    players = seats(game, ["A", "B"])
    hands = rounds(game, players, 2)
    match = first_phone.post("/api/v1/matches", json={"game": game.id, "players": players, "table_check": True}).json
    assert second_phone.get(f"/matches/{match['id']}").status_code == 200
    assert post_round(first_phone, match["id"], hands[0]).status_code == 201
    assert stored_snapshots(clean_app, match["id"]) == {}
    assert second_phone.post(f"/api/v1/matches/{match['id']}/rounds/1/confirm", json={}).status_code == 200
    assert stored_snapshots(clean_app, match["id"])[1]["totals"] == list(game.replay(game.table(players), hands[:1]).totals)
    assert post_round(first_phone, match["id"], hands[1]).status_code == 201
    assert second_phone.delete(f"/api/v1/matches/{match['id']}/rounds/2").status_code == 204
    assert set(stored_snapshots(clean_app, match["id"])) == {1}
