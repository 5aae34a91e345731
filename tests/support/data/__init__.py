"""Per-game test data, found by game id: one module per game (tests/support/data/<id with _>.py),
generic defaults for a game without one (a sixth game, or a registered copy).

A module may define, each optional:
  PLAYERS      the names a test match of the game is played by
  FIRST_ROUND  one legal first round for those players (the engine's input), worth a look
  tap_budget(n, raw)  the issue's taps for a round entered by taps (bids, tricks, Save)
  I18N_CASE    a scored and a refused round with their English (tests/engine/test_i18n.py)
  PLAY_VIEW_CASES  round 1's bids as the form posts them, and what the play view says of them
  CHANGED_BID  one bid of the first case changed ("Change the bids")
  BIDS_OPTIONS  the options a match of tests/web/test_bids_play_view.py is played with
  BID_WORDS    the game's word for the bids on its buttons, by language
  ROUND_LIMIT_EXAMPLE  (players, a round it takes again and again, each side's score for it)
  BIDDING_OPTION_SETS  the option sets a bidding is checked under (tests/engine/test_bidding.py)
  worked_chips()  asserts the game's chips worked out by hand from its rules (tests/engine/test_chips.py)
  BAD_BIDDINGS  biddings the API refuses (body, code, words) (tests/api/test_biddings.py)
  bidding_round(rng, table, state)  legal rounds with what the shared generator leaves out
  FOREIGN_WORDS  by language, English words of the game's own terms that its translation once
               kept and its players do not say (the German "Bags"): never on that language's pages
  RULE_LINK_CASES  refused rounds (options, form, anchor) whose "why?" links to a rule (tests/web/test_rules_pages.py)
  RULE_WORD_CASES  refusals beside the form in player words (language, form, words) (tests/web/test_refusal_words.py)
  REWORDED_REFUSALS  a later round's refusal as the adapter words it (code, field, message, round, words)
  TAPPED_BIDS  round 1's bids by taps, what the play view says, one bid changed, what it says then
  FORM_CONVERSIONS  forms as the page posts them and the round input they are (players, options, form, input)
  UNREADABLE_FORMS  forms the page cannot read and what it says (players, form, message)
  UNTOUCHED_ROUND  what the save bar asks of an untouched first round (tests/browser/test_table_points_browser.py)
  SHEET_ROUNDS  the rounds of a whole match, all on one screen of the score sheet (tests/browser/test_score_pad.py)
  SHEET_PASS  a round passed on and how the sheet's line says it (tests/browser/test_score_pad.py)
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from scorekeeper.engine.core.base import MatchState, Table
from scorekeeper.engine.core.fields import BID
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.round_chips import CHIP_LIMIT
from scorekeeper.engine.games import Game
from tests.support.legal_rounds import Generator, generator_for, legal_round
from tests.support.own_modules import own_module

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def module_for(game: Game) -> ModuleType | None:
    """The game's own test data module, if it has one (by its id, never through its engine class:
    a copy of a game is a new game to the tests, with no data of its own)."""
    return own_module(__name__, game.id.replace("-", "_"))


def players_for(game: Game) -> list[str]:
    """The game's own test players, else as many names as the new-match form first offers seats."""
    own = getattr(module_for(game), "PLAYERS", None)
    return list(own) if own else NAMES[: adapter_for(game).first_seat_count()]


def first_round(game: Game, players: list[str] | None = None) -> dict[str, Any]:
    """A legal first round for `players` (the game's test players): the game's own, else one
    drawn by its legal-round generator (the same one every run)."""
    players = players or players_for(game)
    own = getattr(module_for(game), "FIRST_ROUND", None)
    if own is not None and players == players_for(game):
        return own
    table = game.table(players)
    return legal_round(random.Random(1), game, table, game.initial_state(table))[0]


