"""Skat: the list a German club keeps, scored to the ISkO (game values, overbidding, the
Seeger-Fabian list), with Ramsch and Bock as house rules; 3 or 4 at the table.

Not registered yet: the game needs its web adapter and template before every page and the
API offer it (registering makes the registry-following tests play it everywhere). Import
`SKAT` from here to use the rules.

Rule decisions where the ISkO and the club rules are silent (a careful table's reading):
- `max_deals` not given is one list: 36 deals at 3 players, 48 at 4 (every player deals
  12 times); a value given, or null, is kept as given.
- A deal that meets several Bock triggers at once (a grand lost with exactly 60 points)
  owes one Bock round, not two: the trigger is the deal. Bock deals still owed when the
  list ends are not played: the list ends after `max_deals` deals, Bock or not. Bock
  deals are ordinary deals of the list (they count toward its 36 / 48).
- Bock doubles the game's value (and a Ramsch's points), never the list's 50 / 40 / 30.
- A declarer with 120 points who did not make the opponents schwarz (they took a trick
  worth nothing) is recorded without `schwarz`; 0 points without `schwarz` likewise.
- In a Ramsch a player with 0 points who is not in `no_trick` took tricks worth nothing;
  Jungfrau doubles only when exactly one player took no trick; a Durchmarsch scores +120
  (+240 in a Bock deal) and nobody else scores.
- The list's tie-break (more games won, then fewer lost) separates equal totals only at
  the end of the list; a target ends the match only with one player alone on top.
- `dealer_bonus` is accepted at 3 players, where nobody sits out, and changes nothing.
- A null game may be declared hand and ouvert together (59); `announce`, `matadors`,
  `points` and `schwarz` do not apply to it.
- Explanations name the levels as the players count them ("clubs with 2, game 3 × 12 =
  36"), then the overbid, the Bock and the list's arithmetic, joined with "; ".
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.base import (
    CHOICE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SEAT,
    SPADES,
    SUIT_NAMES,
    Game,
    InputField,
    MatchState,
    OptionError,
    OptionSpec,
    RoundError,
    RoundScore,
    Table,
    bounded_int,
    check_fields,
    highest_winners,
    of_player,
    optional_seat,
    per_seat,
    shown,
    signed,
    target_winners,
)
from ..core.bidding import NumberInput, Unavailable, draft_counts, draft_value, the_rest
from ..core.i18n import N_, _, _n

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
    """Bock deals owed (the next included) and each player's declared games won and lost."""

    bock: int
    won: tuple[int, ...]
    lost: tuple[int, ...]


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


# ---- scoring a deal


def score_game(table: Table, game: SkatGame, bock: bool, sits_out: int | None) -> tuple[RoundScore, Valuation]:
    """Points per player for a declared game (`sits_out`: the dealer at 4 players), with an
    explanation per player."""
    options = table.options
    seeger_fabian = options["scoring"] == SEEGER_FABIAN
    valued = value_game(game)
    factor = 2 if bock else 1
    declarer = table.name(game.declarer)
    parts = game_words(game, valued)
    if bock:
        parts.append(_("Bock"))
    scores = [0] * table.n
    notes = [""] * table.n
    if valued.won:
        points = factor * valued.scored + (WON_BONUS if seeger_fabian else 0)
        formula = times(factor, valued.scored) + (f" + {WON_BONUS}" if seeger_fabian else "")
        written = signed(points) if formula == str(points) else f"{formula} = {signed(points)}"
        parts.append(_("won: {formula}", formula=written))
    else:
        points = -2 * factor * valued.scored - (LOST_BONUS if seeger_fabian else 0)
        formula = f"-2 × {times(factor, valued.scored)}" + (f" - {LOST_BONUS}" if seeger_fabian else "")
        written = f"{formula} = {signed(points)}"
        parts.append(_("lost: {formula}", formula=written))
    scores[game.declarer] = points
    notes[game.declarer] = "; ".join(parts)
    for seat in range(table.n):
        if seat == game.declarer:
            continue
        share = 0
        if seeger_fabian and not valued.won and (seat != sits_out or options["dealer_bonus"]):
            share = OPPONENT_BONUS[table.n]
        scores[seat] = share
        if seat == sits_out and not share:
            notes[seat] = _("deals and sits out: {points}", points=signed(share))
        elif valued.won:
            notes[seat] = _("{player} won: {points}", player=declarer, points=signed(share))
        else:
            notes[seat] = _("{player} lost: {points}", player=declarer, points=signed(share))
    details = {
        "declarer": game.declarer,
        "value": valued.value,
        "scored_value": valued.scored,
        "level": valued.level,
        "won": valued.won,
        "overbid": valued.overbid,
        "bock": bock,
    }
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details=details), valued


