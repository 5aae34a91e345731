"""Doppelkopf: a hand's input read and checked (the parties, the card points, the calls, the special points, the compulsory solo due), every refusal naming its field and rule."""
from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ...core.base import RoundError, Table, bounded_int, check_fields, of_player, optional_seat, shown
from ...core.i18n import _, _n
from .scoring import other
from .values import (
    CARD_POINTS,
    DECLARED_SOLOS,
    DOPPELKOPF_POINTS,
    DOPPELKOPF_TRICK,
    FOX,
    FOX_POINTS,
    GAMES,
    KARLCHEN,
    KARLCHEN_POINTS,
    KONTRA,
    KONTRA_CALLS,
    MOST_FOXES,
    PARTIES,
    PARTY_GAMES,
    PARTY_NAMES,
    RE,
    RE_CALLS,
    ROUND_FIELDS,
    Hand,
)


def read_hand(
    table: Table, raw: Any, out: int | None, forced: int | None, played: tuple[int, ...]
) -> Hand:
    """The hand `raw` describes, dealt with `out` sitting out and `forced` due to play a
    compulsory solo; `played` counts each seat's compulsory solos so far."""
    check_fields(raw, required=ROUND_FIELDS[:2], optional=ROUND_FIELDS[2:])
    game = choice(raw.get("game"), "game", GAMES)
    solo = game not in PARTY_GAMES
    if solo:
        not_given(raw, "re", _("to a solo: the soloist is Re alone"))
        soloist = optional_seat(raw.get("soloist"), "soloist", table)
        if soloist is None:
            raise RoundError(_("soloist is required: who played the solo"), field="soloist", code="soloist_missing")
        check_plays(table, soloist, out, "soloist")
        re: tuple[int, ...] = (soloist,)
    else:
        not_given(raw, "soloist", _("to a normal game or a marriage: nobody plays alone"))
        re = read_re(table, raw.get("re"), out)
    if forced is not None and (game not in DECLARED_SOLOS or re != (forced,)):
        raise RoundError(
            _("{player} must play a compulsory solo now: the deals left are needed for the compulsory solos owed",
              player=table.name(forced)),
            field="soloist" if game in DECLARED_SOLOS else "game",
            code="forced_solo",
        )
    re_points = bounded_int(raw.get("re_points"), "re_points", "re_points", minimum=0, maximum=CARD_POINTS)
    re_call = choice(raw.get("re_call"), "re_call", tuple(RE_CALLS), nullable=True)
    kontra_call = choice(raw.get("kontra_call"), "kontra_call", tuple(KONTRA_CALLS), nullable=True)
    no_trick = choice(raw.get("no_trick"), "no_trick", PARTIES, nullable=True)
    points = {RE: re_points, KONTRA: CARD_POINTS - re_points}
    if no_trick is not None and points[other(no_trick)] != CARD_POINTS:
        raise RoundError(
            _("no_trick {party}: the other party took every trick, so all 240 card points; Re has {points}",
              party=_(PARTY_NAMES[no_trick]), points=re_points),
            field="no_trick",
            code="no_trick_points",
        )
    foxes = counts(raw.get("foxes"), "foxes")
    doppelkopfs = counts(raw.get("doppelkopfs"), "doppelkopfs")
    karlchen = choice(raw.get("karlchen"), "karlchen", PARTIES, nullable=True)
    check_specials(table, solo, points, foxes, doppelkopfs, karlchen)
    compulsory = game in DECLARED_SOLOS and played[re[0]] < table.options["compulsory_solos"]
    return Hand(
        game=game, re=re, re_points=re_points, re_level=RE_CALLS[re_call], kontra_level=KONTRA_CALLS[kontra_call],
        no_trick=no_trick, foxes=foxes, doppelkopfs=doppelkopfs, karlchen=karlchen, compulsory=compulsory,
        forced=forced is not None,
    )


def choice(value: Any, field: str, allowed: tuple[Any, ...], nullable: bool = False) -> Any:
    """One of `allowed` (strings; None too when `nullable`)."""
    if value is None and nullable:
        return None
    if not isinstance(value, str) or value not in allowed:
        choices = ", ".join(str(item) if item is not None else "null" for item in allowed)
        raise RoundError(
            _("{field} must be one of {choices}, got {value}", field=field, choices=choices, value=shown(value)),
            field=field,
            code="choice",
        )
    return value


def not_given(raw: Mapping[str, Any], name: str, when: str) -> None:
    """Refuse a field given for the other kind of game: it must be left out or null."""
    if raw.get(name) is not None:
        raise RoundError(
            _("{field} does not apply {when}, got {value}", field=name, when=when, value=shown(raw[name])),
            field=name,
            code="field_not_applicable",
        )


