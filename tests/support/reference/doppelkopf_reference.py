"""Doppelkopf scored again from the spec alone (`doppelkopf.md`), to check the engine against.

The options' defaults, every rule a hand can break, each hand's scores, deals, compulsory and forced
solos, Bock, the totals, the end of the list and its winners.

Written from the spec text alone, one function per paragraph, before any engine existed: the two can
then disagree where one of them misreads the spec. The refusal codes are the reference's own words
(RULES); whoever compares the engine with it maps them to the engine's codes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from tests.support.reference.common import highest, replay_on, target_winner

# One code per validation rule of the spec, with the sentence it stands for.
RULES = {
    "type": "wrong types (a boolean is not a number); the round is not an object; a list of the wrong length",
    "unknown_field": "Unknown fields",
    "game_missing": "`game` ... missing",
    "re_points_missing": "`re_points` missing",
    "game_value": "unknown values of `game`",
    "call_value": "unknown values of ... the calls (`kontra` is not a Re call)",
    "party_value": "unknown values of ... `no_trick`, `karlchen`",
    "seat_missing": "`re`: normal, marriage: required; `soloist`: solos: required (field table)",
    "seat_range": "Seats out of range",
    "re_pair": "`re` not two different seats",
    "sits_out": "a seat that sits out this hand",
    "wrong_kind_seat": "`re` or `soloist` (not `null`) given for the other kind of game",
    "re_points_range": "`re_points` outside 0-240",
    "no_trick_points": "`no_trick: \"re\"` unless `re_points` = 0; `no_trick: \"kontra\"` unless `re_points` = 240",
    "count_range": "`foxes`, `doppelkopfs`: integers >= 0 (field table)",
    "fox_count": "`foxes` more than 2 in all",
    "fox_points": "a party's foxes x 11 ... more than its card points",
    "doppelkopf_points": "a party's ... doppelkopfs x 40 more than its card points",
    "karlchen_points": "`karlchen` for a party with fewer than 2 card points",
    "special_in_solo": "In a solo ...: a nonzero count or a non-null `karlchen` (\"no special points in a solo\")",
    "special_off": "for a kind missing from `special_points`: a nonzero count or a non-null `karlchen`",
    "forced_solo": "While `next.forced_solo` is set: anything but a declared solo by that seat",
    "match_finished": "409 when the match is finished (README, checked before the body)",
}

DECLARED_SOLOS = ("queens", "jacks", "clubs", "spades", "hearts", "diamonds", "fleshless")
OTHER_SOLOS = ("silent_solo", "marriage_solo")
PARTNER_GAMES = ("normal", "marriage")
GAMES = PARTNER_GAMES + DECLARED_SOLOS + OTHER_SOLOS
RE_CALLS = (None, "re", "no90", "no60", "no30", "black")
KONTRA_CALLS = (None, "kontra", "no90", "no60", "no30", "black")
FIELDS = {"game", "re", "soloist", "re_points", "re_call", "kontra_call", "no_trick", "foxes", "doppelkopfs", "karlchen"}
SPECIAL_KINDS = ("against_queens", "fox", "doppelkopf", "karlchen")


def options_for(n: int, given: dict[str, Any]) -> dict[str, Any]:
    """The effective options: the spec's table of defaults (`max_deals` 24 at 4 players, 30 at 5)."""
    options: dict[str, Any] = {
        "first_dealer": 0,
        "max_deals": 24 if n == 4 else 30,
        "target": None,
        "compulsory_solos": 1,
        "compulsory_solo_redeal": True,
        "announcements": "tsr",
        "special_points": list(SPECIAL_KINDS),
        "solo_value": "tsr",
        "bock": [],
        "bock_overlap": "append",
    }
    options.update(given)
    return options


def whole(value: Any) -> TypeGuard[int]:
    """An integer that is not a boolean."""
    return type(value) is int


def level(call: str | None) -> int:
    """"Call levels: none 0, `re`/`kontra` 1, `no90` 2, `no60` 3, `no30` 4, `black` 5"."""
    if call is None:
        return 0
    if call in ("re", "kontra"):
        return 1
    return {"no90": 2, "no60": 3, "no30": 4, "black": 5}[call]


# --------------------------------------------------------------------------- validation, bullet by bullet


