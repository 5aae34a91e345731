"""Random legal round inputs for every game, found by its engine class (a game copied under a
new id finds its original's): the round-trip properties and the benchmark seed both play with them.

No hypothesis here: bench/seed.py imports this module without the test tools installed.
Each generator draws from a random.Random; a draw the engine refuses anyway is retried.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scorekeeper.games import Game, RuleError
from scorekeeper.games.base import MatchState, Table
from scorekeeper.games.nameless import Nameless
from scorekeeper.games.nwik import Nwik
from scorekeeper.games.spades import Spades
from scorekeeper.games.willi_stich import WilliStich
from scorekeeper.games.zwicker import Zwicker

SUITS4 = ("clubs", "diamonds", "hearts", "spades")
Generator = Callable[[random.Random, Table, MatchState], dict[str, Any]]


def split(rng: random.Random, total: int, parts: int, minimum: list[int] | None = None) -> list[int]:
    """A random composition of `total` into `parts` non-negative parts (at least `minimum`)."""
    floor = minimum or [0] * parts
    rest = total - sum(floor)
    cuts = sorted(rng.randint(0, rest) for _ in range(parts - 1))
    bounds = [0, *cuts, rest]
    return [low + (b - a) for low, a, b in zip(floor, bounds, bounds[1:], strict=False)]


def nwik_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    style = rng.choice(hints["available_styles"])
    raw: dict[str, Any] = {"style": style, "stake": rng.choice(hints["available_stakes"])}
    effective = style
    if style == 6:
        effective = raw["acting_style"] = rng.choice(hints["acting_styles_if_pass"])
    if effective == 2:
        raw["trump"] = rng.choice(["hearts", "diamonds", "clubs"])
    if effective == 5:
        raw["vip_card"] = rng.randint(1, 3)
        raw["trump"] = rng.choice(SUITS4)
    raw["tricks"] = split(rng, 13 if table.n == 3 else 17, table.n)
    return raw


def nameless_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    return {"tricks": split(rng, 5 if table.n <= 4 else 4, table.n)}


def zwicker_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    n_sides = len(table.sides)
    holders = [rng.randrange(n_sides) for _ in hints["honours"]]
    honours = [[code for code, holder in zip(hints["honours"], holders, strict=True) if holder == side] for side in range(n_sides)]
    cards = split(rng, hints["deck_size"], n_sides, [len(h) for h in honours])
    return {
        "sides": [
            {"cards": cards[side], "zwicks": rng.randint(0, min(2, cards[side] // 2)), "honours": honours[side]}
            for side in range(n_sides)
        ]
    }


def spades_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    bids: list[Any] = [rng.randint(1, 5) for _ in range(4)]
    if rng.random() < 0.1:
        bids[rng.randrange(4)] = "nil"  # one nil per side is allowed by default
    tricks = split(rng, 13, 4)
    return {"bids": bids, "tricks": tricks}


def willi_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    cards = hints["cards"]
    bids = [rng.randint(0, cards) for _ in range(table.n)]
    dealer = hints["dealer"]
    if sum(bids) == cards:  # the dealer's rule: the calls may not add up to the cards
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
    trump = "none" if hints["kind"] == "no_trump" else rng.choice(SUITS4)
    return {"trump": trump, "bids": bids, "tricks": split(rng, cards, table.n)}


# Engine class -> (player counts to play with, options, round generator). Targets are the
# games' defaults except Spades, shortened so a match is a handful of hands, not dozens.
GENERATORS: dict[type[Game], tuple[tuple[int, ...], dict[str, Any], Generator]] = {
    Nwik: ((2, 3), {}, nwik_round),
    Nameless: ((2, 3, 4), {}, nameless_round),
    Zwicker: ((2, 3, 4), {}, zwicker_round),
    Spades: ((4,), {"target": 250}, spades_round),
    WilliStich: ((3, 4, 5, 6), {}, willi_round),
}
MAX_ROUNDS = 60
ATTEMPTS = 200


def generator_for(game: Game) -> tuple[tuple[int, ...], dict[str, Any], Generator]:
    for engine, entry in GENERATORS.items():
        if isinstance(game, engine):
            return entry
    raise LookupError(f"no legal-round generator for {type(game).__name__}: add one to tests/games/legal_rounds.py")


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


def play_match(rng: random.Random, game: Game, players: list[str], *, finish: bool = True) -> tuple[Table, MatchState]:
    """A match of random legal rounds played by the engine: to its end (retried from the start
    should it run past MAX_ROUNDS), or with finish=False a random number of rounds."""
    options = generator_for(game)[1]
    while True:
        table = game.table(players, dict(options))
        state = game.initial_state(table)
        stop = MAX_ROUNDS if finish else rng.randint(0, 8)
        while not state.finished and len(state.rounds) < stop:
            _raw, state = legal_round(rng, game, table, state)
        if state.finished or not finish:
            return table, state
