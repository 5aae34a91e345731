"""What the match page shows, built from a match view: scoreboard, chart, rounds, the round form, preview, history.

Everything that differs between games comes from the game's web adapter (web/games/).
The parts every reader of one language sees alike (totals, score sheet, chart, history)
are rendered from a full replay once per match version and language and stored
(`sheet_parts`, services.matches.page_parts); the rest of the page (the forms, the
preview, what depends on the reader) is rendered per request from the match's current
state, restored from its snapshot (services.matches.current_view).
"""
from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import get_template_attribute
from flask_babel import format_datetime
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from ...games.fields import is_int_within
from ...games.i18n import N_, _
from ...games.state import RoundScore
from ...identity import current_actor
from ...services import ServiceError, access
from ...services import leagues as league_service
from ...services import matches as service
from ..charts import ChartLine, polyline_chart
from ..games import adapter_for
from ..games.adapter import GameAdapter, round_entry
from ..games.form_fields import MISSING, FormError
from .layout import side_colour
from .new_match import value_words

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


def new_key() -> str:
    return secrets.token_urlsafe(18)


def league_of(match):
    """The league a match counts for, or None for a casual match."""
    return league_service.get_league(match.league_id) if match.league_id else None


def side_names(view) -> list[str]:
    return [view.table.side_name(index) for index in range(len(view.table.sides))]


def state_before(view, number: int | None):
    """The match as it stood before the next round, or before recorded round `number` (to
    edit it: played on from the snapshot before it, service.state_before)."""
    return view.state if number is None else service.state_before(view, number)


def hints_before(view, number: int | None) -> Mapping[str, Any]:
    """The `next` hints for the next round, or for recorded round `number` (to edit it)."""
    return state_before(view, number).next or {}


