"""The parts of the match page every reader of one language sees alike (totals, score sheet, chart, history), rendered once per match version and language and stored.

`sheet_parts` gives them as stored for the match's version (services.matches.page_parts),
rendering a new version's from the parts of an older one: the sheet's rounds and the
history's changes that did not change are kept, and only the new ones are rendered (see
render_sheet_parts). Nothing here depends on who reads but whether they may change the
match (Undo and Edit are stored in both variants).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import current_app, get_template_attribute, request
from flask_babel import format_datetime
from markupsafe import Markup

from ...engine.core.fields import is_int_within
from ...engine.core.i18n import N_, _
from ...engine.entry import adapter_for
from ...engine.entry.adapter import GameAdapter
from ...services import matches as service
from ..charts import ChartLine, polyline_chart
from .layout import side_colour
from .new_match import value_words
from .sheet_rows import sheet_head, sheet_row

# What happened, said of the person who did it; the round number follows when there is one.
ACTION_WORDS = {
    "match.create": N_("started the match"),
    "round.create": N_("recorded"),
    "round.edit": N_("edited"),
    "round.undo": N_("undid"),
    "round.confirm": N_("confirmed"),
    "round.refuse": N_("refused"),
}
ACTION_ROUND_WORDS = {
    "round.create": N_("recorded round {number}"),
    "round.edit": N_("edited round {number}"),
    "round.undo": N_("undid round {number}"),
    "round.confirm": N_("confirmed round {number}"),
    "round.refuse": N_("refused round {number} at the table check"),
    "match.end": N_("ended the match after round {number}"),
    "match.play_on": N_("played on after round {number}"),
}
# Changes to the match as a whole: no round's entries to show beside them.
MATCH_ACTIONS = ("match.end", "match.play_on")
# The blocks of _match_parts.html, each stored as one part of the page.
SHEET_PARTS = ("board", "last_round", "next_info", "progress", "rounds", "history", "table_refusal")
# Parts with the link of those who may change the match (Undo): stored twice, with and
# without it, so the stored parts stay alike for every reader of one kind (a round's Edit
# link is put in or left out as the sheet is assembled).
WRITER_PARTS = ("last_round",)
READER_SUFFIX = ":reader"
# Where the stored parts take the kept rounds and changes, and a round's group its Edit link
# (private-use characters: nothing a player types reaches them unescaped... nor any word of ours).
ROWS_MARK, EDIT_MARK = "\ue000rows\ue000", "\ue000edit\ue000"
SHORT_TEXT_LIMIT = 240
# The match page shows this many latest rounds and changes; the rest are a tap away.
SHEET_WINDOW, HISTORY_WINDOW = 20, 20



def side_names(view) -> list[str]:
    return [view.table.side_name(index) for index in range(len(view.table.sides))]


def scoreboard(view, adapter: GameAdapter) -> list[dict[str, Any]]:
    state, table = view.state, view.table
    target = table.options.get("target")
    rows = []
    for index, total in enumerate(state.totals):
        rows.append(
            {
                "name": table.side_name(index),
                "total": total,
                "colour": side_colour(index),
                "winner": index in state.winners,
                "leader": index in state.leaders,
                "target": target,
                "percent": max(0, min(100, round(100 * total / target))) if target else None,
                "note": adapter.board_note(table, state, index),
            }
        )
    return rows


def rounds_left(view) -> int | None:
    # A fixed-length game's rounds, else a target game's round limit (the house rule), if set.
    limit = view.game.fixed_rounds(view.table)
    if limit is None:
        limit = view.table.options.get("max_rounds")
    return None if limit is None else max(0, limit - view.state.round_count)


def sheet_parts(view, can_write: bool, whole: bool = False, undo_last: bool | None = None) -> dict[str, Markup]:
    """The page's parts that are alike for every reader of this language, as stored for the
    match's version (rendered when this version has none yet); the variant without Undo
    and Edit for a reader who may not change the match. The sheet shows the latest
    SHEET_WINDOW rounds and the history the latest HISTORY_WINDOW changes, the rest one tap
    away (`whole`: every round and change, stored apart). The sheet's rounds and the
    history's changes are kept once each (see render_sheet_parts) and put in their frames here."""
    kind = service.WHOLE_PAGE if whole else service.PAGE

    def render(view, earlier: Mapping[str, Any] | None) -> dict[str, Any]:
        return render_sheet_parts(view, earlier, whole)

    parts = assembled(service.page_parts(view, render, kind), can_write, undo_last)
    return {name: Markup(part) for name, part in parts.items()}


