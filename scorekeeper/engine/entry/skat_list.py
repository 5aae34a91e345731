"""Skat's list on the pages: each deal's declarer, game and value with its Bock mark, and the list's end columns."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.base import MatchState, ScoredRound, Table, signed
from ..core.i18n import N_, _
from ..games.skat.scoring import list_columns
from ..games.skat.values import GAME_NAMES, GRAND, NULL, OPPONENT_BONUS, SEEGER_FABIAN
from .adapter import SUIT_SIGNS, GameAdapter
from .short_names import side_short_names

# A grand, a null game and a Ramsch in the list's narrow game column: one letter, as a list
# keeper writes them (the column's title and the deal's line say them in words).
GAME_LETTERS: Mapping[str, str] = {
    # TRANSLATORS: a Skat grand in one letter on the list (German G, Russian Г)
    GRAND: N_("G"),
    # TRANSLATORS: a Skat null game in one letter on the list (German N, Russian Н)
    NULL: N_("N"),
}
# TRANSLATORS: a Ramsch in one letter on the Skat list (German R, Russian Р)
RAMSCH_LETTER = N_("R")
# TRANSLATORS: a Bock deal's mark on the Skat list, one letter (German B, Russian Б)
BOCK_LETTER = N_("B")


class SkatList(GameAdapter):
    """The list's part of Skat's adapter (engine/entry/skat.py): its sheet columns and end columns."""

    # The list's column of who played each deal: the declarer, as a club's list heads it.
    sheet_lead_head: ClassVar[str] = N_("Player")
    sheet_play_head: ClassVar[str | None] = N_("Game")
    sheet_lead_field: ClassVar[str | None] = "declarer"

    def sheet_play(self, table: Table, raw: Mapping[str, Any], number: int) -> tuple[str, str]:
        """The game as its sign or letter, in words the same; all passed a dash (the value needs the score)."""
        game = raw.get("game")
        if raw.get("declarer") is None:
            if raw.get("ramsch") is not None:
                return _(RAMSCH_LETTER), _("Ramsch")
            return "–", _("all passed")
        if not isinstance(game, str) or game not in GAME_NAMES:
            return "", ""
        return SUIT_SIGNS.get(game) or _(GAME_LETTERS[game]), _(GAME_NAMES[game])

    def sheet_play_of(self, table: Table, scored: ScoredRound) -> tuple[str, str]:
        """The game and the value it scored ("♣36", "G48"), a Bock deal marked ("♣36B") and said
        so; written close, as the column is some four characters wide at four players."""
        short, words = self.sheet_play(table, scored.input, scored.number)
        details = scored.score.details
        value = details.get("scored_value")
        if isinstance(value, int):
            short, words = f"{short}{value}", f"{words} {value}"
        if details.get("bock"):
            short = f"{short}{_(BOCK_LETTER)}"
            words = _("{deal}; Bock deal: doubled", deal=words)
        return short, words

    def bar_play(self, table: Table, scored: ScoredRound) -> str:
        """The game and its value in words ("♣ Clubs 36", "Grand 48 × 2" in a Bock deal); a Ramsch
        or all passed: nothing (the scores say it)."""
        value = scored.score.details.get("scored_value")
        if not isinstance(value, int):
            return ""
        words = f"{self.sheet_play(table, scored.input, scored.number)[1]} {value}"
        return f"{words} × 2" if scored.score.details.get("bock") else words

    # ---- the list's end columns

    def progress(self, table: Table, state: MatchState) -> Any:
        """The list's end columns as a paper list writes them under each player's column: games
        won and lost and, on the Seeger-Fabian list, the 50s and the 40s or 30s, then what is
        left of the total (the games' values), as the list would close now; None before a game."""
        if not any(state.progress.won) and not any(state.progress.lost):
            return None
        seeger_fabian = table.options["scoring"] == SEEGER_FABIAN
        share = OPPONENT_BONUS[table.n]
        columns = list_columns(table, state.totals, state.progress)
        rows = [
            {"head": _("won"), "cells": [str(column.won) for column in columns]},
            {"head": _("lost"), "cells": [str(column.lost) for column in columns]},
        ]
        if seeger_fabian:
            rows.append({"head": "±50", "cells": [signed(column.fifties) for column in columns]})
            rows.append({"head": f"+{share}", "cells": [signed(column.shares) for column in columns]})
        rows.append({"head": _("values"), "cells": [signed(column.games) for column in columns]})
        if seeger_fabian:
            note = _(
                "Declared games won and lost; ±50: +50 a game won, -50 a game lost; +{share}: each "
                "game another player lost; values: the games' own values and Ramsch points. "
                "Together they make each total.",
                share=share,
            )
        else:
            note = _("Declared games won and lost; values: what each total holds.")
        # The list's own letters, said once (a paper list keeper knows them; a newcomer may not).
        legend = _(
            "On the list: {grand} grand, {null} null, {ramsch} Ramsch, {bock} a Bock deal (its value counts twice).",
            grand=_(GAME_LETTERS[GRAND]),
            null=_(GAME_LETTERS[NULL]),
            ramsch=_(RAMSCH_LETTER),
            bock=_(BOCK_LETTER),
        )
        # The players as the sheet's column heads say them ("Diet."), whole in their titles.
        return {"players": list(table.players), "short": side_short_names(table, True), "rows": rows, "note": note,
                "legend": legend}

    def progress_cells(self, table: Table, state: MatchState) -> list[list[dict[str, Any]]] | None:
        """The end columns for the phone's worker offline: each row's cells as text (nothing struck through)."""
        data = self.progress(table, state)
        if not data:
            return None
        return [[{"text": text} for text in row["cells"]] for row in data["rows"]]