def score_ramsch(table: Table, ramsch: SkatRamsch, bock: bool) -> RoundScore:
    """Points per player for a Ramsch: the most card points lose them, a Durchmarsch wins 120."""
    factor = 2 if bock else 1
    playing = [seat for seat, points in enumerate(ramsch.points) if points is not None]
    scores = [0] * table.n
    notes = [_("deals and sits out: {points}", points=signed(0))] * table.n
    bock_note = _("Bock") + "; " if bock else ""
    if len(ramsch.no_trick) == 2:
        winner = next(seat for seat in playing if seat not in ramsch.no_trick)
        points = factor * CARD_POINTS
        formula = signed(points) if factor == 1 else f"{factor} × {CARD_POINTS} = {signed(points)}"
        for seat in playing:
            if seat == winner:
                scores[seat] = points
                notes[seat] = bock_note + _("Ramsch, Durchmarsch: {formula}", formula=formula)
            else:
                notes[seat] = _("Ramsch, Durchmarsch by {player}: {points}", player=table.name(winner), points=signed(0))
        return RoundScore(scores=tuple(scores), explanation=tuple(notes), details={"ramsch": True, "bock": bock})
    jungfrau = len(ramsch.no_trick) == 1
    most = max(points for points in ramsch.points if points is not None)
    for seat in playing:
        points = ramsch.points[seat] or 0
        if points == most:
            multiplier = factor * (2 if jungfrau else 1)
            lost = -multiplier * most
            factors = " × ".join(["2"] * (factor == 2) + ["2"] * jungfrau)
            formula = signed(lost) if multiplier == 1 else f"-{factors} × {most} = {signed(lost)}"
            scores[seat] = lost
            if jungfrau:
                notes[seat] = bock_note + _("Ramsch, most points ({points}), Jungfrau: {formula}", points=most, formula=formula)
            else:
                notes[seat] = bock_note + _("Ramsch, most points ({points}): {formula}", points=most, formula=formula)
        else:
            notes[seat] = _n("Ramsch, {n} point: {score}", "Ramsch, {n} points: {score}", points, score=signed(0))
    return RoundScore(scores=tuple(scores), explanation=tuple(notes), details={"ramsch": True, "bock": bock})


def bock_triggered(triggers: Sequence[str], deal: SkatDeal, valued: Valuation | None) -> bool:
    """Whether the deal owes a Bock round under the table's triggers."""
    game = deal.game
    if game is None:
        return "all_pass" in triggers
    if "sixty" in triggers and game.game != NULL and game.points == 60:
        return True
    return "lost_grand" in triggers and game.game == GRAND and valued is not None and not valued.won


def list_winners(totals: Sequence[int], progress: SkatProgress, seeger_fabian: bool) -> tuple[int, ...]:
    """The highest total wins; on the Seeger-Fabian list equal totals are separated by more
    declared games won, then fewer lost (SkWO); still equal: a shared win."""
    leaders = highest_winners(totals)
    if not seeger_fabian or len(leaders) == 1:
        return leaders
    most_won = max(progress.won[seat] for seat in leaders)
    leaders = tuple(seat for seat in leaders if progress.won[seat] == most_won)
    fewest_lost = min(progress.lost[seat] for seat in leaders)
    return tuple(seat for seat in leaders if progress.lost[seat] == fewest_lost)


# ---- who plays


def sitting_out(table: Table, number: int) -> int | None:
    """The dealer of deal `number` at 4 players (who deals and sits out), else None."""
    return table.dealer(number) if table.n == 4 else None


def active_seats(table: Table, number: int) -> tuple[int, int, int]:
    """Forehand, middlehand, rearhand of deal `number`."""
    dealer = table.dealer(number)
    if table.n == 4:
        return (table.left_of(dealer, 1), table.left_of(dealer, 2), table.left_of(dealer, 3))
    return (table.left_of(dealer, 1), table.left_of(dealer, 2), dealer)


