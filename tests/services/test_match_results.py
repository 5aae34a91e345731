"""The `result` column of league matches: after every kind of write (create, round, edit, undo,
confirm, rename, merge, import) it equals the seats and the summary columns, and the league
computed from it equals the league computed from the seats."""
from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

from sqlalchemy import select, update

from scorekeeper.extensions import db
from scorekeeper.models import Match, Seat
from scorekeeper.services.match_records import in_played_order
from tests.support.api import post_round, sign_up
from tests.support.database import empty_tables
from tests.support.leagues_data import new_league
from tests.support.match_results import forget, served
from tests.support.picks import any_game, finished_match, other_round, rounds, seats

PASSWORD = "correct horse battery"
DAY = datetime(2026, 12, 1, 20, 0)


def assert_results_match_the_seats(app) -> int:
    """Every league match's result is its seats and summary; casual matches have none. Returns the league matches checked."""
    with app.app_context():
        checked = 0
        for match in db.session.scalars(select(Match)):
            db.session.refresh(match)
            if match.league_id is None:
                assert match.result is None
                continue
            players = list(
                db.session.scalars(select(Seat.player_id).where(Seat.match_id == match.id).order_by(Seat.seat))
            )
            assert match.result is not None, match.id
            assert json.loads(match.result) == {
                "players": players, "sides": match.sides, "totals": match.totals, "winners": match.winners,
            }, match.id
            checked += 1
        return checked


def scoring_round(game, players, options) -> tuple[dict, list[int]]:
    """A legal first round that changes the totals, and the totals the engine gives it."""
    table = game.table(list(players), dict(options))
    before = list(game.initial_state(table).totals)
    for seed in range(1, 50):
        raw = rounds(game, players, 1, options, seed=seed)[0]
        after = list(game.play(table, game.initial_state(table), raw).totals)
        if after != before:
            return raw, after
    raise RuntimeError(f"every first round of {game.id} leaves the totals as they were")


