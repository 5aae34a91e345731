"""Builders of league test data: every StoredMatch comes from replaying real round inputs through
the engine, of games picked from the registry by what they are (a game's own hand-worked
leagues are in files named for it)."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from scorekeeper.engine.games import Game, all_games, get_game
from scorekeeper.league import StoredMatch, StoredRound
from tests.support import picks
from tests.support.legal_rounds import generator_for, legal_round

DAY_ONE = datetime(2025, 3, 1, 19, 0)


def day(number: int, hour: int = 0) -> datetime:
    """A played_at on league night `number` (1-based), `hour` hours after the start."""
    return DAY_ONE + timedelta(days=number - 1, hours=hour)


def build_match(
    match_id: str,
    game: str,
    players: Sequence[str],
    inputs: Sequence[Mapping[str, Any]],
    *,
    played_at: datetime,
    options: Mapping[str, Any] | None = None,
) -> StoredMatch:
    """A StoredMatch as the database layer would build it, from a legal replay of `inputs`."""
    rules = get_game(game)
    table = rules.table(players, dict(options or {}))
    state = rules.replay(table, list(inputs))
    return StoredMatch(
        match_id=match_id,
        game=game,
        played_at=played_at,
        players=tuple(players),
        sides=table.sides,
        options=table.options,
        totals=state.totals,
        winners=state.winners,
        finished=state.finished,
        rounds=tuple(
            StoredRound(number=scored.number, input=scored.input, scores=scored.score.scores)
            for scored in state.rounds
        ),
    )


# --------------------------------------------------------------------------- games picked by what they are

SEATS = ("W", "L")  # the seats' names while a match is found, before the players take them


def alone_for_two(game: Game) -> bool:
    """A game two players play each on their own side."""
    return game.min_players <= len(SEATS) <= game.max_players and not picks.with_sides(game, len(SEATS))


def one_winner(game: Game) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The options and rounds of a finished match of `game` for two that seat 0 wins alone
    (the first such match its generator draws: the same every run)."""
    for seed in range(1, picks.ATTEMPTS):
        options, rounds = picks.finished_match(game, SEATS, seed=seed)
        if game.replay(game.table(list(SEATS), dict(options)), rounds).winners == (0,):
            return options, rounds
    raise LookupError(f"no match of {game.id} for two that seat 0 wins")


def even_rounds(game: Game, players: Sequence[str], *, seed: int = 1, draws: int = 400) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The options and rounds of a finished match of `game` in which every round scores the same
    for every side and every side wins (a shared win), as its generator draws them; None for a
    game that shares no win so."""
    rng = random.Random(seed)
    options = dict(generator_for(game)[1])
    table = game.table(list(players), dict(options))
    state = game.initial_state(table)
    drawn: list[dict[str, Any]] = []
    while not state.finished and len(drawn) < 60:
        for _draw in range(draws):
            raw, after = legal_round(rng, game, table, state)
            if len(set(after.rounds[-1].score.scores)) == 1:
                break
        else:
            return None
        drawn.append(raw)
        state = after
    if state.finished and len(state.winners) == len(table.sides):
        return options, drawn
    return None


def sharing_a_win() -> tuple[Game, dict[str, Any], list[dict[str, Any]]]:
    """The catalogue's first game for two, each on their own side, that can end in a shared
    win, with that match's options and rounds."""
    for game in all_games():
        if alone_for_two(game):
            found = even_rounds(game, SEATS)
            if found is not None:
                return game, *found
    raise LookupError("no registered game for two ends in a shared win")


SHARED_WIN_GAME, SHARED_WIN_OPTIONS, SHARED_WIN_ROUNDS = sharing_a_win()
DUEL_GAME = picks.a_game("for two, each on their own", alone_for_two)
# A second game for two, so that a league can cross games (the same when only one plays two).
OTHER_DUEL_GAME = next(
    (game for game in all_games() if alone_for_two(game) and game.id != SHARED_WIN_GAME.id), DUEL_GAME
)
DUELS = {game.id: one_winner(game) for game in (DUEL_GAME, OTHER_DUEL_GAME)}


def duel(match_id: str, winner: str, loser: str, *, played_at: datetime, game: Game = DUEL_GAME) -> StoredMatch:
    """A finished match for two that `winner` wins alone: the same rounds every time, so
    every duel of a game ends in the same totals."""
    options, rounds = DUELS[game.id]
    return build_match(match_id, game.id, [winner, loser], rounds, played_at=played_at, options=options)


def shared_win(match_id: str, players: Sequence[str], *, played_at: datetime) -> StoredMatch:
    """A finished match for two that both players win, each round scoring alike for both."""
    return build_match(
        match_id, SHARED_WIN_GAME.id, players, SHARED_WIN_ROUNDS, played_at=played_at, options=SHARED_WIN_OPTIONS
    )


NAMES = ("ann", "bob", "cid", "dee", "eve", "fay")


def registry_league() -> list[StoredMatch]:
    """A league of every registered game: a finished match of each (its generator's, seating
    as many of six players as it can, turned one seat per game), then one still in progress
    of each, which must count for nothing."""
    finished, unfinished = [], []
    for number, game in enumerate(all_games()):
        turned = NAMES[number % len(NAMES):] + NAMES[: number % len(NAMES)]
        players = picks.seats(game, turned)
        options, rounds = picks.finished_match(game, players, seed=number + 1)
        finished.append(build_match(f"f{number}", game.id, players, rounds, played_at=day(number + 1), options=options))
        started = picks.rounds(game, players, 1, options, seed=number + 1)
        unfinished.append(build_match(f"u{number}", game.id, players, started, played_at=day(number + 1, 1), options=options))
    return finished + unfinished
