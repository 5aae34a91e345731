"""The new-match form: game, seats and names, first dealer, league, table check and the game's options."""
from __future__ import annotations

import json
from typing import Any

from flask import redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block
from werkzeug.datastructures import MultiDict

from ...device import device_id
from ...engine.core.i18n import _
from ...engine.entry import adapter_for
from ...engine.entry.form_fields import FormError
from ...engine.games import Game, OptionError, all_games
from ...identity import current_actor
from ...services import ServiceError
from ...services import leagues as league_service
from ...services import matches as service
from ...services import players as player_service
from .blueprint import bp


def chosen_game(value: str | None) -> Game:
    games = {game.id: game for game in all_games()}
    return games.get(value or "") or all_games()[0]


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def value_words(game: Game, value: Any) -> str:
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return yes_no(value)
    if isinstance(value, list):
        return ", ".join(map(game.choice_label, value)) if value else _("none")
    return game.choice_label(value)


def option_fields(game: Game, seats: int) -> list[dict[str, Any]]:
    """The game's options (but first_dealer) as form fields with their defaults in words, as
    they are for `seats` players (Skat's list is 36 deals at three, 48 at four)."""
    try:
        defaults = game.resolve_options({}, seats)
    except OptionError:
        defaults = {}
    fields = []
    for spec in game.option_specs:
        default = defaults.get(spec.name, spec.default)
        if spec.kind == "object":
            continue  # e.g. Zwicker's point table: kept at its defaults here, editable over the API
        if spec.kind in ("list", "choice", "bool") or default is None:
            words = value_words(game, default) if default is not None else _("none (switched off)")
        else:
            words = str(default)
        if game.presets and spec.name != "preset":
            per_preset = {name: values.get(spec.name, default) for name, values in game.presets.items()}
            if len({json.dumps(value) for value in per_preset.values()}) > 1:
                words = ", ".join(f"{game.choice_label(name)}: {value_words(game, value)}" for name, value in per_preset.items())
        fields.append(
            {
                "name": spec.name,
                "kind": spec.kind,
                "label": game.option_label(spec.name),
                "description": _(spec.description),
                "choice_labels": {str(choice): game.choice_label(choice) for choice in spec.choices or ()},
                "default_words": words,
                "choices": list(spec.choices or ()),
                "nullable": spec.nullable,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
            }
        )
    return fields


def options_from_form(game: Game, form) -> dict[str, Any]:
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
            if spec.nullable and text.lower() in ("none", "off", "null", _("none").lower()):
                options[spec.name] = None
                continue
            try:
                options[spec.name] = int(text, 10)
            except ValueError:
                raise FormError(
                    _("option {name} must be a whole number, got {got}", name=game.option_label(spec.name), got=repr(text)),
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
        raise FormError(_("first dealer must be a seat, got {got}", got=repr(text)), "options.first_dealer") from None
    return options


def typed_names(form, limit: int) -> list[str]:
    return [(form.get(f"player_{seat}") or "").strip() for seat in range(limit)]


def seated_names(names: list[str], fewest: int) -> list[str]:
    """The players a match starts with: empty last seats beyond the game's fewest players
    are left out (the form opens with the seats most tables use, four for Willi Stich, and
    three at the table start as they are); an empty seat before a name is still refused."""
    seated = list(names)
    while len(seated) > fewest and not seated[-1]:
        seated.pop()
    return seated


def without_options(form) -> MultiDict:
    """The form of another game: its names are kept, its options (and their names) are not."""
    return MultiDict([(key, value) for key, value in form.items(multi=True) if not key.startswith("opt_")])


def league_members(leagues: list[Any], league_id: str | None) -> list[str]:
    """The names of the chosen league's members, for the name chips (leagues the asker scores in)."""
    league = next((league for league in leagues if league.id == league_id), None)
    return sorted((member.player.name for member in league.members), key=str.casefold) if league else []


def seat_chosen_members(names: list[str], form, max_seats: int) -> list[str]:
    """The member chips are checkboxes (so they work without JavaScript): a chip ticked
    since the form was drawn takes the next empty seat (a new seat when none is empty,
    up to the game's most), one unticked leaves its seat. With JavaScript the page does the
    same as each chip is tapped, so here nothing changes."""
    chosen = [name for name in form.getlist("member") if name]
    keys = {name.casefold() for name in chosen}
    names = ["" if name.casefold() in {was.casefold() for was in form.getlist("member_was")} - keys else name for name in names]
    for member in chosen:
        if member.casefold() in {name.casefold() for name in names}:
            continue
        if "" in names:
            names[names.index("")] = member
        elif len(names) < max_seats:
            names.append(member)
    return names


@bp.route("/matches/new", methods=["GET", "POST"])
def new_match():
    form = request.form if request.method == "POST" else request.args
    switched = form.get("switch_game")
    game = chosen_game(switched or form.get("game"))
    first_seats = adapter_for(game).first_seat_count()
    try:
        seats = int(form.get("seats") or first_seats)
    except ValueError:
        seats = first_seats
    action = form.get("action", "")
    if switched:
        # Another game: the names typed so far are kept in their order (as many as it seats),
        # its options are not.
        most = max(other.max_players for other in all_games())
        typed = [name for name in typed_names(form, max(0, min(seats, most))) if name]
        seats = max(game.min_players, min(game.max_players, max(first_seats, len(typed))))
        names = typed[:seats] + [""] * max(0, seats - len(typed))
        form = without_options(form)
    else:
        if action == "add_seat":
            seats += 1
        elif action == "remove_seat":
            seats -= 1
        seats = max(game.min_players, min(game.max_players, seats))
        names = typed_names(form, seats)
    leagues = league_service.leagues_to_score(current_actor())
    members = league_members(leagues, form.get("league") or None)
    if request.method == "POST" and not switched and action != "remove_seat":
        names = seat_chosen_members(names, form, game.max_players)
        seats = len(names)
    error = None
    status = 200
    if request.method == "POST" and action == "create":
        try:
            view = service.create_match(
                game.id,
                seated_names(names, game.min_players),
                options_from_form(game, form),
                device_id(create=True),
                league_id=form.get("league") or None,
                actor=current_actor(),
                table_check=form.get("table_check") == "on",
            )
            return redirect(url_for("pages.match_page", match_id=view.match.id), code=303)
        except ServiceError as refused:
            # The form again with the names and options as typed.
            error, status = refused, refused.status
    context = {
        "games": all_games(),
        "game": game,
        "seats": seats,
        "names": names,
        "values": form,
        "option_fields": option_fields(game, seats),
        "players": player_service.known_names(current_actor()),
        "leagues": leagues,
        "members": members,
        "seated": {name.casefold() for name in names if name},
        "error": error,
    }
    if request.headers.get("HX-Request") and not request.headers.get("HX-Boosted"):
        return render_block("new_match.html", "setup", **context), status
    return render_template("new_match.html", **context), status