def check_fields_and_types(raw: dict[str, Any], found: set[str]) -> None:
    """Bullet 1: unknown fields, `game` or `re_points` missing, wrong types, unknown values."""
    if set(raw) - FIELDS:
        found.add("unknown_field")
    if raw.get("game") is None:
        found.add("game_missing")
    elif not isinstance(raw["game"], str):
        found.add("type")
    elif raw["game"] not in GAMES:
        found.add("game_value")
    if raw.get("re_points") is None:
        found.add("re_points_missing")
    elif not whole(raw["re_points"]):
        found.add("type")
    for key, allowed in (("re_call", RE_CALLS), ("kontra_call", KONTRA_CALLS)):
        value = raw.get(key)
        if value is not None and not isinstance(value, str):
            found.add("type")
        elif value not in allowed:
            found.add("call_value")
    for key in ("no_trick", "karlchen"):
        value = raw.get(key)
        if value is not None and not isinstance(value, str):
            found.add("type")
        elif value not in (None, "re", "kontra"):
            found.add("party_value")
    for key in ("foxes", "doppelkopfs"):
        value = raw.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or len(value) != 2 or not all(whole(count) for count in value):
            found.add("type")
        elif min(value) < 0:
            found.add("count_range")


def check_seats(raw: dict[str, Any], n: int, out: int | None, found: set[str]) -> None:
    """Bullet 2: seats out of range, `re` not two different seats, a seat that sits out, `re` or
    `soloist` given for the other kind of game (and the one the game needs missing)."""
    game = raw.get("game")
    partners = game in PARTNER_GAMES
    solo = game in DECLARED_SOLOS or game in OTHER_SOLOS
    re = raw.get("re")
    soloist = raw.get("soloist")
    if re is not None:
        if not isinstance(re, list) or not all(whole(seat) for seat in re):
            found.add("type")
        else:
            if len(re) != 2 or len(set(re)) != 2:
                found.add("re_pair")
            if any(not 0 <= seat < n for seat in re):
                found.add("seat_range")
            if out is not None and out in re:
                found.add("sits_out")
        if solo:
            found.add("wrong_kind_seat")
    elif partners:
        found.add("seat_missing")
    if soloist is not None:
        if not whole(soloist):
            found.add("type")
        else:
            if not 0 <= soloist < n:
                found.add("seat_range")
            if soloist == out:
                found.add("sits_out")
        if partners:
            found.add("wrong_kind_seat")
    elif solo:
        found.add("seat_missing")


def check_points(raw: dict[str, Any], found: set[str]) -> None:
    """Bullet 3: `re_points` outside 0-240; `no_trick` only with all or none of the card points."""
    points = raw.get("re_points")
    if not whole(points):
        return
    if not 0 <= points <= 240:
        found.add("re_points_range")
        return
    if raw.get("no_trick") == "re" and points != 0:
        found.add("no_trick_points")
    if raw.get("no_trick") == "kontra" and points != 240:
        found.add("no_trick_points")


def counts(raw: dict[str, Any], key: str) -> list[int] | None:
    """`foxes` or `doppelkopfs` as [Re, Kontra] ("absent or `null`: [0, 0]"); None when malformed,
    so that the rules on the counts judge only counts."""
    value = raw.get(key)
    if value is None:
        return [0, 0]
    if not isinstance(value, list) or len(value) != 2 or not all(whole(count) and count >= 0 for count in value):
        return None
    return list(value)


def check_counts(raw: dict[str, Any], found: set[str]) -> None:
    """Bullet 4: more than 2 foxes; a party's foxes x 11 or doppelkopfs x 40 above its card points;
    `karlchen` for a party with fewer than 2 card points."""
    points = raw.get("re_points")
    if not whole(points) or not 0 <= points <= 240:
        return
    party_points = {"re": points, "kontra": 240 - points}
    foxes = counts(raw, "foxes")
    doppelkopfs = counts(raw, "doppelkopfs")
    if foxes is not None:
        if foxes[0] + foxes[1] > 2:
            found.add("fox_count")
        if foxes[0] * 11 > party_points["re"] or foxes[1] * 11 > party_points["kontra"]:
            found.add("fox_points")
    if doppelkopfs is not None:
        if doppelkopfs[0] * 40 > party_points["re"] or doppelkopfs[1] * 40 > party_points["kontra"]:
            found.add("doppelkopf_points")
    karlchen = raw.get("karlchen")
    if isinstance(karlchen, str) and karlchen in party_points and party_points[karlchen] < 2:
        found.add("karlchen_points")


