"""Flat HTML form fields <-> each game's round-input JSON (exactly the dict the API takes).

The pages never validate a round themselves: this module only turns form fields into the
spec's round input (and back, to prefill an edit), so the game engine stays the one
validation source. A field that cannot even be read (a word where a number belongs, a
missing count) becomes a FormError: a ServiceError with status 422, worded like the
engine's own refusals.

Field names, per game (seats and sides are 0-based):
- nwik: style, stake, acting_style (read only when style is 6), vip_card (only when the
  effective style is 5), trump (only when the effective style is 2 or 5), tricks_<seat>.
- spades: bid_<seat> ("" / 0-13 / "nil" / "blind_nil"), tricks_<seat>, call_<side>
  (only when the match enables special calls; a side with a call sends null bids).
- willi-stich: bid_<seat>, tricks_<seat>, trump ("" = not recorded), trump_chooser.
- nameless: tricks_<seat>, alone ("" = nobody), renege ("" = nobody).
- zwicker: cards_<side>, zwicks_<side>, honour_<code> = the side index that took it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from ..games.base import Table
from ..games.zwicker import DECK_HONOURS
from ..services import ServiceError

# Translations: flask_babel's gettext with %(name)s placeholders throughout this module;
# `what` below is always an already translated phrase ("tricks of Ann").

NWIK_PASS = 6
NWIK_VIP = 5
NWIK_TRUMP_STYLES = (2, 5)


class FormError(ServiceError):
    """A form field that cannot be read as the round input needs it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(422, message, code="form_field", field=field)


def _text(form: Mapping[str, Any], key: str) -> str:
    value = form.get(key)
    return "" if value is None else str(value).strip()


