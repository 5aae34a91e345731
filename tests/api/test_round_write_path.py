"""Recording a round plays it on the latest snapshot, read by the lock statement itself, for every match: no snapshot read, replay or rewrite of the snapshots after the lock."""
from __future__ import annotations

from scorekeeper.engine.games import get_game
from tests.support.api import create, post_round
from tests.support.picks import rounds
from tests.support.statements import statements


def test_a_round_of_any_match_is_recorded_on_the_snapshot_the_lock_read(client, clean_app):
    # Several matches: SQLite's RETURNING once named `id = id` for `seen.id = matches.id`,
    # which read the first match's version, and every other match's write took the
    # general path (a snapshot read, the rounds after it, a delete and an insert).
    matches = [create(client) for _ in range(3)]
    # The first match keeps its first version: the others' versions run ahead of it.
    for match in matches[1:]:
        game = get_game(match["game"])
        drawn = rounds(game, [player["name"] for player in match["players"]], 3)
        assert post_round(client, match["id"], drawn[0]).status_code == 201
        with statements(clean_app) as sent:
            assert post_round(client, match["id"], drawn[1]).status_code == 201
        reads = [statement for statement in sent if statement.lstrip().upper().startswith(("SELECT", "DELETE"))]
        assert not any("round_snapshots" in statement or "FROM rounds" in statement for statement in reads), reads
