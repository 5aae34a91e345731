"""The table-side pages: home, new match, the match (round entry, edit, undo, history, share, live sync).

Every write goes through the service layer; every round is validated by its game engine
(forms.py only reshapes form fields into the round input). htmx fragments are named
blocks of the page templates rendered with jinja2-fragments.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlsplit

from flask import (
    Blueprint,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_datetime, get_locale, gettext, lazy_gettext
from jinja2_fragments.flask import render_block, render_blocks
from sqlalchemy import select

from ..config import PROJECT_ROOT
from ..extensions import db
from ..games import all_games, get_game
from ..games import nwik as nwik_rules
from ..games.base import SUITS
from ..games.willi_stich import TRUMP_RULES
from ..identity import current_actor
from ..models import Player
from ..services import ServiceError, sharing
from ..services import leagues as league_service
from ..services import matches as service
from . import engine_bundle, forms, offline_pages, round_words
from .charts import ChartLine, polyline_chart
from .device import device_id
from .language import local_path
from .vendor import installed_version

bp = Blueprint("pages", __name__)

# How many seats the new-match form offers first, per game (clamped to its min/max).
DEFAULT_SEATS = {"nwik": 3, "nameless": 4, "zwicker": 2, "spades": 4, "willi-stich": 4}
# Games whose length is a number of rounds rather than a target.
FIXED_ROUNDS = round_words.FIXED_ROUNDS
SIDE_COLOURS = ("#5ec8ff", "#ffb347", "#b58cff", "#7be38a", "#ff7b9c", "#f3e36b")
# Translations: flask_babel's gettext / lazy_gettext with %(name)s placeholders throughout
# this module (lazy_gettext for the module-level tables, read in the request's language).
# The willi-stich round kinds and the suits, in words: round_words.py (the phone words them too).
KIND_LABELS, SUIT_LABELS = round_words.KIND_LABELS, round_words.SUIT_LABELS
SPECIAL_CALL_LABELS = {
    "blind_seven": lazy_gettext("Blind seven"),
    "ten_for_200": lazy_gettext("Ten for 200"),
    "moon": lazy_gettext("Moon"),
}
HONOUR_LABELS = {
    "J30": lazy_gettext("Joker 30"), "J25": lazy_gettext("Joker 25"), "J22": lazy_gettext("Joker 22"),
    "J20": lazy_gettext("Joker 20"), "J17": lazy_gettext("Joker 17"), "J15": lazy_gettext("Joker 15"),
    "D10": "♦10", "D7": "♦7", "S7": "♠7", "AS": "♠A", "AH": "♥A", "AD": "♦A", "AC": "♣A",
}
MAX_KEY_LENGTH = 200
# Refusals that mean "another phone wrote first": the page shows the current state instead.
CHANGED_ELSEWHERE_CODES = frozenset({"stale_etag", "round_number_taken", "conflict"})
CHANGED_ELSEWHERE = lazy_gettext("This match changed on another phone: here is the current state")
# The blocks of match.html that a phone polling for changes gets refreshed.
LIVE_BLOCKS = ["scoreboard", "progress", "rounds", "history"]
# What happened, said of the person who did it; the round number follows when there is one.
ACTION_WORDS = {
    "match.create": lazy_gettext("started the match"),
    "round.create": lazy_gettext("recorded"),
    "round.edit": lazy_gettext("edited"),
    "round.undo": lazy_gettext("undid"),
    "round.confirm": lazy_gettext("confirmed"),
}
ACTION_ROUND_WORDS = {
    "round.create": lazy_gettext("recorded round %(number)s"),
    "round.edit": lazy_gettext("edited round %(number)s"),
    "round.undo": lazy_gettext("undid round %(number)s"),
    "round.confirm": lazy_gettext("confirmed round %(number)s"),
}
SHORT_TEXT_LIMIT = 140


def new_key() -> str:
    return secrets.token_urlsafe(18)


def page_error(error: ServiceError) -> tuple[str, int]:
    return render_template("error.html", status=error.status, message=error.message), error.status


def current_language() -> str:
    """The language of this request's pages ("en", "de", "ru")."""
    locale = get_locale()
    return locale.language if locale else "en"


def js_messages() -> dict[str, str]:
    """The sentences static/js/app.js shows, in this request's language (the page carries them
    as a JSON block: app.js has no English of its own). %(name)s placeholders are filled in by app.js."""
    return {
        "offline": gettext("Offline"),
        "recorded_elsewhere": gettext("Round %(number)s was just recorded on another phone"),
        "enter_round_instead": gettext("Enter round %(number)s instead"),
        "show_final_scores": gettext("Show the final scores"),
        "keep_my_entries": gettext("Keep my entries"),
        "copied": gettext("Copied"),
    }


