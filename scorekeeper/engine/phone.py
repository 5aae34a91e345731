"""What the phone's web worker calls: the very rules engine, run in the browser by Pyodide.

static/js/engine-worker.js loads this module (with the rest of the engine folder, delivered
by web/engine_bundle.py) and asks it, in JSON, what the
server would answer: is this round valid, what does it score and why, and what are the
totals, the dealer, the usage and the end of the match after the match's stored rounds
plus the rounds queued on this phone. No rule is written here: this module only replays
inputs through `engine.games` and reads forms through each game's round entry
(`engine.entry`), exactly as the server's pages do. The words around the form (who deals, legends, chips) are the
templates' own messages (templates/games/), from the same catalog.
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from .core.base import MatchState, RuleError, Table
from .core.i18n import set_translator
from .entry import adapter_for
from .entry.adapter import GameAdapter, round_entry
from .entry.form_fields import MISSING, FormError
from .entry.short_names import sheet_lead
from .entry.template_words import said, said_n
from .games import game_ids, get_game, register


def register_variants(variants: str) -> None:
    """Register the server's variants of the bundled games (engine_bundle.variants(), JSON):
    each a subclass of its game class with the same class attributes, so the phone knows
    every game the server does."""
    for variant in json.loads(variants):
        module, name = variant["base"].split(":")
        base = getattr(importlib.import_module(module), name)
        game = type(variant["name"], (base,), dict(variant["attributes"]))()
        if game.id not in game_ids():
            register(game)


def use_language(catalog: str | None) -> None:
    """Speak the language of this compiled catalog (a .mo file's path; None: English)."""
    import gettext as stdlib_gettext

    translations: stdlib_gettext.NullTranslations
    if catalog:
        with open(catalog, "rb") as compiled:
            translations = stdlib_gettext.GNUTranslations(compiled)
    else:
        translations = stdlib_gettext.NullTranslations()
    set_translator((translations.gettext, translations.ngettext))


def table_of(match: Mapping[str, Any]) -> Table:
    """The match's table as the server builds it: stored names, options and sides, and
    where the players ended it (a document stored before that was served has none)."""
    players = tuple(player["name"] for player in sorted(match["players"], key=lambda player: player["seat"]))
    return Table(
        players=players,
        options=match["options"],
        sides=tuple(tuple(side) for side in match["sides"]),
        ended_after=match.get("ended_after"),
    )


def refusal(error: Exception) -> dict[str, Any]:
    """A refusal as the page shows it (RuleError from the engine, FormError from the form)."""
    return {
        "ok": False,
        "message": str(getattr(error, "message", error)),
        "code": getattr(error, "code", "invalid"),
        "field": getattr(error, "field", None),
    }


def replay(game, table: Table, inputs: Sequence[Any]) -> tuple[MatchState, dict[str, Any] | None]:
    """Replay round by round; stop at the first round that no longer holds."""
    state = game.initial_state(table)
    for number, raw in enumerate(inputs, start=1):
        try:
            state = game.play(table, state, raw)
        except RuleError as error:
            return state, {**refusal(error.at_round(number)), "number": number}
    return state, None


def queued_inputs(
    game, adapter: GameAdapter, table: Table, queued: Sequence[Mapping[str, Any]], stored: Sequence[Any]
) -> tuple[list[Any], dict[str, Any] | None]:
    """The round inputs of the queued rounds: each is {"input": ...} (read when it was saved)
    or {"form": fields} (saved before this phone had the engine: read now)."""
    inputs: list[Any] = []
    for number, item in enumerate(queued, start=len(stored) + 1):
        if item.get("input") is not None:
            inputs.append(item["input"])
            continue
        state, _error = replay(game, table, [*stored, *inputs])
        try:
            inputs.append(adapter.round_input(item.get("form") or {}, table, state.next or {}))
        except FormError as error:
            return inputs, {**refusal(error), "number": number}
    return inputs, None


def board(adapter: GameAdapter, table: Table, state: MatchState) -> list[dict[str, Any]]:
    target = table.options.get("target")
    rows = []
    for index, total in enumerate(state.totals):
        row: dict[str, Any] = {
            "name": table.side_name(index),
            "total": total,
            "winner": index in state.winners,
            # The scoreboard's lead mark (_macros.html totals_list), redrawn offline by sheet.js.
            "leader": index in state.leaders,
            "percent": max(0, min(100, round(100 * total / target))) if target else None,
        }
        row["note"] = adapter.board_note(table, state, index)
        rows.append(row)
    return rows


def progress_line(game, table: Table, played: int) -> str:
    """The line under the totals (match.html), without its link to the rules."""
    limit = game.fixed_rounds(table)
    if limit is None:
        limit = table.options.get("max_rounds")
    parts = []
    if table.options.get("target"):
        parts.append(said("First to %(target)s points", target=table.options["target"]))
    if limit is not None:
        parts.append(said_n("%(num)s round left", "%(num)s rounds left", max(0, limit - played)))
    parts.append(said_n("%(num)s round played", "%(num)s rounds played", played))
    return " · ".join(parts)


def entry_words(adapter: GameAdapter, table: Table, state: MatchState) -> dict[str, Any]:
    """What changes in the round form from one round to the next (the round after `state`),
    in the templates' words (templates/games/<game>.html), for the phone moving its form on
    by itself: the game's adapter says it (GameAdapter.entry_words). `unavailable`: the
    chips the server greys with the engine's reason (_macros.html greyed_chip, from
    RoundChips.chips), by form field: a style or stake already used is marked offline too."""
    hints = state.next or {}
    words = adapter.entry_words(table, round_entry(adapter, table, hints, state.next_round))
    chips = adapter.chips(table, state, {}, hints)
    words["unavailable"] = {name: chip["unavailable"] for name, chip in chips.items() if chip["unavailable"]}
    return words


def check(game, adapter: GameAdapter, table: Table, before: MatchState, after: Sequence[Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """The live preview of a form: the round input it makes, its scores, or the refusal."""
    hints = before.next or {}
    notes = adapter.preview_notes(table, round_entry(adapter, table, hints, before.next_round), values) if hints else []
    try:
        raw = adapter.round_input(values, table, hints)
        checked = game.play(table, before, raw)
        state = checked
        for later in after:
            try:
                state = game.play(table, state, later)
            except RuleError as error:
                raise error.at_round(state.next_round) from None
    except FormError as error:
        # As the server's preview: the tricks still blank, a refused bid is said already.
        refused = adapter.bidding_refusal(table, before, values) if error.code == MISSING else None
        if refused is not None:
            words = adapter.refusal_words(table, refused.code, refused.field, refused.message)
            return {**refusal(refused), "message": words, "notes": notes}
        return {**refusal(error), "notes": notes}
    except RuleError as error:
        # In the page's words (the engine's name its fields as the API does).
        words = adapter.refusal_of_round(table, error.code, error.field, error.message, error.round_number)
        return {**refusal(error), "message": words, "notes": notes}
    scored = checked.rounds[-1]
    return {
        "ok": True,
        "input": raw,
        "notes": notes,
        "play": adapter.bar_play(table, scored),
        "scores": [
            {"name": table.side_name(index), "score": score, "explanation": scored.score.explanation[index]}
            for index, score in enumerate(scored.score.scores)
        ],
        "finishes": checked.finished and not before.finished,
        "winners": [table.side_name(index) for index in checked.winners],
    }


def evaluate(request: str) -> str:
    """One question from the page, in JSON:

    {"match": the match JSON as GET /api/v1/matches/{id} serves it,
     "queued": [{"input": round input} or {"form": fields}, ...] saved on this phone, not yet sent,
     "form": {field: value} of the entry form or null,
     "replace": which queued round (0-based) the form edits, or null for the next round,
     "deals": true to have each queued round say who dealt it (its deal banner), optional}

    The answer has the rounds (the stored ones, then the provisional ones), totals,
    board, winners, the `next` hints with the deal banner and the form's words for that
    round, Nwik's usage, `queue_error` when a queued round no longer holds, and `check`
    for the form.
    """
    asked = json.loads(request)
    match = asked["match"]
    game = get_game(match["game"])
    adapter = adapter_for(game)
    table = table_of(match)
    stored = [scored["input"] for scored in match["rounds"]]
    queued, queue_error = queued_inputs(game, adapter, table, asked.get("queued") or [], stored)
    state, replay_error = replay(game, table, stored + queued)
    queue_error = queue_error or replay_error
    hints = state.next
    answer: dict[str, Any] = {
        "rounds": [
            {
                "number": scored.number,
                "dealer": table.name(scored.dealer),
                # The score sheet's lead and play columns (web/pages/sheet_rows.py), for a queued round's line.
                **sheet_lead(adapter, table, scored.input, scored.number, scored.dealer),
                "play": adapter.sheet_play_of(table, scored)[0],
                "scores": list(scored.score.scores),
                "explanation": list(scored.score.explanation),
                "input": scored.input,
                "provisional": scored.number > len(stored),
            }
            for scored in state.rounds
        ],
        "totals": list(state.totals),
        "board": board(adapter, table, state),
        "finished": state.finished,
        "winners": [table.side_name(index) for index in state.winners],
        "next": dict(hints) if hints else None,
        "next_info": adapter.next_info(table, hints) if hints else None,
        "entry": entry_words(adapter, table, state) if hints else None,
        "details": json.loads(json.dumps(state.details)),
        "progress": progress_line(game, table, len(state.rounds)),
        "usage": adapter.progress_cells(table, state),
        "queue_error": queue_error,
        "check": None,
    }
    if asked.get("deals"):
        # Who dealt (and bids) each queued round as it now falls, for "keep mine" after
        # another phone's rounds: the deal banner of the state before each of them, the
        # queued rounds played on once from the stored ones (all of them held above).
        before, _error = replay(game, table, stored)
        for scored, raw in zip(answer["rounds"][len(stored):], queued, strict=False):
            scored["deal"] = adapter.next_info(table, before.next) if before.next else None
            before = game.play(table, before, raw)
    if asked.get("form") is not None:
        replace = asked.get("replace")
        if replace is None:
            before_inputs, after = stored + queued, []
        else:
            before_inputs, after = stored + queued[:replace], queued[replace + 1 :]
        before, error = replay(game, table, before_inputs)
        if before.next:
            answer["form_entry"] = entry_words(adapter, table, before)
        answer["check"] = {**error, "notes": []} if error is not None else check(game, adapter, table, before, after, asked["form"])
    return json.dumps(answer, ensure_ascii=False)
