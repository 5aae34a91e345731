"""League ledgers in the database: after every recorded, edited and undone round of interleaved
league matches, the standings and ratings served from the ledgers moved along by the writes
equal a recomputation from every match, and the ledgers were not rebuilt on the way."""
from __future__ import annotations

import random

import pytest
from sqlalchemy import delete, select

from scorekeeper.extensions import db
from scorekeeper.league import ledgers
from scorekeeper.models import CachedResult, League, LeagueLedger, RatingCheckpoint
from tests.support.api import post_round, sign_up
from tests.support.leagues_data import new_league
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.picks import any_game, games
from tests.support.statements import statements

GAME = any_game()
# A game of the league's and one nobody plays in it.
UNPLAYED = next(game for game in games() if game.id != GAME.id)
VIEWS = ("standings", "ratings", f"standings?game={GAME.id}", f"ratings?game={GAME.id}", f"ratings?game={UNPLAYED.id}")
PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def served(client, league_id: str, season_id: str) -> dict[str, object]:
    views = {path: client.get(f"/api/v1/leagues/{league_id}/{path}").json for path in VIEWS}
    views["season"] = client.get(f"/api/v1/leagues/{league_id}/standings?season={season_id}").json
    return views


def forget(app) -> None:
    """Every ledger, checkpoint and cached result dropped."""
    with app.app_context():
        for table in (LeagueLedger, RatingCheckpoint, CachedResult):
            db.session.execute(delete(table))
        db.session.commit()


def recomputed(app, client, league_id: str, season_id: str) -> dict[str, object]:
    """What the league serves when nothing was kept."""
    forget(app)
    return served(client, league_id, season_id)


def in_step(app, league_id: str) -> set[str]:
    with app.app_context():
        version = db.session.scalar(select(League.version).where(League.id == league_id))
        return set(db.session.scalars(select(LeagueLedger.key).where(LeagueLedger.league_id == league_id, LeagueLedger.version == version)))


@pytest.mark.parametrize("seed", [3, 4])
def test_ledgers_moved_by_writes_equal_a_recomputation(clean_app, client, monkeypatch, seed):
    # Checkpoints every two matches, so that late finishers rewind to one.
    monkeypatch.setattr(ledgers, "CHECKPOINT_EVERY", 2)
    rng = random.Random(seed)
    sign_up(client, "owner")
    league_id = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    season_id = client.post(
        f"/api/v1/leagues/{league_id}/seasons",
        json={"name": "All year", "starts_on": "2000-01-01", "ends_on": "2100-12-31", "games": [GAME.id]},
    ).json["id"]
    sizes, options, _generator = generator_for(GAME)  # the generator's options keep a match short
    matches = []
    tables = {}
    for _number in range(6):
        players = rng.sample(PLAYERS, rng.choice([size for size in sizes if size <= len(PLAYERS)]))
        match = client.post(
            "/api/v1/matches", json={"game": GAME.id, "players": players, "options": options, "league": league_id}
        ).json
        matches.append(match)
        table = GAME.table(players, dict(options))
        tables[match["id"]] = [table, GAME.initial_state(table)]
    served(client, league_id, season_id)
    kept = in_step(clean_app, league_id)
    assert {"standings:None:None", "ratings:None", f"standings:{season_id}:None"} <= kept
    open_matches = list(matches)
    steps = 0
    while open_matches:
        # Interleaved: a match started early often finishes after later ones (played order is the start).
        match = rng.choice(open_matches)
        table, state = tables[match["id"]]
        raw, state = legal_round(rng, GAME, table, state)
        tables[match["id"]][1] = state
        response = post_round(client, match["id"], raw)
        assert response.status_code == 201, response.json
        assert client.get(f"/api/v1/matches/{match['id']}").json["finished"] is state.finished
        if state.finished:
            open_matches.remove(match)
        steps += 1
        if steps % 3 == 0 or not open_matches:
            assert in_step(clean_app, league_id) == kept
            assert served(client, league_id, season_id) == recomputed(clean_app, client, league_id, season_id)
            served(client, league_id, season_id)
            kept = in_step(clean_app, league_id)
    # Corrections of finished matches: an edit of the first round of the first match, then an undo.
    first = matches[0]["id"]
    table = tables[first][0]
    played = tables[first][1].rounds[0].input
    # Another first round: taken, or refused whole when the rounds after it no longer follow.
    edit = next(raw for seed in range(50) if (raw := legal_round(random.Random(seed), GAME, table, GAME.initial_state(table))[0]) != played)
    edited = client.put(f"/api/v1/matches/{first}/rounds/1", json=edit)
    assert edited.status_code in (200, 422), edited.json
    assert in_step(clean_app, league_id) == kept
    assert served(client, league_id, season_id) == recomputed(clean_app, client, league_id, season_id)
    served(client, league_id, season_id)
    last = client.get(f"/api/v1/matches/{matches[-1]['id']}").json
    assert client.delete(f"/api/v1/matches/{last['id']}/rounds/{len(last['rounds'])}").status_code == 204
    assert kept <= in_step(clean_app, league_id)
    assert served(client, league_id, season_id) == recomputed(clean_app, client, league_id, season_id)


def checkpoints(app, league_id: str) -> list[tuple[str, int, str]]:
    with app.app_context():
        return [tuple(row) for row in db.session.execute(
            select(RatingCheckpoint.key, RatingCheckpoint.rated, RatingCheckpoint.body)
            .where(RatingCheckpoint.league_id == league_id).order_by(RatingCheckpoint.key, RatingCheckpoint.rated)
        )]


@pytest.mark.parametrize("first", ["standings", "ratings"])
def test_a_first_computation_builds_standings_and_ratings_in_one_read_of_the_matches(clean_app, client, monkeypatch, first):
    monkeypatch.setattr(ledgers, "CHECKPOINT_EVERY", 2)
    sign_up(client, "owner")
    league_id, _matches = new_league(client)
    other = "ratings" if first == "standings" else "standings"
    keys = {"standings": "standings:None:None", "ratings": "ratings:None"}
    alone = {}
    for view in (first, other):
        forget(clean_app)
        client.get(f"/api/v1/leagues/{league_id}/{view}")
        # This one dropped again, the other one kept: it is built alone, as before.
        with clean_app.app_context():
            db.session.execute(delete(LeagueLedger).where(LeagueLedger.key == keys[view]))
            db.session.execute(delete(RatingCheckpoint).where(RatingCheckpoint.key == keys[view]))
            db.session.execute(delete(CachedResult))
            db.session.commit()
        alone[view] = client.get(f"/api/v1/leagues/{league_id}/{view}").json
        if view == "ratings":
            alone_checkpoints = checkpoints(clean_app, league_id)
    forget(clean_app)
    with statements(clean_app) as sent:
        answer = client.get(f"/api/v1/leagues/{league_id}/{first}").json
    assert {"standings:None:None", "ratings:None"} <= in_step(clean_app, league_id)
    assert len([statement for statement in sent if "FROM matches" in statement and "result" in statement]) == 1, sent
    with statements(clean_app) as sent:
        then = client.get(f"/api/v1/leagues/{league_id}/{other}").json
    assert not [statement for statement in sent if "FROM matches" in statement], sent
    assert (answer, then) == (alone[first], alone[other])
    assert checkpoints(clean_app, league_id) == alone_checkpoints and alone_checkpoints
