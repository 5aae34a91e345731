"""Skat's arithmetic: the cards' points, a game's value by the ISkO (levels, matadors,
overbidding) and how a valuation is said in words."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.base import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_NAMES,
)
from ...core.i18n import N_, _, _n

# ---- the cards' arithmetic (ISkO 2.4, 5.1-5.2)

# The suits by the shared card vocabulary's names (SPADES the suit, not the game of that name).
SUIT_GAMES = (CLUBS, SPADES, HEARTS, DIAMONDS)
GRAND, NULL = "grand", "null"
GAMES = (*SUIT_GAMES, GRAND, NULL)
#: the base value of each suit game and the grand
BASE: Mapping[str, int] = {DIAMONDS: 9, HEARTS: 10, SPADES: 11, CLUBS: 12, GRAND: 24}
#: a null game's fixed value by (hand, ouvert)
NULL_VALUES: Mapping[tuple[bool, bool], int] = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
#: the most matadors ("with" or "without") a game can have: every trump of a suit game, the four jacks of a grand
MOST_MATADORS: Mapping[str, int] = {**{suit: 11 for suit in SUIT_GAMES}, GRAND: 4}
#: every value an auction can stop at: the suit and grand values and the four null values
BID_VALUES: tuple[int, ...] = tuple(
    sorted({base * level for base in (9, 10, 11, 12) for level in range(2, 19)} | {24 * level for level in range(2, 12)} | set(NULL_VALUES.values()))
)
CARD_POINTS = 120
#: no card is worth 1, so neither side can hold exactly 1 (or 119) card points
IMPOSSIBLE_POINTS = frozenset({1, CARD_POINTS - 1})
#: the most a trickless declarer holds: the skat's two cards, at most two aces
TRICKLESS_MOST = 22
SCHNEIDER_WON, SCHNEIDER_LOST = 90, 30
WIN_POINTS = 61
ANNOUNCEMENTS = ("schneider", "schwarz")

# The list's bonuses (SkWO 5.1): a game won, and each other player's share of a game lost.
WON_BONUS = 50
LOST_BONUS = 50
OPPONENT_BONUS: Mapping[int, int] = {3: 40, 4: 30}
DEALS_PER_PLAYER = 12

BOCK_TRIGGERS = ("sixty", "lost_grand", "all_pass")
SEEGER_FABIAN, PLAIN = "seeger_fabian", "plain"

# Names in words (N_-marked; translated when said): the games as a form offers them.
GAME_NAMES: Mapping[str, str] = {**{suit: SUIT_NAMES[suit] for suit in SUIT_GAMES}, GRAND: N_("Grand"), NULL: N_("Null")}
#: how the count of a suit game or a grand opens, by (game, "without"): "clubs with 2"
OPENINGS: Mapping[tuple[str, bool], str] = {
    (CLUBS, False): N_("clubs with {level}"),
    (CLUBS, True): N_("clubs without {level}"),
    (SPADES, False): N_("spades with {level}"),
    (SPADES, True): N_("spades without {level}"),
    (HEARTS, False): N_("hearts with {level}"),
    (HEARTS, True): N_("hearts without {level}"),
    (DIAMONDS, False): N_("diamonds with {level}"),
    (DIAMONDS, True): N_("diamonds without {level}"),
    (GRAND, False): N_("grand with {level}"),
    (GRAND, True): N_("grand without {level}"),
}
# A null game by its name, capitalized as Skat players write it ("Null ouvert"; never JSON's null).
NULL_NAMES: Mapping[tuple[bool, bool], str] = {
    (False, False): N_("Null"),
    (True, False): N_("Null hand"),
    (False, True): N_("Null ouvert"),
    (True, True): N_("Null ouvert hand"),
}
ANNOUNCE_NAMES: Mapping[str, str] = {"schneider": N_("schneider"), "schwarz": N_("schwarz")}
YES_NO: Mapping[Any, str] = {True: N_("yes"), False: N_("no")}

# The round fields that are a game's, each with the value it takes when not given (None: no default).
GAME_FIELDS: Mapping[str, Any] = {
    "game": None,
    "bid": None,
    "hand": False,
    "ouvert": False,
    "matadors": None,
    "without": False,
    "announce": None,
    "points": None,
    "schwarz": False,
    "won": None,
}
ROUND_FIELDS = ("declarer", *GAME_FIELDS, "ramsch", "no_trick")


def is_bid_value(bid: int) -> bool:
    return bid in BID_VALUES


@dataclass(frozen=True)
class SkatGame:
    """A declared game as recorded: what was played and what came of it."""

    declarer: int
    game: str
    bid: int
    hand: bool = False
    ouvert: bool = False
    matadors: int | None = None
    without: bool = False
    announce: str | None = None
    points: int | None = None
    schwarz: bool = False
    #: a null game's outcome (a suit or grand game's follows from the points)
    won: bool | None = None


@dataclass(frozen=True)
class SkatRamsch:
    """An all-passed deal played as a Ramsch: card points per seat (None: the dealer at 4)."""

    points: tuple[int | None, ...]
    no_trick: tuple[int, ...]


@dataclass(frozen=True)
class SkatDeal:
    """One deal: a declared game, a Ramsch, or neither (all passed, thrown in)."""

    game: SkatGame | None = None
    ramsch: SkatRamsch | None = None


@dataclass(frozen=True)
class SkatProgress:
    """Bock deals owed (the next included), each player's declared games won and lost, and
    how often each got the 40 (30 at four) for another's lost game: the list's end columns."""

    bock: int
    won: tuple[int, ...]
    lost: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class Valuation:
    """A declared game valued: its level and value, whether it was won, and V, the value it scores."""

    level: int | None
    value: int
    won: bool
    #: the value the game scores: its value, or when overbid the least multiple of its base reaching the bid
    scored: int
    overbid: bool
    #: the levels as the players count them ("with 2", "game 3", "hand 4"), N_-free: said when explained
    steps: tuple[tuple[str, int], ...] = ()


# ---- valuing a game (pure functions over the frozen values above)


def schneider(game: SkatGame) -> bool:
    points = game.points or 0
    return points >= SCHNEIDER_WON or points <= SCHNEIDER_LOST or game.announce is not None or game.ouvert


def schwarz(game: SkatGame) -> bool:
    return game.schwarz or game.announce == "schwarz" or game.ouvert


def levels(game: SkatGame) -> tuple[tuple[str, int], ...]:
    """Each level a suit or grand game counts, with the running level: the matadors, then
    game, hand, schneider, announced, schwarz, announced, ouvert (ISkO 5.2)."""
    matadors = game.matadors or 0
    steps: list[tuple[str, int]] = [("without" if game.without else "with", matadors)]
    level = matadors + 1
    steps.append(("game", level))
    announced_schneider = game.announce is not None or game.ouvert
    announced_schwarz = game.announce == "schwarz" or game.ouvert
    for name, counts in (
        ("hand", game.hand),
        ("schneider", schneider(game)),
        ("announced", announced_schneider),
        ("schwarz", schwarz(game)),
        ("announced", announced_schwarz),
        ("ouvert", game.ouvert),
    ):
        if counts:
            level += 1
            steps.append((name, level))
    return tuple(steps)


def value_game(game: SkatGame) -> Valuation:
    """The game's level, value, outcome and scored value V (ISkO 5.1-5.4)."""
    if game.game == NULL:
        value = NULL_VALUES[(game.hand, game.ouvert)]
        return Valuation(level=None, value=value, won=bool(game.won), scored=value, overbid=False)
    steps = levels(game)
    level = steps[-1][1]
    base = BASE[game.game]
    value = base * level
    points = game.points or 0
    made = points >= WIN_POINTS
    if game.announce is not None or game.ouvert:
        made = made and points >= SCHNEIDER_WON
    if game.announce == "schwarz" or game.ouvert:
        made = made and game.schwarz and points == CARD_POINTS
    overbid = value < game.bid
    if overbid:
        return Valuation(level, value, won=False, scored=math.ceil(game.bid / base) * base, overbid=True, steps=steps)
    return Valuation(level, value, won=made, scored=value, overbid=False, steps=steps)