def check_special_allowed(raw: dict[str, Any], options: dict[str, Any], found: set[str]) -> None:
    """Bullet 5: in a solo, or for a kind missing from `special_points`, a nonzero count or a
    non-null `karlchen` (zeros and nulls are accepted)."""
    foxes = counts(raw, "foxes")
    doppelkopfs = counts(raw, "doppelkopfs")
    given = {
        "fox": foxes is not None and any(foxes),
        "doppelkopf": doppelkopfs is not None and any(doppelkopfs),
        "karlchen": raw.get("karlchen") in ("re", "kontra"),
    }
    if raw.get("game") not in PARTNER_GAMES and any(given.values()):
        found.add("special_in_solo")
    if any(given[kind] and kind not in options["special_points"] for kind in given):
        found.add("special_off")


def check_forced(raw: dict[str, Any], forced: int | None, found: set[str]) -> None:
    """Bullet 6: while a seat is forced, anything but a declared solo by that seat."""
    if forced is None:
        return
    if raw.get("game") not in DECLARED_SOLOS or raw.get("soloist") != forced:
        found.add("forced_solo")


def breaches(n: int, out: int | None, forced: int | None, options: dict[str, Any], raw: Any) -> set[str]:
    """Every rule of the spec this hand breaks (empty: it is accepted)."""
    if not isinstance(raw, dict):
        return {"type"}
    found: set[str] = set()
    check_fields_and_types(raw, found)
    check_seats(raw, n, out, found)
    check_points(raw, found)
    check_counts(raw, found)
    check_special_allowed(raw, options, found)
    check_forced(raw, forced, found)
    return found


# --------------------------------------------------------------------------- scoring, paragraph by paragraph


@dataclass
class Hand:
    """An accepted hand as the scoring paragraphs read it."""

    game: str
    re: list[int]
    soloist: int | None
    r: int
    k: int
    a: int
    b: int
    re_called: bool
    kontra_called: bool
    no_trick: str | None
    foxes: list[int]
    doppelkopfs: list[int]
    karlchen: str | None


def read(raw: dict[str, Any]) -> Hand:
    soloist = raw.get("soloist")
    return Hand(
        game=raw["game"],
        re=[soloist] if soloist is not None else list(raw["re"]),
        soloist=soloist,
        r=raw["re_points"],
        k=240 - raw["re_points"],
        a=level(raw.get("re_call")),
        b=level(raw.get("kontra_call")),
        re_called=raw.get("re_call") is not None,
        kontra_called=raw.get("kontra_call") is not None,
        no_trick=raw.get("no_trick"),
        foxes=counts(raw, "foxes") or [0, 0],
        doppelkopfs=counts(raw, "doppelkopfs") or [0, 0],
        karlchen=raw.get("karlchen"),
    )


def promise_holds(promised_level: int, other_points: int, other_no_trick: bool) -> bool:
    """"A party at level >= 2 has promised that the other party gets < 90 (level 2), < 60 (3),
    < 30 (4), no trick (5)"."""
    if promised_level == 2:
        return other_points < 90
    if promised_level == 3:
        return other_points < 60
    if promised_level == 4:
        return other_points < 30
    return other_no_trick


def re_promise_holds(hand: Hand) -> bool:
    return promise_holds(hand.a, hand.k, hand.no_trick == "kontra")


def kontra_promise_holds(hand: Hand) -> bool:
    return promise_holds(hand.b, hand.r, hand.no_trick == "re")


def re_wins(hand: Hand) -> bool:
    """Who wins (TSR 7.1), Re's half."""
    if hand.a >= 2:
        return re_promise_holds(hand)
    if hand.b >= 2:
        return not kontra_promise_holds(hand)
    if hand.b == 1 and hand.a == 0:
        return hand.r >= 120
    return hand.r >= 121


def kontra_wins(hand: Hand) -> bool:
    """Who wins (TSR 7.1), Kontra's half: "Kontra likewise"."""
    if hand.b >= 2:
        return kontra_promise_holds(hand)
    if hand.a >= 2:
        return not re_promise_holds(hand)
    return not re_wins(hand)


def winner(hand: Hand) -> str | None:
    """"re", "kontra" or None: "When both promised and both promises fail, nobody wins"."""
    if re_wins(hand):
        return "re"
    if kontra_wins(hand):
        return "kontra"
    return None


def reached_against(points: int, other_level: int) -> int:
    """"120 points against the other's `no90` (level >= 2), 90 against `no60` (>= 3), 60 against
    `no30` (>= 4), 30 against `black` (5): 1 point each"."""
    reached = 0
    if other_level >= 2 and points >= 120:
        reached += 1
    if other_level >= 3 and points >= 90:
        reached += 1
    if other_level >= 4 and points >= 60:
        reached += 1
    if other_level >= 5 and points >= 30:
        reached += 1
    return reached


