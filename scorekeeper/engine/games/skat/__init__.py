"""Skat: the list a German club keeps, scored to the ISkO (game values, overbidding, the
Seeger-Fabian list), with Ramsch and Bock as house rules; 3 or 4 at the table.

The game (`Skat`, here) over its arithmetic (`values.py`: card points, a game's value and
its words), its scoring (`scoring.py`: the list, Ramsch, Bock, who plays) and the reading of
a deal's input (`deal_input.py`).

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

from collections.abc import Mapping
from typing import Any

from ...core.base import (
    CHOICE,
    CLUBS,
    SEAT,
    Game,
    InputField,
    MatchState,
    OptionError,
    OptionSpec,
    RoundScore,
    Table,
    signed,
    target_winners,
)
from ...core.bidding import NumberInput, Unavailable, draft_counts, draft_value, the_rest
from ...core.i18n import N_, _
from .. import register
from .deal_input import bid_words, ramsch_impossible, read_deal
from .scoring import active_seats, bock_triggered, list_winners, score_game, score_ramsch, sitting_out
from .values import (
    ANNOUNCE_NAMES,
    ANNOUNCEMENTS,
    BID_VALUES,
    BOCK_TRIGGERS,
    CARD_POINTS,
    DEALS_PER_PLAYER,
    GAME_NAMES,
    GAMES,
    GRAND,
    IMPOSSIBLE_POINTS,
    MOST_MATADORS,
    NULL,
    NULL_NAMES,
    NULL_VALUES,
    PLAIN,
    SEEGER_FABIAN,
    SUIT_GAMES,
    YES_NO,
    SkatDeal,
    SkatGame,
    SkatProgress,
    SkatRamsch,
    Valuation,
    impossible_words,
    is_bid_value,
    value_game,
)

# ---- the game


class Skat(Game):
    id = "skat"
    name = N_("Skat")
    position = 60
    round_limit = "max_deals"
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
                "The Seeger-Fabian list (tournaments): won +value + 50; lost -2 × value - 50 and +40 to each "
                "other player (+30 at 4 players). The plain list: won +value, lost -2 × value, no bonuses."
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
                "What owes a Bock round: a game with 60 to 60, a grand lost, all passed (each chosen on its own). "
                "A Bock round is one doubled deal per player. None chosen: no Bock."
            ),
            choices=BOCK_TRIGGERS,
        ),
        OptionSpec(
            "max_deals",
            "int",
            36,
            N_("Deals in the list: 36 at 3 players, 48 at 4 (every player deals 12 times)."),
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
        return SkatProgress(bock=0, won=(0,) * table.n, lost=(0,) * table.n, shares=(0,) * table.n)

    # ---- a deal's input

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> SkatDeal:
        return read_deal(table, state, raw)

    # ---- scoring and the end

    def score_round(self, table: Table, state: MatchState, round_: SkatDeal) -> tuple[RoundScore, SkatProgress]:
        progress: SkatProgress = state.progress
        number = state.next_round
        bock = progress.bock > 0
        valued: Valuation | None = None
        won, lost, shares = list(progress.won), list(progress.lost), list(progress.shares)
        if round_.game is not None:
            score, valued = score_game(table, round_.game, bock, sitting_out(table, number))
            (won if valued.won else lost)[round_.game.declarer] += 1
            # The others' only points from a declared game are the list's 40 or 30.
            for seat, points in enumerate(score.scores):
                if seat != round_.game.declarer and points > 0:
                    shares[seat] += 1
        elif round_.ramsch is not None:
            score = score_ramsch(table, round_.ramsch, bock)
        else:
            note = _("all passed: {points}", points=signed(0))
            score = RoundScore(scores=(0,) * table.n, explanation=(note,) * table.n, details={"bock": bock})
        owed = progress.bock - 1 if bock else 0
        if bock_triggered(table.options["bock"], round_, valued):
            owed += table.n
        return score, SkatProgress(bock=owed, won=tuple(won), lost=tuple(lost), shares=tuple(shares))

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
        return {
            "bock_pending": progress.bock,
            "games_won": list(progress.won),
            "games_lost": list(progress.lost),
            "opponent_bonuses": list(progress.shares),
        }

    def fixed_rounds(self, table: Table) -> int | None:
        return table.options["max_deals"] if table.options["target"] is None else None

    progress_format = 1

    def encode_progress(self, progress: SkatProgress) -> Any:
        return {"bock": progress.bock, "won": list(progress.won), "lost": list(progress.lost), "shares": list(progress.shares)}

    def decode_progress(self, table: Table, data: Any) -> SkatProgress:
        won, lost, shares = (tuple(int(count) for count in data[key]) for key in ("won", "lost", "shares"))
        if not len(won) == len(lost) == len(shares) == table.n:
            raise ValueError("one count per seat")
        return SkatProgress(bock=int(data["bock"]), won=won, lost=lost, shares=shares)

    # ---- refusals in a player's words

    # ---- what a form asks, and its chips

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        # A generic form's fields; a suit game's and a grand's outcome fields only for them.
        scored = tuple({"game": game} for game in (*SUIT_GAMES, GRAND))
        fields = [
            InputField("declarer", N_("declarer"), kind=SEAT, optional=True, blank_is_null=True),
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
                unavailable.append(Unavailable(value, "bid_value", bid_words(value)))
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
                    Unavailable(points, "points_impossible", ramsch_impossible(table.name(seat), points))
                    for points in sorted(IMPOSSIBLE_POINTS)
                )
                inputs.append(NumberInput(f"ramsch.{seat}", 0, CARD_POINTS, unavailable=refused, implied=follows))
        return tuple(inputs)


#: the rules of Skat, as the registry holds them
SKAT = register(Skat())

__all__ = ["SKAT", "Skat", "SkatDeal", "SkatGame", "SkatProgress", "SkatRamsch", "value_game"]
