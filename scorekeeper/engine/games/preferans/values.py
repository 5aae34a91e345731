"""Preferans's vocabulary: contracts, their values and quotas, the three conventions as data, a hand, the score sheet and the match's progress as frozen values, and their names in words."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.i18n import N_

# ---- contracts (spec: Round input, Conventions)

LEVELS = (6, 7, 8, 9, 10)
#: the suit letters of a contract code and NT; the suit is recorded, it does not score
STRAINS = ("S", "C", "D", "H", "NT")
MISERE, ALL_PASS = "misere", "all_pass"
#: the level of each 6-10 contract code ("7H": 7)
GAME_LEVELS: Mapping[str, int] = {f"{level}{strain}": level for level in LEVELS for strain in STRAINS}
CONTRACTS: tuple[str, ...] = (*GAME_LEVELS, MISERE, ALL_PASS)
#: v: the pool points of a made game, in every convention
VALUE: Mapping[int, int] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_VALUE = 10
#: N: the tricks the defence must take between them (10 may be whisted: 1)
QUOTA: Mapping[int, int] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
#: the levels on which the second defender may say "half", and on which two whisters each answer for N/2
HALF_LEVELS = (6, 7)
TRICKS = 10

# ---- the defenders' words

WHIST, PASS, HALF = "whist", "pass", "half"
WORDS = (WHIST, PASS, HALF)
#: the (first, second) defenders' final words a table can end on; (pass, half) also needs a 6 or 7 and the option
ALLOWED_WORDS = ((WHIST, WHIST), (WHIST, PASS), (PASS, WHIST), (PASS, PASS), (PASS, HALF))

# ---- options' choices

SOCHI, LENINGRAD, ROSTOV = "sochi", "leningrad", "rostov"
CONVENTIONS = (SOCHI, LENINGRAD, ROSTOV)
NONE, CAPPED, OPEN = "none", "capped", "open"
PROGRESSIONS = (NONE, CAPPED, OPEN)
#: `capped`: the multiplier of the s-th all-pass in a row stops at 3 (1-2-3, 3, 3...)
CAP = 3
POOL_SIZE, MOST_POOL = 20, 100

#: every mountain point is worth this many whists to each other player, in the settlement
SETTLE_WHISTS = 10
#: whists a helper writes per pool point passed on, before the multiplier k
HELP_WHISTS = 10
#: mountain points per trick a caught misère costs, before k
MISERE_TRICK = 10


@dataclass(frozen=True)
class Convention:
    """One column of the spec's convention table.

    `k`: whists and mountain are k × the base (1 pool point = k mountain points); `w_factor`:
    w = w_factor × v; `responsible`: a defence shortfall costs w a trick (else w/2, "half
    responsible"); `greedy`: a lone whister against a failed game takes all the defence's
    tricks (else the passer shares them, "gentleman's"); `all_pass_whists`: 0 when an
    all-pass goes to the mountain, else the whists a trick (Rostov 5); `progression`: the
    default all-pass progression.
    """

    k: int
    w_factor: int
    responsible: bool
    greedy: bool
    all_pass_whists: int
    progression: str

    def w(self, value: int) -> int:
        """Whists per defence trick, mountain per undertrick and consolation per undertrick."""
        return self.w_factor * value

    def p(self, value: int) -> int:
        """Mountain per trick missing from the defence's quota (w, or w/2: v is even, so whole)."""
        return self.w(value) if self.responsible else self.w(value) // 2


CONVENTION: Mapping[str, Convention] = {
    SOCHI: Convention(k=1, w_factor=1, responsible=True, greedy=True, all_pass_whists=0, progression=CAPPED),
    LENINGRAD: Convention(k=2, w_factor=2, responsible=False, greedy=False, all_pass_whists=0, progression=CAPPED),
    ROSTOV: Convention(k=1, w_factor=1, responsible=False, greedy=False, all_pass_whists=5, progression=NONE),
}

ROUND_FIELDS = ("contract", "declarer", "whist", "tricks")

# ---- what a hand writes: the kinds of entries and the reasons of their terms

POOL, HELP, MOUNTAIN, WHISTS = "pool", "help", "mountain", "whists"
MADE, DOWN, CAUGHT, SHORT, NO_TRICK, CLOSED = "made", "down", "caught", "short", "no_trick", "closed"
OWN_TRICKS, SHARED_TRICKS, CONSOLATION, HALF_WHIST = "tricks", "shared", "consolation", "half"

# ---- names in words (N_-marked; translated when said)

CONVENTION_NAMES: Mapping[str, str] = {
    SOCHI: N_("Sochi"),
    LENINGRAD: N_("Leningrad"),
    ROSTOV: N_("Rostov"),
}
PROGRESSION_NAMES: Mapping[str, str] = {
    NONE: N_("no progression"),
    CAPPED: N_("1, 2, 3, then 3"),
    OPEN: N_("1, 2, 3, 4, ..."),
}
#: a suit of a contract as the sheet writes it: its sign, alike in every language; NT in words
STRAIN_SIGNS: Mapping[str, str] = {
    "S": "♠",
    "C": "♣",
    "D": "♦",
    "H": "♥",
    # TRANSLATORS: no trump in a Preferans contract, short as on a chip (German SA, Russian БК)
    "NT": N_("NT"),
}
#: the contracts in words ("7♥", "6 NT", "Misère", "All pass"): a suit by its sign, no trump as its reader writes it
CONTRACT_NAMES: Mapping[str, str] = {
    **{f"{level}{strain}": f"{level}{sign}" for level in LEVELS for strain, sign in STRAIN_SIGNS.items() if strain != "NT"},
    # TRANSLATORS: a Preferans contract of 6 without trump (German 6 SA, Russian 6 БК)
    "6NT": N_("6 NT"),
    "7NT": N_("7 NT"),
    "8NT": N_("8 NT"),
    "9NT": N_("9 NT"),
    "10NT": N_("10 NT"),
    # TRANSLATORS: a Preferans misère (Russian мизер)
    MISERE: N_("Misère"),
    # TRANSLATORS: a Preferans hand everyone passed and played out (Russian распасы)
    ALL_PASS: N_("All pass"),
}
#: the defenders' words, as a hand's line says them ("Ann whist, Cid pass")
WORD_NAMES: Mapping[str, str] = {
    # TRANSLATORS: a Preferans defender's word (Russian вист)
    WHIST: N_("whist"),
    # TRANSLATORS: a Preferans defender's word (Russian пас)
    PASS: N_("pass"),
    # TRANSLATORS: a Preferans second defender's half-whist (Russian пол-виста)
    HALF: N_("half"),
}


@dataclass(frozen=True)
class Hand:
    """One hand as recorded and checked.

    `level`: 6-10 for a game, None for a misère or an all-pass; `defenders`: (first, second)
    for a game, () otherwise; `words`: the defenders' final words in that order; `tricks`
    per seat (None for the seat sitting out; all None when the game was not played);
    `active`: the three who play, from the first hand; `out`: the dealer sitting out at 4.
    """

    contract: str
    active: tuple[int, ...]
    out: int | None
    declarer: int | None = None
    level: int | None = None
    defenders: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    tricks: tuple[int | None, ...] | None = None

    @property
    def played(self) -> bool:
        """Whether the cards were played out (a misère, an all-pass, a game someone whisted)."""
        return self.level is None or WHIST in self.words

    @property
    def value(self) -> int:
        """v: the contract's pool points."""
        return MISERE_VALUE if self.level is None else VALUE[self.level]


@dataclass(frozen=True)
class Sheet:
    """The score sheet (пуля) as the hands so far wrote it: each player's pool and mountain,
    and `whists[i][j]`, the whists i wrote on j."""

    pool: tuple[int, ...]
    mountain: tuple[int, ...]
    whists: tuple[tuple[int, ...], ...]

    @classmethod
    def empty(cls, n: int) -> Sheet:
        return cls(pool=(0,) * n, mountain=(0,) * n, whists=((0,) * n,) * n)


@dataclass(frozen=True)
class Progress:
    """The sheet and the all-pass hands in a row that end the hands so far."""

    sheet: Sheet
    all_pass_run: int = 0


@dataclass(frozen=True)
class Term:
    """One term of an entry: `count` × `per` for a reason (`why`), worth `points` (half of
    count × per when the defence's tricks are shared, gentleman's whist)."""

    why: str
    count: int
    per: int
    points: int


@dataclass(frozen=True)
class Entry:
    """One line a hand writes on the sheet, by `seat`: `points` to its pool (POOL), to `on`'s
    pool with whists on `on` for the help (HELP), to its mountain (MOUNTAIN) or whists on
    `on` (WHISTS); `terms` say where the points come from."""

    seat: int
    kind: str
    points: int
    on: int | None = None
    terms: tuple[Term, ...] = ()
    why: str = ""

    @property
    def whists(self) -> int:
        """The whists the entry writes on `on` (HELP and WHISTS), else 0."""
        return sum(term.points for term in self.terms) if self.kind in (HELP, WHISTS) else 0
