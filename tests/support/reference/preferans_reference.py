"""Preferans scored again from the spec alone (`preferans.md`), to check the engine against.

The options' defaults and each convention's figures, every rule a hand can break, the score sheet
each hand writes (pool, mountain, whists, help and write-off), the settlement to whole whists, the
`next` hints, the end of the match and its winners.

Written from the spec text alone, without looking at the engine: one function per paragraph of the
spec, exact fractions where the spec divides. The refusal codes are the reference's own words
(RULES), the core's generic words where the rule is a generic one; whoever compares the engine
with it maps the engine's codes to them (preferans_lists.SAME_RULE).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tests.support.reference.common import highest, replay_on

# One code per validation rule of the spec, with the sentence it stands for.
RULES = {
    "round_type": "a round must be a JSON object (README: wrong types are 4xx)",
    "field_unknown": "Refused: unknown fields",
    "type": "wrong JSON types (README): a seat or a trick count that is no whole number, a list that is none",
    "length": "`whist`, `tricks`: per seat (README: per-seat values in seat order)",
    "contract_missing": "`contract` (required)",
    "contract_value": "Refused: bad contract codes (`6S`...`10NT`, `misere`, `all_pass`)",
    "declarer_missing": "`declarer`: required unless `all_pass`; refused: a declarer who ... is missing",
    "declarer_all_pass": "`declarer`: ... unless `all_pass`, where it is refused",
    "seat_range": "`declarer`: an active seat (README: out-of-range seats are 4xx)",
    "declarer_sits_out": "Refused: a declarer who sits out",
    "whist_not_applicable": "`whist`: for a 6-10 contract only (refused otherwise)",
    "whist_missing": "`whist`: each defender `whist`, `pass` or `half` (absent is null: no defender's word)",
    "whist_value": "`whist`: ... each defender `whist`, `pass` or `half`",
    "whist_seat": "Refused: `whist` entries for anyone but the two defenders",
    "whist_combination": "Refused: an unlisted combination (\"half only from the second defender, after a pass, on a 6 or 7\")",
    "tricks_missing": "Refused: tricks missing (all-pass, misere, a whisted contract; `null` only for the sitting-out dealer)",
    "tricks_not_played": "Refused: tricks ... present when not played (nobody whisted, or half-whist)",
    "tricks_negative": "Refused: tricks ... negative",
    "tricks_sum": "Refused: tricks ... not 10 in all",
    "tricks_sits_out": "Refused: tricks ... given for the sitting-out seat",
    "match_finished": "409 when the match is finished (README, checked before the body)",
}

FIELDS = {"contract", "declarer", "whist", "tricks"}
SUITS = ("S", "C", "D", "H", "NT")
CONTRACTS = [f"{level}{suit}" for level in range(6, 11) for suit in SUITS] + ["misere", "all_pass"]
WORDS = ("whist", "pass", "half")
# (first defender, second defender): the spec's allowed final words; half needs a 6 or 7 and the option.
ALLOWED_WORDS = {("whist", "whist"), ("whist", "pass"), ("pass", "whist"), ("pass", "pass")}
HALF = ("pass", "half")

# Contract value v (pool points for a made game) and defence quota N, the same in all three conventions.
VALUE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
QUOTA = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
MISERE_VALUE = 10


@dataclass(frozen=True)
class Convention:
    """One column of the spec's table of conventions."""

    k: int  # mountain and whists are k x base; 1 pool point = k mountain points
    w_per_v: int  # w = w_per_v x v: whists per defence trick, mountain per undertrick, consolation
    shortfall_half: bool  # p = w (responsible) or w / 2 (half)
    greedy: bool  # one whister, declarer down: the whister takes all (else whister and passer split)
    all_pass_whists: bool  # rostov: the fewest tricks write 5·m whists a trick; else k·m mountain a trick


TABLE = {
    "sochi": Convention(k=1, w_per_v=1, shortfall_half=False, greedy=True, all_pass_whists=False),
    "leningrad": Convention(k=2, w_per_v=2, shortfall_half=True, greedy=False, all_pass_whists=False),
    "rostov": Convention(k=1, w_per_v=1, shortfall_half=True, greedy=False, all_pass_whists=True),
}


