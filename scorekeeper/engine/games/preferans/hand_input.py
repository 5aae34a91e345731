"""Preferans: a hand's input read and checked (the contract, the declarer, the defenders' words, the tricks), every refusal naming its field and rule."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from ...core.base import RoundError, Table, bounded_int, check_fields, of_player, optional_seat, per_seat, shown
from ...core.i18n import _
from .scoring import defenders_of
from .values import (
    ALL_PASS,
    ALLOWED_WORDS,
    CONTRACTS,
    GAME_LEVELS,
    HALF,
    HALF_LEVELS,
    MISERE,
    ROUND_FIELDS,
    TRICKS,
    WHIST,
    WORDS,
    Hand,
)


def read_hand(table: Table, raw: Any, active: tuple[int, ...], out: int | None) -> Hand:
    """The hand `raw` describes, played by `active` (from the first hand) with `out` sitting out."""
    check_fields(raw, required=ROUND_FIELDS[:1], optional=ROUND_FIELDS[1:])
    contract = raw["contract"]
    if not isinstance(contract, str) or contract not in CONTRACTS:
        raise RoundError(
            _(
                "contract must be 6S to 10NT (a level 6-10, then S, C, D, H or NT), misere or all_pass, got {value}",
                value=shown(contract),
            ),
            field="contract",
            code="contract",
        )
    if contract == ALL_PASS:
        not_given(raw, "declarer", _("to an all-pass hand: nobody declared"))
        not_given(raw, "whist", _("to an all-pass hand: nobody declared"))
        return Hand(contract, active, out, tricks=read_tricks(table, raw.get("tricks"), active, out))
    declarer = read_declarer(table, raw.get("declarer"), active, out)
    if contract == MISERE:
        not_given(raw, "whist", _("to a misère: a misère is never whisted"))
        return Hand(contract, active, out, declarer, tricks=read_tricks(table, raw.get("tricks"), active, out))
    level = GAME_LEVELS[contract]
    defenders = defenders_of(active, declarer)
    words = read_words(table, raw.get("whist"), level, defenders)
    if WHIST in words:
        tricks = read_tricks(table, raw.get("tricks"), active, out)
    else:
        not_given(raw, "tricks", _("when nobody whisted: the game is not played"), code="tricks_not_played")
        tricks = None
    return Hand(contract, active, out, declarer, level, defenders, words, tricks)


def not_given(raw: Mapping[str, Any], name: str, when: str, code: str = "field_not_applicable") -> None:
    """Refuse a field that does not apply to this hand: it must be left out or null."""
    if raw.get(name) is not None:
        message = _("{field} does not apply {when}, got {value}", field=name, when=when, value=shown(raw[name]))
        raise RoundError(message, field=name, code=code)


def read_declarer(table: Table, value: Any, active: Sequence[int], out: int | None) -> int:
    declarer = optional_seat(value, "declarer", table)
    first, second, third = (table.name(seat) for seat in active)
    if declarer is None:
        raise RoundError(
            _("declarer is required: who played the contract ({first}, {second} or {third})",
              first=first, second=second, third=third),
            field="declarer",
            code="declarer_missing",
        )
    if declarer == out:
        raise RoundError(
            _("{player} deals and sits out: the declarer is {first}, {second} or {third}",
              player=table.name(declarer), first=first, second=second, third=third),
            field="declarer",
            code="declarer_sits_out",
        )
    return declarer


def read_words(table: Table, value: Any, level: int, defenders: tuple[int, int]) -> tuple[str, str]:
    """The defenders' final words, (first, second): whist, pass or half; null for everyone else."""
    first, second = (table.name(seat) for seat in defenders)
    if value is None:
        raise RoundError(
            _("whist is required: what the defenders {first} and {second} said (whist, pass or half)",
              first=first, second=second),
            field="whist",
            code="whist_missing",
        )
    items = per_seat(value, "whist", table.n)
    for seat, item in enumerate(items):
        if seat not in defenders and item is not None:
            raise RoundError(
                _("whist of {player} must be null: only the defenders {first} and {second} say whist, pass or half",
                  player=table.name(seat), first=first, second=second),
                field=f"whist.{seat}",
                code="whist_not_defender",
            )
    for seat in defenders:
        if not isinstance(items[seat], str) or items[seat] not in WORDS:
            raise RoundError(
                _("{field} must be one of {choices}, got {value}", field=of_player("whist", table.name(seat)),
                  choices=", ".join(WORDS), value=shown(items[seat])),
                field=f"whist.{seat}",
                code="choice",
            )
    words = (items[defenders[0]], items[defenders[1]])
    if words not in ALLOWED_WORDS or (words[1] == HALF and level not in HALF_LEVELS):
        seat = defenders[0] if words[0] == HALF else defenders[1]
        raise RoundError(
            _("{player} cannot say half here: half only from the second defender, after a pass, on a 6 or 7",
              player=table.name(seat)),
            field=f"whist.{seat}",
            code="half_whist",
        )
    if words[1] == HALF and not table.options["half_whist"]:
        raise RoundError(
            _("{player} cannot say half: this match is played without half-whist", player=second),
            field=f"whist.{defenders[1]}",
            code="half_whist_off",
        )
    return words


def read_tricks(table: Table, value: Any, active: Sequence[int], out: int | None) -> tuple[int | None, ...]:
    """Tricks per seat: whole numbers from 0 for the three who played, adding up to 10; null for who sits out."""
    if value is None:
        first, second, third = (table.name(seat) for seat in active)
        raise RoundError(
            _("tricks is required: the tricks {first}, {second} and {third} took", first=first, second=second, third=third),
            field="tricks",
            code="tricks_missing",
        )
    items = per_seat(value, "tricks", table.n)
    tricks: list[int | None] = []
    for seat, item in enumerate(items):
        name = table.name(seat)
        if seat == out:
            if item is not None:
                raise RoundError(
                    _("tricks of {player} must be null: {player} deals and sits out", player=name),
                    field=f"tricks.{seat}",
                    code="tricks_sits_out",
                )
            tricks.append(None)
            continue
        tricks.append(bounded_int(item, f"tricks.{seat}", partial(of_player, "tricks", name), minimum=0, maximum=TRICKS))
    took = sum(count or 0 for count in tricks)
    if took != TRICKS:
        raise RoundError(
            _("tricks must add up to {total}, got {got}", total=TRICKS, got=took), field="tricks", code="tricks_sum"
        )
    return tuple(tricks)