def scoreboard(view, adapter: GameAdapter) -> list[dict[str, Any]]:
    state, table = view.state, view.table
    target = table.options.get("target")
    # Who leads, once anything is played (ties lead together); nobody once there are winners.
    best = max(state.totals) if state.round_count else None
    rows = []
    for index, total in enumerate(state.totals):
        rows.append(
            {
                "name": table.side_name(index),
                "total": total,
                "colour": side_colour(index),
                "winner": index in state.winners,
                "leader": best is not None and total == best and not state.winners,
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


def sheet_row(adapter: GameAdapter, table, scored, running: list[int], edited: bool) -> dict[str, Any]:
    """A recorded round as the sheet shows it: its dealer and, per side, what was bid and
    made (in words), the round's score, the running total (`running`, moved on by it) and
    the full explanation."""
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
    return {"number": scored.number, "dealer": table.name(scored.dealer), "edited": edited, "cells": cells}


def in_words(view, refused: ServiceError) -> str:
    """The refusal as a player reads it: a form field the page could not read is worded
    already; the engine's (worded for API clients too: "vip_card is required") goes
    through the game's adapter, in the reader's language."""
    if isinstance(refused, FormError):
        return refused.message
    return adapter_for(view.game).refusal_of_round(
        view.table, refused.code, refused.field, refused.message, refused.round_number
    )


def refusal_field(view, refused: ServiceError) -> str | None:
    """The form field (or group of fields) a refusal is about, for the message beside it."""
    return adapter_for(view.game).chip_name(refused.field) if refused.field else None


def field_errors(view, adapter: GameAdapter, error: ServiceError | None) -> dict[str, str]:
    """A refusal beside the field it is about, by form field ("tricks.2" -> "tricks_2"; "tricks" -> the group)."""
    if error is None or not error.field:
        return {}
    return {adapter.chip_name(error.field): in_words(view, error)}


def entry_context(
    view,
    adapter: GameAdapter,
    hints: Mapping[str, Any],
    number: int,
    values: Mapping[str, Any],
    edit_number: int | None = None,
    error: ServiceError | None = None,
) -> dict[str, Any]:
    """What the round form offers: the shared part, and the game's own from its adapter."""
    return {
        **round_entry(adapter, view.table, hints, number),
        "chips": adapter.chips(view.table, state_before(view, edit_number), values, hints),
        "errors": field_errors(view, adapter, error),
    }


def preview_result(match_id: str, view, values, number: int | None) -> dict[str, Any]:
    """The engine's answer to the entries so far: the would-be scores, or its refusal."""
    try:
        raw = adapter_for(view.game).round_input(values, view.table, hints_before(view, number))
        _scores, state = service.preview_round(match_id, raw, number, actor=current_actor(), view=view)
    except ServiceError as refused:
        if number is None and refused.code == MISSING:
            # The tricks are still to come, the bids are in: "Save the bids" would check
            # them now, so the live check says the same refusal before the tap.
            refused = bidding_refusal(view, values) or refused
        # Not an error page: the refusal is the preview, shown beside the form.
        return {"ok": False, "message": in_words(view, refused), "error": refused, "field": refusal_field(view, refused)}
    scored = state.scored(number or state.round_count)
    return {
        "ok": True,
        "scores": [
            {"name": view.table.side_name(index), "score": score, "explanation": scored.score.explanation[index]}
            for index, score in enumerate(scored.score.scores)
        ],
        "finishes": state.finished and not view.state.finished,
        "winners": [view.table.side_name(index) for index in state.winners],
        # How many people win (one player, a team, a shared win): the verb agrees with it.
        "winner_people": sum(len(view.table.sides[index]) for index in state.winners),
    }


def round_versions(view, number: int, values: Mapping[str, Any]) -> dict[str, Any] | None:
    """Recorded round `number` beside these entries for it (another phone recorded it first),
    each as the score sheet says a round: per side what was made, the score and its
    explanation, with the engine scoring the entries as an edit of that round. `mine` holds
    the edit form's fields that post the entries ("Use mine"), or the rule's refusal instead.
    None: the entries are the recorded ones, there is nothing to choose; FormError: they
    are not a whole round."""
    hints = hints_before(view, number)
    recorded = service.recorded_round(view, number)
    adapter = adapter_for(view.game)
    raw = adapter.round_input(values, view.table, hints)
    if raw == recorded.input:
        return None
    theirs = version_rows(view, recorded.input, number, recorded.score)
    mine = my_version(view, number, raw, hints)
    said = None
    if [row["made"] for row in theirs] == [row["made"] for row in mine["rows"]]:
        # The sides made the same (partners who split their tricks the other way): what
        # differs is said seat by seat, as the history says a round.
        said = (adapter.round_words(view.table, recorded.input, hints), adapter.round_words(view.table, raw, hints))
    return {"number": number, "recorded": theirs, "mine": mine, "said": said}


def my_version(view, number: int, raw: Mapping[str, Any], hints: Mapping[str, Any]) -> dict[str, Any]:
    """The entries `raw` as round `number`: its rows as the engine scores them, or (a rule
    refuses them) what was made with the rule's words and no fields to post."""
    try:
        _view, state = service.preview_round(view.match.id, raw, number, actor=current_actor(), view=view)
    except ServiceError as refused:
        return {"rows": version_rows(view, raw, number, None), "refusal": in_words(view, refused), "fields": None}
    fields = adapter_for(view.game).form_values(raw, view.table, hints)
    return {"rows": version_rows(view, raw, number, state.scored(number).score), "refusal": None, "fields": fields}


def version_rows(view, raw: Mapping[str, Any], number: int, score: RoundScore | None) -> list[dict[str, Any]]:
    """Per side: its name, what it made in the score sheet's words, and (`score`: the round
    scored) its score and the explanation of it."""
    made = adapter_for(view.game).sheet_cells(view.table, raw, number)
    return [
        {
            "name": view.table.side_name(index),
            "made": made[index] if index < len(made) else "",
            "score": score.scores[index] if score is not None else None,
            "explanation": score.explanation[index] if score is not None else "",
        }
        for index in range(len(view.table.sides))
    ]


def bidding_refusal(view, values) -> ServiceError | None:
    """The engine's refusal of the bids entered so far, as "Save the bids" would meet it (the adapter says which)."""
    refused = adapter_for(view.game).bidding_refusal(view.table, view.state, values)
    return service.rule_error(refused) if refused is not None else None


def pending_view(view) -> dict[str, Any] | None:
    """The round waiting for a second phone (table check): its would-be scores per side."""
    if view.pending is None:
        return None
    table = view.table
    return {
        "number": view.pending.number,
        "cells": [
            {"side": table.side_name(index), "score": score, "explanation": explanation}
            for index, (score, explanation) in enumerate(
                zip(view.pending.score.scores, view.pending.score.explanation, strict=True)
            )
        ],
    }


def play_view(view, adapter: GameAdapter, hints: Mapping[str, Any]) -> dict[str, Any] | None:
    """The stored bidding of the next round, as the table needs it while the hand is played:
    the form fields it fills in (posted again with the hand), each seat's target, who leads
    and the call the dealer could not make. None: no bidding is open (or an edit broke it)."""
    bidding = service.open_bidding(view)
    if bidding is None or bidding["play"] is None:
        return None
    table, play = view.table, bidding["play"]
    values = adapter.form_values(bidding["input"], table, hints)
    return {
        "number": bidding["round"],
        "values": values,
        # Posted again with the hand, unseen; a field the form still shows (Willi Stich's
        # trump) is posted by its own chips, filled in.
        "hidden": {name: value for name, value in values.items() if name not in adapter.hand_fields},
        "targets": adapter.play_targets(table, bidding["input"], play),
        "lines": adapter.play_lines(table, bidding["input"], play),
        "lead": adapter.first_lead(table, play),
        "dealer": table.name(play["dealer"]),
        "dealer_may_not_call": play["dealer_may_not_call"],
    }


def match_context(
    view,
    *,
    values: Mapping[str, Any] | None = None,
    error: ServiceError | None = None,
    edit_number: int | None = None,
    preview: dict[str, Any] | None = None,
    live: bool = False,
    stale: str | None = None,
    versions: dict[str, Any] | None = None,
    share_url: str | None = None,
    share_link: Any = None,
    with_parts: bool = True,
    change_bids: bool = False,
    rights: access.MatchRights | None = None,
) -> dict[str, Any]:
    """The page's context. `view` is the match's current state (service.current_view);
    `edit_number` offers recorded round `edit_number` to edit, and `versions` (from
    round_versions) set entries beside a round another phone recorded; `with_parts=False` leaves
    out the stored parts (a fragment that shows none of them, such as the preview);
    `rights` are the reader's, when the caller worked them out already."""
    state, table = view.state, view.table
    adapter = adapter_for(view.game)
    hints: Mapping[str, Any] = {}
    entry = None
    if edit_number is not None:
        hints = hints_before(view, edit_number)
        number = edit_number
    elif not state.finished and view.pending is None:
        hints = state.next or {}
        number = state.next_round
    else:
        # Finished, or a round waits for table check: no entry form until it is settled.
        number = state.next_round
    if values is None:
        if edit_number is not None:
            values = adapter.form_values(service.recorded_round(view, edit_number).input, table, hints)
        else:
            values = adapter.default_values(table, hints)
    # "Change the bids" (its hidden field rides along with every live check and save of the form).
    change_bids = change_bids or bool(values.get("change_bids"))
    bidding = play_view(view, adapter, hints) if hints and edit_number is None and view.game.has_bidding else None
    if bidding is not None:
        # The bids as they were said, posted again with the hand: the round is whole. Being
        # changed, they fill the bids form instead; the saved ones stand until replaced.
        values = {**bidding["values"], **values}
    changing = bidding is not None and change_bids
    if rights is None:
        rights = access.match_rights(view.match, current_actor())
    if hints and rights.write:
        entry = entry_context(view, adapter, hints, number, values, edit_number, error)
        entry["bidding"] = None if changing else bidding
        entry["changing_bids"] = changing
        entry["two_step"] = view.game.has_bidding and edit_number is None and entry["bidding"] is None
        entry["bid_words"] = adapter.bid_words()
    if entry is not None:
        preview = {**(preview or {"ok": None}), "notes": adapter.preview_notes(table, entry, values)}
    if error is not None:
        preview = {
            **(preview or {}),
            "ok": False,
            "message": in_words(view, error),
            "error": error,
            "field": refusal_field(view, error),
        }
    return {
        "view": view,
        "match": view.match,
        "league": league_of(view.match),
        "game": view.game,
        "table": table,
        "state": state,
        "side_names": side_names(view),
        "entry": entry,
        "pending": pending_view(view),
        "values": values,
        "preview": preview,
        "live": live,
        "edit_number": edit_number,
        "idempotency_key": values.get("idempotency_key") or new_key(),
        "error": error,
        "error_anchor": refusal_field(view, error) if error is not None else None,
        # The version the forms were rendered with: a write based on an older one is refused.
        "etag": view.etag,
        "stale": stale,
        # A round another phone recorded first beside this phone's entries for it (round_versions).
        "versions": versions,
        "share_url": share_url,
        "share_link": share_link,
        "oob": False,
        "rights": rights,
        # Last: storing a new version's parts commits, and the match is read again after it.
        "parts": sheet_parts(view, rights.write) if with_parts else {},
    }


def sheet_parts(view, can_write: bool) -> dict[str, Markup]:
    """The page's parts that are alike for every reader of this language, as stored for the
    match's version (rendered when this version has none yet); the variant without Undo
    and Edit for a reader who may not change the match. The sheet's rounds and the history's
    changes are kept once each (see render_sheet_parts) and put in their frames here."""
    return {name: Markup(part) for name, part in assembled(service.page_parts(view, render_sheet_parts), can_write).items()}


def assembled(stored: Mapping[str, Any], can_write: bool) -> dict[str, str]:
    """The parts as a page shows them, from the stored ones (render_sheet_parts): the
    rounds' groups and the changes in their frames, Edit where the reader may write."""

    def variant(name: str) -> str:
        return name if can_write or name not in WRITER_PARTS else name + READER_SUFFIX

    parts = {name: stored.get(variant(name), "") for name in SHEET_PARTS}
    groups = "".join(row[1].replace(EDIT_MARK, row[2] if can_write else "") for row in reversed(stored["_rows"]))
    parts["rounds"] = parts["rounds"].replace(ROWS_MARK, groups)
    parts["history"] = parts["history"].replace(ROWS_MARK, "".join(stored["_lines"][key][1] for key in stored["_order"]))
    return parts


def render_sheet_parts(view, earlier: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The blocks of _match_parts.html for the match's current version. `earlier` are the
    parts stored for an older version: the groups of the sheet's rounds whose key is
    unchanged (services.matches.round_keys) and the history's changes are taken from them,
    so a new round renders its own group and its own change, and nothing is replayed
    (the rounds after the first changed one are played on from its snapshot)."""
    adapter = adapter_for(view.game)
    state, table = view.state, view.table
    keys = service.round_keys(view)
    heads = service.trail_heads(view.match.id)
    edited = {head.round_number for head in heads if head.action == "round.edit"}
    rows = sheet_rows(view, keys, edited, (earlier or {}).get("_rows", []))
    lines = history_lines(view, keys, heads, (earlier or {}).get("_lines", {}))
    newest = heads[-1] if heads else None
    context = {
        "match": view.match,
        "game": view.game,
        "game_template": adapter.template,
        "state": state,
        "side_names": side_names(view),
        "side_colours": [side_colour(index) for index in range(len(table.sides))],
        "board": scoreboard(view, adapter),
        "rounds_left": rounds_left(view),
        "played": len(rows),
        "last": {"number": len(rows), "cells": [{"score": score} for score in rows[-1][3]]} if rows else None,
        "chart": chart_of(table, [row[3] for row in rows]),
        "progress": adapter.progress(table, state),
        "winners": [table.side_name(index) for index in state.winners],
        "next_info": adapter.next_info(table, state.next) if state.next else None,
        "pending": view.pending,
        "lines": [Markup(ROWS_MARK)] if heads else [],
        "changes": len(heads),
        # The table check's last word, if it was a refusal: every phone (the recording one too) sees it.
        "table_refusal": (
            {"who": lines[str(newest.id)][2], "round": newest.round_number}
            if newest is not None and newest.action == "round.refuse" else None
        ),
    }
    parts: dict[str, Any] = {}
    for can_write in (True, False):
        shown = {**context, "can_write": can_write, "row_groups": [Markup(ROWS_MARK)] if rows else []}
        for name in SHEET_PARTS if can_write else WRITER_PARTS:
            parts[name if can_write else name + READER_SUFFIX] = render_block("_match_parts.html", name, **shown)
    parts["_rows"], parts["_lines"] = rows, lines
    parts["_order"] = [str(head.id) for head in reversed(heads)]
    return parts


def sheet_rows(view, keys: list[str], edited: set[int], earlier: list[list[Any]]) -> list[list[Any]]:
    """Each counted round's row of the sheet: [key, group HTML with EDIT_MARK where its Edit
    link goes, that link, scores], the row of an older version kept while its key holds (the key of round n
    is keys[n], with the mark of an edit: its running totals and words are the same)."""
    # The rounds the view counts: one recorded since it was read is the next version's.
    counted = min(len(keys) - 1, view.state.round_count)
    wanted = [keys[number] + ("e" if number in edited else "") for number in range(1, counted + 1)]
    kept = service.unchanged_count([row[0] for row in earlier], wanted)
    rows = [list(row) for row in earlier[:kept]]
    if kept == len(wanted):
        return rows
    adapter, table = adapter_for(view.game), view.table
    group = get_template_attribute("_macros.html", "round_group")
    names = side_names(view)
    running = [sum(row[3][index] for row in rows) for index in range(len(table.sides))]
    for scored in service.scored_from(view, kept + 1)[: counted - kept]:
        row = sheet_row(adapter, table, scored, running, scored.number in edited)
        html = str(group(row, names, view.match.id))
        link = str(group(row, names, view.match.id, link_only=True)).strip()
        rows.append([wanted[scored.number - 1], html.replace(link, EDIT_MARK), link, list(scored.score.scores)])
    return rows


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


def history_lines(view, keys: list[str], heads: list[Any], earlier: Mapping[str, list[Any]]) -> dict[str, list[Any]]:
    """Each change of the match's trail as the history shows it, by entry id: [key, HTML,
    who]. An entry never changes; its words depend on who else wrote before it (phone 1,
    phone 2) and on the round's hints, so its key is the round keys before its round: a
    line of an older version is kept while that key holds."""
    phones: dict[str, int] = {}
    wanted = {}
    for head in heads:
        number = head.round_number or 0
        basis = keys[number - 1] if 1 <= number <= len(keys) else keys[0] + ":-"
        wanted[str(head.id)] = f"{basis}:{phone_number(head.actor, phones)}"
    lines = {id_: list(earlier[id_]) for id_, key in wanted.items() if id_ in earlier and earlier[id_][0] == key}
    missing = [int(id_) for id_ in wanted if id_ not in lines]
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