def test_every_write_keeps_the_result_in_step_with_the_seats(clean_app):
    owner, scorer = clean_app.test_client(), clean_app.test_client()
    sign_up(owner, "owner", PASSWORD)
    sign_up(scorer, "scorer", PASSWORD)
    league, match_ids = new_league(owner)
    assert owner.put(f"/api/v1/leagues/{league}/roles/scorer", json={"role": "scorer"}).status_code == 200
    game = any_game()
    casual_players = seats(game, ["X", "Y", "Z", "W"])
    casual = owner.post("/api/v1/matches", json={"game": game.id, "players": casual_players}).json
    assert post_round(owner, casual["id"], rounds(game, casual_players, 1)[0]).status_code == 201
    assert assert_results_match_the_seats(clean_app) == len(match_ids)

    # A new league match (in progress), its rounds, an edit and an undo.
    players = seats(game, ["Cid", "Ann", "Eve", "Fay"])
    options, played = finished_match(game, players)
    assert len(played) > 1
    started = owner.post(
        "/api/v1/matches", json={"game": game.id, "players": players, "league": league, "options": options},
    ).json
    assert_results_match_the_seats(clean_app)
    assert post_round(owner, started["id"], played[0]).status_code == 201
    assert_results_match_the_seats(clean_app)
    edited = other_round(game, players, played[:1], 1, options)
    assert owner.put(f"/api/v1/matches/{started['id']}/rounds/1", json=edited).status_code == 200
    assert_results_match_the_seats(clean_app)
    assert owner.put(f"/api/v1/matches/{started['id']}/rounds/1", json=played[0]).status_code == 200
    for body in played[1:]:
        posted = post_round(owner, started["id"], body)
        assert posted.status_code == 201, posted.json
    assert owner.get(f"/api/v1/matches/{started['id']}").json["finished"]
    assert_results_match_the_seats(clean_app)
    assert owner.delete(f"/api/v1/matches/{started['id']}/rounds/{len(played)}").status_code == 204
    assert_results_match_the_seats(clean_app)

    # Table check: the round counts (and reaches the result) once the scorer confirms it.
    checked_players = seats(game, ["Bob", "Dan", "Gus", "Hal"])
    raw, totals = scoring_round(game, checked_players, {})
    checked = owner.post(
        "/api/v1/matches", json={"game": game.id, "players": checked_players, "league": league, "table_check": True},
    ).json
    assert post_round(owner, checked["id"], raw).status_code == 201
    assert_results_match_the_seats(clean_app)
    with clean_app.app_context():
        assert json.loads(db.session.get(Match, checked["id"]).result)["totals"] != totals
    assert scorer.post(f"/api/v1/matches/{checked['id']}/rounds/1/confirm", json={}).status_code == 200
    with clean_app.app_context():
        assert json.loads(db.session.get(Match, checked["id"]).result)["totals"] == totals
    assert_results_match_the_seats(clean_app)

    # A rename changes no id; a merge moves seats, and the results with them.
    members = {member["name"]: member["player_id"] for member in owner.get(f"/api/v1/leagues/{league}").json["members"]}
    assert owner.patch(f"/api/v1/players/{members['Ann']}", json={"name": "Anna"}).status_code == 200
    assert_results_match_the_seats(clean_app)
    merged = owner.post(f"/api/v1/players/{members['Eve']}/merge", json={"into": members["Dan"]})
    assert merged.status_code == 200, merged.json
    assert_results_match_the_seats(clean_app)
    with clean_app.app_context():
        assert members["Eve"] not in "".join(db.session.scalars(select(Match.result).where(Match.result.is_not(None))))

    # An imported league's matches carry their results too.
    export = owner.get(f"/api/v1/leagues/{league}/export").json
    empty_tables(clean_app)
    importer = clean_app.test_client()
    sign_up(importer, "importer", PASSWORD)
    response = importer.post("/api/v1/leagues/import", json=export)
    assert response.status_code == 201, response.json
    assert assert_results_match_the_seats(clean_app) == len(export["matches"])


def test_the_league_from_the_results_equals_the_league_from_the_seats(clean_app):
    owner = clean_app.test_client()
    sign_up(owner, "owner", PASSWORD)
    league, _ = new_league(owner)
    from_results = served(owner, league)
    forget(clean_app)
    with clean_app.app_context():
        # Results written by code before the column: the reads fall back to the seats.
        db.session.execute(update(Match).values(result=None))
        db.session.commit()
    assert served(owner, league) == from_results


def test_matches_of_the_same_time_come_in_id_order_whatever_order_the_database_gave():
    """The bulk read orders by time in SQL and by id in Python (a database's collation may
    compare ids otherwise): the played order of every league computation."""
    rng = random.Random(16)
    for _ in range(500):
        rows = [
            (f"{rng.choice('abcXYZ12_-')}{index}", any_game().id, DAY + timedelta(minutes=rng.randint(0, 4)), 1, [], [], (), [])
            for index in range(rng.randint(0, 12))
        ]
        as_given = sorted(rng.sample(rows, len(rows)), key=lambda row: row[2])
        assert list(in_played_order(as_given)) == sorted(rows, key=lambda row: (row[2], row[0]))


def test_ratings_with_history_replay_to_the_ledgers_ratings(clean_app):
    owner = clean_app.test_client()
    sign_up(owner, "owner", PASSWORD)
    league, _ = new_league(owner)
    kept = owner.get(f"/api/v1/leagues/{league}/ratings").json["players"]
    replayed = owner.get(f"/api/v1/leagues/{league}/ratings?history=true").json["players"]
    assert [{key: value for key, value in player.items() if key != "history"} for player in replayed] == kept
    for player in replayed:
        assert len(player["history"]) == player["matches"]
        assert player["history"][-1]["ordinal"] == player["ordinal"]