def first_shown(counted: int) -> int:
    """The first of the latest SHEET_WINDOW rounds, of `counted`, that the page shows."""
    return max(1, counted - SHEET_WINDOW + 1)


def in_window(view, number: int) -> bool:
    """Whether round `number` is among the rounds the page shows."""
    return number >= first_shown(view.state.round_count)


def asks_whole_sheet() -> bool:
    """Whether the page's address asks for every round and change (?sheet=all)."""
    return request.args.get("sheet") == "all"


def assembled(stored: Mapping[str, Any], can_write: bool, undo_last: bool | None = None) -> dict[str, str]:
    """The parts as a page shows them, from the stored ones (render_sheet_parts): the
    rounds' groups and the changes in their frames, Edit where the reader may write, the
    last round's Undo where `undo_last` (by default: where the reader may write)."""
    undo = can_write if undo_last is None else undo_last

    def variant(name: str) -> str:
        return name if undo or name not in WRITER_PARTS else name + READER_SUFFIX

    parts = {name: stored.get(variant(name), "") for name in SHEET_PARTS}
    # Oldest first, as a paper pad is written: the running totals read downwards.
    groups = "".join(html.replace(EDIT_MARK, link if can_write else "") for html, link in stored["_rows"])
    parts["rounds"] = parts["rounds"].replace(ROWS_MARK, groups)
    parts["history"] = parts["history"].replace(ROWS_MARK, "".join(stored["_lines"][key][1] for key in stored["_order"]))
    return parts


def render_sheet_parts(view, earlier: Mapping[str, Any] | None = None, whole: bool = True) -> dict[str, Any]:
    """The blocks of _match_parts.html for the match's current version: every round and
    change (`whole`), or the latest SHEET_WINDOW rounds and HISTORY_WINDOW changes.
    `earlier` are the parts stored for an older version: the rounds whose key is unchanged
    (services.matches.round_keys) keep their scores and groups, and the history its changes,
    so a new round renders its own group and its own change, and nothing is replayed
    (the rounds after the first changed one are played on from its snapshot)."""
    adapter = adapter_for(view.game)
    state, table = view.state, view.table
    keys = service.round_keys(view)
    heads = service.trail_heads(view.match.id)
    edited = {head.round_number for head in heads if head.action == "round.edit"}
    sheet = Sheet.of(view, keys, edited, earlier or {}, whole)
    shown_heads = heads if whole else heads[-HISTORY_WINDOW:]
    lines = history_lines(view, keys, heads, shown_heads, (earlier or {}).get("_lines", {}))
    newest = heads[-1] if heads else None
    played = len(sheet.scores)
    context = {
        "match": view.match,
        "game": view.game,
        "game_template": adapter.template,
        "state": state,
        "side_names": side_names(view),
        "side_colours": [side_colour(index) for index in range(len(table.sides))],
        "head": sheet_head(adapter, table, side_names(view)),
        "board": scoreboard(view, adapter),
        "rounds_left": rounds_left(view),
        "played": played,
        "last": {"number": played, "cells": [{"score": score} for score in sheet.scores[-1]]} if played else None,
        "chart": chart_of(table, sheet.scores),
        "progress": adapter.progress(table, state),
        "winners": [table.side_name(index) for index in state.winners],
        "next_info": adapter.next_info(table, state.next) if state.next else None,
        "pending": view.pending,
        "lines": [Markup(ROWS_MARK)] if heads else [],
        "changes": len(heads),
        # Rounds and changes left out of the page, a tap away (0 on the whole page).
        "rounds_hidden": sheet.first - 1,
        # The whole sheet of a match longer than the window: a way back to the latest rounds.
        "latest_only": SHEET_WINDOW if whole and played > SHEET_WINDOW else 0,
        "changes_hidden": len(heads) - len(shown_heads),
        # The table check's last word, if it was a refusal: every phone (the recording one too) sees it.
        "table_refusal": (
            {"who": lines[str(newest.id)][2], "round": newest.round_number}
            if newest is not None and newest.action == "round.refuse" else None
        ),
    }
    parts: dict[str, Any] = {}
    for can_write in (True, False):
        shown = {**context, "can_write": can_write, "row_groups": [Markup(ROWS_MARK)] if sheet.rows else []}
        for name, html in blocks_of("_match_parts.html", SHEET_PARTS if can_write else WRITER_PARTS, shown).items():
            parts[name if can_write else name + READER_SUFFIX] = html
    parts.update(sheet.stored())
    parts["_lines"] = lines
    parts["_order"] = [str(head.id) for head in reversed(shown_heads)]
    return parts