def _whole(text: str, what: str, field: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise FormError(gettext("%(what)s must be a whole number, got %(got)s", what=what, got=repr(text)), field) from None


def required_int(form: Mapping[str, Any], key: str, what: str, field: str) -> int:
    text = _text(form, key)
    if not text:
        raise FormError(gettext("%(what)s is missing: enter a whole number", what=what), field)
    return _whole(text, what, field)


def optional_int(form: Mapping[str, Any], key: str, what: str, field: str) -> int | None:
    text = _text(form, key)
    return _whole(text, what, field) if text else None


def seat_counts(form: Mapping[str, Any], prefix: str, table: Table, field: str = "tricks") -> list[int]:
    """One count per seat; `field` names the round input's list ("tricks" or "bids")."""
    return [
        required_int(form, f"{prefix}_{seat}", count_label(field, table.name(seat)), f"{field}.{seat}")
        for seat in range(table.n)
    ]


def count_label(field: str, name: str) -> str:
    if field == "bids":
        return gettext("bids of %(name)s", name=name)
    return gettext("tricks of %(name)s", name=name)


# --------------------------------------------------------------------------- form -> JSON


def nwik_input(form: Mapping[str, Any], table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {}
    style = optional_int(form, "style", gettext("style"), "style")
    stake = optional_int(form, "stake", gettext("stake"), "stake")
    # Left out when not chosen: the engine names the missing field.
    if style is not None:
        data["style"] = style
    if stake is not None:
        data["stake"] = stake
    effective = style
    if style == NWIK_PASS:
        acting = optional_int(form, "acting_style", gettext("acting style"), "acting_style")
        if acting is not None:
            data["acting_style"] = acting
        effective = acting
    if effective == NWIK_VIP:
        vip_card = optional_int(form, "vip_card", gettext("VIP card"), "vip_card")
        if vip_card is not None:
            data["vip_card"] = vip_card
    if effective in NWIK_TRUMP_STYLES:
        trump = _text(form, "trump")
        if trump:
            data["trump"] = trump
    data["tricks"] = seat_counts(form, "tricks", table)
    return data


def spades_input(form: Mapping[str, Any], table: Table) -> dict[str, Any]:
    enabled = bool(table.options.get("special_calls"))
    calls: list[str | None] = [
        (_text(form, f"call_{index}") or None) if enabled else None for index in range(len(table.sides))
    ]
    bids: list[int | str | None] = []
    for seat in range(table.n):
        if calls[table.side_of(seat)] is not None:
            bids.append(None)
            continue
        text = _text(form, f"bid_{seat}")
        if text in ("nil", "blind_nil"):
            bids.append(text)
        elif not text:
            bids.append(None)  # the engine says who still needs a bid
        else:
            bids.append(_whole(text, gettext("bid of %(name)s", name=table.name(seat)), f"bids.{seat}"))
    data: dict[str, Any] = {"bids": bids, "tricks": seat_counts(form, "tricks", table)}
    if enabled:
        data["calls"] = calls
    return data


def willi_stich_input(form: Mapping[str, Any], table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {}
    trump = _text(form, "trump")
    if trump:
        data["trump"] = trump
    data["bids"] = seat_counts(form, "bid", table, "bids")
    data["tricks"] = seat_counts(form, "tricks", table)
    chooser = optional_int(form, "trump_chooser", gettext("trump chooser"), "trump_chooser")
    if chooser is not None:
        data["trump_chooser"] = chooser
    return data


def nameless_input(form: Mapping[str, Any], table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {"tricks": seat_counts(form, "tricks", table)}
    alone = optional_int(form, "alone", gettext("who went alone"), "alone")
    if alone is not None:
        data["alone"] = alone
    renege = optional_int(form, "renege", gettext("who reneged"), "renege")
    if renege is not None:
        data["renege"] = renege
    return data


def zwicker_honours(table: Table) -> tuple[str, ...]:
    return DECK_HONOURS[table.options.get("jokers", 3)]


def zwicker_input(form: Mapping[str, Any], table: Table) -> dict[str, Any]:
    sides = []
    deck = zwicker_honours(table)
    for index in range(len(table.sides)):
        who = table.side_name(index)
        sides.append(
            {
                "cards": required_int(
                    form, f"cards_{index}", gettext("cards of %(name)s", name=who), f"sides.{index}.cards"
                ),
                "zwicks": required_int(
                    form, f"zwicks_{index}", gettext("zwicks of %(name)s", name=who), f"sides.{index}.zwicks"
                ),
                "honours": [code for code in deck if _text(form, f"honour_{code}") == str(index)],
            }
        )
    return {"sides": sides}


CONVERTERS = {
    "nwik": nwik_input,
    "spades": spades_input,
    "willi-stich": willi_stich_input,
    "nameless": nameless_input,
    "zwicker": zwicker_input,
}


def round_input(game_id: str, form: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """The spec's round input for a game's flat form fields; FormError if unreadable."""
    try:
        converter = CONVERTERS[game_id]
    except KeyError:
        raise FormError(gettext("no round form for game %(game)s", game=repr(game_id)), "game") from None
    return converter(form, table)


# --------------------------------------------------------------------------- JSON -> form


def _str(value: Any) -> str:
    return "" if value is None else str(value)


def default_values(game_id: str, table: Table) -> dict[str, str]:
    """A fresh form: counts at 0, choices unset."""
    values: dict[str, str] = {}
    if game_id == "zwicker":
        for index in range(len(table.sides)):
            values[f"cards_{index}"] = "0"
            values[f"zwicks_{index}"] = "0"
        return values
    for seat in range(table.n):
        values[f"tricks_{seat}"] = "0"
        if game_id == "willi-stich":
            values[f"bid_{seat}"] = "0"
    return values


def form_values(game_id: str, raw: Mapping[str, Any], table: Table) -> dict[str, str]:
    """The form fields that post back `raw` (to prefill the edit of a recorded round)."""
    values: dict[str, str] = {}
    if game_id == "zwicker":
        for index, side in enumerate(raw.get("sides") or []):
            values[f"cards_{index}"] = _str(side.get("cards"))
            values[f"zwicks_{index}"] = _str(side.get("zwicks"))
            for code in side.get("honours") or []:
                values[f"honour_{code}"] = str(index)
        return values
    for seat, took in enumerate(raw.get("tricks") or []):
        values[f"tricks_{seat}"] = _str(took)
    for seat, bid in enumerate(raw.get("bids") or []):
        values[f"bid_{seat}"] = _str(bid)
    for index, call in enumerate(raw.get("calls") or []):
        values[f"call_{index}"] = _str(call)
    for key in ("style", "stake", "acting_style", "vip_card", "trump", "trump_chooser", "alone", "renege"):
        if key in raw:
            values[key] = _str(raw[key])
    return values
