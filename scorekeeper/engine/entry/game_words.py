"""A game's own words for a player's screen, found by its rules class: its refusals as the
page says them and how its first trick is opened when the cards decide who leads."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from ..core.base import Game, Table

Words = TypeVar("Words", bound=Callable[..., "str | None"])

# Why by the rules class and not by the adapter: a game registered without an adapter of
# its own (a copy of a game under another id, a variant the phone registers) gets the
# generic adapter, and must still say its refusals as the game's own pages do.


class ByRulesClass(Generic[Words]):
    """Words a game's entry module gives for its rules class, found for a game of that
    class or of a subclass."""

    def __init__(self) -> None:
        self._words: dict[type[Game], Words] = {}

    def of(self, rules_class: type[Game]) -> Callable[[Words], Words]:
        def add(words: Words) -> Words:
            self._words[rules_class] = words
            return words

        return add

    def get(self, game: Game) -> Words | None:
        return next((self._words[cls] for cls in type(game).__mro__ if cls in self._words), None)


RefusalWords = Callable[[Game, Table, str, "str | None", str], "str | None"]
FirstLeadWords = Callable[[Game, Table, Mapping[str, Any]], "str | None"]

#: (game, table, code, field, message) -> one of the game's refusals as a screen says it, where the
#: message names a field or a value as the API spells it ("vip_card", "hearts", "AC");
#: None: the message says it in words already (or the pages' generic wording does)
REFUSAL_WORDS: ByRulesClass[RefusalWords] = ByRulesClass()
#: (game, table, play view as served) -> how the first trick is opened, for a game whose
#: play view names no leader because the cards decide
FIRST_LEAD_WORDS: ByRulesClass[FirstLeadWords] = ByRulesClass()