def under_points(points: int) -> int:
    """One point each for under 90, under 60, under 30."""
    return (points < 90) + (points < 60) + (points < 30)


def game_value(hand: Hand, won_by: str, announcements: str) -> int:
    """Game value V of a won hand (TSR 7.2.2), all to the winner."""
    loser_points = hand.k if won_by == "re" else hand.r
    loser = "kontra" if won_by == "re" else "re"
    value = 1
    value += under_points(loser_points)
    if hand.no_trick == loser:
        value += 1
    if announcements == "tsr":
        if hand.re_called:
            value += 2
        if hand.kontra_called:
            value += 2
    value += max(hand.a - 1, 0) + max(hand.b - 1, 0)
    if won_by == "re":
        value += reached_against(hand.r, hand.b)
    else:
        value += reached_against(hand.k, hand.a)
    return value


def nobody_won_base(hand: Hand) -> int:
    """"Nobody won": each party 1 for the other under 90, 60, 30 and each point reached against a
    promise; B = Re's - Kontra's."""
    re_side = under_points(hand.k) + reached_against(hand.r, hand.b)
    kontra_side = under_points(hand.r) + reached_against(hand.k, hand.a)
    return re_side - kontra_side


def base(hand: Hand, announcements: str) -> int:
    """The Re party's base B."""
    won_by = winner(hand)
    if won_by == "re":
        return game_value(hand, "re", announcements)
    if won_by == "kontra":
        return -game_value(hand, "kontra", announcements)
    return nobody_won_base(hand)


def special(hand: Hand, options: dict[str, Any]) -> int:
    """Special points (TSR 7.2.3): S = Re's - Kontra's; in a solo 0, or -1 when Kontra beat the
    soloist under `solo_value: against_soloist`."""
    kinds = options["special_points"]
    if hand.game not in PARTNER_GAMES:
        if options["solo_value"] == "against_soloist" and winner(hand) == "kontra":
            return -1
        return 0
    s = 0
    if "against_queens" in kinds and winner(hand) == "kontra":
        s -= 1
    if "fox" in kinds:
        s += hand.foxes[0] - hand.foxes[1]
    if "doppelkopf" in kinds:
        s += hand.doppelkopfs[0] - hand.doppelkopfs[1]
    if "karlchen" in kinds:
        if hand.karlchen == "re":
            s += 1
        if hand.karlchen == "kontra":
            s -= 1
    return s


def hand_value(hand: Hand, options: dict[str, Any]) -> int:
    """N = B + S; with `announcements: double`, x 2 for each party that made a call."""
    n_value = base(hand, options["announcements"]) + special(hand, options)
    if options["announcements"] == "double":
        n_value *= 2 ** (hand.re_called + hand.kontra_called)
    return n_value


def hand_scores(n: int, out: int | None, hand: Hand, n_value: int, m: int) -> list[int]:
    """Scores: Re players +N x m, Kontra -N x m; a soloist +3 x N x m; sitting out 0."""
    scores = [0] * n
    for seat in range(n):
        if seat == out:
            continue
        if seat in hand.re:
            scores[seat] = (3 if hand.soloist is not None else 1) * n_value * m
        else:
            scores[seat] = -n_value * m
    return scores


def bock_events(hand: Hand, n_value: int, bock: list[str]) -> bool:
    """Whether an event listed in `bock` happened in this hand."""
    won_by = winner(hand)
    events = {
        "tie": hand.r == 120,
        "zero": n_value == 0,
        "lost_re": hand.a >= 1 and won_by == "kontra",
        "lost_kontra": hand.b >= 1 and won_by == "re",
        # A soloist "lost" when Kontra won (the word `lost_re` uses); nobody winning is no loss.
        "lost_solo": hand.soloist is not None and won_by == "kontra",
    }
    return any(events[event] for event in bock)


# --------------------------------------------------------------------------- the list