def language_next() -> str:
    """Where the language switcher returns to: this page (for a form's answer, the page it
    was posted from)."""
    if request.method == "GET":
        return local_path(request.full_path.rstrip("?"))
    referrer = request.referrer and urlsplit(request.referrer)
    if referrer and referrer.netloc == request.host:
        return local_path(referrer.path + (f"?{referrer.query}" if referrer.query else ""))
    return "/"


@bp.app_context_processor
def layout_context() -> dict[str, Any]:
    return {
        "static_version": static_version(),
        "htmx_version": installed_version("htmx.org"),
        "current_language": current_language(),
        "js_messages": js_messages,
        "language_next": language_next,
    }


# --------------------------------------------------------------------------- home


@bp.get("/")
def home():
    matches = service.matches_for(current_actor(), device_id(create=False))
    rows = [match_summary(match) for match in matches]
    return render_template(
        "home.html",
        in_progress=[row for row in rows if not row["finished"]],
        recent=[row for row in rows if row["finished"]],
    )


def match_summary(match) -> dict[str, Any]:
    names = [seat.player.name for seat in match.seats]
    sides = [" & ".join(names[seat] for seat in side) for side in match.sides]
    try:
        game_name = gettext(get_game(match.game).name)
    except KeyError:
        game_name = match.game
    return {
        "id": match.id,
        "game": game_name,
        "players": names,
        "sides": list(zip(sides, match.totals, strict=False)),
        "rounds": match.round_count,
        "finished": match.finished,
        "winners": [sides[index] for index in match.winners if index < len(sides)],
        "updated": match.updated_at,
    }


# --------------------------------------------------------------------------- new match


def chosen_game(value: str | None):
    games = {game.id: game for game in all_games()}
    return games.get(value or "") or all_games()[0]


# Words for the engine's option names and choice codes (the codes stay in the API).
OPTION_LABELS = {
    "target": lazy_gettext("Target"),
    "opponents_keep_tricks": lazy_gettext("Opponents keep their tricks"),
    "jokers": lazy_gettext("Jokers"),
    "points": lazy_gettext("Points"),
    "preset": lazy_gettext("Preset"),
    "nil_value": lazy_gettext("Nil value"),
    "blind_nil_value": lazy_gettext("Blind nil value"),
    "nil_tricks_count": lazy_gettext("Nil bidder's tricks count"),
    "blind_nil_deficit": lazy_gettext("Blind nil only when behind by"),
    "nil_per_side": lazy_gettext("Nils per side"),
    "overtricks": lazy_gettext("Overtricks"),
    "bag_limit": lazy_gettext("Bag limit"),
    "bag_penalty": lazy_gettext("Bag penalty"),
    "loss_threshold": lazy_gettext("Loss threshold"),
    "special_calls": lazy_gettext("Special calls"),
    "scoring": lazy_gettext("Scoring"),
}
CHOICE_LABELS = {
    "book": lazy_gettext("book"),
    "classic": lazy_gettext("classic"),
    "bags": lazy_gettext("bags"),
    "minus_one": lazy_gettext("minus one"),
    "blind_seven": lazy_gettext("blind seven"),
    "ten_for_200": lazy_gettext("ten for 200"),
    "moon": lazy_gettext("shoot the moon"),
    "stiche_raten": lazy_gettext("Stiche-Raten"),
    "wizard": lazy_gettext("Wizard"),
    "oh_hell": lazy_gettext("Oh Hell"),
}


def choice_words(value: Any) -> str:
    return str(CHOICE_LABELS.get(value, str(value).replace("_", " ")))


def option_fields(game) -> list[dict[str, Any]]:
    """The game's options (but first_dealer) as form fields with their defaults in words."""
    fields = []
    for spec in game.option_specs:
        default = spec.default
        if spec.name == "preset":
            words = choice_words(default)
        elif spec.kind == "bool":
            words = gettext("yes") if default else gettext("no")
        elif spec.kind == "list":
            words = ", ".join(map(choice_words, default)) if default else gettext("none")
        elif spec.kind == "object":
            continue  # e.g. Zwicker's point table: kept at its defaults here, editable over the API
        elif default is None:
            words = gettext("none (switched off)")
        else:
            words = str(default)
        if game.presets and spec.name != "preset":
            per_preset = {name: values.get(spec.name, default) for name, values in game.presets.items()}
            if len({json.dumps(value) for value in per_preset.values()}) > 1:
                words = ", ".join(f"{choice_words(name)}: {value_words(value)}" for name, value in per_preset.items())
        fields.append(
            {
                "name": spec.name,
                "kind": spec.kind,
                "label": str(OPTION_LABELS.get(spec.name, spec.name.replace("_", " ").capitalize())),
                "description": gettext(spec.description),
                "choice_labels": {str(choice): choice_words(choice) for choice in spec.choices or ()},
                "default_words": words,
                "choices": list(spec.choices or ()),
                "nullable": spec.nullable,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
            }
        )
    return fields


