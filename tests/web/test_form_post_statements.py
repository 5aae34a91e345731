"""A round posted by form costs the database what the API's post costs, and the read of the match
as it stands that reading a form needs (its snapshot): no round of the match is read or replayed."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from tests.support.legal_rounds import legal_round
from tests.support.statements import statements


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_a_form_post_takes_no_more_statements_than_the_api_post(client, clean_app, game):
    players = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][: adapter_for(game).first_seat_count()]
    match = client.post("/api/v1/matches", json={"game": game.id, "players": players}).get_json()
    table = game.table(players, match["options"])
    state = game.initial_state(table)
    rng = random.Random(4)
    raw, state = legal_round(rng, game, table, state)  # round 1: every later round plays on from a snapshot
    assert client.post(f"/api/v1/matches/{match['id']}/rounds", json=raw).status_code == 201
    hints = state.next
    raw, state = legal_round(rng, game, table, state)
    form = {**adapter_for(game).form_values(raw, table, hints), "expected_number": "2"}
    client.csrf_token()  # the page the form came from, read before the post as a browser has it
    with statements(clean_app) as by_form:
        assert client.post(f"/matches/{match['id']}/rounds", data=form).status_code == 303
    raw, state = legal_round(rng, game, table, state)
    with statements(clean_app) as by_api:
        assert client.post(f"/api/v1/matches/{match['id']}/rounds", json=raw).status_code == 201
    # The form's read: the match, its seats, its snapshot and a waiting round (or an open bidding).
    assert len(by_form) <= len(by_api) + 6, "\n".join(by_form)
    assert not [statement for statement in by_form if "SELECT rounds.input" in statement], "\n\n".join(by_form)
    # The match's snapshot: the form's read and the write's own (the lock statement).
    reads = [statement for statement in by_form if "FROM round_snapshots" in statement]
    assert len(reads) <= 2 and len([statement for statement in by_api if "FROM round_snapshots" in statement]) == 1, "\n\n".join(reads)