def options_for(n: int, given: dict[str, Any]) -> dict[str, Any]:
    """The effective options: the spec's defaults, `all_pass_progression` `none` for rostov."""
    convention = given.get("convention", "sochi")
    options: dict[str, Any] = {
        "convention": convention,
        "pool_size": 20,
        "all_pass_progression": "none" if convention == "rostov" else "capped",
        "half_whist": True,
        "dealer_consolation": True,
        "max_rounds": None,
        "first_dealer": 0,
    }
    options.update(given)
    return options


def whole(value: Any) -> bool:
    """A JSON whole number (a boolean is not one)."""
    return type(value) is int


def contract_level(contract: str) -> int | None:
    """6-10 for a suit or no-trump contract, None for misere and all-pass."""
    for level in range(6, 11):
        if contract.startswith(str(level)) and contract[len(str(level)):] in SUITS:
            return level
    return None


def multiplier(progression: str, place: int) -> int:
    """m of the `place`-th all-pass in a row: 1; min(s, 3); s."""
    if progression == "none":
        return 1
    if progression == "capped":
        return min(place, 3)
    return place


@dataclass(frozen=True)
class Seating:
    """Who plays a hand: the dealer, who sits out (4 players), the active seats from the first hand."""

    n: int
    dealer: int

    @property
    def sits_out(self) -> int | None:
        return self.dealer if self.n == 4 else None

    @property
    def players(self) -> list[int]:
        """The three active seats, clockwise from the one after the dealer (at 3 the dealer plays last)."""
        return [(self.dealer + step) % self.n for step in range(1, 4)]

    def defenders(self, declarer: int) -> tuple[int, int]:
        """First and second defender: the next active seats clockwise from the declarer."""
        after = [(declarer + step) % self.n for step in range(1, self.n)]
        first, second = [seat for seat in after if seat in self.players]
        return first, second


# --------------------------------------------------------------------------- validation, rule by rule


def check_contract(raw: dict[str, Any], found: set[str]) -> str | None:
    """`contract` required and one of the codes: "game", "misere", "all_pass", or None when refused."""
    contract = raw.get("contract")
    if contract is None:
        found.add("contract_missing")
        return None
    if not isinstance(contract, str) or contract not in CONTRACTS:
        found.add("contract_value")
        return None
    return contract if contract in ("misere", "all_pass") else "game"


def check_declarer(raw: dict[str, Any], kind: str | None, seating: Seating, found: set[str]) -> int | None:
    """`declarer`: an active seat, required unless all-pass, refused for all-pass. The declarer
    when it is a usable active seat, else None."""
    declarer = raw.get("declarer")
    if declarer is None:
        if kind in ("game", "misere"):
            found.add("declarer_missing")
        return None
    if kind == "all_pass":
        found.add("declarer_all_pass")
    if not whole(declarer):
        found.add("type")
        return None
    if not 0 <= declarer < seating.n:
        found.add("seat_range")
        return None
    if declarer == seating.sits_out:
        found.add("declarer_sits_out")
        return None
    return declarer


def check_whist(raw: dict[str, Any], kind: str | None, level: int | None, declarer: int | None, seating: Seating,
                half_whist: bool, found: set[str]) -> tuple[str, str] | None:
    """`whist`: for a 6-10 contract only, the defenders' final words in an allowed combination.
    The (first, second) words when they can be read and are allowed, else None."""
    whist = raw.get("whist")
    if whist is None:
        if kind == "game":
            found.add("whist_missing")
        return None
    if kind in ("misere", "all_pass"):
        found.add("whist_not_applicable")
    if not isinstance(whist, list):
        found.add("type")
        return None
    if len(whist) != seating.n:
        found.add("length")
        return None
    if kind != "game" or declarer is None or level is None:
        # Who defends cannot be told: any entry that is no word breaks the rule on the words.
        if any(entry is not None and entry not in WORDS for entry in whist):
            found.add("whist_value")
        return None
    first, second = seating.defenders(declarer)
    # "null for the declarer and a sitting-out dealer": any other entry there, a word or not.
    others_silent = all(entry is None for seat, entry in enumerate(whist) if seat not in (first, second))
    if not others_silent:
        found.add("whist_seat")
    words = (whist[first], whist[second])
    if any(word is not None and word not in WORDS for word in words):
        found.add("whist_value")
        return None
    allowed = words in ALLOWED_WORDS or (words == HALF and half_whist and level in (6, 7))
    if not allowed:
        found.add("whist_combination")
    return words if allowed and others_silent else None


