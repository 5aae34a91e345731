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

# The letters of a name a column head keeps, by how many sides share the sheet's width, and
# with a play column beside them (it takes some 5.2rem, 2.4rem when the sheet is `narrow`):
# each fits its head at 360 px without an ellipsis (tests/browser/test_labels_fit.py).
SIDE_LETTERS = {2: 24, 3: 8, 4: 7, 5: 4, 6: 4}
SIDE_LETTERS_BESIDE_PLAY = {2: 24, 3: 6, 4: 5, 5: 4, 6: 4}
# How Table.side_name joins a team's players.
TEAM_JOIN = " & "
# The letters the lead column keeps of a player's name.
LEAD_LETTERS = 5


def short_names(names: list[str], letters: int) -> list[str]:
    """Each name cut to `letters` characters, a cut one ending in "." ("Konst."), lengthened
    while two of them read alike ("Ann" and "Anna" stay whole; "Maxim." and "Maxin.")."""
    shown = []
    for index, name in enumerate(names):
        others = [other for position, other in enumerate(names) if position != index]
        keep = letters
        while len(name) > keep and any(cut(other, keep) == cut(name, keep) for other in others):
            keep += 1
        shown.append(cut(name, keep))
    return shown


def cut(name: str, letters: int) -> str:
    """A name of at most `letters` characters; a team's ("Alexander & Dmitri", as
    Table.side_name joins them) each of its players' names cut alike ("Alex. & Dmit.")."""
    players = [player.strip() for player in name.split(TEAM_JOIN)]
    if len(players) > 1:
        return TEAM_JOIN.join(cut(player, max(4, letters // 2 + 1)) for player in players)
    return players[0] if len(players[0]) <= letters else players[0][: max(1, letters - 1)].rstrip() + "."


def sheet_head(adapter: GameAdapter, table, side_names: list[str]) -> dict[str, Any]:
    """The sheet's head: its columns' words (lead, play: None without that column), the
    sides' short names and how many columns a round's explanation spans."""
    play, count = adapter.sheet_play_head, len(side_names)
    letters = (SIDE_LETTERS_BESIDE_PLAY if play else SIDE_LETTERS).get(count, 4)
    return {
        "lead": _(adapter.sheet_lead_head),
        "play": _(play) if play else None,
        "short": short_names(side_names, letters),
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
    lead = adapter.sheet_lead(table, scored.input, scored.number, scored.dealer)
    play, play_words = adapter.sheet_play(table, scored.input, scored.number)
    players = [table.name(seat) for seat in range(table.n)]
    return {
        "number": scored.number,
        "dealer": table.name(scored.dealer),
        "lead": players[lead],
        "lead_short": short_names(players, LEAD_LETTERS)[lead],
        "play": play,
        "play_words": play_words,
        "has_play": adapter.sheet_play_head is not None,
        "edited": edited,
        "cells": cells,
    }