def value_words(value: Any) -> str:
    if value is None:
        return gettext("none")
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list):
        return ", ".join(map(choice_words, value)) if value else gettext("none")
    return choice_words(value)


def options_from_form(game, form) -> dict[str, Any]:
    """Only the options the table changed; empty fields keep the (preset) default."""
    options: dict[str, Any] = {}
    for spec in game.option_specs:
        key = f"opt_{spec.name}"
        if spec.kind == "list":
            chosen = [value for value in form.getlist(key) if value]
            if chosen:
                options[spec.name] = chosen
            continue
        text = (form.get(key) or "").strip()
        if not text:
            continue
        if spec.kind == "int":
            if spec.nullable and text.lower() in ("none", "off", "null", gettext("none").lower()):
                options[spec.name] = None
                continue
            try:
                options[spec.name] = int(text, 10)
            except ValueError:
                raise forms.FormError(
                    gettext("option %(name)s must be a whole number, got %(got)s", name=spec.name, got=repr(text)),
                    f"options.{spec.name}",
                ) from None
        elif spec.kind == "bool":
            options[spec.name] = text == "true"
        elif spec.kind == "choice":
            options[spec.name] = text
    text = (form.get("first_dealer") or "0").strip()
    try:
        options["first_dealer"] = int(text, 10)
    except ValueError:
        raise forms.FormError(
            gettext("first dealer must be a seat, got %(got)s", got=repr(text)), "options.first_dealer"
        ) from None
    return options


def known_players() -> list[str]:
    return list(db.session.scalars(select(Player.name).order_by(Player.name).limit(500)))


@bp.route("/matches/new", methods=["GET", "POST"])
def new_match():
    form = request.form if request.method == "POST" else request.args
    game = chosen_game(form.get("game"))
    try:
        seats = int(form.get("seats") or DEFAULT_SEATS.get(game.id, game.min_players))
    except ValueError:
        seats = DEFAULT_SEATS.get(game.id, game.min_players)
    action = form.get("action", "")
    if action == "add_seat":
        seats += 1
    elif action == "remove_seat":
        seats -= 1
    seats = max(game.min_players, min(game.max_players, seats))
    names = [(form.get(f"player_{seat}") or "").strip() for seat in range(seats)]
    error = None
    status = 200
    if request.method == "POST" and action == "create":
        try:
            options = options_from_form(game, form)
            view = service.create_match(
                game.id,
                names,
                options,
                device_id(create=True),
                league_id=form.get("league") or None,
                actor=current_actor(),
                table_check=form.get("table_check") == "on",
            )
            return redirect(url_for("pages.match_page", match_id=view.match.id), code=303)
        except ServiceError as refused:
            error, status = refused, refused.status
    context = {
        "games": all_games(),
        "game": game,
        "seats": seats,
        "names": names,
        "values": form,
        "option_fields": option_fields(game),
        "players": known_players(),
        "leagues": league_service.leagues_to_score(current_actor()),
        "error": error,
    }
    if request.headers.get("HX-Request") and not request.headers.get("HX-Boosted"):
        return render_block("new_match.html", "setup", **context), status
    return render_template("new_match.html", **context), status


# --------------------------------------------------------------------------- the match


def view_or_error(match_id: str):
    return service.read_view(match_id, current_actor())


def league_of(match):
    """The league a match counts for, or None for a casual match."""
    return league_service.get_league(match.league_id) if match.league_id else None


def hints_before(view, number: int | None) -> Mapping[str, Any]:
    """The `next` hints for the next round, or for recorded round `number` (to edit it)."""
    if number is None:
        return view.state.next or {}
    inputs = [scored.input for scored in view.state.rounds[: number - 1]]
    state = view.game.replay(view.table, inputs)
    return state.next or {}


