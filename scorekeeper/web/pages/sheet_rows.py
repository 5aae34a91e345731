"""The score sheet's rows as a paper pad writes them: one line a round (its number, who led it,
what it was played for, each side's score and running total), the explanation under it.

A phone's screen holds every round of a match (19 of Willi Stich for six players) only if a
round is one short line: the column heads and the lead column use short names (the full name
is the title and what a screen reader says), the explanations and each side's bid and made in
words wait behind the round's mark (see templates/_sheet.html).
"""
from __future__ import annotations

from typing import Any

from ...engine.core.i18n import _
from ...engine.entry.adapter import GameAdapter
from ...engine.entry.short_names import sheet_lead, side_short_names


def sheet_head(adapter: GameAdapter, table, side_names: list[str]) -> dict[str, Any]:
    """The sheet's head: its columns' words (lead, play: None without that column), the
    sides' short names and how many columns a round's explanation spans."""
    play, count = adapter.sheet_play_head, len(side_names)
    lead_words, play_words = _(adapter.sheet_lead_head), _(play) if play else None
    return {
        "lead": lead_words,
        "play": play_words,
        # The longest word of each head, in letters: its column is made as wide (app.css), so
        # "Заказчик" and "Karten" are whole words, never "Заказч…" or "Kar…".
        "lead_letters": longest_word(lead_words),
        "play_letters": longest_word(play_words or ""),
        "short": side_short_names(table, bool(play)),
        # Five sides or more, or four beside a play column: the other columns narrow.
        "narrow": count > 4 or (count == 4 and bool(play)),
        # A score over its running total: three sides or more, or two beside a play column.
        "stacked": count > 2 or bool(play),
        "columns": 2 + (1 if play else 0) + count,
    }


def sheet_row(adapter: GameAdapter, table, scored, running: list[int], edited: bool) -> dict[str, Any]:
    """A recorded round as the sheet shows it: who dealt and who led it (short and whole),
    what it was played for, and per side what was bid and made (in words), the round's
    score, the running total (`running`, moved on by it) and the full explanation."""
    made = adapter.sheet_cells(table, scored.input, scored.number)
    cells = []
    for index, score in enumerate(scored.score.scores):
        running[index] += score
        cells.append({
            "score": score,
            "total": running[index],
            "made": made[index] if index < len(made) else "",
            "explanation": scored.score.explanation[index],
        })
    play, play_words = adapter.sheet_play_of(table, scored)
    return {
        "number": scored.number,
        "dealer": table.name(scored.dealer),
        **sheet_lead(adapter, table, scored.input, scored.number, scored.dealer),
        "play": play,
        "play_words": play_words,
        "has_play": adapter.sheet_play_head is not None,
        "edited": edited,
        "cells": cells,
    }


def longest_word(text: str) -> int:
    return max((len(word) for word in text.split()), default=0)
