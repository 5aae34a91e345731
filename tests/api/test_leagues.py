"""Leagues over the API: members, seasons, standings, ratings, records, export and import
(figures from the engine replaying the matches; a game's own worked league is in its own test file)."""
from __future__ import annotations

import csv
import io
import random
from collections import Counter
from typing import Any

from scorekeeper.engine.games import Game, RuleError, all_games, game_ids, get_game
from scorekeeper.extensions import db
from scorekeeper.league import StoredMatch, ratings
from scorekeeper.services.leagues import stored_matches
from tests.support.api import create, post_round, sign_up
from tests.support.database import empty_tables
from tests.support.game_copies import registered_copy
from tests.support.leagues_data import LEAGUE_PLAYS, finishes, new_league
from tests.support.legal_rounds import legal_round
from tests.support.picks import any_game, finished_match, inflated, seats

GAME = any_game()
NAMES = ["Ann", "Bob", "Cid", "Dan"]


def league_views(client, league: str) -> dict:
    """Everything a league serves, for comparing two databases."""
    views = {}
    paths = ["standings", "ratings", "records", "head-to-head"]
    paths += [f"{view}?game={game.id}" for game in all_games() for view in ("standings", "ratings")]
    for path in paths:
        response = client.get(f"/api/v1/leagues/{league}/{path}")
        assert response.status_code == 200, (path, response.json)
        views[path] = response.json
    export = client.get(f"/api/v1/leagues/{league}/export").json
    views["matches"] = {
        match["id"]: {key: value for key, value in client.get(f"/api/v1/matches/{match['id']}").json.items() if key != "version"}
        for match in export["matches"]
    }
    return views


def expected_rows(game: Game, matches: list[tuple[list[str], dict[str, Any], list[dict[str, Any]]]]) -> dict[str, tuple]:
    """Each player's (played, wins, points, rounds) over finished matches, worked out from the
    engine's replay: a win is being on a winning side, the points are the side's totals."""
    rows: dict[str, list[int]] = {}
    for players, options, played in matches:
        table = game.table(players, options)
        state = game.replay(table, played)
        assert state.finished
        for seat, name in enumerate(players):
            side = table.side_of(seat)
            row = rows.setdefault(name, [0, 0, 0, 0])
            row[0] += 1
            row[1] += side in state.winners
            row[2] += state.totals[side]
            row[3] += len(played)
    return {name: tuple(row) for name, row in rows.items()}


def served_rows(client, league: str) -> dict[str, tuple]:
    rows = client.get(f"/api/v1/leagues/{league}/standings").json["rows"]
    return {row["name"]: (row["played"], row["wins"], row["points"], row["rounds"]) for row in rows}


def a_correction(game: Game, players: list[str], options: dict[str, Any], played: list[dict[str, Any]]) -> tuple[int, dict[str, Any]]:
    """A round to put in place of one of `played` (the last first) that keeps the match finished
    with other winners: a correction that changes who won."""
    table = game.table(players, options)
    winners = game.replay(table, played).winners
    rng = random.Random(5)
    for number in range(len(played), 0, -1):
        before = game.replay(table, played[: number - 1])
        for _attempt in range(100):
            raw = legal_round(rng, game, table, before)[0]
            try:
                state = game.replay(table, [*played[: number - 1], raw, *played[number:]])
            except RuleError:
                continue
            if state.finished and state.winners != winners:
                return number, raw
    raise RuntimeError(f"no correction of this {game.id} match changes its winners")


def test_league_standings_worked_out_from_the_engine(owner):
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    players = seats(GAME, NAMES)
    matches = []
    for seed in (1, 2, 3):
        options, played = finished_match(GAME, players, seed=seed)
        match = client.post(
            "/api/v1/matches", json={"game": GAME.id, "players": players, "options": options, "league": league},
        ).json
        for body in played:
            assert post_round(client, match["id"], body).status_code == 201
        matches.append((players, options, played))
    expected = expected_rows(GAME, matches)
    assert served_rows(client, league) == expected
    for row in client.get(f"/api/v1/leagues/{league}/standings").json["rows"]:
        played_count, wins, points, rounds = expected[row["name"]]
        assert row["win_rate"] == wins / played_count
        assert row["avg_points_per_match"] == points / played_count
        assert row["avg_points_per_round"] == points / rounds
    members = {m["name"] for m in client.get(f"/api/v1/leagues/{league}").json["members"]}
    assert members == set(players)  # players of league matches join the league