def generic_tap_budget(game: Game, table: Table, state: MatchState, raw: dict[str, Any], values: dict[str, str]) -> int:
    """A round's taps for a game without a figure of its own: what its form asks and no more.
    Each value entered costs one tap on its chip, or (a number too wide for chips, as the
    engine's number inputs say) a tap into its field and one key per digit; a value the
    page fills in itself (the last seat's tricks) costs nothing; and one tap on Save."""
    adapter = adapter_for(game)
    inputs = {adapter.chip_name(item.field): item for item in game.number_inputs(table, state, raw)}
    taps = 1
    for name, text in values.items():
        item = inputs.get(name)
        if text == "" or (item is not None and item.implied is not None and str(item.implied) == text):
            continue
        wide = item is not None and item.maximum - item.minimum >= CHIP_LIMIT
        taps += 1 + len(text) if wide else 1
    return taps


def tap_budget(game: Game, table: Table, state: MatchState, raw: dict[str, Any], values: dict[str, str]) -> int:
    """The taps a round of `game` may cost, entered after `state`: the game's own figure, else the generic one."""
    own = getattr(module_for(game), "tap_budget", None)
    return own(table.n, raw) if own else generic_tap_budget(game, table, state, raw, values)


def bidding_option_sets(game: Game) -> list[dict[str, Any]]:
    """The option sets a game's biddings are checked under: its own, else its generator's options."""
    own = getattr(module_for(game), "BIDDING_OPTION_SETS", None)
    return list(own) if own else [dict(generator_for(game)[1])]


def bidding_round(game: Game) -> Generator:
    """The game's own generator of rounds to check biddings with, else its legal-round generator."""
    own = getattr(module_for(game), "bidding_round", None)
    return own if own is not None else generator_for(game)[2]


def foreign_words(game: Game, language: str) -> set[str]:
    """The English words of the game's terms its `language` pages must not show (the game's own list)."""
    return set(getattr(module_for(game), "FOREIGN_WORDS", {}).get(language, ()))


def i18n_case(game: Game) -> dict[str, Any] | None:
    """The game's own scored and refused round with their English words, if it has them."""
    return getattr(module_for(game), "I18N_CASE", None)


#: the generic adapter's word for the bids on the two-step buttons, by language
BID_WORDS = {"en": "bids", "de": "ansagen", "ru": "заказы"}


def bids_options(game: Game) -> dict[str, Any]:
    return dict(getattr(module_for(game), "BIDS_OPTIONS", {}))


def bid_word(game: Game, language: str) -> str:
    return getattr(module_for(game), "BID_WORDS", BID_WORDS)[language]


def play_view_cases(game: Game) -> list[tuple[dict[str, str], list[str]]]:
    """Round 1's bids as the form posts them and what the play view says: the game's own, else
    the bidding fields of a legal first round's form (and nothing known to be said)."""
    own = getattr(module_for(game), "PLAY_VIEW_CASES", None)
    if own:
        return list(own)
    players = players_for(game)
    table = game.table(players, bids_options(game))
    state = game.initial_state(table)
    raw = legal_round(random.Random(1), game, table, state)[0]
    values = adapter_for(game).form_values(raw, table, state.next)
    bids = {field.name for field in game.input_fields(table, state.next) if field.phase == BID}
    return [({name: text for name, text in values.items() if name in bids or name.rsplit("_", 1)[0] in bids}, [])]


def changed_bid(game: Game) -> dict[str, str] | None:
    """One bid of the game's first play-view case changed, if the game says which."""
    return getattr(module_for(game), "CHANGED_BID", None)


def round_limit_example(game: Game) -> tuple[list[str], dict[str, Any], tuple[int, ...]]:
    """The game's own round to repeat under a round limit, else a legal first round drawn by
    its generator (with the limit's options), scored by the engine."""
    own = getattr(module_for(game), "ROUND_LIMIT_EXAMPLE", None)
    if own is not None:
        return own
    players = players_for(game)
    table = game.table(players, {"max_rounds": 3, **played_to(game, 1000)})
    raw, after = legal_round(random.Random(1), game, table, game.initial_state(table))
    return players, raw, tuple(after.rounds[0].score.scores)


def played_to(game: Game, value: int) -> dict[str, int]:
    """The options of a match played to `value`: the game's target (Game.target_option: a score
    to reach, Preferans's pool to fill), as far as that option goes (a pool of 100 at most)."""
    spec = next(spec for spec in game.all_option_specs() if spec.name == game.target_option)
    return {spec.name: value if spec.maximum is None else min(value, spec.maximum)}
