"""What the phone's web worker calls: the very rules engine, run in the browser by Pyodide.

static/js/engine-worker.js loads this module (with scorekeeper/games, web/forms.py and
web/round_words.py, delivered by web/engine_bundle.py) and asks it, in JSON, what the
server would answer: is this round valid, what does it score and why, and what are the
totals, the dealer, the usage and the end of the match after the match's stored rounds
plus the rounds queued on this phone. No rule is written here: this module only replays
inputs through `scorekeeper.games` and reads form fields through `web.forms`, exactly as
the server's pages do.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import ngettext

from ..games import get_game
from ..games.base import MatchState, RuleError, Table
from . import forms, round_words


def use_language(catalog: str | None) -> None:
    """Speak the language of this compiled catalog (a .mo file's path; None: English).

    Only on the phone: there `flask_babel` is the bundle's stand-in, which takes the
    translations directly (the server's Flask-Babel picks them per request).
    """
    import gettext as stdlib_gettext

    import flask_babel

    from ..games.i18n import set_translator

    if catalog:
        with open(catalog, "rb") as compiled:
            translations: stdlib_gettext.NullTranslations = stdlib_gettext.GNUTranslations(compiled)
    else:
        translations = stdlib_gettext.NullTranslations()
    flask_babel.use_translations(translations)
    set_translator((translations.gettext, translations.ngettext))


def table_of(match: Mapping[str, Any]) -> Table:
    """The match's table as the server builds it: stored names, options and sides."""
    players = tuple(player["name"] for player in sorted(match["players"], key=lambda player: player["seat"]))
    return Table(players=players, options=match["options"], sides=tuple(tuple(side) for side in match["sides"]))


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


def board(game_id: str, table: Table, state: MatchState) -> list[dict[str, Any]]:
    target = table.options.get("target")
    rows = []
    for index, total in enumerate(state.totals):
        row: dict[str, Any] = {
            "name": table.side_name(index),
            "total": total,
            "winner": index in state.winners,
            "percent": max(0, min(100, round(100 * total / target))) if target else None,
        }
        if game_id == "spades" and state.next:
            bags = state.next.get("bags", [0] * len(state.totals))[index]
            row["bags"] = ngettext("%(num)s bag", "%(num)s bags", bags)
        rows.append(row)
    return rows


def scored_rounds(table: Table, state: MatchState, first_provisional: int) -> list[dict[str, Any]]:
    return [
        {
            "number": scored.number,
            "dealer": table.name(scored.dealer),
            "scores": list(scored.score.scores),
            "explanation": list(scored.score.explanation),
            "input": scored.input,
            "provisional": scored.number >= first_provisional,
        }
        for scored in state.rounds
    ]


def check(game, table: Table, before: MatchState, after: Sequence[Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """The live preview of a form: the round input it makes, its scores, or the refusal."""
    hints = before.next or {}
    notes = round_words.entry_notes(game.id, table, hints, values) if hints else []
    try:
        raw = forms.round_input(game.id, values, table)
        checked = game.play(table, before, raw)
        state = checked
        for later in after:
            try:
                state = game.play(table, state, later)
            except RuleError as error:
                raise error.at_round(state.next_round) from None
    except RuleError as error:
        return {**refusal(error), "notes": notes}
    except forms.FormError as error:
        return {**refusal(error), "notes": notes}
    scored = checked.rounds[-1]
    return {
        "ok": True,
        "input": raw,
        "notes": notes,
        "scores": [
            {"name": table.side_name(index), "score": score, "explanation": scored.score.explanation[index]}
            for index, score in enumerate(scored.score.scores)
        ],
        "finishes": checked.finished and not before.finished,
        "winners": [table.side_name(index) for index in checked.winners],
    }


def queued_inputs(
    game_id: str, table: Table, queued: Sequence[Mapping[str, Any]], first: int
) -> tuple[list[Any], dict[str, Any] | None]:
    """The round inputs of the queued rounds: each is {"input": ...} (read when it was saved)
    or {"form": fields} (saved before this phone had the engine: read now)."""
    inputs: list[Any] = []
    for number, item in enumerate(queued, start=first + 1):
        if "input" in item and item["input"] is not None:
            inputs.append(item["input"])
            continue
        try:
            inputs.append(forms.round_input(game_id, item.get("form") or {}, table))
        except forms.FormError as error:
            return inputs, {**refusal(error), "number": number}
    return inputs, None


def evaluate(request: str) -> str:
    """One question from the page, in JSON:

    {"match": the match JSON as GET /api/v1/matches/{id} serves it,
     "queued": [{"input": round input} or {"form": fields}, ...] saved on this phone, not yet sent,
     "form": {field: value} of the entry form or null,
     "replace": which queued round (0-based) the form edits, or null for the next round}

    The answer has the rounds (the stored ones, then the provisional ones), totals,
    board, winners, the `next` hints with the deal banner, Nwik's usage, `queue_error`
    when a queued round no longer holds, and `check` for the form.
    """
    asked = json.loads(request)
    match = asked["match"]
    game = get_game(match["game"])
    table = table_of(match)
    stored = [scored["input"] for scored in match["rounds"]]
    queued, queue_error = queued_inputs(game.id, table, asked.get("queued") or [], len(stored))
    state, replay_error = replay(game, table, stored + queued)
    queue_error = queue_error or replay_error
    answer: dict[str, Any] = {
        "rounds": scored_rounds(table, state, len(stored) + 1),
        "totals": list(state.totals),
        "board": board(game.id, table, state),
        "finished": state.finished,
        "winners": [table.side_name(index) for index in state.winners],
        "next": dict(state.next) if state.next else None,
        "next_info": round_words.next_sentence(game.id, table, state.next) if state.next else None,
        "details": json.loads(json.dumps(state.details)),
        "progress": round_words.progress_line(game.id, table, len(state.rounds)),
        "usage": round_words.nwik_usage_cells(table, state.details) if game.id == "nwik" else None,
        "entry": round_words.entry_words(game.id, table, state.next) if state.next else None,
        "queue_error": queue_error,
        "check": None,
    }
    if asked.get("form") is not None:
        replace = asked.get("replace")
        if replace is None:
            before_inputs, after = stored + queued, []
        else:
            before_inputs, after = stored + queued[:replace], queued[replace + 1 :]
        before, error = replay(game, table, before_inputs)
        if before.next:
            answer["form_entry"] = round_words.entry_words(game.id, table, before.next)
        if error is not None:
            answer["check"] = {**error, "notes": []}
        else:
            answer["check"] = check(game, table, before, after, asked["form"])
    return json.dumps(answer, ensure_ascii=False)
