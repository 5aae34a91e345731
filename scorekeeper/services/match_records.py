"""A league's match records as the league computations read them: each match's result as one compact text, read back in played order, and whole records where the rounds matter."""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import String, and_, func, null, or_, select, type_coerce, update
from sqlalchemy import Table as SqlTable

from ..extensions import db
from ..league import StoredMatch, StoredRound
from ..league.ledgers import OrderKey
from ..models import Match, Round, Season, Seat


def result_text(players: Sequence[str], sides: Sequence[Sequence[int]], totals: Sequence[int], winners: Sequence[int]) -> str:
    """A league match's `result` column: its player ids by seat, sides, totals and winners in one JSON text."""
    return json.dumps(
        {"players": list(players), "sides": [list(side) for side in sides], "totals": list(totals), "winners": list(winners)},
        separators=(",", ":"),
    )


def result_of(record: StoredMatch) -> str:
    """The `result` column of a league match with this record."""
    return result_text(record.players, record.sides, record.totals, record.winners)


def player_merged(source_id: str, target_id: str) -> None:
    """The seats of `source_id` moved to `target_id` (a merge): so do the players in the
    results of their matches. An id is a JSON string with nothing to escape, and only the
    players of a result are strings, so replacing the quoted id is exact."""
    matches = _tables()[0]
    db.session.execute(
        update(matches)
        .where(matches.c.result.is_not(None), matches.c.id.in_(select(Seat.match_id).where(Seat.player_id == target_id)))
        .values(result=func.replace(matches.c.result, json.dumps(source_id), json.dumps(target_id)))
    )


#: one match's result as the league computations read it in bulk: (match id, game, played
#: at, rounds played, player ids by seat, sides, totals, winners)
ResultRow = tuple[str, str, datetime, int, list[str], list[list[int]], tuple[int, ...], list[int]]


def match_results(
    league_id: str, *, game: str | None = None, after: OrderKey | None = None, in_order: bool = False
) -> Iterator[ResultRow]:
    """The league's finished matches (of `game`, played after `after`) one at a time from
    their `result` column: one JSON decode per match, no seats, no ORM objects, nothing
    held (a 100,000-match league's first computation streams through them); in played
    order when asked."""
    matches = _tables()[0]
    conditions = _conditions(league_id, after=after, game=game, finished_only=True)
    # The raw text on SQLite (parsed below, in C), a datetime from PostgreSQL's driver.
    played_at = type_coerce(matches.c.created_at, String)
    statement = select(
        matches.c.id, matches.c.game, played_at, matches.c.round_count, matches.c.result
    ).where(*conditions)
    if in_order:
        statement = statement.order_by(matches.c.created_at)
    db.session.flush()
    rows = db.session.connection().execute(statement.execution_options(yield_per=2000))
    decoded = _result_rows(rows)
    return in_played_order(decoded) if in_order else decoded


def _result_rows(rows: Iterable[Any]) -> Iterator[ResultRow]:
    decode = _DECODER.raw_decode
    parse = datetime.fromisoformat
    for match_id, game, at, round_count, result in rows:
        when = at if isinstance(at, datetime) else parse(at)
        if result is None:
            yield _result_from_seats(match_id, game, when, round_count)
            continue
        data = decode(result)[0]
        yield (match_id, game, when, round_count, data["players"], data["sides"], tuple(data["totals"]), data["winners"])


#: the result column is compact JSON written by result_text: decoded without json.loads' whitespace checks
_DECODER = json.JSONDecoder()


def _result_row(match_id: str, game: str, at: Any, round_count: int, result: str | None) -> ResultRow:
    return next(_result_rows([(match_id, game, at, round_count, result)]))


def _result_from_seats(match_id: str, game: str, when: datetime, round_count: int) -> ResultRow:
    """A result the column does not hold (written by code that predates it; the migration
    fills it in): from the seats and the summary columns."""
    matches, seats, _ = _tables()
    connection = db.session.connection()
    sides, totals, winners = connection.execute(
        select(matches.c.sides, matches.c.totals, matches.c.winners).where(matches.c.id == match_id)
    ).one()
    players = list(connection.scalars(select(seats.c.player_id).where(seats.c.match_id == match_id).order_by(seats.c.seat)))
    return (match_id, game, when, round_count, players, sides, tuple(totals), winners)


