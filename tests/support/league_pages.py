"""The test league's games and who finished them: a game only some of its members played, to
filter the standings by, and a game for two."""
from __future__ import annotations

from scorekeeper.engine.games import all_games
from tests.support.game_picks import a_game, seats
from tests.support.leagues_data import LEAGUE_PLAYS, finishes

MEMBERS = {"Ann", "Bob", "Cid", "Dan"}


def league_players() -> dict[str, set[str]]:
    """Who finished a match of each game in the test league (tests/support/leagues_data.py), by game id."""
    played: dict[str, set[str]] = {}
    for game_id, players, options, rounds in LEAGUE_PLAYS:
        game = next(game for game in all_games() if game.id == game_id)
        if finishes(game, players, options, rounds):
            played.setdefault(game_id, set()).update(players)
    return played


# A game that only some of the league's members finished a match of: its filter leaves the others out.
FILTERED, FILTERED_PLAYERS = next((game, players) for game, players in league_players().items() if players < MEMBERS)
FILTERED_NAME = next(game.name for game in all_games() if game.id == FILTERED)
LEFT_OUT = sorted(MEMBERS - FILTERED_PLAYERS)[0]
# A game for two, to start a league match with.
FOR_TWO = a_game(seats(2))
