"""Preferans: the Russian score sheet (пуля) of pool, mountain and whists, written by the
Sochi, Leningrad or Rostov convention and settled to whole whists; 3 or 4 at the table.

The game (`Preferans`, here) over its vocabulary and the conventions' table (`values.py`), the
score sheet (`scoring.py`: what a hand writes, who plays and defends, the settlement), the
explanations (`words.py`) and the reading of a hand's input (`hand_input.py`). Nothing but
the hands is stored: the sheet is their replay, and `totals` its settlement. To draw the
sheet: `next` and the match's details carry pool, mountain, whists and pool_open; each
round's details its entries (who wrote what, on whom, and its terms); `settle()` the
settlement (M', exact and whole whists).

Rule decisions where the spec is silent (a careful table's reading):
- `all_pass_progression` not given follows the convention (`capped` for Sochi and Leningrad,
  `none` for Rostov), like Doppelkopf's list length follows the table; a value given is kept
  for any convention. The core's presets cannot say it: they belong to an option called
  `preset`, and the catalogue still shows `capped` as the option's own default.
- Help fills every other player's open pool, the dealer's who sits the hand out at four
  included (and "first clockwise" counts every seat): the sheet is the match's, not the hand's.
- Pool points written for no trick in an all-pass are pool points like any other: beyond a
  closed pool they help the others (in order from the first hand), then come off the mountain.
- A whist word is needed from both defenders (null is refused); null from everyone else.
  After a refused combination the message names the player whose "half" breaks the rule (the
  first defender's, else the second's); "half" with `half_whist` off is its own refusal.
- `dealer_consolation` is accepted at three players, where nobody sits out, and changes nothing.
- Contract codes are case-sensitive, as the spec writes them ("7H", "10NT", "misere").
- The all-pass run is ended by any other hand, a passed-out or half-whisted game included; a
  match's first hand starts with none. `max_rounds` counts hands, all-passes included.
- A player who wrote nothing in a hand reads "nothing written" (the dealer sitting out, "sits
  out") before the change of their settled result; whists written on a player are said in
  the writer's explanation, not again in theirs. Entries come in the order they were written:
  the declarer's pool (and its help) or mountain, then the whists, then the defence's
  shortfall; in an all-pass the mountain or whists, then the pool points for no trick.
- Winners, also when `max_rounds` ends the match first: the highest total; a tie is shared.
  Totals are whole whists, so two players level to the fraction can be parted by the
  leftover whist of the rounding (spec: it goes to the lower seat of those tied).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.base import (
    CHOICE,
    SEAT,
    Game,
    InputField,
    MatchState,
    OptionSpec,
    RoundScore,
    Table,
    highest_winners,
)
from ...core.bidding import NumberInput, draft_counts, the_rest
from ...core.house_rules import MAX_ROUNDS, round_limit_winners
from ...core.i18n import N_
from .. import register
from .hand_input import read_hand
from .scoring import (
    Settlement,
    Written,
    convention_of,
    defenders_of,
    multiplier,
    players_of,
    pools_closed,
    settle,
    sitting_out,
    write_hand,
)
from .values import (
    ALL_PASS,
    CAPPED,
    CONTRACT_NAMES,
    CONTRACTS,
    CONVENTION,
    CONVENTION_NAMES,
    CONVENTIONS,
    GAME_LEVELS,
    MOST_POOL,
    POOL_SIZE,
    PROGRESSION_NAMES,
    PROGRESSIONS,
    SOCHI,
    TRICKS,
    WORD_NAMES,
    WORDS,
    Entry,
    Hand,
    Progress,
    Sheet,
    Term,
)
from .words import hand_words


class Preferans(Game):
    id = "preferans"
    name = N_("Preferans")
    position = 80
    min_players = 3
    max_players = 4
    # The match is played until every pool is filled: the pool is its target.
    target_option = "pool_size"
    option_names = {
        "convention": N_("Convention"),
        "pool_size": N_("Pool size"),
        "all_pass_progression": N_("All-pass progression"),
        "half_whist": N_("Half-whist"),
        "dealer_consolation": N_("The dealer who sits out writes consolation"),
    }
    choice_names = {**CONVENTION_NAMES, **PROGRESSION_NAMES}
    option_specs = (
        OptionSpec(
            "convention",
            "choice",
            SOCHI,
            N_(
                "How the sheet is written: Sochi (responsible and greedy whist, all-pass to the mountain), "
                "Leningrad (whists and mountain doubled, half-responsible gentleman's whist) or Rostov "
                "(half-responsible gentleman's whist, all-pass in whists)."
            ),
            choices=CONVENTIONS,
        ),
        OptionSpec(
            "pool_size",
            "int",
            POOL_SIZE,
            N_("The pool every player must fill for the match to end (10, 20 and 30 are usual)."),
            minimum=1,
            maximum=MOST_POOL,
        ),
        OptionSpec(
            "all_pass_progression",
            "choice",
            CAPPED,
            N_(
                "The multiplier of all-pass hands in a row: none (always 1), 1, 2, 3 then 3, or 1, 2, 3, 4 "
                "and on. Not chosen: none in Rostov, 1, 2, 3 then 3 otherwise."
            ),
            choices=PROGRESSIONS,
        ),
        OptionSpec("half_whist", "bool", True, N_("The second defender may say half on a 6 or a 7 after a pass.")),
        OptionSpec(
            "dealer_consolation",
            "bool",
            True,
            N_("At 4 players the dealer who sits the hand out also writes consolation on a declarer who went down."),
        ),
        MAX_ROUNDS,
    )

    # ---- options and sides

    def resolve_options(self, raw: Any, n_players: int) -> dict[str, Any]:
        options = super().resolve_options(raw, n_players)
        if not (isinstance(raw, Mapping) and "all_pass_progression" in raw):
            # The default depends on the convention: Rostov plays its all-passes flat.
            options["all_pass_progression"] = CONVENTION[options["convention"]].progression
        return options

    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        return tuple((seat,) for seat in range(n_players))

    def start(self, table: Table) -> Progress:
        return Progress(sheet=Sheet.empty(table.n))

    # ---- a hand's input

    def parse_round(self, table: Table, state: MatchState, raw: Any) -> Hand:
        dealer = self.next_dealer(table, state)
        return read_hand(table, raw, players_of(table, dealer), sitting_out(table, dealer))

    # ---- the sheet, the settlement and the end

    def score_round(self, table: Table, state: MatchState, round_: Hand) -> tuple[RoundScore, Progress]:
        progress: Progress = state.progress
        written = write_hand(table, progress.sheet, round_, progress.all_pass_run)
        before = settle(progress.sheet, table.options).whole
        after = settle(written.sheet, table.options).whole
        scores = tuple(new - old for new, old in zip(after, before, strict=True))
        details = {
            "contract": round_.contract,
            "declarer": round_.declarer,
            "all_pass_multiplier": written.multiplier,
            "entries": [entry_json(entry) for entry in written.entries],
        }
        explanation = hand_words(table, written.entries, round_.out, scores)
        return RoundScore(scores, explanation, details), Progress(written.sheet, written.all_pass_run)

    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        closed = pools_closed(state.progress.sheet, table.options["pool_size"])
        ended = highest_winners(state.totals) if closed else None
        return round_limit_winners(state.totals, state.round_count, table.options, ended)

    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        progress: Progress = state.progress
        dealer = self.next_dealer(table, state)
        # `dealer` itself is the core's.
        return {
            "sits_out": sitting_out(table, dealer),
            "players": list(players_of(table, dealer)),
            "all_pass_multiplier": multiplier(table.options["all_pass_progression"], progress.all_pass_run + 1),
            **self.details(table, progress),
        }

    def details(self, table: Table, progress: Progress) -> dict[str, Any]:
        """The sheet (also once the match is over, when there are no hints)."""
        open_pools = [table.options["pool_size"] - pool for pool in progress.sheet.pool]
        return {**self.encode_progress(progress), "pool_open": open_pools}

    progress_format = 1

    def encode_progress(self, progress: Progress) -> Any:
        sheet = progress.sheet
        return {
            "all_pass_run": progress.all_pass_run,
            "pool": list(sheet.pool),
            "mountain": list(sheet.mountain),
            "whists": [list(row) for row in sheet.whists],
        }

    def decode_progress(self, table: Table, data: Any) -> Progress:
        pool, mountain = (tuple(int(points) for points in data[key]) for key in ("pool", "mountain"))
        whists = tuple(tuple(int(points) for points in row) for row in data["whists"])
        if not (len(pool) == len(mountain) == len(whists) == table.n and all(len(row) == table.n for row in whists)):
            raise ValueError("one pool, mountain and row of whists per seat")
        return Progress(Sheet(pool, mountain, whists), int(data["all_pass_run"]))

    # ---- what a form asks, and its chips

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        # A generic form's fields: the declarer of every contract but an all-pass, the
        # defenders' words of a 6-10 game; the tricks of a hand played (a game nobody
        # whisted leaves them all blank: left out).
        declared = tuple({"contract": code} for code in CONTRACTS if code != ALL_PASS)
        return (
            InputField("contract", N_("contract"), kind=CHOICE, choices=CONTRACTS, choice_names=CONTRACT_NAMES),
            InputField("declarer", N_("declarer"), kind=SEAT, optional=True, shown_when=declared),
            InputField("whist", N_("defence"), per="seat", kind=CHOICE, choices=WORDS, choice_names=WORD_NAMES,
                       optional=True, shown_when=tuple({"contract": code} for code in GAME_LEVELS)),
            InputField("tricks", N_("tricks"), per="seat", maximum=TRICKS, optional=True, total=TRICKS,
                       blank_is_absent=True),
        )

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        # The tricks of the three who play; the last one's follow from the others' (10 in all).
        playing = players_of(table, self.next_dealer(table, state))
        entered = draft_counts(draft, "tricks", table.n)
        implied = the_rest(TRICKS, [entered[seat] for seat in playing])
        return tuple(
            NumberInput(f"tricks.{seat}", 0, TRICKS, implied=follows) for seat, follows in zip(playing, implied, strict=True)
        )


def entry_json(entry: Entry) -> dict[str, Any]:
    """One entry of a hand, JSON-ready (a round's details)."""
    return {
        "seat": entry.seat,
        "kind": entry.kind,
        "points": entry.points,
        "on": entry.on,
        "why": entry.why or None,
        "terms": [{"why": t.why, "count": t.count, "per": t.per, "points": t.points} for t in entry.terms],
    }


#: the rules of Preferans, as the registry holds them
PREFERANS = register(Preferans())

__all__ = [
    "PREFERANS",
    "Entry",
    "Hand",
    "Preferans",
    "Progress",
    "Settlement",
    "Sheet",
    "Term",
    "Written",
    "convention_of",
    "defenders_of",
    "settle",
    "write_hand",
]
