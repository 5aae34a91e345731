"""Skat scored again from the spec (`skat.md`), without the engine: the options' defaults, every
refusal a deal can meet (as the set of the rules it breaks), each deal's points, the Bock
count, the totals, the end of the list and its winners.

Written apart from scorekeeper/engine/games/skat.py on purpose (different shapes, no shared
tables): only the refusal codes, the API's vocabulary, are the same words.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.support.reference.common import highest, replay_on, target_winner

SUIT_BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
GRAND_BASE = 24


def null_value(hand: bool, ouvert: bool) -> int:
    if ouvert:
        return 59 if hand else 46
    return 35 if hand else 23


def bidding_values() -> set[int]:
    # "k × b for b in 9, 10, 11, 12 and k 2-18, 24 × k for k 2-11, and 23, 35, 46, 59"
    values = {23, 35, 46, 59}
    for b in (9, 10, 11, 12):
        for k in range(2, 19):
            values.add(k * b)
    for k in range(2, 12):
        values.add(24 * k)
    return values


BIDS = bidding_values()
KEYS = {"declarer", "game", "bid", "hand", "ouvert", "matadors", "without", "announce", "points", "schwarz", "won",
        "ramsch", "no_trick"}


def options_for(n: int, given: dict[str, Any]) -> dict[str, Any]:
    """The effective options: the spec's defaults, a list of 12 deals per player."""
    options = {"first_dealer": 0, "scoring": "seeger_fabian", "dealer_bonus": True, "ramsch": False, "bock": [],
               "max_deals": 36 if n == 3 else 48, "target": None}
    options.update(given)
    return options


def whole(value: Any) -> bool:
    return type(value) is int


@dataclass
class Deal:
    """A deal as the reference reads it."""

    kind: str  # "game", "passed", "ramsch"
    declarer: int | None = None
    game: str | None = None
    bid: int = 0
    hand: bool = False
    ouvert: bool = False
    matadors: int = 0
    announce: str | None = None
    points: int = 0
    schwarz: bool = False
    won: bool = False
    ramsch: list[int | None] = field(default_factory=list)
    no_trick: list[int] = field(default_factory=list)


