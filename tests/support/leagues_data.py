"""Builds a small league with finished matches of every game that has league matches of its own
(tests/support/league_plays/), through the API."""
from __future__ import annotations

from typing import Any

from scorekeeper.engine.games import Game, all_games
from tests.support.api import post_round
from tests.support.league_plays import plays_for


def finishes(game: Game, players: list[str], options: dict[str, Any], rounds: list[dict[str, Any]]) -> bool:
    return game.replay(game.table(players, options), rounds).finished


def league_plays() -> list[tuple[str, list[str], dict[str, Any], list[dict[str, Any]]]]:
    """(game id, players, options, rounds) of every game's league matches in the catalogue's
    order: the finished ones first, then those still in progress."""
    plays = [(game, *play) for game in all_games() for play in plays_for(game)]
    finished = [play for play in plays if finishes(*play)]
    unfinished = [play for play in plays if not finishes(*play)]
    return [(game.id, players, options, rounds) for game, players, options, rounds in finished + unfinished]


def play_league(client, league: str) -> list[str]:
    """The league's plays, created in the league; returns the match ids."""
    ids = []
    for game, players, options, rounds in LEAGUE_PLAYS:
        response = client.post(
            "/api/v1/matches", json={"game": game, "players": players, "options": options, "league": league}
        )
        assert response.status_code == 201, response.json
        match_id = response.json["id"]
        for body in rounds:
            posted = post_round(client, match_id, body)
            assert posted.status_code == 201, (game, body, posted.json)
        ids.append(match_id)
    return ids


LEAGUE_PLAYS = league_plays()


def new_league(client, name: str = "Thursday") -> tuple[str, list[str]]:
    response = client.post("/api/v1/leagues", json={"name": name, "members": ["Ann", "Bob", "Cid", "Dan"]})
    assert response.status_code == 201
    league = response.json["id"]
    return league, play_league(client, league)