def check_plays(table: Table, seat: int, out: int | None, field: str) -> None:
    if seat == out:
        raise RoundError(
            _("{player} deals and sits out this hand", player=table.name(seat)), field=field, code="seat_sits_out"
        )


def read_re(table: Table, value: Any, out: int | None) -> tuple[int, ...]:
    if value is None:
        raise RoundError(_("re is required: the two players of the Re party"), field="re", code="re_missing")
    if not isinstance(value, list) or len(value) != 2:
        raise RoundError(
            _("re must be a list of the two seats of the Re party, got {value}", value=shown(value)),
            field="re",
            code="re_seats",
        )
    seats = tuple(bounded_int(item, f"re.{index}", "re", minimum=0, maximum=table.n - 1) for index, item in enumerate(value))
    if seats[0] == seats[1]:
        raise RoundError(
            _("{player} is named twice in the Re party: it is two different players", player=table.name(seats[0])),
            field="re",
            code="re_twice",
        )
    for seat in seats:
        check_plays(table, seat, out, "re")
    return seats


def counts(value: Any, field: str) -> tuple[int, int]:
    """[Re's, Kontra's] whole numbers >= 0; null or absent: none."""
    if value is None:
        return (0, 0)
    if not isinstance(value, list) or len(value) != 2:
        raise RoundError(
            _("{field} must be a list of two counts, Re's and Kontra's, got {value}", field=field, value=shown(value)),
            field=field,
            code="type",
        )
    re, kontra = (
        bounded_int(item, f"{field}.{index}", partial(party_field, field, party), minimum=0)
        for index, (item, party) in enumerate(zip(value, PARTIES, strict=True))
    )
    return (re, kontra)


def party_field(field: str, party: str) -> str:
    """A party's count as a refusal names it: "foxes of Re"."""
    return of_player(field, _(PARTY_NAMES[party]))


def check_specials(
    table: Table, solo: bool, points: Mapping[str, int], foxes: tuple[int, int], doppelkopfs: tuple[int, int],
    karlchen: str | None,
) -> None:
    """Special points only where they are played, and only as many as the card points allow."""
    kinds = table.options["special_points"]
    given = {FOX: any(foxes), DOPPELKOPF_TRICK: any(doppelkopfs), KARLCHEN: karlchen is not None}
    field = {FOX: "foxes", DOPPELKOPF_TRICK: "doppelkopfs", KARLCHEN: "karlchen"}
    for kind, counted in given.items():
        if counted and solo:
            raise RoundError(_("no special points in a solo: {field} must be left out", field=field[kind]),
                             field=field[kind], code="solo_special_points")
        if counted and kind not in kinds:
            raise RoundError(_("this match does not play {field}: the special point is not counted", field=field[kind]),
                             field=field[kind], code="special_points_off")
    if sum(foxes) > MOST_FOXES:
        raise RoundError(_n("only {n} fox (♦A) can be caught, got {got}", "only {n} foxes (♦A) can be caught, got {got}",
                            MOST_FOXES, got=sum(foxes)), field="foxes", code="foxes_count")
    for index, party in enumerate((RE, KONTRA)):
        for field_name, count, worth in (("foxes", foxes[index], FOX_POINTS), ("doppelkopfs", doppelkopfs[index], DOPPELKOPF_POINTS)):
            if count * worth > points[party]:
                raise RoundError(too_few(field_name, count, party, points[party]), field=f"{field_name}.{index}",
                                 code=f"{field_name}_points")
    if karlchen is not None and points[karlchen] < KARLCHEN_POINTS:
        raise RoundError(
            _n("{party} has {n} card point: too few to have won the last trick with ♣J",
               "{party} has {n} card points: too few to have won the last trick with ♣J",
               points[karlchen], party=_(PARTY_NAMES[karlchen])),
            field="karlchen",
            code="karlchen_points",
        )


def too_few(field: str, count: int, party: str, points: int) -> str:
    """The refusal of more foxes (11 points each) or Doppelkopfs (40 or more) than a party's card points hold."""
    name = _(PARTY_NAMES[party])
    if field == "foxes":
        return _n("{party} has {points} card points: too few for {n} fox (♦A, 11 each)",
                  "{party} has {points} card points: too few for {n} foxes (♦A, 11 each)", count, party=name, points=points)
    return _n("{party} has {points} card points: too few for {n} Doppelkopf (a trick of 40 or more)",
              "{party} has {points} card points: too few for {n} Doppelkopfs (tricks of 40 or more)",
              count, party=name, points=points)
