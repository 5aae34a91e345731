"""Doppelkopf's vocabulary: the games, calls, special points and Bock events, a hand and the match's progress as frozen values, and their names in words."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.base import CLUBS, DIAMONDS, HEARTS, SPADES
from ...core.i18n import N_

# ---- the games (TSR 4)

NORMAL, MARRIAGE = "normal", "marriage"
#: the solos a player declares (a Vorbehalt): the only ones that count as compulsory
# The suit solos by the shared card vocabulary's names (SPADES the suit, not the game of that name).
DECLARED_SOLOS = ("queens", "jacks", CLUBS, SPADES, HEARTS, DIAMONDS, "fleshless")
SILENT_SOLO, MARRIAGE_SOLO = "silent_solo", "marriage_solo"
SOLOS = (*DECLARED_SOLOS, SILENT_SOLO, MARRIAGE_SOLO)
PARTY_GAMES = (NORMAL, MARRIAGE)
GAMES = (*PARTY_GAMES, *SOLOS)

CARD_POINTS = 240
#: a series is 24 deals at 4 (TSR 8); at 5, 30 so that everyone plays 24 hands
DEALS: Mapping[int, int] = {4: 24, 5: 30}

# ---- the parties and their calls (TSR 6, 7.2.2)

RE, KONTRA = "re", "kontra"
PARTIES = (RE, KONTRA)
#: each call's level; a call includes the lower ones ("keine 60" is "Re, keine 90, keine 60")
RE_CALLS: Mapping[str | None, int] = {None: 0, RE: 1, "no90": 2, "no60": 3, "no30": 4, "black": 5}
KONTRA_CALLS: Mapping[str | None, int] = {None: 0, KONTRA: 1, "no90": 2, "no60": 3, "no30": 4, "black": 5}
#: what a party at level 2, 3, 4 promised: the other party stays under this many card points
UNDER: Mapping[int, int] = {2: 90, 3: 60, 4: 30}
#: the card points reached against the other's promise at each level, worth 1 each
AGAINST: Mapping[int, int] = {2: 120, 3: 90, 4: 60, 5: 30}
#: each announcement's own points under the TSR ("Re" 2, "Kontra" 2)
CALL_POINTS = 2
BLACK = 5

# ---- options' choices

TSR, DOUBLE = "tsr", "double"
AGAINST_SOLOIST = "against_soloist"
APPEND = "append"
AGAINST_QUEENS, FOX, DOPPELKOPF_TRICK, KARLCHEN = "against_queens", "fox", "doppelkopf", "karlchen"
SPECIAL_POINTS = (AGAINST_QUEENS, FOX, DOPPELKOPF_TRICK, KARLCHEN)
TIE, ZERO, LOST_RE, LOST_KONTRA, LOST_SOLO = "tie", "zero", "lost_re", "lost_kontra", "lost_solo"
BOCK_EVENTS = (TIE, ZERO, LOST_RE, LOST_KONTRA, LOST_SOLO)
#: the card points of the cards special points count: ♦A (a fox), a Doppelkopf trick, ♣J
FOX_POINTS, DOPPELKOPF_POINTS, KARLCHEN_POINTS = 11, 40, 2
MOST_FOXES = 2

ROUND_FIELDS = ("game", "re_points", "re", "soloist", "re_call", "kontra_call", "no_trick", "foxes", "doppelkopfs", "karlchen")

# ---- names in words (N_-marked; translated when said)

GAME_NAMES: Mapping[str, str] = {
    NORMAL: N_("Normal game"),
    MARRIAGE: N_("Marriage"),
    "queens": N_("Queens solo"),
    "jacks": N_("Jacks solo"),
    CLUBS: N_("Clubs solo"),
    SPADES: N_("Spades solo"),
    HEARTS: N_("Hearts solo"),
    DIAMONDS: N_("Diamonds solo"),
    "fleshless": N_("Fleshless"),
    SILENT_SOLO: N_("Silent solo"),
    MARRIAGE_SOLO: N_("Marriage without a partner"),
}
PARTY_NAMES: Mapping[str, str] = {RE: N_("Re"), KONTRA: N_("Kontra")}
CALL_NAMES: Mapping[int, str] = {2: N_("no 90"), 3: N_("no 60"), 4: N_("no 30"), 5: N_("black")}
#: each call by its name, as a form offers it: the party's own first ("Re", "no 90", ...)
RE_CALL_NAMES: Mapping[str, str] = {RE: PARTY_NAMES[RE], **{code: CALL_NAMES[level] for code, level in RE_CALLS.items()
                                                            if code is not None and level > 1}}
KONTRA_CALL_NAMES: Mapping[str, str] = {
    KONTRA: PARTY_NAMES[KONTRA],
    **{code: CALL_NAMES[level] for code, level in KONTRA_CALLS.items() if code is not None and level > 1},
}
#: what the loser stayed under, by threshold
UNDER_NAMES: Mapping[int, str] = {90: N_("under 90"), 60: N_("under 60"), 30: N_("under 30")}
AGAINST_NAMES: Mapping[int, str] = {
    2: N_("120 against no 90"),
    3: N_("90 against no 60"),
    4: N_("60 against no 30"),
    5: N_("30 against black"),
}


@dataclass(frozen=True)
class Hand:
    """One hand as recorded: the game, the parties and what came of it.

    `re` holds the Re seats (the soloist alone in a solo); `foxes` and `doppelkopfs` are
    (Re's, Kontra's); `compulsory`: a declared solo its soloist still owed.
    """

    game: str
    re: tuple[int, ...]
    re_points: int
    re_level: int = 0
    kontra_level: int = 0
    no_trick: str | None = None
    foxes: tuple[int, int] = (0, 0)
    doppelkopfs: tuple[int, int] = (0, 0)
    karlchen: str | None = None
    compulsory: bool = False
    #: the soloist played it because the deals left were needed (Vorführung): a deal whatever the options
    forced: bool = False

    @property
    def solo(self) -> bool:
        return self.game in SOLOS

    @property
    def kontra_points(self) -> int:
        return CARD_POINTS - self.re_points


@dataclass(frozen=True)
class Progress:
    """What the hands so far leave behind: the deals counted, each seat's compulsory solos
    played, and the Bock rounds running: under `append` one count of Bock hands queued,
    under `double` the hands left of each round (a hand lies in every round still running)."""

    deals: int
    played: tuple[int, ...]
    bock: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """A hand valued (TSR 7.1-7.2): who won (None: nobody), the items of the game value
    (words' msgid, points) credited to the winner or, when nobody won, to each party, the
    special points (kind, party, count), and N, the Re party's hand value before Bock."""

    winner: str | None
    items: tuple[tuple[str, int], ...]
    kontra_items: tuple[tuple[str, int], ...]
    specials: tuple[tuple[str, str, int], ...]
    base: int
    value: int
    calls: int