def test_standings_follow_a_correction_and_the_cache_does_not_serve_stale_rows(owner):
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "Mondays"}).json["id"]
    players = seats(GAME, NAMES)
    options, played = finished_match(GAME, players)
    match = client.post(
        "/api/v1/matches", json={"game": GAME.id, "players": players, "options": options, "league": league}
    ).json
    for body in played:
        post_round(client, match["id"], body)
    assert served_rows(client, league) == expected_rows(GAME, [(players, options, played)])
    number, raw = a_correction(GAME, players, options, played)
    corrected = [*played[: number - 1], raw, *played[number:]]
    assert client.put(f"/api/v1/matches/{match['id']}/rounds/{number}", json=raw).status_code == 200
    assert served_rows(client, league) == expected_rows(GAME, [(players, options, corrected)])


def test_seasons_filter_by_game_and_rank_by_minimum_matches(owner):
    client = owner
    league, _ = new_league(client)
    # The game of most finished matches in the league; the season ranks its most regular players.
    finished = [(game, players) for game, players, options, rounds in LEAGUE_PLAYS if finishes(get_game(game), players, options, rounds)]
    game = Counter(game for game, _players in finished).most_common(1)[0][0]
    played = Counter(name for played_game, players in finished if played_game == game for name in players)
    most = max(played.values())
    assert most > 1 and min(played.values()) < most, "the league's matches rank no one in a season"
    season = client.post(
        f"/api/v1/leagues/{league}/seasons",
        json={"name": "One game", "starts_on": "2000-01-01", "ends_on": "2999-12-31", "games": [game], "min_matches": most},
    )
    assert season.status_code == 201
    table = client.get(f"/api/v1/leagues/{league}/standings?season={season.json['id']}").json
    assert {row["name"]: (row["played"], row["ranked"]) for row in table["rows"]} == {
        name: (count, count >= most) for name, count in played.items()
    }
    ranked = [row["ranked"] for row in table["rows"]]
    assert ranked == sorted(ranked, reverse=True)  # the ranked rows first
    bad = client.post(
        f"/api/v1/leagues/{league}/seasons",
        json={"name": "x", "starts_on": "2026-02-01", "ends_on": "2026-01-01"},
    )
    assert bad.status_code == 422 and "end on or after" in bad.json["message"]


def test_a_season_may_count_a_game_registered_after_the_app_started(owner):
    """The games a season may count are the registry's when asked: a game registered late
    (a copy) is one of them (a list made when the schema was read refused it)."""
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "x"}).json["id"]
    dates = {"starts_on": "2026-01-01", "ends_on": "2026-12-31"}
    with registered_copy(GAME) as copied:
        season = client.post(f"/api/v1/leagues/{league}/seasons", json={"name": "Late", "games": [copied.id], **dates})
        assert season.status_code == 201, season.json
        assert season.json["games"] == [copied.id]
    refused = client.post(f"/api/v1/leagues/{league}/seasons", json={"name": "Chess", "games": ["chess"], **dates})
    assert refused.status_code == 422 and ", ".join(game_ids()) in str(refused.json)


