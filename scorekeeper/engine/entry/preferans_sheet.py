"""Preferans's sheet on the pages: each hand's declarer and contract, what it wrote said before Save, and the пуля (pool, mountain and whists) with the settlement in whists."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from ..core.base import MatchState, ScoredRound, Table, signed
from ..core.fields import is_int_within
from ..core.i18n import N_, _, _n
from ..games.preferans.scoring import convention_of, settle
from ..games.preferans.values import (
    ALL_PASS,
    CAUGHT,
    CONTRACT_NAMES,
    DOWN,
    GAME_LEVELS,
    HALF,
    HELP,
    MISERE,
    MOUNTAIN,
    POOL,
    SETTLE_WHISTS,
    STRAIN_SIGNS,
    WHIST,
    WHISTS,
    WORD_NAMES,
    Sheet,
)
from .adapter import GameAdapter
from .short_names import side_short_names

# TRANSLATORS: a Preferans misère in the sheet's narrow column, two or three letters (Russian Миз)
MISERE_LETTERS = N_("Mis")
# TRANSLATORS: a Preferans all-pass hand in the sheet's narrow column, two or three letters (Russian Рас)
ALL_PASS_LETTERS = N_("AP")
# A settlement's thirds and quarters as a paper sheet writes them: −13⅓, not −13.33.
VULGAR = {Fraction(1, 4): "¼", Fraction(1, 3): "⅓", Fraction(1, 2): "½", Fraction(2, 3): "⅔", Fraction(3, 4): "¾"}


def contract_short(code: str) -> str:
    """A 6-10 contract as the sheet writes it: "7♥", "6БК"."""
    level = GAME_LEVELS[code]
    strain = code[len(str(level)):]
    return f"{level}{_(STRAIN_SIGNS[strain])}"


def exact(value: Fraction, sign: bool = True) -> str:
    """A whole or a third or quarter of a whist as a sheet writes it: "+14⅔", "-5⅓", "8⅔"."""
    whole, part = divmod(abs(value), 1)
    text = (str(whole) if whole or not part else "") + VULGAR.get(part, "")
    if value < 0:
        return f"-{text}"
    return f"+{text}" if sign and value > 0 else text


class PreferansSheet(GameAdapter):
    """The sheet's part of Preferans's adapter (engine/entry/preferans.py): the rounds' columns,
    the save bar's line and the пуля."""

    # The column of who played each hand: the declarer (an all-pass has none).
    sheet_lead_head: ClassVar[str] = N_("Player")
    sheet_play_head: ClassVar[str | None] = N_("Game")
    sheet_lead_field: ClassVar[str | None] = "declarer"

    def sheet_play(self, table: Table, raw: Mapping[str, Any], number: int) -> tuple[str, str]:
        """The contract short and in words; how it went needs the score (sheet_play_of)."""
        contract = raw.get("contract")
        if contract == MISERE:
            return _(MISERE_LETTERS), _(CONTRACT_NAMES[MISERE])
        if contract == ALL_PASS:
            return _(ALL_PASS_LETTERS), _(CONTRACT_NAMES[ALL_PASS])
        if isinstance(contract, str) and contract in GAME_LEVELS:
            return contract_short(contract), _(CONTRACT_NAMES[contract])
        return "", ""

    def sheet_play_of(self, table: Table, scored: ScoredRound) -> tuple[str, str]:
        """The contract and how it went, close ("7♥-2": two down, "AP×2") and in words ("7♥ down 2")."""
        short, _words = self.sheet_play(table, scored.input, scored.number)
        details = scored.score.details
        entries = details.get("entries") or []
        if scored.input.get("contract") == ALL_PASS and (details.get("all_pass_multiplier") or 1) > 1:
            short = f"{short}×{details['all_pass_multiplier']}"
        elif over := terms_counted(entries, (DOWN, CAUGHT)):
            short = f"{short}-{over}"
        return short, self.outcome(table, scored)

    def outcome(self, table: Table, scored: ScoredRound) -> str:
        """How the hand went, in words: "7♥ made", "7♥ down 2", "6♠ not whisted", "Misère: 2 tricks", "All pass × 2"."""
        raw, details = scored.input, scored.score.details
        contract, entries = raw.get("contract"), details.get("entries") or []
        if contract == ALL_PASS:
            factor = details.get("all_pass_multiplier") or 1
            return _("All pass × {factor}", factor=factor) if factor > 1 else _(CONTRACT_NAMES[ALL_PASS])
        if contract == MISERE:
            caught = terms_counted(entries, (CAUGHT,))
            if caught:
                return _n("Misère: {n} trick", "Misère: {n} tricks", caught)
            return _("Misère made")
        if not isinstance(contract, str) or contract not in GAME_LEVELS:
            return ""
        name = _(CONTRACT_NAMES[contract])
        words = [word for word in raw.get("whist") or [] if word is not None]
        if WHIST not in words:
            return _("{contract} half-whist", contract=name) if HALF in words else _("{contract} not whisted", contract=name)
        down = terms_counted(entries, (DOWN,))
        return _("{contract} down {count}", contract=name, count=down) if down else _("{contract} made", contract=name)

    def sheet_cells(self, table: Table, raw: Mapping[str, Any], number: int) -> list[str]:
        """Each player's part of the hand in a few words: a defender's word and the tricks taken
        ("whist · tricks 2"); nothing for who sat out."""
        words, tricks = raw.get("whist"), raw.get("tricks")
        cells = []
        for seat in range(table.n):
            parts = []
            word = words[seat] if isinstance(words, list) and seat < len(words) else None
            if isinstance(word, str) and word in WORD_NAMES:
                parts.append(_(WORD_NAMES[word]))
            count = tricks[seat] if isinstance(tricks, list) and seat < len(tricks) else None
            if isinstance(count, int):
                parts.append(_("tricks {count}", count=count))
            cells.append(" · ".join(parts))
        return cells

    def bar_play(self, table: Table, scored: ScoredRound) -> str:
        """What the hand writes, before Save: "7♥ made: Bob pool +4; whists on Bob: Ann 8, Cid 4"."""
        said = entries_words(table, scored.score.details.get("entries") or [])
        outcome = self.outcome(table, scored)
        return f"{outcome}: {said}" if said else outcome

    # ---- the пуля: pool, mountain and whists, and the settlement as if the match closed now

    def progress(self, table: Table, state: MatchState) -> Any:
        """Each player's pool, mountain and whists on the others under their column, as the
        paper sheet holds them; under it the settlement in whists, line by line, as if the
        match closed now (the final one once every pool is closed)."""
        sheet: Sheet = state.progress.sheet
        size, k, n = table.options["pool_size"], convention_of(table.options).k, table.n
        shorts = side_short_names(table, True)
        rows: list[dict[str, Any]] = [
            {"head": _("pool (to {size})", size=size),
             "cells": [f"{pool}✓" if pool >= size else str(pool) for pool in sheet.pool]},
            {"head": _("mountain"), "cells": [str(mountain) for mountain in sheet.mountain]},
            {"head": _("whists on:"), "cells": [], "sub": True},
        ]
        for on in range(n):
            cells = ["·" if writer == on else str(sheet.whists[writer][on]) for writer in range(n)]
            rows.append({"head": shorts[on], "title": table.name(on), "cells": cells})
        settled = settle(sheet, table.options)
        net = [sum(sheet.whists[seat]) - sum(row[seat] for row in sheet.whists) for seat in range(n)]
        shares = [Fraction(SETTLE_WHISTS * (sum(settled.mountain) - n * own), n) for own in settled.mountain]
        mean = Fraction(sum(settled.mountain), n)
        closed = all(pool >= size for pool in sheet.pool)
        if closed:
            note = _("Every pool is closed: the final settlement. Mean M′ {mean}.", mean=exact(mean, sign=False))
        else:
            note = _("As if the match closed now. Mean M′ {mean}.", mean=exact(mean, sign=False))
        settlement = [
            {"head": _("M′: mountain + {k} × open pool", k=k) if k > 1 else _("M′: mountain + open pool"),
             "cells": [str(value) for value in settled.mountain]},
            {"head": _("mountains: {whists} × (mean − M′)", whists=SETTLE_WHISTS), "cells": [exact(value) for value in shares]},
            {"head": _("whists given − taken"), "cells": [signed(value) for value in net]},
            {"head": _("exact"), "cells": [exact(value) for value in settled.exact]},
            {"head": _("whole whists"), "cells": [signed(value) for value in settled.whole], "total": True},
        ]
        return {
            "players": list(table.players),
            "short": shorts,
            "rows": rows,
            "note": note,
            "settlement": settlement,
            "explained": _(
                "M′: each mountain with the pool still open added to it, {k} a point. Each mountain point "
                "is worth {whists} whists to every other player: each gets {whists} × (mean − own M′). Whists "
                "written on the others count for a player, those written on them against. Whole whists: "
                "rounded down, the few left over one each to those furthest behind.",
                k=k, whists=SETTLE_WHISTS,
            ),
        }

    def progress_cells(self, table: Table, state: MatchState) -> list[list[dict[str, Any]]] | None:
        """The пуля and its settlement for the phone's worker offline: every row's cells as text,
        in the page's order (the line "whists on:" has none; the settlement's note is one)."""
        data = self.progress(table, state)
        rows = [[{"text": text} for text in row["cells"]] for row in data["rows"]]
        rows.append([{"text": data["note"]}])
        rows += [[{"text": text} for text in row["cells"]] for row in data["settlement"]]
        return rows


