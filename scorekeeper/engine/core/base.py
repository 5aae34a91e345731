"""The engine's shared surface in one import, for the game modules and their callers.

Pure Python on purpose: no Flask, SQLAlchemy or marshmallow import, so the rules can be
tested as tables of input -> expected points and reused by the API, the pages and the
league computations alike. Each concern has its module: errors, options, state (table and
results), game (the Game surface and the shared end rules), fields (round-input helpers).
"""
from __future__ import annotations

from .errors import MatchFinishedError, OptionError, RoundError, RuleError
from .fields import (
    ASSIGN,
    BID,
    CHOICE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    INT,
    INT_OR_CHOICE,
    PLAY,
    SEAT,
    SPADES,
    SUIT_NAMES,
    SUITS,
    InputField,
    bounded_int,
    check_fields,
    int_field,
    is_int,
    of_player,
    optional_seat,
    per_seat,
    seat_ints,
    shown,
    signed,
    suit_field,
    tricks_field,
)
from .game import SNAPSHOT_FORMAT, Game, StaleSnapshot, highest_winners, target_winners
from .options import FIRST_DEALER, OPTION_LIMIT, OptionSpec
from .state import MatchState, PlayedMatch, PlayedRound, RoundScore, ScoredRound, Table

__all__ = [
    "ASSIGN",
    "BID",
    "CHOICE",
    "INT",
    "INT_OR_CHOICE",
    "PLAY",
    "SEAT",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "SUIT_NAMES",
    "InputField",
    "PlayedMatch",
    "PlayedRound",
    "FIRST_DEALER",
    "OPTION_LIMIT",
    "SUITS",
    "SNAPSHOT_FORMAT",
    "Game",
    "MatchFinishedError",
    "MatchState",
    "OptionError",
    "OptionSpec",
    "RoundError",
    "RoundScore",
    "RuleError",
    "ScoredRound",
    "StaleSnapshot",
    "Table",
    "bounded_int",
    "check_fields",
    "highest_winners",
    "int_field",
    "is_int",
    "of_player",
    "optional_seat",
    "per_seat",
    "seat_ints",
    "shown",
    "signed",
    "suit_field",
    "target_winners",
    "tricks_field",
]