def check_tricks(raw: dict[str, Any], played: bool | None, seating: Seating, found: set[str]) -> None:
    """`tricks`: required when the hand is played, refused when it is not (None: cannot be told);
    whole numbers from 0 per active seat adding up to 10, null exactly for a sitting-out dealer."""
    tricks = raw.get("tricks")
    if tricks is None:
        if played:
            found.add("tricks_missing")
        return
    if played is False:
        found.add("tricks_not_played")
    if not isinstance(tricks, list):
        found.add("type")
        return
    if len(tricks) != seating.n:
        found.add("length")
        return
    counted = True
    for seat, count in enumerate(tricks):
        if seat == seating.sits_out:
            if count is not None:
                found.add("tricks_sits_out")
        elif count is None:
            found.add("tricks_missing")
            counted = False
        elif not whole(count):
            found.add("type")
            counted = False
        elif count < 0:
            found.add("tricks_negative")
            counted = False
    if counted and sum(tricks[seat] for seat in seating.players) != 10:
        found.add("tricks_sum")


def breaches(seating: Seating, options: dict[str, Any], raw: Any) -> set[str]:
    """Every rule of the spec this hand breaks (empty: it is accepted)."""
    if not isinstance(raw, dict):
        return {"round_type"}
    found: set[str] = set()
    if set(raw) - FIELDS:
        found.add("field_unknown")
    kind = check_contract(raw, found)
    level = contract_level(raw["contract"]) if kind == "game" else None
    declarer = check_declarer(raw, kind, seating, found)
    words = check_whist(raw, kind, level, declarer, seating, options["half_whist"], found)
    played: bool | None = None
    if kind in ("misere", "all_pass"):
        played = True
    elif words is not None:
        played = "whist" in words
    check_tricks(raw, played, seating, found)
    return found


# --------------------------------------------------------------------------- the score sheet


@dataclass
class Sheet:
    """Per player pool P and mountain M, and whists W[i][j] written by i on j."""

    n: int
    pool_size: int
    k: int
    pool: list[int] = field(default_factory=list)
    mountain: list[int] = field(default_factory=list)
    whists: list[list[int]] = field(default_factory=list)
    # What the last hand did that only the sheet sees, for the lists' coverage checks.
    events: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.pool = [0] * self.n
        self.mountain = [0] * self.n
        self.whists = [[0] * self.n for _ in range(self.n)]

    def write(self, i: int, j: int, amount: int) -> None:
        """i writes `amount` whists on j."""
        self.whists[i][j] += amount

    def write_pool(self, i: int, points: int) -> None:
        """Writing x pool points for i: own pool up to `pool_size`, the rest helps the highest open
        pool first (ties: first clockwise from i), 10k whists a point; past every pool, off i's mountain."""
        own = min(points, self.pool_size - self.pool[i])
        self.pool[i] += own
        rest = points - own
        clockwise = [(i + step) % self.n for step in range(1, self.n)]
        while rest > 0:
            open_seats = [j for j in clockwise if self.pool[j] < self.pool_size]
            if not open_seats:
                self.mountain[i] -= self.k * rest
                self.events.add("write_off")
                return
            # max() keeps the first of equals, and open_seats run clockwise from i.
            receiver = max(open_seats, key=lambda j: self.pool[j])
            given = min(rest, self.pool_size - self.pool[receiver])
            self.pool[receiver] += given
            self.write(i, receiver, 10 * self.k * given)
            self.events.add("help")
            rest -= given

    def all_closed(self) -> bool:
        return all(points == self.pool_size for points in self.pool)

    def settled(self) -> list[Fraction]:
        """Exact x_i: unfilled pools to the mountain, every mountain x 10 / n on its owner by each
        other player, whists netted."""
        closed_mountain = [self.mountain[i] + self.k * (self.pool_size - self.pool[i]) for i in range(self.n)]
        mean = Fraction(sum(closed_mountain), self.n)
        return [
            sum(self.whists[i][j] - self.whists[j][i] for j in range(self.n)) + 10 * (mean - closed_mountain[i])
            for i in range(self.n)
        ]