def breaches(n: int, dealer: int, options: dict[str, Any], raw: Any) -> set[str]:
    """Every rule of the spec this deal input breaks (empty: it is accepted)."""
    if not isinstance(raw, dict):
        return {"round_type"}
    found: set[str] = set()
    if set(raw) - KEYS:
        found.add("field_unknown")
    if "declarer" not in raw:
        return found | {"field_missing"}
    declarer = raw["declarer"]
    if declarer is not None and not whole(declarer):
        return found | {"type"}
    if declarer is not None and not 0 <= declarer < n:
        return found | {"range"}
    if n == 4 and declarer == dealer:
        found.add("declarer_sits_out")

    def given(key: str) -> Any:
        return raw.get(key)

    def flag(key: str) -> bool:
        value = given(key)
        if value is not None and not isinstance(value, bool):
            found.add("bool_type")
            return False
        return bool(value)

    def absent_or(key: str, default: Any, code: str = "field_not_applicable") -> None:
        value = given(key)
        if value is None:
            return
        if isinstance(default, bool):
            if value is not False:
                found.add(code)
        elif isinstance(default, list):
            if value != [] or not isinstance(value, list):
                found.add(code)
        else:
            found.add(code)

    if declarer is None:
        for key in ("game", "bid", "matadors", "announce", "points", "won"):
            absent_or(key, None)
        for key in ("hand", "ouvert", "without", "schwarz"):
            absent_or(key, False)
        if not options["ramsch"]:
            absent_or("ramsch", None, "ramsch_off")
            absent_or("no_trick", [], "ramsch_off")
            return found
        points = given("ramsch")
        if points is None:
            return found | {"ramsch_missing"}
        if not isinstance(points, list):
            return found | {"type"}
        if len(points) != n:
            return found | {"length"}
        out = dealer if n == 4 else None
        total = 0
        for seat, value in enumerate(points):
            if seat == out:
                if value is not None:
                    found.add("ramsch_dealer")
                continue
            if value is None:
                found.add("ramsch_points_missing")
            elif not whole(value):
                found.add("type")
            elif not 0 <= value <= 120:
                found.add("range")
            else:
                if value in (1, 119):
                    found.add("points_impossible")
                total += value
        if found:
            return found
        if total != 120:
            return found | {"ramsch_sum"}
        seats = given("no_trick") or []
        if not isinstance(seats, list):
            return found | {"type"}
        if len(seats) > 2:
            return found | {"no_trick_count"}
        for index, seat in enumerate(seats):
            if not whole(seat):
                found.add("type")
            elif not 0 <= seat < n:
                found.add("range")
            elif seat in seats[:index]:
                found.add("no_trick_repeated")
            elif seat == out:
                found.add("no_trick_sits_out")
            elif points[seat] != 0:
                found.add("no_trick_points")
        return found

    absent_or("ramsch", None)
    absent_or("no_trick", [])
    game = given("game")
    if game is None:
        return found | {"game_missing"}
    if game not in ("clubs", "spades", "hearts", "diamonds", "grand", "null"):
        return found | {"choice"}
    bid = given("bid")
    if bid is None:
        found.add("bid_missing")
    elif not whole(bid):
        found.add("type")
    elif bid not in BIDS:
        found.add("bid_value")
    hand = flag("hand")
    ouvert = flag("ouvert")
    if game == "null":
        for key in ("matadors", "announce", "points"):
            absent_or(key, None)
        for key in ("without", "schwarz"):
            absent_or(key, False)
        if given("won") is None:
            found.add("won_missing")
        else:
            flag("won")
        if whole(bid) and bid in BIDS and null_value(hand, ouvert) < bid:
            found.add("null_below_bid")
        return found
    if given("won") is not None:
        found.add("won_follows")
    matadors = given("matadors")
    if matadors is None:
        found.add("matadors_missing")
    elif not whole(matadors):
        found.add("type")
    elif not 1 <= matadors <= (4 if game == "grand" else 11):
        found.add("matadors_range")
    flag("without")
    points = given("points")
    if points is None:
        found.add("points_missing")
    elif not whole(points):
        found.add("type")
    elif not 0 <= points <= 120:
        found.add("range")
    elif points in (1, 119):
        found.add("points_impossible")
    announce = given("announce")
    if announce not in (None, "schneider", "schwarz"):
        found.add("choice")
    if ouvert and not hand:
        found.add("ouvert_without_hand")
    if announce is not None and not hand:
        found.add("announce_without_hand")
    if ouvert and announce == "schneider":
        found.add("ouvert_schneider")
    if flag("schwarz") and whole(points) and 23 <= points <= 119:
        found.add("schwarz_points")
    return found


def read(raw: dict[str, Any]) -> Deal:
    """An accepted deal's input as the reference scores it."""
    if raw["declarer"] is None:
        if raw.get("ramsch") is None:
            return Deal("passed")
        return Deal("ramsch", ramsch=list(raw["ramsch"]), no_trick=list(raw.get("no_trick") or []))
    return Deal(
        "game",
        declarer=raw["declarer"],
        game=raw["game"],
        bid=raw["bid"],
        hand=raw.get("hand") is True,
        ouvert=raw.get("ouvert") is True,
        matadors=raw.get("matadors") or 0,
        announce=raw.get("announce"),
        points=raw.get("points") or 0,
        schwarz=raw.get("schwarz") is True,
        won=raw.get("won") is True,
    )


