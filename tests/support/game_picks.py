"""Games picked by what they are, and legal rounds to play them with, for shared tests whose game is
only the vehicle of a shared behaviour (a page, a role, a stale form): no game named by its id.

A pick is the first registered game that fits (catalogue order), so the same game every run;
the rounds are the game's legal-round generator's (tests/support/legal_rounds.py), drawn from a
fixed seed, and posted as the game's adapter fills its form.
"""
from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import Game, MatchState, RuleError, Table
from tests.support import picks
from tests.support.legal_rounds import legal_round

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
Test = Callable[[Game], bool]


def a_game(test: Test = lambda game: True) -> Game:
    """The first registered game that passes `test` (tests/support/picks.py's pick, for page tests)."""
    return picks.a_game("one that fits the test", test)


def seats(n: int) -> Test:
    """Games played by `n` players."""
    return lambda game: game.min_players <= n <= game.max_players


def has_option(name: str) -> Test:
    return lambda game: name in {spec.name for spec in game.all_option_specs()}


def has_counts_to_a_total(game: Game) -> bool:
    """A game whose every round has counts adding up to a total (tricks, captured cards), the
    last following from the others; not Skat, whose Ramsch points do only when all pass, nor
    a game whose counts the round may leave out (optional: Preferans's game nobody whisted)."""
    table = game.table(list(NAMES[: game.min_players]), {})
    fields = game.input_fields(table, game.initial_state(table).next or {})
    return any(field.total is not None and not field.optional for field in fields)


def new_match_form(game: Game, players: list[str] | tuple[str, ...], **extra: str) -> dict[str, Any]:
    """The new-match form as a phone posts it: the game, its seats, their names, the first dealer 0."""
    data: dict[str, Any] = {"game": game.id, "seats": str(len(players)), "action": "create", "first_dealer": "0", **extra}
    data.update({f"player_{seat}": name for seat, name in enumerate(players)})
    return data


def entered(page: str, name: str) -> str | None:
    """The value a page's form shows for field `name`: its checked chip's, its box's, or its
    list's selected option (a choice too long for chips: Preferans's contracts); None when the
    page has no such field or nothing of it is chosen."""
    for options in re.findall(rf'<select\b[^>]*\bname="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        return html.unescape(chosen.group(1)) if chosen else None
    for tag in re.findall(rf'<input\b[^>]*\bname="{re.escape(name)}"[^>]*>', page):
        value = re.search(r'\bvalue="([^"]*)"', tag)
        text = html.unescape(value.group(1)) if value else ""
        if not re.search(r'\btype="(radio|checkbox)"', tag):
            return text
        if re.search(r"\schecked\b", tag):
            return text
    return None


@dataclass
class Play:
    """A match of `game` played by the engine round after round, each round also as its form posts it."""

    game: Game
    table: Table
    seed: int = 1
    states: list[MatchState] = field(default_factory=list)
    raws: list[dict[str, Any]] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.states = [self.game.initial_state(self.table)]

    def round(self, number: int) -> dict[str, Any]:
        """Round `number`'s input (the rounds before it drawn first)."""
        while len(self.raws) < number:
            raw, after = legal_round(self.rng, self.game, self.table, self.states[-1])
            self.raws.append(raw)
            self.states.append(after)
        return self.raws[number - 1]

    def form(self, number: int, raw: dict[str, Any] | None = None) -> dict[str, str]:
        """Round `number` (or `raw` in its place) as the game's form posts it."""
        raw = raw if raw is not None else self.round(number)
        self.round(number - 1)
        return adapter_for(self.game).form_values(raw, self.table, self.states[number - 1].next)

    def other_round(self, number: int) -> dict[str, Any]:
        """A legal round `number` unlike the one drawn, after which the rounds drawn beyond it
        still hold (an edit's new input)."""
        drawn = self.round(number)
        for _attempt in range(100):
            raw, _after = legal_round(self.rng, self.game, self.table, self.states[number - 1])
            if raw == drawn:
                continue
            try:
                self.game.replay(self.table, [*self.raws[: number - 1], raw, *self.raws[number:]])
            except RuleError:
                continue
            return raw
        raise AssertionError(f"no second legal round {number} of {self.game.id} found")

    def after(self, number: int) -> MatchState:
        """The match after round `number`."""
        self.round(number)
        return self.states[number]

    def words(self, raw: dict[str, Any], number: int) -> str:
        """What the pages say of `raw` as round `number` (its history line, say)."""
        self.round(number - 1)
        return adapter_for(self.game).round_words(self.table, raw, self.states[number - 1].next)


def play(game: Game, players: list[str] | tuple[str, ...], options: dict[str, Any] | None = None, seed: int = 1) -> Play:
    """`game` played by `players` under `options` (the game's defaults, as a match the new-match
    form starts with nothing changed) from a fixed seed."""
    return Play(game, game.table(list(players), options), seed)
