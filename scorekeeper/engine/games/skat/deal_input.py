"""Skat: a deal's input read and checked (a declared game, a null game or a Ramsch), every
refusal naming its field and rule."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.base import (
    MatchState,
    RoundError,
    Table,
    bounded_int,
    check_fields,
    of_player,
    optional_seat,
    per_seat,
    shown,
)
from ...core.i18n import _, _n
from .scoring import active_seats, sitting_out
from .values import (
    ANNOUNCE_NAMES,
    ANNOUNCEMENTS,
    BID_VALUES,
    CARD_POINTS,
    GAME_FIELDS,
    GAMES,
    GRAND,
    IMPOSSIBLE_POINTS,
    MOST_MATADORS,
    NULL,
    NULL_NAMES,
    NULL_VALUES,
    ROUND_FIELDS,
    TRICKLESS_MOST,
    SkatDeal,
    SkatGame,
    SkatRamsch,
    impossible_words,
    is_bid_value,
)


def read_deal(table: Table, state: MatchState, raw: Any) -> SkatDeal:
    check_fields(raw, required=("declarer",), optional=ROUND_FIELDS[1:])
    number = state.next_round
    declarer = optional_seat(raw.get("declarer"), "declarer", table)
    out = sitting_out(table, number)
    if declarer is not None and declarer == out:
        first, second, third = (table.name(seat) for seat in active_seats(table, number))
        raise RoundError(
            _(
                "{player} deals and sits out: the declarer is {first}, {second} or {third}",
                player=table.name(declarer),
                first=first,
                second=second,
                third=third,
            ),
            field="declarer",
            code="declarer_sits_out",
        )
    if declarer is None:
        for name, default in GAME_FIELDS.items():
            not_given(raw, name, default, _("when all passed"))
        if not table.options["ramsch"]:
            not_given(raw, "ramsch", None, _("without the Ramsch house rule"), code="ramsch_off")
            not_given(raw, "no_trick", [], _("without the Ramsch house rule"), code="ramsch_off")
            return SkatDeal()
        return SkatDeal(ramsch=read_ramsch(table, number, raw))
    for name, default in (("ramsch", None), ("no_trick", [])):
        not_given(raw, name, default, _("when a game is declared"))
    return SkatDeal(game=declared_game(table, declarer, raw))


def not_given(raw: Mapping[str, Any], name: str, default: Any, when: str, code: str = "field_not_applicable") -> None:
    """Refuse a field that does not apply: it must be left out, null or its default."""
    value = raw.get(name)
    if value is None or (value == default and type(value) is type(default)):
        return
    raise RoundError(
        _("{field} does not apply {when}, got {value}", field=name, when=when, value=shown(value)),
        field=name,
        code=code,
    )


def flag(raw: Mapping[str, Any], name: str) -> bool:
    value = raw.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RoundError(
            _("{field} must be true or false, got {value}", field=name, value=shown(value)),
            field=name,
            code="bool_type",
        )
    return value


def declared_game(table: Table, declarer: int, raw: Mapping[str, Any]) -> SkatGame:
    player = table.name(declarer)
    game = raw.get("game")
    if game is None:
        raise RoundError(
            _("game is required: what {player} played ({choices})", player=player, choices=", ".join(GAMES)),
            field="game",
            code="game_missing",
        )
    if not isinstance(game, str) or game not in GAMES:
        raise RoundError(
            _("game must be one of {choices}, got {value}", choices=", ".join(GAMES), value=shown(game)),
            field="game",
            code="choice",
        )
    bid = raw.get("bid")
    if bid is None:
        raise RoundError(
            _("bid is required: the value the auction stopped at (18 when {player} took it unbid)", player=player),
            field="bid",
            code="bid_missing",
        )
    bid = bounded_int(bid, "bid", "bid")
    if not is_bid_value(bid):
        raise RoundError(bid_words(bid), field="bid", code="bid_value")
    hand = flag(raw, "hand")
    ouvert = flag(raw, "ouvert")
    if game == NULL:
        return null_game(table, declarer, raw, bid, hand, ouvert)
    not_given(raw, "won", None, _("to a suit game or a grand: it follows from the points"), code="won_follows")
    matadors = raw.get("matadors")
    if matadors is None:
        raise RoundError(
            _("matadors is required: {player} played with or without how many", player=player),
            field="matadors",
            code="matadors_missing",
        )
    matadors = bounded_int(matadors, "matadors", "matadors")
    most = MOST_MATADORS[game]
    if not 1 <= matadors <= most:
        raise RoundError(
            _("a grand is played with or without 1 to {most} matadors (the jacks), got {value}", most=most, value=shown(matadors))
            if game == GRAND
            else _("a suit game is played with or without 1 to {most} matadors, got {value}", most=most, value=shown(matadors)),
            field="matadors",
            code="matadors_range",
        )
    without = flag(raw, "without")
    points = raw.get("points")
    if points is None:
        raise RoundError(
            _("points is required: the card points of {player}, the skat included", player=player),
            field="points",
            code="points_missing",
        )
    points = bounded_int(points, "points", "points", minimum=0, maximum=CARD_POINTS)
    if points in IMPOSSIBLE_POINTS:
        raise RoundError(
            impossible_words(points),
            field="points",
            code="points_impossible",
        )
    announce = raw.get("announce")
    if announce is not None and (not isinstance(announce, str) or announce not in ANNOUNCEMENTS):
        raise RoundError(
            _("announce must be schneider, schwarz or null, got {value}", value=shown(announce)),
            field="announce",
            code="choice",
        )
    if ouvert and not hand:
        raise RoundError(
            _("{player} played ouvert without hand: a suit game or a grand is ouvert only as a hand game", player=player),
            field="ouvert",
            code="ouvert_without_hand",
        )
    if announce is not None and not hand:
        raise RoundError(
            _(
                "{player} announced {announce} without hand: only a hand game announces",
                player=player,
                announce=_(ANNOUNCE_NAMES[announce]),
            ),
            field="announce",
            code="announce_without_hand",
        )
    if ouvert and announce == "schneider":
        raise RoundError(
            _("an ouvert game counts as schwarz announced: announce must be schwarz or null, not schneider"),
            field="announce",
            code="ouvert_schneider",
        )
    trickless = flag(raw, "schwarz")
    if trickless and TRICKLESS_MOST < points < CARD_POINTS:
        raise RoundError(
            _n(
                "schwarz with {n} point: a side took no trick only with 120 points "
                "(the opponents trickless) or at most 22 (the declarer trickless, the skat only)",
                "schwarz with {n} points: a side took no trick only with 120 points "
                "(the opponents trickless) or at most 22 (the declarer trickless, the skat only)",
                points,
            ),
            field="schwarz",
            code="schwarz_points",
        )
    return SkatGame(
        declarer=declarer, game=game, bid=bid, hand=hand, ouvert=ouvert, matadors=matadors, without=without,
        announce=announce, points=points, schwarz=trickless,
    )


def null_game(table: Table, declarer: int, raw: Mapping[str, Any], bid: int, hand: bool, ouvert: bool) -> SkatGame:
    for name in ("matadors", "without", "announce", "points", "schwarz"):
        not_given(raw, name, GAME_FIELDS[name], _("to a null game"))
    won = raw.get("won")
    if won is None:
        raise RoundError(
            _("won is required for a null game: did {player} take no trick", player=table.name(declarer)),
            field="won",
            code="won_missing",
        )
    won = flag(raw, "won")
    value = NULL_VALUES[(hand, ouvert)]
    if value < bid:
        raise RoundError(
            _(
                "{game} is worth {value}, the bid was {bid}: it cannot be declared",
                game=_(NULL_NAMES[(hand, ouvert)]),
                value=value,
                bid=bid,
            ),
            field="bid",
            code="null_below_bid",
        )
    return SkatGame(declarer=declarer, game=NULL, bid=bid, hand=hand, ouvert=ouvert, won=won)


def bid_words(bid: int) -> str:
    below = [value for value in BID_VALUES if value < bid]
    above = [value for value in BID_VALUES if value > bid]
    # shown(): a bid of thousands of digits is still refused in words (Python will not print it).
    if not below:
        return _("{bid} is not a bidding value: the lowest is {lowest}", bid=shown(bid), lowest=BID_VALUES[0])
    if not above:
        return _("{bid} is not a bidding value: the highest is {highest}", bid=shown(bid), highest=BID_VALUES[-1])
    return _("{bid} is not a bidding value (the nearest are {below} and {above})", bid=bid, below=below[-1], above=above[0])


def ramsch_impossible(player: str, points: int) -> str:
    return _n(
        "{player} cannot have {n} card point: no card is worth 1",
        "{player} cannot have {n} card points: no card is worth 1",
        points,
        player=player,
    )


def read_ramsch(table: Table, number: int, raw: Mapping[str, Any]) -> SkatRamsch:
    value = raw.get("ramsch")
    if value is None:
        raise RoundError(
            _("ramsch is required: all passed, so a Ramsch is played: each player's card points"),
            field="ramsch",
            code="ramsch_missing",
        )
    items = per_seat(value, "ramsch", table.n)
    out = sitting_out(table, number)
    points: list[int | None] = []
    for seat, item in enumerate(items):
        where = f"ramsch.{seat}"
        if seat == out:
            if item is not None:
                raise RoundError(
                    _("{player} deals and sits out: their Ramsch points must be null, got {value}",
                      player=table.name(seat), value=shown(item)),
                    field=where,
                    code="ramsch_dealer",
                )
            points.append(None)
            continue
        if item is None:
            raise RoundError(
                _("the Ramsch points of {player} are missing", player=table.name(seat)),
                field=where,
                code="ramsch_points_missing",
            )
        got = bounded_int(item, where, of_player("ramsch", table.name(seat)), minimum=0, maximum=CARD_POINTS)
        if got in IMPOSSIBLE_POINTS:
            raise RoundError(
                ramsch_impossible(table.name(seat), got),
                field=where,
                code="points_impossible",
            )
        points.append(got)
    total = sum(got for got in points if got is not None)
    if total != CARD_POINTS:
        raise RoundError(
            _("the Ramsch points must add up to 120, got {total}", total=total),
            field="ramsch",
            code="ramsch_sum",
        )
    no_trick = read_no_trick(table, raw.get("no_trick"), points)
    return SkatRamsch(points=tuple(points), no_trick=no_trick)


def read_no_trick(table: Table, value: Any, points: Sequence[int | None]) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RoundError(_("no_trick must be a list of seats, got {value}", value=shown(value)), field="no_trick", code="type")
    if len(value) > 2:
        raise RoundError(
            _("at most two players take no trick (then the third made a Durchmarsch), got {count}", count=len(value)),
            field="no_trick",
            code="no_trick_count",
        )
    seats: list[int] = []
    for index, item in enumerate(value):
        seat = bounded_int(item, f"no_trick.{index}", "no_trick", minimum=0, maximum=table.n - 1)
        if seat in seats:
            raise RoundError(
                _("{player} is named twice among the players without a trick", player=table.name(seat)),
                field="no_trick",
                code="no_trick_repeated",
            )
        if points[seat] is None:
            raise RoundError(
                _("{player} deals and sits out: only the three who play can take no trick", player=table.name(seat)),
                field="no_trick",
                code="no_trick_sits_out",
            )
        if points[seat]:
            raise RoundError(
                _("{player} took no trick, so has 0 card points, got {points}", player=table.name(seat), points=points[seat]),
                field="no_trick",
                code="no_trick_points",
            )
        seats.append(seat)
    return tuple(seats)