def whole_whists(exact: list[Fraction]) -> list[int]:
    """Floors, then the whists left over one each to the lowest x_i (ties: lower seat)."""
    floors = [math.floor(x) for x in exact]
    left_over = -sum(floors)
    for seat in sorted(range(len(exact)), key=lambda seat: (exact[seat], seat))[:left_over]:
        floors[seat] += 1
    return floors


# --------------------------------------------------------------------------- what a hand writes


@dataclass(frozen=True)
class Hand:
    """An accepted hand as the scoring paragraphs read it."""

    contract: str
    level: int | None
    declarer: int | None
    first: int | None
    second: int | None
    words: tuple[str, str] | None
    tricks: list[int | None]


def read(raw: dict[str, Any], seating: Seating) -> Hand:
    contract = raw["contract"]
    declarer = raw.get("declarer")
    first = second = None
    words = None
    if contract_level(contract) is not None:
        first, second = seating.defenders(raw["declarer"])
        words = (raw["whist"][first], raw["whist"][second])
    tricks = raw.get("tricks") or [None] * seating.n
    return Hand(contract, contract_level(contract), declarer if contract != "all_pass" else None, first, second, words,
                list(tricks))


def write_contract(sheet: Sheet, hand: Hand, convention: Convention, consoling: list[int]) -> None:
    """A 6-10 contract: not played (pass, pass or half-whist), or played with one or two whisters."""
    assert hand.level is not None and hand.declarer is not None and hand.words is not None
    assert hand.first is not None and hand.second is not None
    v, quota = VALUE[hand.level], QUOTA[hand.level]
    w = convention.w_per_v * v
    declarer, first, second = hand.declarer, hand.first, hand.second
    if hand.words == ("pass", "pass"):
        sheet.write_pool(declarer, v)
        sheet.events.add("passed")
        return
    if hand.words == HALF:
        sheet.write_pool(declarer, v)
        sheet.write(second, declarer, quota // 2 * w)
        sheet.events.add("half_whist")
        return
    tricks = hand.tricks
    d = tricks[declarer]
    t_first, t_second = tricks[first], tricks[second]
    assert d is not None and t_first is not None and t_second is not None
    down = max(0, hand.level - d)
    defence = t_first + t_second
    if down == 0:
        sheet.write_pool(declarer, v)
        sheet.events.add("made")
    else:
        sheet.mountain[declarer] += w * down
        for seat in consoling:
            sheet.write(seat, declarer, w * down)
        sheet.events.add("failed")
    whisters = [seat for seat, word in ((first, hand.words[0]), (second, hand.words[1])) if word == "whist"]
    if len(whisters) == 2:
        sheet.write(first, declarer, t_first * w)
        sheet.write(second, declarer, t_second * w)
        sheet.events.add("two_whisters")
    else:
        whister = whisters[0]
        passer = second if whister == first else first
        if down > 0 and not convention.greedy:
            # Gentleman: whister and passer share the defence's tricks.
            sheet.write(whister, declarer, defence * w // 2)
            sheet.write(passer, declarer, defence * w // 2)
            sheet.events.add("gentleman")
        else:
            sheet.write(whister, declarer, defence * w)
            if down > 0:
                sheet.events.add("greedy")
        sheet.events.add("one_whister")
    p = w // 2 if convention.shortfall_half else w
    write_shortfall(sheet, hand.level, {first: t_first, second: t_second}, whisters, second, p)


def write_shortfall(sheet: Sheet, level: int, taken: dict[int, int], whisters: list[int], second: int, p: int) -> None:
    """The defence's missing tricks s (of quota N), p a trick on the mountain of whoever answers
    for them: the one whister; two on a 6 or 7 each for N/2; on 8-10 the second defender."""
    quota = QUOTA[level]
    short = max(0, quota - sum(taken.values()))
    if short == 0:
        return
    sheet.events.add("shortfall")
    if len(whisters) == 1:
        sheet.mountain[whisters[0]] += p * short
    elif level in (6, 7):
        for seat in whisters:
            sheet.mountain[seat] += p * min(max(0, quota // 2 - taken[seat]), short)
    else:
        sheet.mountain[second] += p * short


def write_misere(sheet: Sheet, hand: Hand, convention: Convention) -> None:
    """Misere: no trick, 10 to the pool; else 10k a trick on the declarer's mountain."""
    assert hand.declarer is not None
    d = hand.tricks[hand.declarer]
    assert d is not None
    if d == 0:
        sheet.write_pool(hand.declarer, MISERE_VALUE)
        sheet.events.add("misere_made")
    else:
        sheet.mountain[hand.declarer] += 10 * convention.k * d
        sheet.events.add("misere_caught")


def write_all_pass(sheet: Sheet, hand: Hand, convention: Convention, m: int, players: list[int]) -> None:
    """All-pass: the mountain k·m a trick (rostov: the fewest write 5·m a trick on those with more),
    then m pool points for each active player with no trick, in order from the first hand."""
    counts = {seat: hand.tricks[seat] or 0 for seat in players}
    if convention.all_pass_whists:
        fewest = min(counts.values())
        writers = [seat for seat in players if counts[seat] == fewest]
        if len(writers) == 2:
            sheet.events.add("two_fewest")
        for writer in writers:
            for seat in players:
                if counts[seat] > fewest:
                    sheet.write(writer, seat, 5 * m * counts[seat])
    else:
        for seat in players:
            sheet.mountain[seat] += convention.k * m * counts[seat]
    for seat in players:
        if counts[seat] == 0:
            sheet.write_pool(seat, m)
            sheet.events.add("no_trick")


# --------------------------------------------------------------------------- the match


@dataclass
class ListState:
    """A match kept by hand: the sheet, hands so far, the current all-pass run, totals, the end."""

    n: int
    options: dict[str, Any]
    sheet: Sheet = field(init=False)
    hands: int = 0
    all_pass_run: int = 0
    totals: list[int] = field(default_factory=list)
    finished: bool = False
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.convention = TABLE[self.options["convention"]]
        self.sheet = Sheet(self.n, self.options["pool_size"], self.convention.k)
        self.totals = [0] * self.n

    def seating(self) -> Seating:
        return Seating(self.n, (self.options["first_dealer"] + self.hands) % self.n)

    def dealer(self) -> int:
        return self.seating().dealer

    def exact(self) -> list[Fraction]:
        """The exact settlement x_i if the match were closed now."""
        return self.sheet.settled()

    def hints(self) -> dict[str, Any]:
        seating = self.seating()
        sheet = self.sheet
        return {
            "round": self.hands + 1,
            "dealer": seating.dealer,
            "sits_out": seating.sits_out,
            "players": seating.players,
            "all_pass_run": self.all_pass_run,
            "all_pass_multiplier": multiplier(self.options["all_pass_progression"], self.all_pass_run + 1),
            "pool": list(sheet.pool),
            "mountain": list(sheet.mountain),
            "whists": [list(row) for row in sheet.whists],
            "pool_open": [sheet.pool_size - points for points in sheet.pool],
        }

    def play(self, raw: Any) -> tuple[set[str], list[int] | None]:
        """Record one hand: (the rules it breaks, its scores); a refused hand changes nothing."""
        if self.finished:
            return {"match_finished"}, None
        seating = self.seating()
        broken = breaches(seating, self.options, raw)
        if broken:
            return broken, None
        hand = read(raw, seating)
        self.sheet.events = set()
        if hand.contract == "all_pass":
            self.all_pass_run += 1
            m = multiplier(self.options["all_pass_progression"], self.all_pass_run)
            write_all_pass(self.sheet, hand, self.convention, m, seating.players)
        else:
            self.all_pass_run = 0
            if hand.contract == "misere":
                write_misere(self.sheet, hand, self.convention)
            else:
                consoling = [hand.first, hand.second]
                if seating.sits_out is not None and self.options["dealer_consolation"]:
                    consoling.append(seating.sits_out)
                write_contract(self.sheet, hand, self.convention, [seat for seat in consoling if seat is not None])
        before = self.totals
        self.totals = whole_whists(self.sheet.settled())
        self.hands += 1
        limit = self.options["max_rounds"]
        if self.sheet.all_closed() or (limit is not None and self.hands >= limit):
            self.finished, self.winners = True, highest(self.totals)
        return set(), [after - earlier for after, earlier in zip(self.totals, before)]


def replay(n: int, options: dict[str, Any], inputs: list[Any]) -> tuple[ListState, int | None]:
    """Play recorded inputs in order: the state, and the number of the first hand that no longer
    holds (refused, or recorded after the match has ended), else None."""
    return replay_on(ListState(n, options), inputs)