def blocks_of(template_name: str, names: tuple[str, ...], context: dict[str, Any]) -> dict[str, str]:
    """Blocks of one template rendered with one context: Flask's context processors run
    once for them all, not once a block (jinja2_fragments' render_block)."""
    current_app.update_template_context(context)
    template = current_app.jinja_env.get_template(template_name)
    shared = template.new_context(context)
    return {name: current_app.jinja_env.concat(template.blocks[name](shared)) for name in names}


@dataclass
class Sheet:
    """The score sheet of a version as stored: every counted round's key (round_keys, with
    the mark of an edit) and scores, and the groups of rounds `first` to the last
    ([HTML with EDIT_MARK where the round's Edit link goes, that link])."""

    keys: list[str]
    scores: list[list[int]]
    first: int
    rows: list[list[str]]

    def stored(self) -> dict[str, Any]:
        return {"_keys": self.keys, "_scores": self.scores, "_first": self.first, "_rows": self.rows}

    @classmethod
    def of(cls, view, keys: list[str], edited: set[int], earlier: Mapping[str, Any], whole: bool) -> Sheet:
        """The sheet of the view's version: the scores and groups of an older version's kept
        while their round's key holds (a key covers its round and every round before it),
        the other rounds played on from the snapshot before the first of them."""
        # The rounds the view counts: one recorded since it was read is the next version's.
        counted = min(len(keys) - 1, view.state.round_count)
        wanted = [keys[number] + ("e" if number in edited else "") for number in range(1, counted + 1)]
        first = 1 if whole else first_shown(counted)
        same = service.unchanged_count(earlier.get("_keys", []), wanted)
        old_first, old_rows = earlier.get("_first", 1), earlier.get("_rows", [])
        rows = {number: old_rows[number - old_first] for number in range(max(first, old_first), same + 1)
                if number - old_first < len(old_rows)}
        missing = next((number for number in range(first, counted + 1) if number not in rows), counted + 1)
        scores = [list(row) for row in earlier.get("_scores", [])[: min(same, missing - 1)]]
        if len(scores) < first - 1:
            # Rounds before the window an older version does not hold (a new build's first
            # render): their stored scores, which every write keeps in step, not a replay.
            scores += service.counted_scores(view.match.id, len(scores), first - 1)
        # Played from the first round whose group or scores are not kept.
        start = len(scores) + 1
        if start <= counted:
            adapter, table = adapter_for(view.game), view.table
            group = get_template_attribute("_sheet.html", "round_row")
            names = side_names(view)
            columns = sheet_head(adapter, table, names)["columns"]
            running = [sum(row[index] for row in scores) for index in range(len(table.sides))]
            for scored in service.scored_from(view, start)[: counted - start + 1]:
                row = sheet_row(adapter, table, scored, running, scored.number in edited)
                scores.append(list(scored.score.scores))
                if scored.number >= first and scored.number not in rows:
                    html = str(group(row, names, columns, view.match.id))
                    link = str(group(row, names, columns, view.match.id, link_only=True)).strip()
                    rows[scored.number] = [html.replace(link, EDIT_MARK), link]
        return cls(wanted, scores, first, [rows[number] for number in range(first, counted + 1)])


def chart_of(table, scores: list[list[int]]) -> dict[str, Any] | None:
    """Running totals per side, from 0 before the first round, as an SVG line chart."""
    if not scores:
        return None
    running = [0] * len(table.sides)
    points: list[list[tuple[int, int]]] = [[(0, 0)] for _side in table.sides]
    for step, round_scores in enumerate(scores, start=1):
        for index, score in enumerate(round_scores):
            running[index] += score
            points[index].append((step, running[index]))
    lines = [ChartLine(table.side_name(index), side_colour(index), line) for index, line in enumerate(points)]
    return polyline_chart(lines)


def history_lines(
    view, keys: list[str], heads: list[Any], shown: list[Any], earlier: Mapping[str, list[Any]]
) -> dict[str, list[Any]]:
    """The `shown` changes of the match's trail (`heads`: all of it) as the history shows
    them, by entry id: [key, HTML, who]. An entry never changes; its words depend on who
    else wrote before it (phone 1, phone 2: numbered over the whole trail) and on the
    round's hints, so its key is the round keys before its round: a line of an older
    version is kept while that key holds."""
    phones: dict[str, int] = {}
    wanted = {}
    for head in heads:
        number = head.round_number or 0
        basis = keys[number - 1] if 1 <= number <= len(keys) else keys[0] + ":-"
        wanted[str(head.id)] = f"{basis}:{phone_number(head.actor, phones)}"
    lines = {}
    missing = []
    for head in shown:
        id_ = str(head.id)
        if id_ in earlier and earlier[id_][0] == wanted[id_]:
            lines[id_] = earlier[id_]
        else:
            missing.append(head.id)
    if not missing:
        return lines
    item = get_template_attribute("_macros.html", "history_item")
    for change in history(view, service.trail_entries(view.match.id, missing), phones):
        lines[str(change["id"])] = [wanted[str(change["id"])], str(item(change)), change["who"]]
    return lines


