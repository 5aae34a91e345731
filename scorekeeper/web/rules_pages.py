"""The rules pages: each game's rules for players, rendered from docs/rules/<language>/<game>.md.

The Markdown files are the single source: the README links to them, and these pages
render the very same files. Every option and every rule a refusal can name has a stable
anchor (`{#option-target}` on the line before its heading), the same in every language,
so the new-match form links each option to its paragraph and a refused round links its
"why?" to the rule it broke.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template
from flask_babel import get_locale
from markdown_it import MarkdownIt
from mdit_py_plugins.attrs import attrs_block_plugin

from ..config import PROJECT_ROOT
from ..engine.core.base import ASSIGN, BID, CHOICE, INT, INT_OR_CHOICE, SEAT, InputField
from ..engine.core.i18n import _
from ..engine.entry import adapter_for
from ..engine.entry.adapter import GameAdapter
from ..engine.games import Game, all_games, get_game
from .pages.new_match import option_fields

bp = Blueprint("rules", __name__)

RULES_ROOT: Path = PROJECT_ROOT / "docs" / "rules"
LANGUAGES = ("en", "de", "ru")
FALLBACK_LANGUAGE = "en"

# The sections every rules page has, by anchor (the same in every language).
SECTIONS = ("players", "recording", "scoring", "examples", "end", "options", "decisions")

# CommonMark with tables; raw HTML off, so a rules file can hold no markup (and no script)
# of its own; `{#anchor}` lines give the next block its stable id.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).use(attrs_block_plugin).enable("table")

# The rule a refusal broke, by the engine's refusal code: a game's own codes come from its
# web adapter (refusal_anchors), then these codes of the shared surface (games/base.py); a
# refusal of an option links to that option's paragraph instead (see refusal_anchor).
SHARED_REFUSAL_ANCHORS: Mapping[str, str] = {
    "round_type": "recording",
    "field_unknown": "recording",
    "field_missing": "recording",
    "type": "recording",
    "range": "recording",
    "length": "recording",
    "choice": "recording",
    "tricks_sum": "recording",
    "match_finished": "end",
    "match_ends_early": "end",
    "player_count": "players",
    # the pages' own refusal of a form field that cannot be read (engine/entry/form_fields.py)
    "form_field": "recording",
}
@dataclass(frozen=True)
class RulesDocument:
    title: str
    html: str
    anchors: frozenset[str]


def option_anchor(name: str) -> str:
    return f"option-{name}"


def rules_path(language: str, game_id: str) -> Path:
    return RULES_ROOT / language / f"{game_id}.md"


def has_rules(game_id: str) -> bool:
    """Whether the game's rules are written down (a game registered without a rules file has none)."""
    return rules_path(FALLBACK_LANGUAGE, game_id).is_file()


def render(language: str, game_id: str) -> RulesDocument:
    """One rules file as HTML, with its title (the first heading) and its anchors."""
    path = rules_path(language, game_id)
    if not path.is_file():
        path = rules_path(FALLBACK_LANGUAGE, game_id)
    source = path.read_text(encoding="utf-8")
    tokens = MARKDOWN.parse(source)
    title = ""
    anchors = set()
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h1" and not title:
            title = tokens[index + 1].content
        anchor = token.attrs.get("id")
        if anchor:
            anchors.add(str(anchor))
        if token.type == "table_open":
            # A wide table scrolls inside its box (CSS): focusable, so a keyboard can scroll it.
            token.attrSet("tabindex", "0")
    return RulesDocument(title=title, html=MARKDOWN.renderer.render(tokens, MARKDOWN.options, {}), anchors=frozenset(anchors))


def page_language() -> str:
    locale = get_locale()
    language = locale.language if locale else FALLBACK_LANGUAGE
    return language if language in LANGUAGES else FALLBACK_LANGUAGE


def refusal_anchor(game_id: str, code: str | None, field: str | None = None) -> str | None:
    """The anchor of the rule a refusal names, or None when it is no rule of the game
    (a stale page, a missing match, ...)."""
    if field and field.startswith("options."):
        name = field.split(".")[1]
        try:
            names = {spec.name for spec in get_game(game_id).all_option_specs()}
        except KeyError:
            return None
        if name in names:
            return option_anchor(name)
    if not code:
        return None
    try:
        own = adapter_for(get_game(game_id)).refusal_anchors
    except KeyError:
        return None
    return own.get(code) or SHARED_REFUSAL_ANCHORS.get(code)


