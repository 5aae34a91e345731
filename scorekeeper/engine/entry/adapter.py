"""How a game looks on the pages: GameAdapter, its round form, chips and words with what the page says around the form, its defaults, its league and player sections, and the template holding them.

GameAdapter itself is the generic fallback: it builds the round form from the engine's own
field descriptions (Game.input_fields), so a game without an adapter of its own works on
every page. A game's adapter (engine/entry/<game module>.py) subclasses it and overrides
what that game shows differently. Its parts, one concern a module: the round form and
the input read from it (round_form.py), the chips of the round being entered
(round_chips.py), and refusals and stored rounds in words (round_words.py). Messages go
through the engine's pure hook (`_`, `_n`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

from ..core.base import (
    MatchState,
    ScoredRound,
    Table,
)
from ..core.fields import CLUBS, DIAMONDS, HEARTS, SPADES, is_int_within
from ..core.i18n import N_, _
from ..games import Game
from .form_fields import MISSING, FormError, form_text, int_or_none, required_int
from .round_chips import RoundChips
from .round_form import Values, text_of
from .round_words import RoundWords
from .template_words import said

# A suit as a narrow column writes it (the score sheet): its sign, alike in every language.
SUIT_SIGNS: Mapping[str, str] = {CLUBS: "♣", DIAMONDS: "♦", HEARTS: "♥", SPADES: "♠"}


class GameAdapter(RoundChips, RoundWords):
    """One game on the pages. This class, used as it is, is the generic fallback."""

    #: the game id this adapter is for; None for the fallback (bound to any game)
    game_id: ClassVar[str | None] = None
    #: the template whose macros draw this game (round_fields; optionally progress,
    #: league_stats, player_stats)
    template: ClassVar[str] = "games/_generic.html"
    #: the rules-page anchor of each of the game's own refusal codes (its "why?" link)
    refusal_anchors: ClassVar[Mapping[str, str]] = {}
    #: how many seats the new-match form offers first (clamped to the game's range); None: its minimum
    default_seats: ClassVar[int | None] = None

    def __init__(self, game: Game) -> None:
        self.game = game

    # ---- the new-match form

    def first_seat_count(self) -> int:
        wanted = self.default_seats if self.default_seats is not None else self.game.min_players
        return max(self.game.min_players, min(self.game.max_players, wanted))

    # ---- what the page says around the form

    def entry_words(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        """What changes in the round form from one round to the next, in the template's own
        words (the phone's worker moves its form on by itself): the line above the form
        ("who"), legends, choices and the counts' maximum. The generic one: who deals."""
        # The counts' chips run to this round's maximum, when all the counts share one
        # (Willi Stich's calls and tricks: the round's cards).
        maxima = {field["maximum"] for field in entry.get("fields", []) if field.get("kind") == "number"}
        return {
            "legends": {},
            "choices": {},
            "max": maxima.pop() if len(maxima) == 1 else None,
            "who": escape(said("%(name)s deals", name=entry["dealer_name"])),
        }

    def seat_out_words(self, table: Table, entry: Mapping[str, Any], choices: Sequence[str] = ()) -> dict[str, Any]:
        """entry_words of a form with a line of its own above it (entry["who"]) whose seats are
        hidden while their player deals and sits out (Skat at four, Doppelkopf at five): who
        plays this round (entry["playing"]) and, anew, the chips of each of `choices` (the
        declarer's: entry["declarer_options"]), as who sits out changes from round to round."""
        words = GameAdapter.entry_words(self, table, entry)
        words["who"] = escape(entry["who"])
        words["choices"] = {name: [[value, label] for value, label in entry[f"{name}_options"]] for name in choices}
        words["seats_playing"] = list(entry["playing"])
        words["max"] = None
        return words

    def next_info(self, table: Table, hints: Mapping[str, Any]) -> str:
        number, dealer = hints.get("round"), table.name(hints.get("dealer", 0))
        return _("Round {number}: {dealer} deals", number=number, dealer=dealer)

    def preview_notes(self, table: Table, entry: Mapping[str, Any], values: Values) -> list[str]:
        """Live helper lines from the entries so far (sums, targets, a forbidden call); the
        generic one sums every field whose values add up to a known total."""
        return [
            _(
                "{field} so far: {count} of {total}",
                field=total["label"],
                count=sum(int_or_none(values.get(name)) or 0 for name in total["names"]),
                total=total["total"],
            )
            for total in entry.get("totals", [])
        ]

    #: the score sheet's column of who led each round (sheet_lead): its head
    sheet_lead_head: ClassVar[str] = N_("Dealer")
    #: the score sheet's column of what each round was played for (sheet_play): its head;
    #: None: the game's rounds are alike, no such column
    sheet_play_head: ClassVar[str | None] = None

    #: the round's field of the seat the sheet's lead column names (Skat's declarer); None: the dealer
    sheet_lead_field: ClassVar[str | None] = None

    def sheet_lead(self, table: Table, raw: Mapping[str, Any], number: int, dealer: int) -> int | None:
        """The seat the score sheet names beside a round (its column sheet_lead_head): who
        dealt, or the seat of the round's sheet_lead_field; None: nobody (a Skat deal all
        passed has no declarer)."""
        if self.sheet_lead_field is None:
            return dealer
        seat = raw.get(self.sheet_lead_field)
        return seat if is_int_within(seat, 0, table.n - 1) else None

    def sheet_passer(self, table: Table, raw: Mapping[str, Any], number: int) -> int | None:
        """The seat that passed the round on to the one sheet_lead names (a paper pad writes
        the Pass down: it uses up the passer's Pass); None: nobody passed."""
        return None

    def sheet_play(self, table: Table, raw: Mapping[str, Any], number: int) -> tuple[str, str]:
        """What a round was played for, in a few characters for the sheet's narrow column and
        in words (its title): ("", "") where the game has no such column."""
        return "", ""

    def sheet_play_of(self, table: Table, scored: ScoredRound) -> tuple[str, str]:
        """sheet_play of a scored round; a game whose column also says how the round was scored
        (Skat marks a Bock deal, which only the score's details know) overrides this."""
        return self.sheet_play(table, scored.input, scored.number)

    def bar_play(self, table: Table, scored: ScoredRound) -> str:
        """What the save bar says a round being entered is played for, before its scores (Skat:
        the game and its value); "" where the scores say it all."""
        return ""

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        """What each side bid and made in a recorded round, in a few words for the score sheet
        (the generic game: its per-side or per-seat counts, e.g. "tricks 4")."""
        cells: list[list[str]] = [[] for _side in table.sides]
        for field in self.fields(table, {}):
            if field.kind != "int" or field.per not in ("seat", "side"):
                continue  # a part's count (Re's, Kontra's) is no side's
            values = [row.get(field.name) for row in raw.get(field.group) or []] if field.group else raw.get(field.name)
            if not isinstance(values, list):
                continue
            if field.per == "seat":
                values = [sum(values[seat] or 0 for seat in side) for side in table.sides]
            for index, value in enumerate(values[: len(cells)]):
                if value is not None:
                    cells[index].append(f"{_(field.label)} {value}")
        return [" · ".join(parts) for parts in cells]

    def board_note(self, table: Table, state: MatchState, side: int) -> dict[str, Any] | None:
        """A note under one side's total on the scoreboard, in words: {"text": ..., "warning":
        whether it warns of points about to be lost}; None: the game notes nothing there."""
        return None

    def progress(self, table: Table, state: MatchState) -> Any:
        """Data for the template's `progress` macro (e.g. Nwik's usage grid); None: no such section."""
        return None

    def progress_cells(self, table: Table, state: MatchState) -> list[list[dict[str, Any]]] | None:
        """The `progress` section as the phone's worker redraws it offline: per row, its cells'
        text, whether used, and title (in the template's words); None: no such section."""
        return None

    # ---- league and player pages

    def league_stats(self, stats: Mapping[str, Any], names: Any) -> Any:
        """Data for the template's `league_stats` macro from the game's league stats (JSON, by
        player id; `names` turns an id into a name); None: nothing to show."""
        return None

    def player_stats(self, stats: Any) -> Any:
        """Data for the template's `player_stats` macro from one player's stats (JSON); None: nothing."""
        return None


def tricks_so_far(table: Table, entry: Mapping[str, Any], values: Values, prefix: str = "tricks") -> list[str]:
    """The running sum of the tricks entered so far, once any is entered (an untouched form says nothing)."""
    given = [int_or_none(values.get(f"{prefix}_{seat}")) for seat in range(table.n)]
    if all(value is None for value in given):
        return []
    count = sum(value for value in given if value is not None)
    return [_("Tricks so far: {count} of {total}", count=count, total=entry["tricks_total"])]
def round_entry(adapter: GameAdapter, table: Table, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
    """What the round form offers: the shared part, and the game's own from its adapter
    (the match page and the phone's engine, engine/phone.py, build it alike)."""
    dealer = hints.get("dealer", table.dealer(number))
    return {
        "number": number,
        "dealer": dealer,
        "dealer_name": table.name(dealer),
        "hints": dict(hints),
        "seats": list(range(table.n)),
        "names": list(table.players),
        "side_names": [table.side_name(index) for index in range(len(table.sides))],
        "seat_options": [(str(seat), name) for seat, name in enumerate(table.players)],
        "side_options": [(str(index), table.side_name(index)) for index in range(len(table.sides))],
        "template": adapter.template,
        **adapter.entry(table, hints, number),
    }


PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: the most blank seats of one field named beside other fields still to enter
MOST_NAMED = 3


@dataclass(frozen=True)
class Blanks:
    """The seats (or sides) of one field still blank, as still_to_enter says them: `message`
    (one {placeholder}, marked N_) with their names listed, or `everyone` (a word: "tricks")
    when all `of` them are blank."""

    message: str
    names: Sequence[str]
    everyone: str
    of: int


def still_to_enter(parts: Sequence[str | Blanks]) -> str:
    """"Still to enter: ..." for the parts of a round still blank (a word, or a field's blank
    seats), said short enough for the save bar to hold it whole: "stake, tricks of Ann and
    Bob", "style, stake, tricks" (never "tricks of Ann, tricks of Bob, tricks of Cid")."""
    words = []
    # Beside other fields, a field with many seats blank is said by its word: the bar holds
    # the whole list ("calls, tricks of" five long names took five lines at 360 px in German).
    several = sum(1 for part in parts if isinstance(part, str) or part.names) > 1
    for part in parts:
        if isinstance(part, str):
            words.append(part)
        elif part.names:
            placeholder = PLACEHOLDER.search(part.message)
            if len(part.names) == part.of > 1 or placeholder is None or (several and len(part.names) > MOST_NAMED):
                words.append(part.everyone)
            else:
                words.append(_(part.message, **{placeholder.group(1): listed(part.names)}))
    # A sentence of its own wherever it shows (the bar, beside a field): its first word a capital.
    return _("Still to enter: {what}", what=", ".join(words))


def listed(values: Sequence[str]) -> str:
    """"Ann, Bob and Cid" in the current language."""
    if len(values) < 2:
        return "".join(values)
    return ", ".join(values[:-1]) + _(" and ") + values[-1]


def seat_counts(form: Values, prefix: str, table: Table, field: str, message: str, everyone: str) -> list[int]:
    """One whole number per seat from fields `<prefix>_<seat>`; `message` (one {name}, marked
    N_) says each in words, `everyone` all of them ("tricks").

    Every seat still blank is named at once ("Still to enter: tricks of Ann and Bob"), so
    the page shows all that is left to do, not the first of it."""
    missing = [seat for seat in range(table.n) if not form_text(form, f"{prefix}_{seat}")]
    if missing:
        blanks = Blanks(message, [table.name(seat) for seat in missing], everyone, table.n)
        raise FormError(still_to_enter([blanks]), f"{field}.{missing[0]}", code=MISSING)
    return [
        required_int(form, f"{prefix}_{seat}", _(message, name=table.name(seat)), f"{field}.{seat}")
        for seat in range(table.n)
    ]


__all__ = ["Blanks", "FormError", "GameAdapter", "round_entry", "seat_counts", "still_to_enter", "text_of", "tricks_so_far"]