def terms_counted(entries: Sequence[Mapping[str, Any]], reasons: tuple[str, ...]) -> int:
    """The count of the first mountain term written for one of `reasons` (undertricks, a misère's tricks), else 0."""
    for entry in entries:
        for term in entry.get("terms") or []:
            if entry.get("kind") == MOUNTAIN and term.get("why") in reasons:
                return int(term.get("count") or 0)
    return 0


def entries_words(table: Table, entries: Sequence[Mapping[str, Any]]) -> str:
    """A hand's entries, short: pools, help and mountains in the order written, then the whists
    gathered by whom they are written on ("Bob pool +4; whists on Bob: Ann 8, Cid 4")."""
    parts: list[str] = []
    whists: dict[int, list[str]] = {}
    for entry in entries:
        seat, kind, points, on = entry.get("seat"), entry.get("kind"), entry.get("points") or 0, entry.get("on")
        if not is_int_within(seat, 0, table.n - 1):
            continue
        name = table.name(seat)
        if kind == POOL:
            parts.append(_("{player} pool {points}", player=name, points=signed(points)))
        elif kind == MOUNTAIN:
            parts.append(_("{player} mountain {points}", player=name, points=signed(points)))
        elif kind == HELP and is_int_within(on, 0, table.n - 1):
            parts.append(_("{player} helps {other} with {points}", player=name, other=table.name(on), points=points))
        elif kind == WHISTS and is_int_within(on, 0, table.n - 1):
            whists.setdefault(on, []).append(f"{name} {points}")
    for on, writers in whists.items():
        parts.append(_("whists on {player}: {writers}", player=table.name(on), writers=", ".join(writers)))
    return "; ".join(parts)
