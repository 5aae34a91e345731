"""Doppelkopf's list on the pages: each hand's game and value with its Bock mark, and the compulsory solos each player still owes."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.base import CLUBS, DIAMONDS, HEARTS, SPADES, MatchState, ScoredRound, Table
from ..core.fields import is_int_within
from ..core.i18n import N_, _, _n
from ..games.doppelkopf.scoring import bock_factor, bock_hands, owed
from ..games.doppelkopf.values import GAME_NAMES, MARRIAGE, MARRIAGE_SOLO, NORMAL, SILENT_SOLO
from .adapter import SUIT_SIGNS, GameAdapter
from .short_names import side_short_names
from .template_words import said_n

# The games in the list's narrow column, as a Doppelkopf list keeper marks them: a normal game
# has no mark (its value alone, as a paper list writes most hands), a suit solo its sign.
GAME_LETTERS: Mapping[str, str] = {
    # TRANSLATORS: a Doppelkopf marriage in one or two letters on the list (German Ho, Russian Св)
    MARRIAGE: N_("Ma"),
    # TRANSLATORS: a Doppelkopf queens solo in one letter on the list (German D, Russian Д)
    "queens": N_("Q"),
    # TRANSLATORS: a Doppelkopf jacks solo in one letter on the list (German B, Russian В)
    "jacks": N_("J"),
    # TRANSLATORS: a Doppelkopf fleshless solo in two letters on the list (German Fl, Russian Бк)
    "fleshless": N_("Fl"),
    # TRANSLATORS: a Doppelkopf silent solo in two letters on the list (German SS, Russian ТС)
    SILENT_SOLO: N_("SS"),
    # TRANSLATORS: a Doppelkopf marriage without a partner in two letters on the list (German HS, Russian СБ)
    MARRIAGE_SOLO: N_("MS"),
}
# TRANSLATORS: a Bock hand's mark on the Doppelkopf list, one letter (German B, Russian Б)
BOCK_LETTER = N_("B")
SUIT_SOLOS = (CLUBS, SPADES, HEARTS, DIAMONDS)


def game_mark(game: str) -> str:
    """A game in the list's column: its sign or letters, nothing for a normal game."""
    if game == NORMAL:
        return ""
    if game in SUIT_SOLOS:
        return SUIT_SIGNS[game]
    return _(GAME_LETTERS[game])


class DoppelkopfList(GameAdapter):
    """The list's part of Doppelkopf's adapter (engine/entry/doppelkopf.py): its sheet columns
    and the compulsory solos owed under the totals."""

    # The lead column stays the dealer's (the default): the score columns already tell Re from
    # Kontra (and a soloist by the triple score), while who dealt checks the deal and the
    # compulsory solo dealt again by the same dealer.
    sheet_play_head = N_("Game")

    def sheet_play(self, table: Table, raw: Mapping[str, Any], number: int) -> tuple[str, str]:
        game = raw.get("game")
        if not isinstance(game, str) or game not in GAME_NAMES:
            return "", ""
        return game_mark(game), _(GAME_NAMES[game])

    def sheet_play_of(self, table: Table, scored: ScoredRound) -> tuple[str, str]:
        """The game and its value before Bock, written close ("4", "♣5", "Q7B": the column is
        some four characters wide at five players); the soloist and Bock said in words."""
        short, words = self.sheet_play(table, scored.input, scored.number)
        details = scored.score.details
        value = details.get("value")
        if isinstance(value, int):
            short, words = f"{short}{abs(value)}", f"{words} {abs(value)}"
        soloist = scored.input.get("soloist")
        if is_int_within(soloist, 0, table.n - 1):
            words = _("{hand}, played by {player}", hand=words, player=table.name(soloist))
        bock = details.get("bock")
        if is_int_within(bock, 2):
            short = f"{short}{_(BOCK_LETTER)}"
            words = _("{hand}; Bock hand: × {factor}", hand=words, factor=bock)
        return short, words

    def bar_play(self, table: Table, scored: ScoredRound) -> str:
        """The game and its value in words before Save ("Normal game 4", "Clubs solo 5 × 2" in Bock)."""
        details = scored.score.details
        value, game = details.get("value"), details.get("game")
        if not isinstance(value, int) or not isinstance(game, str) or game not in GAME_NAMES:
            return ""
        words = f"{_(GAME_NAMES[game])} {abs(value)}"
        bock = details.get("bock")
        return f"{words} × {bock}" if is_int_within(bock, 2) else words

    # ---- the compulsory solos owed: under each total (always in view) and in a section

    def board_note(self, table: Table, state: MatchState, side: int) -> dict[str, Any] | None:
        """The compulsory solos a player still owes, under their total where the table looks
        all match long; a warning when the deals left are needed for them (Vorführung)."""
        still = owed(table, state.progress)[side]
        if not still or state.next is None:
            return None
        text = said_n("%(num)s solo owed", "%(num)s solos owed", still)
        return {"text": text, "warning": state.next.get("forced_solo") == side}

    def progress(self, table: Table, state: MatchState) -> Any:
        """Each player's compulsory solos still owed, under their column, from the first hand
        to the last (a player looks there before declaring); and the Bock hands left. None
        where the table plays no compulsory solo and no Bock hand is pending."""
        options = table.options
        left = bock_hands(state.progress)
        if not options["compulsory_solos"] and not left:
            return None
        still = owed(table, state.progress)
        rows = []
        if options["compulsory_solos"]:
            rows.append({"head": _("solos owed"), "cells": [str(count) if count else "✓" for count in still]})
        notes = []
        if options["compulsory_solos"]:
            notes.append(_("Compulsory solos each player still owes ({n} a player in the match); ✓: played.",
                           n=options["compulsory_solos"]))
        if left:
            factor = bock_factor(state.progress, options["bock_overlap"])
            notes.append(_n("Bock: {n} hand left, the next × {factor}.", "Bock: {n} hands left, the next × {factor}.",
                            left, factor=factor))
        return {"players": list(table.players), "short": side_short_names(table, True), "rows": rows, "note": " ".join(notes)}

    def progress_cells(self, table: Table, state: MatchState) -> list[list[dict[str, Any]]] | None:
        """The solos owed for the phone's worker offline: each row's cells as text."""
        data = self.progress(table, state)
        if not data:
            return None
        return [[{"text": text} for text in row["cells"]] for row in data["rows"]]