def chart(view) -> dict[str, Any] | None:
    """Running totals per side, from 0 before the first round, as an SVG line chart."""
    rounds = view.state.rounds
    if not rounds:
        return None
    running = [0] * len(view.table.sides)
    points: list[list[tuple[int, int]]] = [[(0, 0)] for _ in view.table.sides]
    for step, scored in enumerate(rounds, start=1):
        for index, score in enumerate(scored.score.scores):
            running[index] += score
            points[index].append((step, running[index]))
    lines = [
        ChartLine(view.table.side_name(index), SIDE_COLOURS[index % len(SIDE_COLOURS)], line)
        for index, line in enumerate(points)
    ]
    return polyline_chart(lines)


def scoreboard(view) -> list[dict[str, Any]]:
    state, table = view.state, view.table
    target = table.options.get("target")
    rows = []
    for index, total in enumerate(state.totals):
        row = {
            "name": table.side_name(index),
            "total": total,
            "colour": SIDE_COLOURS[index % len(SIDE_COLOURS)],
            "winner": index in state.winners,
            "target": target,
            "percent": max(0, min(100, round(100 * total / target))) if target else None,
        }
        if view.game.id == "spades" and state.next:
            row["bags"] = state.next.get("bags", [0] * len(state.totals))[index]
        rows.append(row)
    return rows


def rounds_left(view) -> int | None:
    rule = FIXED_ROUNDS.get(view.game.id)
    if rule is None:
        return None
    return rule(view.table.n) - len(view.state.rounds)


def nwik_usage(view) -> list[dict[str, Any]] | None:
    if view.game.id != "nwik":
        return None
    rows = []
    for entry in view.state.details.get("usage", []):
        rows.append(
            {
                "name": view.table.name(entry["seat"]),
                "styles": [(style, style in entry["styles_used"]) for style in nwik_rules.STYLE_NAMES],
                "stakes": [(stake, stake in entry["stakes_used"]) for stake in nwik_rules.STAKES],
            }
        )
    return rows


def entry_context(view, hints: Mapping[str, Any], number: int) -> dict[str, Any]:
    """What the round form of this game needs to offer (the engine's hints, in words)."""
    table = view.table
    dealer = hints.get("dealer", table.dealer(number))
    entry: dict[str, Any] = {
        "number": number,
        "dealer": dealer,
        "dealer_name": table.name(dealer),
        "hints": dict(hints),
        "seats": list(range(table.n)),
        "names": list(table.players),
        "side_names": [table.side_name(index) for index in range(len(table.sides))],
        "suits": SUIT_LABELS,
        "seat_options": [(str(seat), name) for seat, name in enumerate(table.players)],
        "side_options": [(str(index), table.side_name(index)) for index in range(len(table.sides))],
    }
    game = view.game.id
    if game == "nwik":
        choices = round_words.nwik_choices(hints)
        acting_styles = hints.get("acting_styles_if_pass") or list(nwik_rules.ACTING_STYLES)
        entry.update(
            bidder=hints.get("bidder"),
            bidder_name=table.name(hints.get("bidder", 0)),
            acting_name=table.name(hints.get("acting_bidder_if_pass", 0)),
            styles=[(style, nwik_rules.STYLE_NAMES[style]) for style in hints.get("available_styles", [])],
            stakes=list(hints.get("available_stakes", [])),
            acting_styles=[(style, nwik_rules.STYLE_NAMES[style]) for style in acting_styles],
            tricks_total=nwik_rules.TRICKS_PER_ROUND[table.n],
            style_options=choices["style"],
            stake_options=choices["stake"],
            acting_options=choices["acting_style"],
            trump_suits=["hearts", "diamonds", "clubs", "spades"],
        )
    elif game == "spades":
        entry.update(
            blind_nil_allowed=list(hints.get("blind_nil_allowed", [])),
            side_of=[table.side_of(seat) for seat in range(table.n)],
            calls=[(call, SPECIAL_CALL_LABELS.get(call, call)) for call in table.options.get("special_calls", [])],
            bags=list(hints.get("bags", [])),
            tricks_total=13,
            bid_options=[("", gettext("Bid…"))] + [(str(bid), str(bid)) for bid in range(14)],
        )
    elif game == "willi-stich":
        kind = hints.get("kind", "normal")
        entry.update(
            cards=hints.get("cards", 1),
            kind=kind,
            kind_label=KIND_LABELS.get(kind, kind),
            trumps=list(TRUMP_RULES.get(kind, (SUITS, ""))[0]),
            chooser=kind == "trump_choice",
            tricks_total=hints.get("cards", 1),
        )
    elif game == "nameless":
        entry.update(alone_allowed=table.n == 4, tricks_total=hints.get("tricks", 5))
    elif game == "zwicker":
        points = table.options.get("points", {})
        entry.update(
            deck_size=hints.get("deck_size", 55),
            honours=[
                (code, HONOUR_LABELS.get(code, code), points.get(code))
                for code in hints.get("honours", forms.zwicker_honours(table))
            ],
        )
    return entry