# ---- saying it in words


#: each level of the count in words, with the running level (the matadors open it: OPENINGS)
LEVEL_WORDS: Mapping[str, str] = {
    "game": N_("game {level}"),
    "hand": N_("hand {level}"),
    "schneider": N_("schneider {level}"),
    "announced": N_("announced {level}"),
    "schwarz": N_("schwarz {level}"),
    "ouvert": N_("ouvert {level}"),
}


def level_words(game: SkatGame, name: str, level: int) -> str:
    """One step of the count as the players say it ("clubs with 2", "game 3", "hand 4")."""
    if name in ("with", "without"):
        return _(OPENINGS[(game.game, name == "without")], level=level)
    return _(LEVEL_WORDS[name], level=level)


def game_words(game: SkatGame, valued: Valuation) -> list[str]:
    """The game and its value ("clubs with 2, game 3 × 12 = 36"), then an overbid's value."""
    if game.game == NULL:
        return [" ".join((_(NULL_NAMES[(game.hand, game.ouvert)]), str(valued.value)))]
    counted = ", ".join(level_words(game, name, level) for name, level in valued.steps)
    base = BASE[game.game]
    parts = [f"{counted} × {base} = {valued.value}"]
    if valued.overbid:
        parts.append(
            _(
                "bid {bid}, overbid: {times} × {base} = {value}",
                bid=game.bid,
                times=valued.scored // base,
                base=base,
                value=valued.scored,
            )
        )
    return parts


def impossible_words(points: int) -> str:
    """The refusal of 1 or 119 card points."""
    return _n("{n} card point is impossible: no card is worth 1", "{n} card points are impossible: no card is worth 1", points)


def times(factor: int, value: int) -> str:
    """`value`, multiplied when the factor is not 1: "36", "2 × 36"."""
    return str(value) if factor == 1 else f"{factor} × {value}"
