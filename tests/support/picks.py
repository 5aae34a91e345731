"""Games picked by what they are, and legal rounds for them drawn by their generators: a shared
test names no game, it asks the registry for any game, or one with bids, or one with sides."""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper.engine.games import Game, RuleError, all_games
from tests.support.legal_rounds import generator_for, legal_round

ATTEMPTS = 200


def any_game() -> Game:
    """The catalogue's first game: for a test of what every game has (a match, rounds, a league)."""
    return all_games()[0]


def a_game(what: str, where: Callable[[Game], bool]) -> Game:
    """The catalogue's first game that is `what` (as `where` tells it)."""
    for game in all_games():
        if where(game):
            return game
    raise LookupError(f"no registered game is {what}")


def games(where: Callable[[Game], bool] = lambda game: True) -> list[Game]:
    """Every registered game `where` holds for, to parametrise over."""
    return [game for game in all_games() if where(game)]


def with_sides(game: Game, players: int) -> bool:
    """Whether `game`, played by `players`, seats them in sides of more than one."""
    if not game.min_players <= players <= game.max_players:
        return False
    return any(len(side) > 1 for side in game.table([f"P{n}" for n in range(players)]).sides)


def seats(game: Game, names: Sequence[str]) -> list[str]:
    """As many of `names` as `game` seats: all of them if it can, else its most (or fewest)."""
    count = max(game.min_players, min(len(names), game.max_players))
    if count > len(names):
        raise ValueError(f"{game.id} needs {count} players, {len(names)} names given")
    return list(names[:count])


def rounds(
    game: Game, players: Sequence[str], count: int, options: dict[str, Any] | None = None, *, seed: int = 1
) -> list[dict[str, Any]]:
    """`count` legal rounds in a row that leave the match unfinished (the same ones every run)."""
    rng = random.Random(seed)
    for _attempt in range(ATTEMPTS):
        table = game.table(list(players), dict(options or {}))
        state = game.initial_state(table)
        drawn: list[dict[str, Any]] = []
        while len(drawn) < count:
            raw, after = legal_round(rng, game, table, state)
            if after.finished:
                break
            drawn.append(raw)
            state = after
        else:
            return drawn
    raise RuntimeError(f"no {count} rounds of {game.id} leave its match unfinished")


def finished_match(game: Game, players: Sequence[str], *, seed: int = 1) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The options and legal rounds of a match played to its end (the generator's options, which
    keep a match short), the same every run."""
    options = dict(generator_for(game)[1])
    rng = random.Random(seed)
    for _attempt in range(ATTEMPTS):
        table = game.table(list(players), dict(options))
        state = game.initial_state(table)
        drawn: list[dict[str, Any]] = []
        while not state.finished and len(drawn) < 60:
            raw, state = legal_round(rng, game, table, state)
            drawn.append(raw)
        if state.finished:
            return options, drawn
    raise RuntimeError(f"no match of {game.id} played to its end")


def other_round(
    game: Game, players: Sequence[str], played: Sequence[dict[str, Any]], number: int,
    options: dict[str, Any] | None = None, *, seed: int = 2,
) -> dict[str, Any]:
    """A legal round to put in place of round `number` (1-based) of `played`, unlike it, that
    the rounds after it still follow and that leaves the match unfinished (an edit that is taken)."""
    rng = random.Random(seed)
    table = game.table(list(players), dict(options or {}))
    before = game.replay(table, list(played[: number - 1]))
    for _attempt in range(ATTEMPTS):
        raw, _after = legal_round(rng, game, table, before)
        if raw == played[number - 1]:
            continue
        try:
            state = game.replay(table, [*played[: number - 1], raw, *played[number:]])
        except RuleError:
            continue
        if not state.finished:
            return raw
    raise RuntimeError(f"no other round {number} of {game.id} found")


def refused_round(game: Game, players: Sequence[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A round the engine refuses for round 1: a legal one with its every number far too high."""
    table = game.table(list(players), dict(options or {}))
    raw = rounds(game, players, 1, options)[0]
    spoiled = inflated(raw)
    try:
        game.play(table, game.initial_state(table), spoiled)
    except RuleError:
        return spoiled
    raise RuntimeError(f"{game.id} takes a round of numbers far too high")


def inflated(value: Any) -> Any:
    """`value` with every whole number in it 1000 higher: no count of cards, tricks or points a round can hold."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value + 1000
    if isinstance(value, list):
        return [inflated(item) for item in value]
    if isinstance(value, dict):
        return {key: inflated(item) for key, item in value.items()}
    return value


ENDLESS_TARGET = 1_000_000


def endless(game: Game, players: Sequence[str], count: int = 4, plays: int = 120, *, seed: int = 1) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """Options that let a match of `game` run on (its target, as the game declares one, out of
    reach) and `count` legal rounds of different scores (a lost or doubled one shows in the
    totals) it takes in any order again and again (`plays` of
    them drawn at random, three times over, never end it nor break a rule); None for a game
    whose match cannot run on (a fixed number of rounds, or no target)."""
    specs = {spec.name: spec for spec in game.all_option_specs()}
    if "target" not in specs or specs["target"].kind != "int":
        return None
    options = {"target": specs["target"].maximum or ENDLESS_TARGET}
    table = game.table(list(players), dict(options))
    if game.fixed_rounds(table) is not None:
        return None
    rng = random.Random(seed)
    hands: list[dict[str, Any]] = []
    scores: set[tuple[int, ...]] = set()
    for _attempt in range(ATTEMPTS):
        raw, after = legal_round(rng, game, table, game.initial_state(table))
        if tuple(after.totals) not in scores:
            scores.add(tuple(after.totals))
            hands.append(raw)
        if len(hands) == count:
            break
    for _check in range(3):
        try:
            state = game.replay(table, [rng.choice(hands) for _ in range(plays)])
        except RuleError:
            return None
        if state.finished:
            return None
    return options, hands


def an_endless_game(names: Sequence[str], count: int = 4) -> tuple[Game, list[str], dict[str, Any], list[dict[str, Any]]]:
    """The catalogue's first game whose match runs on, taking the same few rounds again and
    again (for tests that post many rounds), with its players, options and those rounds."""
    for game in all_games():
        if game.min_players > len(names):
            continue
        players = seats(game, names)
        found = endless(game, players, count)
        if found is not None:
            return game, players, *found
    raise LookupError("no registered game runs on with the same rounds again and again")