def in_played_order(rows: Iterable[ResultRow]) -> Iterator[ResultRow]:
    """Rows ordered by time as the database ordered them, put in played order: matches of
    the very same time by id as Python compares them (a database's collation may not)."""
    group: list[ResultRow] = []
    for row in rows:
        if group and row[2] != group[-1][2]:
            if len(group) == 1:
                yield group[0]
                group[0] = row
                continue
            group.sort(key=itemgetter(0))
            yield from group
            group = [row]
        else:
            group.append(row)
    group.sort(key=itemgetter(0))
    yield from group


def _conditions(league_id: str, *, after: OrderKey | None, game: str | None, finished_only: bool) -> list[Any]:
    matches = _tables()[0]
    conditions: list[Any] = [matches.c.league_id == league_id]
    if after is not None:
        conditions.append(
            or_(matches.c.created_at > after[0], and_(matches.c.created_at == after[0], matches.c.id > after[1]))
        )
    if game is not None:
        conditions.append(matches.c.game == game)
    if finished_only:
        conditions.append(matches.c.finished.is_(True))
    return conditions


def stored_matches(
    league_id: str, *, with_rounds: bool, after: OrderKey | None = None, game: str | None = None, finished_only: bool = False
) -> list[StoredMatch]:
    """The league's matches as the league computations read them (those played after
    `after`, of `game`, finished ones only, when asked).

    Standings and ratings need only the stored summary (totals, winners); records read
    the rounds too, so those are loaded only when asked for. Core statements on the
    session's connection (after a flush, so this transaction's writes are seen): a
    league's first computation reads every match, and ORM rows cost more than the query.
    """
    matches, seat_rows, round_rows = _tables()
    conditions = _conditions(league_id, after=after, game=game, finished_only=finished_only)
    db.session.flush()
    connection = db.session.connection()
    rounds: dict[str, list[StoredRound]] = {}
    if with_rounds:
        for match_id, number, input_, scores in connection.execute(
            select(round_rows.c.match_id, round_rows.c.number, round_rows.c.input, round_rows.c.scores)
            .join(matches, matches.c.id == round_rows.c.match_id)
            .where(*conditions, round_rows.c.confirmed.is_(True))
            .order_by(round_rows.c.match_id, round_rows.c.number)
        ):
            rounds.setdefault(match_id, []).append(StoredRound(number=number, input=input_, scores=tuple(scores)))
    no_rounds: tuple[StoredRound, ...] = ()
    records = []
    for match_id, game_id, created_at, options, finished, round_count, result in connection.execute(
        select(
            matches.c.id, matches.c.game, matches.c.created_at,
            # Options matter only to the records (each game's own stats): not decoded otherwise.
            matches.c.options if with_rounds else null(),
            matches.c.finished, matches.c.round_count, matches.c.result,
        ).where(*conditions)
    ):
        _, _, _, _, players, sides, totals, winners = (
            _result_row(match_id, game_id, created_at, round_count, result)
        )
        records.append(
            StoredMatch(
                match_id=match_id,
                game=game_id,
                played_at=created_at,
                players=tuple(players),
                sides=tuple(tuple(side) for side in sides),
                options=options if options is not None else {},
                totals=totals,
                winners=tuple(winners),
                finished=finished,
                rounds=tuple(rounds[match_id]) if match_id in rounds else no_rounds,
                round_count=round_count,
            )
        )
    return records


def _tables() -> tuple[SqlTable, SqlTable, SqlTable]:
    return cast(SqlTable, Match.__table__), cast(SqlTable, Seat.__table__), cast(SqlTable, Round.__table__)


def record_of(match: Match) -> StoredMatch:
    """One match's record from its summary columns as they are now (no rounds)."""
    return summary_record(match.id, match, tuple(seat.player_id for seat in match.seats))


def summary_record(match_id: str, summary: Any, players: tuple[str, ...]) -> StoredMatch:
    """A match's record from its summary columns: an ORM match, or a row of the same column
    names (the write path's locked row)."""
    return StoredMatch(
        match_id=match_id,
        game=summary.game,
        played_at=summary.created_at,
        players=players,
        sides=tuple(tuple(side) for side in summary.sides),
        options=summary.options,
        totals=tuple(summary.totals),
        winners=tuple(summary.winners),
        finished=summary.finished,
        rounds=(),
        round_count=summary.round_count,
    )


def played_in(season: Season | None, game: str, played_at: datetime) -> bool:
    return season is None or (
        season.starts_on <= played_at.date() <= season.ends_on and (not season.games or game in season.games)
    )


def in_season(records: list[StoredMatch], season: Season | None) -> list[StoredMatch]:
    if season is None:
        return records
    return [record for record in records if played_in(season, record.game, record.played_at)]