def game_outcome(deal: Deal) -> tuple[bool, int]:
    """(won, V) of a declared game (spec "Game value" and "Won or lost")."""
    if deal.game == "null":
        return deal.won, null_value(deal.hand, deal.ouvert)
    base = GRAND_BASE if deal.game == "grand" else SUIT_BASE[str(deal.game)]
    announced = deal.announce is not None or deal.ouvert
    schwarz_announced = deal.announce == "schwarz" or deal.ouvert
    level = deal.matadors + 1
    level += deal.hand
    level += deal.ouvert
    level += deal.points >= 90 or deal.points <= 30 or announced
    level += announced
    level += deal.schwarz or schwarz_announced
    level += schwarz_announced
    value = base * level
    if value < deal.bid:
        # overbid: the least multiple of the base that reaches the bid, lost whatever the points
        return False, -(-deal.bid // base) * base
    won = deal.points >= 61
    if announced and deal.points < 90:
        won = False
    if schwarz_announced and not (deal.schwarz and deal.points == 120):
        won = False
    return won, value


def deal_scores(n: int, dealer: int, options: dict[str, Any], deal: Deal, bock: bool) -> list[int]:
    """Each seat's points for an accepted deal."""
    b = 2 if bock else 1
    scores = [0] * n
    if deal.kind == "passed":
        return scores
    if deal.kind == "ramsch":
        if len(deal.no_trick) == 2:
            for seat, points in enumerate(deal.ramsch):
                if points is not None and seat not in deal.no_trick:
                    scores[seat] = 120 * b
            return scores
        most = max(points for points in deal.ramsch if points is not None)
        j = 2 if len(deal.no_trick) == 1 else 1
        for seat, points in enumerate(deal.ramsch):
            if points == most:
                scores[seat] = -b * most * j
        return scores
    won, v = game_outcome(deal)
    d = deal.declarer
    assert d is not None
    if options["scoring"] == "plain":
        scores[d] = b * v if won else -2 * b * v
        return scores
    if won:
        scores[d] = b * v + 50
        return scores
    scores[d] = -2 * b * v - 50
    for seat in range(n):
        if seat == d:
            continue
        if n == 3:
            scores[seat] = 40
        elif seat != dealer or options["dealer_bonus"]:
            scores[seat] = 30
    return scores


@dataclass
class ListState:
    """A list kept by hand: totals, Bock deals owed, games won and lost, the 40s or 30s each
    got for another's lost game, the end."""

    n: int
    options: dict[str, Any]
    totals: list[int] = field(default_factory=list)
    bock_owed: int = 0
    won: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    shares: list[int] = field(default_factory=list)
    deals: int = 0
    finished: bool = False
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.totals = [0] * self.n
        self.won = [0] * self.n
        self.lost = [0] * self.n
        self.shares = [0] * self.n

    def dealer(self) -> int:
        return (self.options["first_dealer"] + self.deals) % self.n

    def hints(self) -> dict[str, Any]:
        d = self.dealer()
        if self.n == 4:
            active = [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4]
        else:
            active = [(d + 1) % 3, (d + 2) % 3, d]
        limit = self.options["max_deals"]
        return {"round": self.deals + 1, "dealer": d, "sits_out": d if self.n == 4 else None, "active": active,
                "deals_left": None if limit is None else limit - self.deals, "bock": self.bock_owed > 0,
                "bock_pending": self.bock_owed}

    def play(self, raw: Any) -> tuple[set[str], list[int] | None]:
        """Record one deal: (the rules it breaks, its scores); a refused deal changes nothing."""
        if self.finished:
            return {"match_finished"}, None
        broken = breaches(self.n, self.dealer(), self.options, raw)
        if broken:
            return broken, None
        deal = read(raw)
        bock = self.bock_owed > 0
        scores = deal_scores(self.n, self.dealer(), self.options, deal, bock)
        if bock:
            self.bock_owed -= 1
        triggers = self.options["bock"]
        triggered = False
        if deal.kind == "game":
            won, _v = game_outcome(deal)
            if won:
                self.won[deal.declarer or 0] += 1
            else:
                self.lost[deal.declarer or 0] += 1
                for seat, score in enumerate(scores):
                    if seat != deal.declarer and score in (40, 30):
                        self.shares[seat] += 1
            if "sixty" in triggers and deal.game != "null" and deal.points == 60:
                triggered = True
            if "lost_grand" in triggers and deal.game == "grand" and not won:
                triggered = True
        elif "all_pass" in triggers:
            triggered = True
        if triggered:
            self.bock_owed += self.n
        self.totals = [total + score for total, score in zip(self.totals, scores)]
        self.deals += 1
        self.check_end()
        return set(), scores

    def check_end(self) -> None:
        won = target_winner(self.totals, self.options["target"])
        if won is not None:
            self.finished, self.winners = True, won
            return
        leaders = highest(self.totals)
        limit = self.options["max_deals"]
        if limit is not None and self.deals >= limit:
            if self.options["scoring"] == "seeger_fabian" and len(leaders) > 1:
                top = max(self.won[seat] for seat in leaders)
                leaders = [seat for seat in leaders if self.won[seat] == top]
                low = min(self.lost[seat] for seat in leaders)
                leaders = [seat for seat in leaders if self.lost[seat] == low]
            self.finished, self.winners = True, leaders


def replay(n: int, options: dict[str, Any], inputs: list[Any]) -> tuple[ListState, int | None]:
    """Play recorded inputs in order: the state, and the number of the first deal that no longer
    holds (refused, or recorded after the list has ended), else None."""
    return replay_on(ListState(n, options), inputs)