@dataclass
class ListState:
    """A list kept by hand: totals, hands and deals so far, compulsory solos owed, the Bock
    rounds still to come, the end."""

    n: int
    options: dict[str, Any]
    totals: list[int] = field(default_factory=list)
    hands: int = 0
    deals: int = 0
    owed: list[int] = field(default_factory=list)
    # append: Bock hands queued; double: per running Bock round, the hands it still covers.
    bock_queue: int = 0
    bock_rounds: list[int] = field(default_factory=list)
    finished: bool = False
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.totals = [0] * self.n
        self.owed = [self.options["compulsory_solos"]] * self.n

    def dealer(self) -> int:
        """"Dealer of the next hand = (first_dealer + deals so far) % n"."""
        return (self.options["first_dealer"] + self.deals) % self.n

    def sits_out(self) -> int | None:
        return self.dealer() if self.n == 5 else None

    def players(self) -> list[int]:
        """The four seats of the next hand, clockwise from the dealer's left."""
        d = self.dealer()
        return [(d + step) % self.n for step in range(1, 5)]

    def deals_left(self) -> int | None:
        limit = self.options["max_deals"]
        return None if limit is None else limit - self.deals

    def forced(self) -> int | None:
        """Vorführung: when O > 0 and O >= L, the first seat from the dealer's left that owes."""
        left = self.deals_left()
        if left is None:
            return None
        owing = sum(self.owed)
        if owing == 0 or owing < left:
            return None
        for seat in self.players():
            if self.owed[seat] > 0:
                return seat
        return None

    def bock(self) -> int:
        """The next hand's m."""
        if self.options["bock_overlap"] == "append":
            return 2 if self.bock_queue > 0 else 1
        return 2 ** len(self.bock_rounds)

    def bock_hands(self) -> int:
        """Hands still to be played with m > 1, the next included."""
        if self.options["bock_overlap"] == "append":
            return self.bock_queue
        return max(self.bock_rounds, default=0)

    def hints(self) -> dict[str, Any]:
        return {"round": self.hands + 1, "dealer": self.dealer(), "sits_out": self.sits_out(),
                "players": self.players(), "deal": self.deals + 1, "deals_left": self.deals_left(),
                "compulsory_owed": list(self.owed), "forced_solo": self.forced(), "bock": self.bock(),
                "bock_hands": self.bock_hands()}

    def play(self, raw: Any) -> tuple[set[str], list[int] | None]:
        """Record one hand: (the rules it breaks, its scores); a refused hand changes nothing."""
        if self.finished:
            return {"match_finished"}, None
        out = self.sits_out()
        forced = self.forced()
        broken = breaches(self.n, out, forced, self.options, raw)
        if broken:
            return broken, None
        hand = read(raw)
        n_value = hand_value(hand, self.options)
        m = self.bock()
        scores = hand_scores(self.n, out, hand, n_value, m)
        self.count_deal(hand, forced)
        self.move_bock(bool(self.options["bock"]) and bock_events(hand, n_value, self.options["bock"]))
        self.totals = [total + score for total, score in zip(self.totals, scores)]
        self.hands += 1
        self.check_end()
        return set(), scores

    def count_deal(self, hand: Hand, forced: int | None) -> None:
        """Deals and compulsory solos: a player's first `compulsory_solos` declared solos are
        compulsory; one played voluntarily under `compulsory_solo_redeal` is re-dealt (no deal)."""
        compulsory = False
        if hand.game in DECLARED_SOLOS and hand.soloist is not None and self.owed[hand.soloist] > 0:
            self.owed[hand.soloist] -= 1
            compulsory = True
        redealt = compulsory and forced is None and self.options["compulsory_solo_redeal"]
        if not redealt:
            self.deals += 1

    def move_bock(self, triggered: bool) -> None:
        """The hand just played takes its Bock share; an event adds one Bock round of n hands."""
        if self.options["bock_overlap"] == "append":
            if self.bock_queue > 0:
                self.bock_queue -= 1
            if triggered:
                self.bock_queue += self.n
            return
        self.bock_rounds = [left - 1 for left in self.bock_rounds if left > 1]
        if triggered:
            self.bock_rounds.append(self.n)

    def check_end(self) -> None:
        """"After every hand: with `target`, README's target rule; with `max_deals`, the match ends
        once deals so far = `max_deals` (winners: every player with the highest total)"."""
        by_target = target_winner(self.totals, self.options["target"])
        if by_target is not None:
            self.finished, self.winners = True, by_target
        elif self.options["max_deals"] is not None and self.deals == self.options["max_deals"]:
            self.finished, self.winners = True, highest(self.totals)


def replay(n: int, options: dict[str, Any], inputs: list[Any]) -> tuple[ListState, int | None]:
    """Play recorded inputs in order: the state, and the number of the first hand that no longer
    holds (refused, or recorded after the list has ended), else None."""
    return replay_on(ListState(n, options), inputs)
