"""Doppelkopf: a tournament list by the DDV's Turnierspielregeln (game value, special points,
solos × 3, compulsory solos and the Vorführung), with Bock rounds, doubling calls and a point
against the soloist as house rules; 4 or 5 at the table.

The game (`Doppelkopf`, here) over its vocabulary (`values.py`), its scoring (`scoring.py`:
TSR 7, Bock, who deals, plays and owes) and the reading of a hand's input (`hand_input.py`).

Rule decisions where the spec is silent (a careful table's reading):
- A hand's `dealer` (the round's and the `next` hint's) follows the deals, not the hands: a
  compulsory solo re-dealt by the same dealer keeps the deal where it is.
- A soloist "lost" (Bock's `lost_solo`), Re "lost" (`lost_re`) and Kontra "lost"
  (`lost_kontra`) only when the other party won: a hand nobody won is no loss.
- `fixed_rounds` is `max_deals` only when hands and deals are the same thing (no target, and
  no compulsory solo re-dealt: `compulsory_solos` 0 or `compulsory_solo_redeal` off); otherwise
  the number of hands is not known beforehand and the `deals_left` hint says what is left.
- A compulsory solo the soloist plays when forced (Vorführung) is one of their compulsory
  solos like any other; a declared solo after them is voluntary (a Lustsolo), and is a deal.
- Special points are counted whoever won and also when nobody won; only "gegen die Alten"
  needs Kontra to have won. Counts of 0 and `karlchen: null` are accepted where special
  points are not played.
- Card points of 1 or 239 (no card is worth 1) are not refused: the spec does not refuse them.
- Bock rounds still running when the list ends are not played: the match ends after
  `max_deals` deals, Bock or not; `zero` is N = 0 before Bock, whatever the factors of the
  `double` calls would make of it.
- Explanations are per player, from that player's party: "Re won 164:76: won 1 + under 90
  1 + Re 2 = 4; fox Re +1, Doppelkopf Kontra -1 → +4" for Re, "Kontra lost 76:164: ... ;
  fox Re -1, Doppelkopf Kontra +1 → -4" for Kontra (each special point signed as it counts
  for the reader); a game other than a normal one is named first ("Queens solo
  (compulsory), Re won 185:55: ..."), factors follow the special points ("calls × 4",
  "Bock × 2", "soloist × 3"); minus signs are the ASCII ones every other game writes.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ...core.base import (
    CHOICE,
    SEAT,
    Game,
    InputField,
    MatchState,
    OptionError,
    OptionSpec,
    RoundError,
    RoundScore,
    Table,
    highest_winners,
    target_winners,
)
from ...core.bidding import NumberInput, Unavailable
from ...core.i18n import N_, _, _n
from .. import register
from .hand_input import read_hand
from .scoring import (
    bock_after,
    bock_events,
    bock_factor,
    bock_hands,
    dealer_of,
    deals_left,
    forced_seat,
    owed,
    players_of,
    score_hand,
    sitting_out,
    value_hand,
)
from .values import (
    AGAINST_QUEENS,
    AGAINST_SOLOIST,
    APPEND,
    BOCK_EVENTS,
    CARD_POINTS,
    DEALS,
    DOPPELKOPF_TRICK,
    DOUBLE,
    FOX,
    GAME_NAMES,
    GAMES,
    KARLCHEN,
    KONTRA_CALL_NAMES,
    LOST_KONTRA,
    LOST_RE,
    LOST_SOLO,
    MOST_FOXES,
    PARTIES,
    PARTY_GAMES,
    PARTY_NAMES,
    RE_CALL_NAMES,
    SOLOS,
    SPECIAL_POINTS,
    TIE,
    TSR,
    ZERO,
    Hand,
    Progress,
)


class Doppelkopf(Game):
    id = "doppelkopf"
    name = N_("Doppelkopf")
    position = 70
    round_limit = "max_deals"
    min_players = 4
    max_players = 5
    option_names = {
        "max_deals": N_("Deals in the list"),
        "compulsory_solos": N_("Compulsory solos per player"),
        "compulsory_solo_redeal": N_("Same dealer after a compulsory solo"),
        "announcements": N_("Re and Kontra"),
        "special_points": N_("Special points"),
        "solo_value": N_("A soloist beaten"),
        "bock": N_("Bock rounds"),
        "bock_overlap": N_("Bock during Bock"),
    }
    choice_names = {
        TSR: N_("as the tournament rules say"),
        DOUBLE: N_("each doubles the hand"),
        AGAINST_SOLOIST: N_("one point more (gegen den Solospieler)"),
        APPEND: N_("after the Bock hands pending"),
        AGAINST_QUEENS: N_("against the queens"),
        FOX: N_("fox caught"),
        DOPPELKOPF_TRICK: N_("Doppelkopf"),
        KARLCHEN: N_("Karlchen"),
        TIE: N_("120 to 120"),
        ZERO: N_("a hand worth 0"),
        LOST_RE: N_("Re lost"),
        LOST_KONTRA: N_("Kontra lost"),
        LOST_SOLO: N_("a solo lost"),
    }
    option_specs = (
        OptionSpec(
            "max_deals",
            "int",
            DEALS[4],
            N_(
                "Deals in the list: 24 at 4 players, 30 at 5 (everyone plays 24 hands); a compulsory solo "
                "dealt again is no deal."
            ),
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
            maximum=10000,
            nullable=True,
        ),
        OptionSpec(
            "compulsory_solos",
            "int",
            1,
            N_("Compulsory solos each player plays in the match (Pflichtsolo); a solo before them is one of them."),
            minimum=0,
            maximum=10,
        ),
        OptionSpec(
            "compulsory_solo_redeal",
            "bool",
            True,
            N_("After a compulsory solo the same dealer deals again: the solo is no deal of the list."),
        ),
        OptionSpec(
            "announcements",
            "choice",
            TSR,
            N_("Re and Kontra add 2 points each (tournament rules), or add nothing and each doubles the hand."),
            choices=(TSR, DOUBLE),
        ),
        OptionSpec(
            "special_points",
            "list",
            list(SPECIAL_POINTS),
            N_("The special points played in normal games and marriages: against the queens, fox, Doppelkopf, Karlchen."),
            choices=SPECIAL_POINTS,
        ),
        OptionSpec(
            "solo_value",
            "choice",
            TSR,
            N_("The opponents who beat a soloist get 1 point more (gegen den Solospieler), or not (tournament rules)."),
            choices=(TSR, AGAINST_SOLOIST),
        ),
        OptionSpec(
            "bock",
            "list",
            [],
            N_(
                "What starts a Bock round of doubled hands, one per player: 120 to 120, a hand worth 0, Re lost, "
                "Kontra lost, a solo lost. None chosen: no Bock (tournament rules)."
            ),
            choices=BOCK_EVENTS,
        ),
        OptionSpec(
            "bock_overlap",
            "choice",
            APPEND,
            N_("A Bock round started during Bock waits after the Bock hands pending, or runs at once and doubles again."),
            choices=(APPEND, DOUBLE),
        ),
    )

    # ---- options and sides

    def resolve_options(self, raw: Any, n_players: int) -> dict[str, Any]:
        options = super().resolve_options(raw, n_players)
        if not (isinstance(raw, Mapping) and "max_deals" in raw):
            # One series: 24 deals at 4, 30 at 5 (everyone plays 24 hands).
            options["max_deals"] = DEALS[n_players]
        # Checked once the list's length is known (its default depends on the table).
        limit = options["max_deals"]
        if limit is not None and n_players * options["compulsory_solos"] > limit:
            raise OptionError(
                _n(
                    "{players} players × {n} compulsory solo need {needed} deals, the list has {limit}",
                    "{players} players × {n} compulsory solos need {needed} deals, the list has {limit}",
                    options["compulsory_solos"],
                    players=n_players,
                    needed=n_players * options["compulsory_solos"],
                    limit=limit,
                ),
                field="options.compulsory_solos",
                code="option_compulsory_solos",
            )
        return options

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return tuple((seat,) for seat in range(n_players))

    def start(self, table: Table) -> Progress:
        return Progress(deals=0, played=(0,) * table.n)

    def next_dealer(self, table: Table, state: MatchState) -> int:
        return dealer_of(table, state.progress.deals)

    # ---- a hand's input

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> Hand:
        progress: Progress = state.progress
        dealer = dealer_of(table, progress.deals)
        return read_hand(table, raw, sitting_out(table, dealer), forced_seat(table, progress), progress.played)

    # ---- scoring and the end

    def score_round(self, table: Table, state: MatchState, round_: Hand) -> tuple[RoundScore, Progress]:
        options = table.options
        progress: Progress = state.progress
        outcome = value_hand(round_, options)
        bock = bock_factor(progress, options["bock_overlap"])
        note = None
        if round_.compulsory:
            note = _("compulsory, Vorführung") if round_.forced else _("compulsory")
        out = sitting_out(table, dealer_of(table, progress.deals))
        score = score_hand(table, round_, outcome, bock, out, note)
        # TSR 4: after a compulsory solo the same dealer deals again (not when forced: Vorführung).
        redealt = round_.compulsory and options["compulsory_solo_redeal"] and not round_.forced
        played = list(progress.played)
        if round_.compulsory:
            played[round_.re[0]] += 1
        started = bool(bock_events(round_, outcome) & set(options["bock"]))
        after = Progress(
            deals=progress.deals + (0 if redealt else 1),
            played=tuple(played),
            bock=bock_after(progress.bock, options["bock_overlap"], table.n, started),
        )
        details = {**score.details, "deal": not redealt}
        return RoundScore(score.scores, score.explanation, details), after

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        options = table.options
        if options["target"] is not None:
            ended = target_winners(state.totals, options["target"])
            if ended is not None:
                return ended
        limit = options["max_deals"]
        if limit is not None and state.progress.deals >= limit:
            return highest_winners(state.totals)
        return None

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        progress: Progress = state.progress
        dealer = dealer_of(table, progress.deals)
        # `dealer` itself is the core's, from next_dealer.
        return {
            "sits_out": sitting_out(table, dealer),
            "players": list(players_of(table, dealer)),
            "deal": progress.deals + 1,
            "deals_left": deals_left(table, progress),
            "compulsory_owed": list(owed(table, progress)),
            "forced_solo": forced_seat(table, progress),
            "bock": bock_factor(progress, table.options["bock_overlap"]),
            "bock_hands": bock_hands(progress),
        }

    def details(self, table: Table, progress: Progress) -> dict[str, Any]:
        return {
            "deals": progress.deals,
            "compulsory_owed": list(owed(table, progress)),
            "bock_hands": bock_hands(progress),
        }

    def fixed_rounds(self, table: Table) -> int | None:
        options = table.options
        redealt = options["compulsory_solos"] and options["compulsory_solo_redeal"]
        return options["max_deals"] if options["target"] is None and not redealt else None

    progress_format = 1

    def encode_progress(self, progress: Progress) -> Any:
        return {"deals": progress.deals, "played": list(progress.played), "bock": list(progress.bock)}

    def decode_progress(self, table: Table, data: Any) -> Progress:
        played = tuple(int(count) for count in data["played"])
        if len(played) != table.n:
            raise ValueError("one count per seat")
        return Progress(deals=int(data["deals"]), played=played, bock=tuple(int(left) for left in data["bock"]))

    # ---- what a form asks, and its chips

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        # A generic form's fields: the Re pair for a normal game or a marriage, the soloist
        # for a solo; only the special points the table plays, and only outside a solo.
        party = tuple({"game": game} for game in PARTY_GAMES)
        pair = (N_("Re"), N_("Kontra"))
        kinds = table.options["special_points"]
        fields = [
            InputField("game", N_("game"), kind=CHOICE, choices=GAMES, choice_names=GAME_NAMES),
            InputField("re", N_("the Re pair"), per="part", parts=(N_("player 1"), N_("player 2")), kind=SEAT,
                       optional=True, shown_when=party),
            InputField("soloist", N_("soloist"), kind=SEAT, optional=True, shown_when=tuple({"game": game} for game in SOLOS)),
            InputField("re_points", N_("card points of Re"), maximum=CARD_POINTS),
            InputField("re_call", N_("Re's call"), kind=CHOICE, choices=tuple(RE_CALL_NAMES), choice_names=RE_CALL_NAMES,
                       optional=True),
            InputField("kontra_call", N_("Kontra's call"), kind=CHOICE, choices=tuple(KONTRA_CALL_NAMES),
                       choice_names=KONTRA_CALL_NAMES, optional=True),
            InputField("no_trick", N_("no trick"), kind=CHOICE, choices=PARTIES, choice_names=PARTY_NAMES, optional=True),
        ]
        if FOX in kinds:
            fields.append(InputField("foxes", N_("foxes caught"), per="part", parts=pair, maximum=MOST_FOXES, optional=True,
                                     shown_when=party))
        if DOPPELKOPF_TRICK in kinds:
            fields.append(InputField("doppelkopfs", N_("Doppelkopfs"), per="part", parts=pair, maximum=CARD_POINTS // 40,
                                     optional=True, shown_when=party))
        if KARLCHEN in kinds:
            fields.append(InputField("karlchen", N_("Karlchen"), kind=CHOICE, choices=PARTIES, choice_names=PARTY_NAMES,
                                     optional=True, shown_when=party))
        return tuple(fields)


    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        refused = partial(self.refusals, table, state, draft)
        return (
            NumberInput("re_points", 0, CARD_POINTS),
            *(NumberInput(f"foxes.{index}", 0, MOST_FOXES, unavailable=refused("foxes", index, MOST_FOXES))
              for index in range(2)),
            *(NumberInput(f"doppelkopfs.{index}", 0, CARD_POINTS // 40, unavailable=refused("doppelkopfs", index, 6))
              for index in range(2)),
        )

    def refusals(
        self, table: Table, state: MatchState, draft: Any, field: str, index: int, most: int
    ) -> tuple[Unavailable, ...]:
        """The counts the hand's own check refuses for this chip, given the rest of the draft:
        the engine says why, so a chip and a saved hand never disagree."""
        if not isinstance(draft, Mapping):
            return ()
        greyed = []
        for value in range(most + 1):
            counted = draft.get(field)
            pair = list(counted) if isinstance(counted, list) and len(counted) == 2 else [0, 0]
            pair[index] = value
            try:
                self.parse_round(table, state, {**draft, field: pair})
            except RoundError as error:
                if error.field in (field, f"{field}.{index}"):
                    greyed.append(Unavailable(value, error.code, error.message))
        return tuple(greyed)


#: the rules of Doppelkopf
DOPPELKOPF = register(Doppelkopf())

__all__ = ["DOPPELKOPF", "Doppelkopf", "Hand", "Progress", "value_hand"]