def _int_or_none(value: Any) -> int | None:
    try:
        return int(str(value).strip(), 10)
    except (TypeError, ValueError):
        return None


def preview_notes(view, entry: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
    """Live helper lines from the entries so far (the phone's engine writes the same ones)."""
    return round_words.entry_notes(view.game.id, view.table, entry["hints"], values)


def preview_result(match_id: str, view, values, number: int | None) -> dict[str, Any]:
    try:
        raw = forms.round_input(view.game.id, values, view.table)
        _, state = service.preview_round(match_id, raw, number, actor=current_actor())
    except ServiceError as refused:
        return {"ok": False, "message": refused.message}
    scored = state.rounds[(number or len(state.rounds)) - 1]
    return {
        "ok": True,
        "scores": [
            {"name": view.table.side_name(index), "score": score, "explanation": scored.score.explanation[index]}
            for index, score in enumerate(scored.score.scores)
        ],
        "finishes": state.finished and not view.state.finished,
        "winners": [view.table.side_name(index) for index in state.winners],
    }


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


def match_context(
    view,
    *,
    values: Mapping[str, Any] | None = None,
    error: ServiceError | None = None,
    edit_number: int | None = None,
    preview: dict[str, Any] | None = None,
    live: bool = False,
    stale: str | None = None,
    share_url: str | None = None,
) -> dict[str, Any]:
    state, table = view.state, view.table
    editing = edit_number is not None
    hints: Mapping[str, Any] = {}
    entry = None
    if editing:
        hints = hints_before(view, edit_number)
        number = edit_number
    elif not state.finished and view.pending is None:
        hints = state.next or {}
        number = state.next_round
    else:
        # Finished, or a round waits for table check: no entry form until it is settled.
        number = state.next_round
    if hints:
        entry = entry_context(view, hints, number)
    if values is None:
        if editing:
            values = forms.form_values(view.game.id, state.rounds[edit_number - 1].input, table)
        else:
            values = forms.default_values(view.game.id, table)
    if entry is not None and preview is None:
        preview = {"ok": None}
    if entry is not None:
        preview = {**preview, "notes": preview_notes(view, entry, values)}
    if error is not None:
        preview = {**(preview or {}), "ok": False, "message": error.message}
    rounds = round_rows(view)
    return {
        "view": view,
        "match": view.match,
        "league": league_of(view.match),
        "game": view.game,
        "table": table,
        "state": state,
        "side_names": [table.side_name(index) for index in range(len(table.sides))],
        "side_colours": [SIDE_COLOURS[index % len(SIDE_COLOURS)] for index in range(len(table.sides))],
        "board": scoreboard(view),
        "rounds_left": rounds_left(view),
        "rounds": rounds,
        "chart": chart(view),
        "usage": nwik_usage(view),
        "usage_styles": nwik_rules.STYLE_NAMES,
        "winners": [table.side_name(index) for index in state.winners],
        "next_info": next_info(view) if not state.finished else None,
        "entry": entry,
        "pending": pending_view(view),
        "values": values,
        "preview": preview,
        "live": live,
        "edit_number": edit_number,
        "idempotency_key": values.get("idempotency_key") or new_key(),
        "error": error,
        # The version the forms were rendered with: a write based on an older one is refused.
        "etag": view.etag,
        "history": history(view.match.id),
        "stale": stale,
        "share_url": share_url,
        "oob": False,
    }


# Round input fields as the history shows them (the JSON keys stay the API's).
INPUT_FIELD_WORDS = {
    "style": lazy_gettext("style"),
    "stake": lazy_gettext("stake"),
    "acting_style": lazy_gettext("acting style"),
    "vip_card": lazy_gettext("VIP card"),
    "trump": lazy_gettext("trump"),
    "trump_chooser": lazy_gettext("trump chosen by"),
    "tricks": lazy_gettext("tricks"),
    "bids": lazy_gettext("bids"),
    "calls": lazy_gettext("special calls"),
    "alone": lazy_gettext("alone"),
    "renege": lazy_gettext("renege"),
    "sides": lazy_gettext("sides"),
    "cards": lazy_gettext("cards"),
    "zwicks": lazy_gettext("Zwicks"),
    "honours": lazy_gettext("honours"),
    "game": lazy_gettext("game"),
    "players": lazy_gettext("players"),
    "options": lazy_gettext("options"),
    "league": lazy_gettext("league"),
    "table_check": lazy_gettext("table check"),
    "rounds": lazy_gettext("rounds"),
}


def short_text(value: Any) -> str:
    """A round input (or any stored JSON) as one short line: "style 5, stake 4, tricks 3/5/5"."""
    if value is None:
        return ""
    if isinstance(value, dict):
        text = ", ".join(
            f"{INPUT_FIELD_WORDS.get(key, key.replace('_', ' '))} {short_text(item)}"
            for key, item in value.items()
            if item is not None
        )
    elif isinstance(value, list):
        if all(not isinstance(item, (dict, list)) for item in value):
            text = "/".join("–" if item is None else str(item) for item in value)
        else:
            text = "; ".join(short_text(item) for item in value)
    elif isinstance(value, bool):
        text = gettext("yes") if value else gettext("no")
    else:
        text = str(value)
    return text if len(text) <= SHORT_TEXT_LIMIT else text[: SHORT_TEXT_LIMIT - 1] + "…"


def actor_words(label: str) -> str:
    """The audit trail stores "device 1c738dc1" and "anonymous" as data: say them in words."""
    if label.startswith("device "):
        return gettext("a phone (%(id)s)", id=label[len("device ") :])
    if label == "anonymous":
        return gettext("someone without an account")
    return label


def history(match_id: str) -> list[dict[str, Any]]:
    """The match's audit trail, newest first, in words."""
    rows = []
    for entry in service.audit_trail(match_id, current_actor()):
        if entry.action == "match.create":
            after = entry.after or {}
            change = ", ".join(after.get("players") or [])
        elif entry.before is not None and entry.after is not None:
            change = f"{short_text(entry.before)} → {short_text(entry.after)}"
        else:
            change = short_text(entry.after if entry.after is not None else entry.before)
        if entry.round_number and entry.action in ACTION_ROUND_WORDS:
            action = ACTION_ROUND_WORDS[entry.action] % {"number": entry.round_number}
        else:
            action = str(ACTION_WORDS.get(entry.action, entry.action.replace(".", " ")))
            if entry.round_number:
                action = gettext("%(action)s round %(number)s", action=action, number=entry.round_number)
        rows.append(
            {
                "who": actor_words(entry.actor),
                # In the reader's language and date format; the clock is UTC (Babel's default zone).
                "when": gettext("%(when)s UTC", when=format_datetime(entry.at, "short")),
                "iso": entry.at.isoformat(timespec="seconds"),
                "action": action,
                "round": entry.round_number,
                "change": change,
                "undone": entry.action == "round.undo",
                "reason": entry.reason,
            }
        )
    rows.reverse()
    return rows


def next_info(view) -> str:
    return round_words.next_sentence(view.game.id, view.table, view.state.next or {})


@bp.get("/matches/<match_id>")
def match_page(match_id: str):
    try:
        view = view_or_error(match_id)
    except ServiceError as refused:
        return page_error(refused)
    service.remember_on_device(device_id(create=True), match_id)
    return render_template("match.html", **match_context(view))


@bp.post("/matches/<match_id>/preview")
def preview(match_id: str):
    """Live validation: the preview block, rendered from the engine's answer."""
    number = _int_or_none(request.args.get("number"))
    try:
        view = view_or_error(match_id)
    except ServiceError as refused:
        return page_error(refused)
    if number is None and view.state.finished:
        return "", 204
    result = preview_result(match_id, view, request.form, number)
    context = match_context(view, values=request.form, edit_number=number, preview=result, live=True)
    return render_block("match.html", "preview", **context)


def changed_elsewhere(refused: ServiceError) -> bool:
    return refused.code in CHANGED_ELSEWHERE_CODES or refused.status == 412


def refused_response(view_loader, refused: ServiceError, *, keep_values: bool = True, **kwargs):
    """The page again with the refusal and the user's entries kept.

    When another phone wrote first, the page shows the current match (and a new version
    for the form) with the entries kept, so saving again is a deliberate second try.
    """
    try:
        view = view_loader()
    except ServiceError as missing:
        return page_error(missing)
    if changed_elsewhere(refused):
        if kwargs.get("edit_number") is not None and kwargs["edit_number"] > len(view.state.rounds):
            kwargs["edit_number"] = None  # the round being edited was undone meanwhile
        values = request.form if keep_values else None
        context = match_context(view, values=values, stale=CHANGED_ELSEWHERE, **kwargs)
    else:
        context = match_context(view, values=request.form, error=refused, **kwargs)
    response = Response(render_template("match.html", **context), status=refused.status)
    # Percent-encoded UTF-8 (a header is ASCII; the message may be German or Russian): app.js decodes it.
    response.headers["X-Scorekeeper-Error"] = quote(str(refused.message)[:300], safe=" ,.:;!?()'/")
    return response


def form_version() -> str | None:
    """The ETag the form was rendered with (forms of older pages have none)."""
    return (request.form.get("version") or "").strip()[:40] or None


@bp.post("/matches/<match_id>/rounds")
def record(match_id: str):
    """Record the next round from the form (JS off, or replayed from the offline queue)."""
    try:
        view = view_or_error(match_id)
    except ServiceError as refused:
        return page_error(refused)
    key = request.headers.get("Idempotency-Key") or request.form.get("idempotency_key") or None
    try:
        if key is not None and len(key) > MAX_KEY_LENGTH:
            raise forms.FormError(
                gettext("the form's idempotency key is too long: reload the page"), "idempotency_key"
            )
        raw = forms.round_input(view.game.id, request.form, view.table)
        service.record_round(
            match_id,
            raw,
            idempotency_key=key,
            expected_number=_int_or_none(request.form.get("expected_number")),
            if_match=form_version(),
            actor=current_actor(),
        )
    except ServiceError as refused:
        return refused_response(lambda: view_or_error(match_id), refused)
    return redirect(url_for("pages.match_page", match_id=match_id) + "#scores", code=303)


@bp.route("/matches/<match_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit(match_id: str, number: int):
    try:
        view = view_or_error(match_id)
        if not 1 <= number <= len(view.state.rounds):
            raise ServiceError(404, gettext("round %(number)s has not been recorded", number=number), code="round_not_found")
    except ServiceError as refused:
        return page_error(refused)
    if request.method == "GET":
        return render_template("match.html", **match_context(view, edit_number=number))
    try:
        raw = forms.round_input(view.game.id, request.form, view.table)
        service.edit_round(
            match_id, number, raw, if_match=form_version(), actor=current_actor(), reason=request.form.get("reason")
        )
    except ServiceError as refused:
        return refused_response(lambda: view_or_error(match_id), refused, edit_number=number)
    return redirect(url_for("pages.match_page", match_id=match_id) + f"#round-{number}", code=303)


@bp.post("/matches/<match_id>/rounds/<int:number>/confirm")
def confirm(match_id: str, number: int):
    """Table check: this phone confirms the round another phone recorded."""
    try:
        service.confirm_round(match_id, number, if_match=form_version(), actor=current_actor())
    except ServiceError as refused:
        return refused_response(lambda: view_or_error(match_id), refused, keep_values=False)
    return redirect(url_for("pages.match_page", match_id=match_id), code=303)


@bp.route("/matches/<match_id>/undo", methods=["GET", "POST"])
def undo(match_id: str):
    try:
        view = view_or_error(match_id)
    except ServiceError as refused:
        return page_error(refused)
    count = len(view.state.rounds)
    if request.method == "GET":
        if not count:
            return redirect(url_for("pages.match_page", match_id=match_id), code=303)
        last = view.state.rounds[-1]
        return render_template(
            "undo.html",
            match=view.match,
            game=view.game,
            etag=view.etag,
            number=count,
            cells=list(zip([view.table.side_name(i) for i in range(len(view.table.sides))], last.score.scores, last.score.explanation, strict=False)),
        )
    number = _int_or_none(request.form.get("number"))
    try:
        if number is None:
            raise ServiceError(422, gettext("say which round to undo"), code="form_field", field="number")
        service.undo_round(
            match_id, number, if_match=form_version(), actor=current_actor(), reason=request.form.get("reason")
        )
    except ServiceError as refused:
        if changed_elsewhere(refused):
            # The undo form's entries are not a round: show the current match instead.
            return refused_response(lambda: view_or_error(match_id), refused, keep_values=False)
        return page_error(refused)
    return redirect(url_for("pages.match_page", match_id=match_id), code=303)


@bp.post("/matches/<match_id>/share")
def share(match_id: str):
    """A read-only link to this match, shown on the page (the share block alone for htmx)."""
    try:
        token = sharing.share_match(match_id, current_actor(), current_app.secret_key)
        view = view_or_error(match_id)
    except ServiceError as refused:
        return page_error(refused)
    context = match_context(view, share_url=url_for("pages.shared_page", token=token, _external=True))
    if request.headers.get("HX-Request"):
        return render_block("match.html", "share", **context)
    return render_template("match.html", **context)


@bp.get("/matches/<match_id>/live")
def live(match_id: str):
    """The changing blocks of the match page, swapped in out of band by a polling phone.

    The round-entry block is included only when asked (`entry=1`): the phone leaves out
    a form the user is typing in. A separate address keeps the service worker's page
    cache (keyed by URL) from storing these fragments as the page.
    """
    try:
        view = view_or_error(match_id)
    except ServiceError as refused:
        return page_error(refused)
    edit_number = _int_or_none(request.args.get("edit"))
    if edit_number is not None and not 1 <= edit_number <= len(view.state.rounds):
        edit_number = None
    context = {**match_context(view, edit_number=edit_number), "oob": True}
    blocks = LIVE_BLOCKS + (["entry"] if request.args.get("entry") == "1" else [])
    response = Response(render_blocks("match.html", blocks, **context))
    response.headers["ETag"] = view.etag
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/shared/<token>")
def shared_page(token: str):
    """What a share link shows, read-only: a match (scoreboard and rounds) or standings."""
    try:
        kind, shown = sharing.open_shared(token, current_app.secret_key)
    except ServiceError as refused:
        return page_error(refused)
    if kind == sharing.MATCH:
        view = shown
        context = {
            "kind": kind,
            "game": view.game,
            "state": view.state,
            "board": scoreboard(view),
            "side_names": [view.table.side_name(index) for index in range(len(view.table.sides))],
            "side_colours": [SIDE_COLOURS[index % len(SIDE_COLOURS)] for index in range(len(view.table.sides))],
            "winners": [view.table.side_name(index) for index in view.state.winners],
            "rounds": round_rows(view),
            "chart": chart(view),
        }
    else:
        context = {
            "kind": kind,
            "standings": shown,
            "ranked": [row for row in shown["rows"] if row["ranked"]],
            "unranked": [row for row in shown["rows"] if not row["ranked"]],
        }
    response = Response(render_template("shared.html", **context))
    # A share link is for people, not for search engines.
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def round_rows(view) -> list[dict[str, Any]]:
    """Each recorded round: number, dealer and every side's score with its explanation."""
    return [
        {
            "number": scored.number,
            "dealer": view.table.name(scored.dealer),
            "cells": [
                {"score": score, "explanation": scored.score.explanation[index]}
                for index, score in enumerate(scored.score.scores)
            ],
        }
        for scored in view.state.rounds
    ]


# --------------------------------------------------------------------------- PWA


def static_version() -> str:
    """A hash of the static files: names the service worker's caches and busts URLs."""
    cached = current_app.extensions.get("scorekeeper_static_version")
    if cached and not current_app.debug:
        return cached
    digest = hashlib.sha256()
    static = PROJECT_ROOT / "static"
    for path in sorted(static.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(static)).encode())
            digest.update(path.read_bytes())
    for path in sorted((PROJECT_ROOT / "templates").rglob("*.html")):
        digest.update(path.read_bytes())
    version = digest.hexdigest()[:12]
    current_app.extensions["scorekeeper_static_version"] = version
    return version


def shell_files() -> list[str]:
    """What the service worker stores at install: the very URLs the pages use (versioned),
    so the install is answered from the browser's HTTP cache instead of a second download."""
    version = static_version()
    return [
        "/offline",
        f"/static/css/app.css?v={version}",
        f"/static/js/app.js?v={version}",
        f"/vendor/htmx.org/htmx.min.js?v={installed_version('htmx.org')}",
        "/static/icons/icon-192.png",
        "/manifest.webmanifest",
        *offline_pages.shell_files(),
    ]


@bp.get("/manifest.webmanifest")
def manifest():
    # The product name stays as it is in every language; the rest follows the request's language.
    body = {
        "name": "Scorekeeper",
        "short_name": gettext("Scores"),
        "description": gettext("Keeps score at the card table: Nwik, Spades, Willi Stich, Nameless, Zwicker."),
        "lang": current_language(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#111418",
        "theme_color": "#111418",
        "icons": [
            {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/static/icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    response = Response(json.dumps(body, indent=1, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/sw.js")
def service_worker():
    source = (PROJECT_ROOT / "static" / "js" / "sw.js").read_text(encoding="utf-8")
    source = source.replace("__VERSION__", static_version()).replace("__SHELL__", json.dumps(shell_files()))
    source = source.replace("__ENGINE__", json.dumps(engine_bundle.service_worker_engine()))
    response = Response(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    return render_template("offline.html")
