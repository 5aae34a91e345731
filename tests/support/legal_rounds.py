"""Random legal round inputs for every game, from its own generator (tests/support/generators/,
found by its engine class: a game copied under a new id finds its original's): the round-trip
properties and the benchmark seed both play with them.

No hypothesis here: bench/seed.py imports this module without the test tools installed.
Each generator draws from a random.Random; a draw the engine refuses anyway is retried.
"""
from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table
from scorekeeper.engine.games import Game, RuleError
from tests.support.generators import Generator
from tests.support.own_modules import own_module

GENERATORS = "tests.support.generators"
MAX_ROUNDS = 60
ATTEMPTS = 200


def generator_for(game: Game) -> tuple[tuple[int, ...], dict[str, Any], Generator]:
    """The game's player counts, options and round generator: the module of tests/support/generators/
    named for its engine's module (a copy's engine class is its original's subclass: the
    original's)."""
    for engine in type(game).__mro__:
        if engine is Game or not issubclass(engine, Game):
            continue
        module = own_module(GENERATORS, engine.__module__.rsplit(".", 1)[-1])
        if module is not None:
            return tuple(module.PLAYER_COUNTS), dict(module.OPTIONS), module.generate
    raise LookupError(f"no legal-round generator for {type(game).__name__}: add tests/support/generators/<its module>.py")


def legal_round(rng: random.Random, game: Game, table: Table, state: MatchState) -> tuple[dict[str, Any], MatchState]:
    """A random round the engine accepts for the next round of `state`, and the state after it."""
    generate = generator_for(game)[2]
    for _attempt in range(ATTEMPTS):
        raw = generate(rng, table, state)
        try:
            return raw, game.play(table, state, raw)
        except RuleError:
            continue
    raise RuntimeError(f"no legal {game.id} round found after {ATTEMPTS} tries")


def play_match(
    rng: random.Random, game: Game, players: list[str], *, finish: bool = True, options: dict[str, Any] | None = None
) -> tuple[Table, MatchState]:
    """A match of random legal rounds played by the engine: to its end (retried from the start
    should it run past MAX_ROUNDS), or with finish=False a random number of rounds; with the
    generator's options, or `options` (who deals first decides who may declare, at Skat)."""
    options = generator_for(game)[1] if options is None else options
    while True:
        table = game.table(players, dict(options))
        state = game.initial_state(table)
        stop = MAX_ROUNDS if finish else rng.randint(0, 8)
        while not state.finished and len(state.rounds) < stop:
            _raw, state = legal_round(rng, game, table, state)
        if state.finished or not finish:
            return table, state