def short(text: str) -> str:
    return text if len(text) <= SHORT_TEXT_LIMIT else text[: SHORT_TEXT_LIMIT - 1] + "…"


def creation_words(view, after: Mapping[str, Any]) -> str:
    """The match.create line: the players, then each option set apart from the game's
    default, in words ("Mara, Nils · Target: 300, First dealer: Nils")."""
    game, table = view.game, view.table
    players = list(after.get("players") or table.players)
    options = after.get("options") or {}
    try:
        defaults = game.resolve_options({}, len(players))
    except Exception:  # noqa: BLE001 - an old match's player count: show every option
        defaults = {}
    said = []
    for spec in game.all_option_specs():
        if spec.name not in options or options[spec.name] == defaults.get(spec.name) or spec.kind == "object":
            continue
        value = options[spec.name]
        if spec.name == "first_dealer" and is_int_within(value, 0, len(players) - 1):
            words = players[value]
        else:
            words = value_words(game, value)
        said.append(_("{option}: {value}", option=game.option_label(spec.name), value=words))
    if after.get("table_check"):
        said.append(_("table check"))
    return " · ".join([", ".join(players), *([", ".join(said)] if said else [])])


def phone_number(label: str, phones: dict[str, int]) -> int:
    """The number of a phone without an account in the match's trail (see actor_words), 0 for anyone else."""
    return phones.setdefault(label, len(phones) + 1) if label.startswith("device ") else 0


def actor_words(label: str, phones: dict[str, int]) -> str:
    """The audit trail stores "device 1c738dc1" and "anonymous" as data: say them in words.
    A phone without an account is "phone 1", "phone 2" in the order it first appears in
    this match's trail (`phones`, filled as the trail is read): never its device code."""
    number = phone_number(label, phones)
    if number:
        return _("phone {number}", number=number)
    if label == "anonymous":
        return _("someone without an account")
    return label


def history(view, entries: list[Any], phones: dict[str, int]) -> list[dict[str, Any]]:
    """These entries of the match's audit trail, in the players' words of its game (the
    game's adapter words each stored round: names, not seat numbers; no field codes);
    `phones` numbers the phones without an account as the whole trail met them."""
    adapter, table = adapter_for(view.game), view.table
    hints: dict[int, Mapping[str, Any]] = {}

    def words(value: Any, number: int | None) -> str:
        number = number or 0
        if number not in hints:
            hints[number] = service.hints_at(view, number) if 1 <= number <= view.state.next_round else {}
        return short(adapter.round_words(table, value, hints[number]))

    # A bidding is said in the game's own word for the bids (Willi Stich's "calls").
    round_words = {**ACTION_ROUND_WORDS, **adapter.bidding_history_words}
    rows = []
    for entry in entries:
        if entry.action == "match.create":
            change = creation_words(view, entry.after or {})
        elif entry.action in MATCH_ACTIONS:
            change = ""
        elif entry.before is not None and entry.after is not None:
            change = f"{words(entry.before, entry.round_number)} → {words(entry.after, entry.round_number)}"
        else:
            change = words(entry.after if entry.after is not None else entry.before, entry.round_number)
        if entry.round_number and entry.action in round_words:
            action = _(round_words[entry.action], number=entry.round_number)
        else:
            action = _(ACTION_WORDS[entry.action]) if entry.action in ACTION_WORDS else entry.action.replace(".", " ")
            if entry.round_number:
                action = _("{action} round {number}", action=action, number=entry.round_number)
        rows.append(
            {
                "id": entry.id,
                "who": actor_words(entry.actor, phones),
                # In the reader's language and date format; the clock is UTC (Babel's default zone).
                "when": _("{when} UTC", when=format_datetime(entry.at, "short")),
                "iso": entry.at.isoformat(timespec="seconds"),
                "action": action,
                "kind": entry.action,
                "round": entry.round_number,
                "change": change,
                "undone": entry.action in ("round.undo", "round.refuse"),
                "reason": entry.reason,
            }
        )
    return rows