# ---- the game


class Skat(Game):
    id = "skat"
    name = N_("Skat")
    position = 60
    min_players = 3
    max_players = 4
    option_names = {
        "scoring": N_("Scoring"),
        "dealer_bonus": N_("The dealer shares a lost game's 30"),
        "ramsch": N_("Ramsch when all pass"),
        "bock": N_("Bock rounds"),
        "max_deals": N_("Deals in the list"),
    }
    choice_names = {
        SEEGER_FABIAN: N_("Seeger-Fabian list"),
        PLAIN: N_("plain list"),
        "sixty": N_("60 to 60"),
        "lost_grand": N_("a grand lost"),
        "all_pass": N_("all passed"),
    }
    option_specs = (
        OptionSpec(
            "scoring",
            "choice",
            SEEGER_FABIAN,
            N_(
                "seeger_fabian: the tournament list: won +value + 50; lost -2 × value - 50 and +40 to each other "
                "player (+30 at 4 players). plain: won +value, lost -2 × value, no bonuses."
            ),
            choices=(SEEGER_FABIAN, PLAIN),
        ),
        OptionSpec(
            "dealer_bonus",
            "bool",
            True,
            N_("At 4 players on the Seeger-Fabian list: the dealer who sat out also gets the 30 for a lost game."),
        ),
        OptionSpec("ramsch", "bool", False, N_("When all pass, a Ramsch is played instead of a new deal.")),
        OptionSpec(
            "bock",
            "list",
            [],
            N_(
                "Bock triggers: sixty (a game with 60 to 60), lost_grand (a grand lost), all_pass (all passed). "
                "Each owes a Bock round: one doubled deal per player. Empty: no Bock."
            ),
            choices=BOCK_TRIGGERS,
        ),
        OptionSpec(
            "max_deals",
            "int",
            36,
            N_("Deals in the list: 36 at 3 players, 48 at 4 (every player deals 12 times). Empty: no limit."),
            minimum=1,
            maximum=1000,
            nullable=True,
        ),
        OptionSpec(
            "target",
            "int",
            None,
            N_("The match also ends when a player has reached this total and leads alone. Empty: no target."),
            minimum=1,
            maximum=100000,
            nullable=True,
        ),
    )

    # ---- options and sides

    def resolve_options(self, raw: Any, n_players: int) -> dict[str, Any]:
        options = super().resolve_options(raw, n_players)
        if not (isinstance(raw, Mapping) and "max_deals" in raw):
            # One list: every player deals 12 times.
            options["max_deals"] = DEALS_PER_PLAYER * n_players
        return options

    def finish_options(self, options: dict[str, Any], n_players: int) -> dict[str, Any]:
        if options["max_deals"] is None and options["target"] is None:
            raise OptionError(
                _("a match needs an end: a number of deals in the list, a target or both"),
                field="options.max_deals",
                code="option_no_end",
            )
        return options

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return tuple((seat,) for seat in range(n_players))

    def start(self, table: Table) -> SkatProgress:
        return SkatProgress(bock=0, won=(0,) * table.n, lost=(0,) * table.n)

    # ---- a deal's input

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> SkatDeal:
        check_fields(raw, required=("declarer",), optional=ROUND_FIELDS[1:])
        number = state.next_round
        declarer = optional_seat(raw.get("declarer"), "declarer", table)
        out = sitting_out(table, number)
        if declarer is not None and declarer == out:
            first, second, third = (table.name(seat) for seat in active_seats(table, number))
            raise RoundError(
                _(
                    "{player} deals and sits out: the declarer is {first}, {second} or {third}",
                    player=table.name(declarer),
                    first=first,
                    second=second,
                    third=third,
                ),
                field="declarer",
                code="declarer_sits_out",
            )
        if declarer is None:
            for name, default in GAME_FIELDS.items():
                self._not_given(raw, name, default, _("when all passed"))
            if not table.options["ramsch"]:
                self._not_given(raw, "ramsch", None, _("without the Ramsch house rule"), code="ramsch_off")
                self._not_given(raw, "no_trick", [], _("without the Ramsch house rule"), code="ramsch_off")
                return SkatDeal()
            return SkatDeal(ramsch=self._ramsch(table, number, raw))
        for name, default in (("ramsch", None), ("no_trick", [])):
            self._not_given(raw, name, default, _("when a game is declared"))
        return SkatDeal(game=self._game(table, declarer, raw))

    @staticmethod
    def _not_given(raw: Mapping[str, Any], name: str, default: Any, when: str, code: str = "field_not_applicable") -> None:
        """Refuse a field that does not apply: it must be left out, null or its default."""
        value = raw.get(name)
        if value is None or (value == default and type(value) is type(default)):
            return
        raise RoundError(
            _("{field} does not apply {when}, got {value}", field=name, when=when, value=shown(value)),
            field=name,
            code=code,
        )

    @staticmethod
    def _flag(raw: Mapping[str, Any], name: str) -> bool:
        value = raw.get(name)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise RoundError(
                _("{field} must be true or false, got {value}", field=name, value=shown(value)),
                field=name,
                code="bool_type",
            )
        return value

    def _game(self, table: Table, declarer: int, raw: Mapping[str, Any]) -> SkatGame:
        player = table.name(declarer)
        game = raw.get("game")
        if game is None:
            raise RoundError(
                _("game is required: what {player} played ({choices})", player=player, choices=", ".join(GAMES)),
                field="game",
                code="game_missing",
            )
        if not isinstance(game, str) or game not in GAMES:
            raise RoundError(
                _("game must be one of {choices}, got {value}", choices=", ".join(GAMES), value=shown(game)),
                field="game",
                code="choice",
            )
        bid = raw.get("bid")
        if bid is None:
            raise RoundError(
                _("bid is required: the value the auction stopped at (18 when {player} took it unbid)", player=player),
                field="bid",
                code="bid_missing",
            )
        bid = bounded_int(bid, "bid", "bid")
        if not is_bid_value(bid):
            raise RoundError(self._bid_words(bid), field="bid", code="bid_value")
        hand = self._flag(raw, "hand")
        ouvert = self._flag(raw, "ouvert")
        if game == NULL:
            return self._null_game(table, declarer, raw, bid, hand, ouvert)
        self._not_given(raw, "won", None, _("to a suit game or a grand: it follows from the points"), code="won_follows")
        matadors = raw.get("matadors")
        if matadors is None:
            raise RoundError(
                _("matadors is required: {player} played with or without how many", player=player),
                field="matadors",
                code="matadors_missing",
            )
        matadors = bounded_int(matadors, "matadors", "matadors")
        most = MOST_MATADORS[game]
        if not 1 <= matadors <= most:
            raise RoundError(
                _("a grand is played with or without 1 to {most} matadors (the jacks), got {value}", most=most, value=shown(matadors))
                if game == GRAND
                else _("a suit game is played with or without 1 to {most} matadors, got {value}", most=most, value=shown(matadors)),
                field="matadors",
                code="matadors_range",
            )
        without = self._flag(raw, "without")
        points = raw.get("points")
        if points is None:
            raise RoundError(
                _("points is required: the card points of {player}, the skat included", player=player),
                field="points",
                code="points_missing",
            )
        points = bounded_int(points, "points", "points", minimum=0, maximum=CARD_POINTS)
        if points in IMPOSSIBLE_POINTS:
            raise RoundError(
                impossible_words(points),
                field="points",
                code="points_impossible",
            )
        announce = raw.get("announce")
        if announce is not None and (not isinstance(announce, str) or announce not in ANNOUNCEMENTS):
            raise RoundError(
                _("announce must be schneider, schwarz or null, got {value}", value=shown(announce)),
                field="announce",
                code="choice",
            )
        if ouvert and not hand:
            raise RoundError(
                _("{player} played ouvert without hand: a suit game or a grand is ouvert only as a hand game", player=player),
                field="ouvert",
                code="ouvert_without_hand",
            )
        if announce is not None and not hand:
            raise RoundError(
                _(
                    "{player} announced {announce} without hand: only a hand game announces",
                    player=player,
                    announce=_(ANNOUNCE_NAMES[announce]),
                ),
                field="announce",
                code="announce_without_hand",
            )
        if ouvert and announce == "schneider":
            raise RoundError(
                _("an ouvert game counts as schwarz announced: announce must be schwarz or null, not schneider"),
                field="announce",
                code="ouvert_schneider",
            )
        trickless = self._flag(raw, "schwarz")
        if trickless and TRICKLESS_MOST < points < CARD_POINTS:
            raise RoundError(
                _n(
                    "schwarz with {n} point: a side took no trick only with 120 points "
                    "(the opponents trickless) or at most 22 (the declarer trickless, the skat only)",
                    "schwarz with {n} points: a side took no trick only with 120 points "
                    "(the opponents trickless) or at most 22 (the declarer trickless, the skat only)",
                    points,
                ),
                field="schwarz",
                code="schwarz_points",
            )
        return SkatGame(
            declarer=declarer, game=game, bid=bid, hand=hand, ouvert=ouvert, matadors=matadors, without=without,
            announce=announce, points=points, schwarz=trickless,
        )

    def _null_game(self, table: Table, declarer: int, raw: Mapping[str, Any], bid: int, hand: bool, ouvert: bool) -> SkatGame:
        for name in ("matadors", "without", "announce", "points", "schwarz"):
            self._not_given(raw, name, GAME_FIELDS[name], _("to a null game"))
        won = raw.get("won")
        if won is None:
            raise RoundError(
                _("won is required for a null game: did {player} take no trick", player=table.name(declarer)),
                field="won",
                code="won_missing",
            )
        won = self._flag(raw, "won")
        value = NULL_VALUES[(hand, ouvert)]
        if value < bid:
            raise RoundError(
                _(
                    "{game} is worth {value}, the bid was {bid}: it cannot be declared",
                    game=_(NULL_NAMES[(hand, ouvert)]),
                    value=value,
                    bid=bid,
                ),
                field="bid",
                code="null_below_bid",
            )
        return SkatGame(declarer=declarer, game=NULL, bid=bid, hand=hand, ouvert=ouvert, won=won)

    @staticmethod
    def _bid_words(bid: int) -> str:
        below = [value for value in BID_VALUES if value < bid]
        above = [value for value in BID_VALUES if value > bid]
        # shown(): a bid of thousands of digits is still refused in words (Python will not print it).
        if not below:
            return _("{bid} is not a bidding value: the lowest is {lowest}", bid=shown(bid), lowest=BID_VALUES[0])
        if not above:
            return _("{bid} is not a bidding value: the highest is {highest}", bid=shown(bid), highest=BID_VALUES[-1])
        return _("{bid} is not a bidding value (the nearest are {below} and {above})", bid=bid, below=below[-1], above=above[0])

    @staticmethod
    def _ramsch_impossible(player: str, points: int) -> str:
        return _n(
            "{player} cannot have {n} card point: no card is worth 1",
            "{player} cannot have {n} card points: no card is worth 1",
            points,
            player=player,
        )

    def _ramsch(self, table: Table, number: int, raw: Mapping[str, Any]) -> SkatRamsch:
        value = raw.get("ramsch")
        if value is None:
            raise RoundError(
                _("ramsch is required: all passed, so a Ramsch is played: each player's card points"),
                field="ramsch",
                code="ramsch_missing",
            )
        items = per_seat(value, "ramsch", table.n)
        out = sitting_out(table, number)
        points: list[int | None] = []
        for seat, item in enumerate(items):
            where = f"ramsch.{seat}"
            if seat == out:
                if item is not None:
                    raise RoundError(
                        _("{player} deals and sits out: their Ramsch points must be null, got {value}",
                          player=table.name(seat), value=shown(item)),
                        field=where,
                        code="ramsch_dealer",
                    )
                points.append(None)
                continue
            if item is None:
                raise RoundError(
                    _("the Ramsch points of {player} are missing", player=table.name(seat)),
                    field=where,
                    code="ramsch_points_missing",
                )
            got = bounded_int(item, where, of_player("ramsch", table.name(seat)), minimum=0, maximum=CARD_POINTS)
            if got in IMPOSSIBLE_POINTS:
                raise RoundError(
                    self._ramsch_impossible(table.name(seat), got),
                    field=where,
                    code="points_impossible",
                )
            points.append(got)
        total = sum(got for got in points if got is not None)
        if total != CARD_POINTS:
            raise RoundError(
                _("the Ramsch points must add up to 120, got {total}", total=total),
                field="ramsch",
                code="ramsch_sum",
            )
        no_trick = self._no_trick(table, raw.get("no_trick"), points)
        return SkatRamsch(points=tuple(points), no_trick=no_trick)

    @staticmethod
    def _no_trick(table: Table, value: Any, points: Sequence[int | None]) -> tuple[int, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise RoundError(_("no_trick must be a list of seats, got {value}", value=shown(value)), field="no_trick", code="type")
        if len(value) > 2:
            raise RoundError(
                _("at most two players take no trick (then the third made a Durchmarsch), got {count}", count=len(value)),
                field="no_trick",
                code="no_trick_count",
            )
        seats: list[int] = []
        for index, item in enumerate(value):
            seat = bounded_int(item, f"no_trick.{index}", "no_trick", minimum=0, maximum=table.n - 1)
            if seat in seats:
                raise RoundError(
                    _("{player} is named twice among the players without a trick", player=table.name(seat)),
                    field="no_trick",
                    code="no_trick_repeated",
                )
            if points[seat] is None:
                raise RoundError(
                    _("{player} deals and sits out: only the three who play can take no trick", player=table.name(seat)),
                    field="no_trick",
                    code="no_trick_sits_out",
                )
            if points[seat]:
                raise RoundError(
                    _("{player} took no trick, so has 0 card points, got {points}", player=table.name(seat), points=points[seat]),
                    field="no_trick",
                    code="no_trick_points",
                )
            seats.append(seat)
        return tuple(seats)

    # ---- scoring and the end

    def score_round(self, table: Table, state: MatchState, round_: SkatDeal) -> tuple[RoundScore, SkatProgress]:
        progress: SkatProgress = state.progress
        number = state.next_round
        bock = progress.bock > 0
        valued: Valuation | None = None
        won, lost = list(progress.won), list(progress.lost)
        if round_.game is not None:
            score, valued = score_game(table, round_.game, bock, sitting_out(table, number))
            (won if valued.won else lost)[round_.game.declarer] += 1
        elif round_.ramsch is not None:
            score = score_ramsch(table, round_.ramsch, bock)
        else:
            note = _("all passed: {points}", points=signed(0))
            score = RoundScore(scores=(0,) * table.n, explanation=(note,) * table.n, details={"bock": bock})
        owed = progress.bock - 1 if bock else 0
        if bock_triggered(table.options["bock"], round_, valued):
            owed += table.n
        return score, SkatProgress(bock=owed, won=tuple(won), lost=tuple(lost))

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        options = table.options
        if options["target"] is not None:
            ended = target_winners(state.totals, options["target"])
            if ended is not None:
                return ended
        limit = options["max_deals"]
        if limit is not None and state.round_count >= limit:
            return list_winners(state.totals, state.progress, options["scoring"] == SEEGER_FABIAN)
        return None

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        number = state.next_round
        limit = table.options["max_deals"]
        progress: SkatProgress = state.progress
        return {
            "sits_out": sitting_out(table, number),
            "active": list(active_seats(table, number)),
            "deals_left": None if limit is None else limit - state.round_count,
            "bock": progress.bock > 0,
            "bock_pending": progress.bock,
        }

    def details(self, table: Table, progress: SkatProgress) -> dict[str, Any]:
        return {"bock_pending": progress.bock, "games_won": list(progress.won), "games_lost": list(progress.lost)}

    def fixed_rounds(self, table: Table) -> int | None:
        return table.options["max_deals"] if table.options["target"] is None else None

    progress_format = 1

    def encode_progress(self, progress: SkatProgress) -> Any:
        return {"bock": progress.bock, "won": list(progress.won), "lost": list(progress.lost)}

    def decode_progress(self, table: Table, data: Any) -> SkatProgress:
        won = tuple(int(count) for count in data["won"])
        lost = tuple(int(count) for count in data["lost"])
        if len(won) != table.n or len(lost) != table.n:
            raise ValueError("one count per seat")
        return SkatProgress(bock=int(data["bock"]), won=won, lost=lost)

    # ---- refusals in a player's words

    # ---- what a form asks, and its chips

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        # A generic form's fields; a suit game's and a grand's outcome fields only for them.
        scored = tuple({"game": game} for game in (*SUIT_GAMES, GRAND))
        fields = [
            InputField("declarer", N_("declarer"), kind=SEAT, optional=True),
            InputField("game", N_("game"), kind=CHOICE, choices=GAMES, choice_names=GAME_NAMES, optional=True),
            InputField("bid", N_("bid"), minimum=BID_VALUES[0], maximum=BID_VALUES[-1], optional=True),
            InputField("hand", N_("hand"), kind=CHOICE, choices=(False, True), choice_names=YES_NO, optional=True),
            InputField("ouvert", N_("ouvert"), kind=CHOICE, choices=(False, True), choice_names=YES_NO, optional=True),
            InputField("matadors", N_("matadors"), minimum=1, maximum=MOST_MATADORS[CLUBS], optional=True, shown_when=scored),
            InputField("without", N_("without"), kind=CHOICE, choices=(False, True), choice_names=YES_NO, optional=True,
                       shown_when=scored),
            InputField("announce", N_("announced"), kind=CHOICE, choices=ANNOUNCEMENTS,
                       choice_names=ANNOUNCE_NAMES, optional=True, shown_when=scored),
            InputField("points", N_("card points"), maximum=CARD_POINTS, optional=True, shown_when=scored),
            InputField("schwarz", N_("schwarz"), kind=CHOICE, choices=(False, True), choice_names=YES_NO, optional=True,
                       shown_when=scored),
            InputField("won", N_("won"), kind=CHOICE, choices=(False, True), choice_names=YES_NO, optional=True,
                       shown_when=({"game": NULL},)),
        ]
        if table.options["ramsch"]:
            # Asked only when all passed: the declarer left blank (a form's blank is "").
            fields.append(InputField("ramsch", N_("Ramsch card points"), per="seat", maximum=CARD_POINTS, optional=True,
                                     shown_when=({"declarer": ""},)))
        return tuple(fields)

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        game = draft_value(draft, "game")
        hand, ouvert = draft_value(draft, "hand") is True, draft_value(draft, "ouvert") is True
        unavailable: list[Unavailable] = []
        for value in range(BID_VALUES[0], BID_VALUES[-1] + 1):
            if not is_bid_value(value):
                unavailable.append(Unavailable(value, "bid_value", self._bid_words(value)))
            elif game == NULL and value > NULL_VALUES[(hand, ouvert)]:
                unavailable.append(
                    Unavailable(
                        value,
                        "null_below_bid",
                        _(
                            "{game} is worth {value}, the bid was {bid}: it cannot be declared",
                            game=_(NULL_NAMES[(hand, ouvert)]),
                            value=NULL_VALUES[(hand, ouvert)],
                            bid=value,
                        ),
                    )
                )
        impossible = tuple(
            Unavailable(points, "points_impossible", impossible_words(points))
            for points in sorted(IMPOSSIBLE_POINTS)
        )
        inputs = [
            NumberInput("bid", BID_VALUES[0], BID_VALUES[-1], unavailable=tuple(unavailable)),
            NumberInput("matadors", 1, MOST_MATADORS.get(game, 11) if isinstance(game, str) else 11),
            NumberInput("points", 0, CARD_POINTS, unavailable=impossible),
        ]
        if table.options["ramsch"]:
            # The three who play; the last one's points follow from the others' (120 in all).
            playing = [seat for seat in range(table.n) if seat != sitting_out(table, state.next_round)]
            entered = draft_counts(draft, "ramsch", table.n)
            implied = the_rest(CARD_POINTS, [entered[seat] for seat in playing])
            for seat, follows in zip(playing, implied, strict=True):
                refused = tuple(
                    Unavailable(points, "points_impossible", self._ramsch_impossible(table.name(seat), points))
                    for points in sorted(IMPOSSIBLE_POINTS)
                )
                inputs.append(NumberInput(f"ramsch.{seat}", 0, CARD_POINTS, unavailable=refused, implied=follows))
        return tuple(inputs)


#: the rules of Skat (not in the registry yet: see the module's docstring)
SKAT = Skat()

__all__ = ["SKAT", "Skat", "SkatDeal", "SkatGame", "SkatProgress", "SkatRamsch", "value_game"]