def test_export_then_import_into_an_empty_database_is_identical(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    league, _ = new_league(client)
    before = league_views(client, league)
    export = client.get(f"/api/v1/leagues/{league}/export").json
    empty_tables(clean_app)
    sign_up(client, "importer")
    imported = client.post("/api/v1/leagues/import", json=export)
    assert imported.status_code == 201, imported.json
    assert league_views(client, league) == before
    # A second import of the same league is refused, not doubled.
    assert client.post("/api/v1/leagues/import", json=export).status_code == 409


def test_tampered_export_is_refused_whole(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    league, _ = new_league(client)
    export = client.get(f"/api/v1/leagues/{league}/export").json
    game_id, players, options, played = LEAGUE_PLAYS[0]
    game = get_game(game_id)
    tampered = inflated(played[0])
    try:
        game.play(game.table(players, options), game.initial_state(game.table(players, options)), tampered)
    except RuleError as refusal:
        message = refusal.message
    else:
        raise AssertionError(f"{game_id} takes a round of numbers far too high")
    assert export["matches"][0]["rounds"][0]["input"] == played[0]
    export["matches"][0]["rounds"][0]["input"] = tampered
    empty_tables(clean_app)
    sign_up(client, "importer")
    response = client.post("/api/v1/leagues/import", json=export)
    assert response.status_code == 422
    assert message in response.json["message"]
    assert client.get("/api/v1/leagues").json == []
    assert client.get("/api/v1/players").json == []


def test_csv_exports_matches_and_rounds(owner):
    client = owner
    league, ids = new_league(client)
    matches = list(csv.DictReader(io.StringIO(client.get(f"/api/v1/leagues/{league}/export.csv").data.decode())))
    assert [row["match_id"] for row in matches] == ids
    game_id, players, options, played = LEAGUE_PLAYS[0]
    assert matches[0]["players"] == "; ".join(players)
    rounds_csv = client.get(f"/api/v1/leagues/{league}/export.csv?kind=rounds")
    assert rounds_csv.mimetype == "text/csv"
    rounds = list(csv.DictReader(io.StringIO(rounds_csv.data.decode())))
    assert len(rounds) == sum(len(play[3]) for play in LEAGUE_PLAYS)
    game = get_game(game_id)
    table = game.table(players, options)
    first = game.replay(table, played[:1]).rounds[0]
    assert rounds[0]["round"] == "1" and rounds[0]["dealer"] == players[table.dealer(1)]
    assert rounds[0]["scores"] == "; ".join(map(str, first.score.scores))


def test_editing_an_old_match_gives_the_ratings_of_a_full_replay(clean_app):
    client = clean_app.test_client()
    sign_up(client)
    league, ids = new_league(client)
    # Correct the league's first match so that others win it.
    game_id, players, options, played = LEAGUE_PLAYS[0]
    game = get_game(game_id)
    number, raw = a_correction(game, players, options, played)
    corrected = game.replay(game.table(players, options), [*played[: number - 1], raw, *played[number:]])
    before = client.get(f"/api/v1/leagues/{league}/ratings").json
    assert client.put(f"/api/v1/matches/{ids[0]}/rounds/{number}", json=raw).status_code == 200
    assert client.get(f"/api/v1/matches/{ids[0]}").json["winners"] == list(corrected.winners)
    served = client.get(f"/api/v1/leagues/{league}/ratings").json
    with clean_app.app_context():
        matches: list[StoredMatch] = stored_matches(league, with_rounds=False)
        fresh = ratings(matches)
        db.session.remove()
    assert [(p["player_id"], p["ordinal"]) for p in served["players"]] == [
        (p.player_id, p.ordinal) for p in fresh.players
    ]
    assert served != before


def test_unknown_league_and_bad_game_filter(owner):
    client = owner
    assert client.get("/api/v1/leagues/nope/standings").status_code == 404
    league = client.post("/api/v1/leagues", json={"name": "x"}).json["id"]
    response = client.get(f"/api/v1/leagues/{league}/standings?game=chess")
    assert response.status_code == 422 and "unknown game" in response.json["message"]
    body = {"game": GAME.id, "players": seats(GAME, ["A", "B", "C", "D"]), "league": "nope"}
    assert client.post("/api/v1/matches", json=body).status_code == 422


def test_members_add_and_remove(owner):
    client = owner
    league = client.post("/api/v1/leagues", json={"name": "x", "members": ["Ann"]}).json["id"]
    added = client.post(f"/api/v1/leagues/{league}/members", json={"name": "Bob"})
    assert added.status_code == 201
    assert client.post(f"/api/v1/leagues/{league}/members", json={"name": "bob"}).status_code == 409
    assert client.delete(f"/api/v1/leagues/{league}/members/{added.json['player_id']}").status_code == 204
    match = create(client, GAME.id, seats(GAME, ["Ann", "Cid", "Eve", "Fay"]))
    assert match["league"] is None