def rules_url(game_id: str, anchor: str | None = None) -> str | None:
    """The address of the game's rules (at `anchor`): written down, or made from the engine's
    own descriptions for a game registered without a rules file."""
    return f"/rules/{game_id}" + (f"#{anchor}" if anchor else "")


def field_words(field: InputField) -> str:
    """What one field of a round takes, in words: "a whole number from 0 to 13, one per player"."""
    if field.kind == INT:
        if field.maximum is not None:
            what = _("a whole number from {low} to {high}", low=field.minimum or 0, high=field.maximum)
        else:
            what = _("a whole number, at least {low}", low=field.minimum or 0)
    elif field.kind in (CHOICE, INT_OR_CHOICE):
        choices = ", ".join(GameAdapter.choice_words(field, choice) for choice in field.choices)
        what = _("one of: {choices}", choices=choices) if field.kind == CHOICE else _("a whole number or one of: {choices}", choices=choices)
    elif field.kind == SEAT:
        what = _("a player")
    elif field.kind == ASSIGN:
        what = _("who took each of: {choices}", choices=", ".join(GameAdapter.choice_words(field, code) for code in field.choices))
    else:
        what = ""
    each = {"seat": _("one per player"), "side": _("one per side")}.get(field.per, "")
    if field.per == "part":
        each = _("one each for: {parts}", parts=", ".join(_(part) for part in field.parts))
    parts = [what, each]
    if field.total is not None:
        parts.append(_("adding up to {total}", total=field.total))
    if field.optional:
        parts.append(_("may be left blank"))
    return ", ".join(part for part in parts if part)


def made_rules(game: Game) -> dict[str, Any]:
    """A game registered without a rules file: its rules page from what its engine says of
    itself (players, the fields of a round as its first round asks them, every option)."""
    adapter = adapter_for(game)
    seats = adapter.first_seat_count()
    table = game.table([_("Player {n}", n=seat + 1) for seat in range(seats)], None)
    fields = adapter.fields(table, game.initial_state(table).next or {})
    return {
        "min_players": game.min_players,
        "max_players": game.max_players,
        "fields": [
            {"label": _(field.label), "words": field_words(field), "before_hand": field.phase == BID} for field in fields
        ],
        "options": options_described(game),
    }


def options_described(game: Game) -> list[dict[str, Any]]:
    """Every option of the game as the new-match form words it; one the form leaves out (a
    table of values, kept at its defaults on the form) with its description only."""
    # The defaults at the fewest seats (the descriptions say how a larger table differs).
    on_form = {option["name"]: option for option in option_fields(game, game.min_players)}
    return [
        on_form.get(spec.name)
        or {"name": spec.name, "label": game.option_label(spec.name), "description": _(spec.description), "default_words": None}
        for spec in game.option_specs
    ]


def refusal_url(game_id: str, error) -> str | None:
    """Where a refused round's "why?" leads: the paragraph of the rule, or None."""
    if error is None:
        return None
    anchor = refusal_anchor(game_id, getattr(error, "code", None), getattr(error, "field", None))
    return rules_url(game_id, anchor) if anchor else None


def refusal_urls(game_id: str) -> dict[str, str]:
    """Every refusal code of the game with the address of its rule: the phone's engine names
    the code of a round it refuses offline, and the save bar links its "why?" by it."""
    try:
        own = adapter_for(get_game(game_id)).refusal_anchors
    except KeyError:
        return {}
    return {code: f"/rules/{game_id}#{anchor}" for code, anchor in {**SHARED_REFUSAL_ANCHORS, **own}.items()}


@bp.app_context_processor
def rules_links() -> dict[str, object]:
    return {"rules_url": rules_url, "refusal_url": refusal_url, "refusal_urls": refusal_urls, "option_anchor": option_anchor}


@bp.get("/rules")
def rules_index():
    language = page_language()
    games = [
        (game, render(language, game.id).title if has_rules(game.id) else _("Rules of {game}", game=_(game.name)))
        for game in all_games()
    ]
    return render_template("rules_index.html", games=games)


@bp.get("/rules/<game_id>")
def rules_page(game_id: str):
    try:
        game = get_game(game_id)
    except KeyError:
        abort(404)
    if not has_rules(game.id):
        return render_template("rules.html", game=game, games=all_games(), document=None, made=made_rules(game))
    document = render(page_language(), game.id)
    return render_template("rules.html", game=game, games=all_games(), document=document, made=None)
