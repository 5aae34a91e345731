"""A league's match records as the league computations read them, and its standings and ratings ledgers kept in step with each result.

A ledger row (`league_ledgers`) holds the standings sums or the ratings of one key
("standings:<season>:<game>", "ratings:<game>") and the league version it is in step
with. The first read builds it from every match (and the ratings' checkpoints); a write
of a league match (`match_changed`, in the write's transaction) bumps the league and
moves every ledger that was in step along with it: the match's old record is taken out
and its new one put in, and ratings are rated on top, or again from the checkpoint
before the changed match (see league.ledgers). Anything else that bumps the league
(members, seasons, names) leaves the ledgers behind; the next read rebuilds them. An
import stores the whole league's standings and ratings it built (services.league_import).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import String, and_, bindparam, delete, func, insert, null, or_, select, type_coerce, update
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..league import StoredMatch, StoredRound
from ..league.ledgers import (
    OrderKey,
    RatingLedger,
    StandingsLedger,
    checkpoint_due,
    update_ratings,
    update_standings,
)
from ..models import League, LeagueLedger, Match, RatingCheckpoint, Round, Season, Seat

# --------------------------------------------------------------------------- match records


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


def _in(season: Season | None, game: str, played_at: datetime) -> bool:
    return season is None or (
        season.starts_on <= played_at.date() <= season.ends_on and (not season.games or game in season.games)
    )


def in_season(records: list[StoredMatch], season: Season | None) -> list[StoredMatch]:
    if season is None:
        return records
    return [record for record in records if _in(season, record.game, record.played_at)]


# --------------------------------------------------------------------------- ledgers on read


def standings_key(season_id: str | None, game: str | None) -> str:
    return f"standings:{season_id}:{game}"


def ratings_key(game: str | None) -> str:
    return f"ratings:{game}"


def _stored(league: League, key: str) -> str | None:
    """The body of the ledger `key` when it is in step with the league."""
    row = db.session.execute(
        select(LeagueLedger.version, LeagueLedger.body).where(LeagueLedger.league_id == league.id, LeagueLedger.key == key)
    ).first()
    return row.body if row is not None and row.version == league.version else None


def _keep(league_id: str, key: str, version: int, ledger: StandingsLedger | RatingLedger) -> None:
    db.session.execute(delete(LeagueLedger).where(LeagueLedger.league_id == league_id, LeagueLedger.key == key))
    db.session.execute(insert(LeagueLedger).values(**ledger_row(league_id, key, version, ledger)))


def _store_built(league: League, key: str, ledger: StandingsLedger | RatingLedger, checkpoints: list[dict[str, Any]]) -> None:
    """Store a ledger built on a read (with its checkpoints), unless another worker stored
    the same one at the same moment (then theirs stays: both were built from the same rows)."""
    try:
        with db.session.begin_nested():
            db.session.execute(delete(RatingCheckpoint).where(RatingCheckpoint.league_id == league.id, RatingCheckpoint.key == key))
            if checkpoints:
                db.session.execute(insert(RatingCheckpoint), checkpoints)
            _keep(league.id, key, league.version, ledger)
    except IntegrityError:
        pass


def standings_ledger(league: League, season: Season | None, game: str | None) -> StandingsLedger:
    """The league's standings sums for a season and game: the stored ledger when it is in
    step, else built from every match and stored (the caller commits); with the game's
    ratings in the same pass over the matches when those are not in step either."""
    key = standings_key(season.id if season else None, game)
    body = _stored(league, key)
    if body is not None:
        return StandingsLedger.from_json(json.loads(body))
    if _stored(league, ratings_key(game)) is None:
        return _built_together(league, season, game)[0]
    ledger = built_standings(match_results(league.id, game=game), season)
    _store_built(league, key, ledger, [])
    return ledger


def _built_together(league: League, season: Season | None, game: str | None) -> tuple[StandingsLedger, RatingLedger]:
    """A league's first computation: the standings of `season` and the ratings of `game`
    from one pass over the matches' results in played order (one read and one decode of
    each match where the two used to read them all apart), both stored."""
    standings = StandingsLedger()
    tally = _tally(standings, season)
    ratings_key_ = ratings_key(game)

    def counted(results: Iterable[ResultRow]) -> Iterator[ResultRow]:
        for row in results:
            tally(row)
            yield row

    ratings, checkpoints = built_ratings(league.id, ratings_key_, counted(match_results(league.id, game=game, in_order=True)))
    _store_built(league, standings_key(season.id if season else None, game), standings, [])
    _store_built(league, ratings_key_, ratings, checkpoints)
    return standings, ratings


def built_standings(results: Iterable[ResultRow], season: Season | None = None) -> StandingsLedger:
    """The standings sums of these finished matches' results (those of `season`, when given)."""
    ledger = StandingsLedger()
    tally = _tally(ledger, season)
    for row in results:
        tally(row)
    return ledger


def _tally(ledger: StandingsLedger, season: Season | None) -> Callable[[ResultRow], None]:
    """Adds a finished match's result to `ledger` when it counts for `season`."""
    add = ledger.add_result

    def tally(row: ResultRow) -> None:
        _, game_id, played_at, rounds, players, sides, totals, winners = row
        if season is None or _in(season, game_id, played_at):
            add(players, sides, totals, winners, rounds)

    return tally


def _checkpoint_row(league_id: str, key: str, ledger: RatingLedger) -> dict[str, Any]:
    assert ledger.last is not None
    return {
        "league_id": league_id, "key": key, "rated": ledger.rated, "last_played_at": ledger.last[0],
        "last_match_id": ledger.last[1], "body": json.dumps(ledger.to_json(), separators=(",", ":")),
    }


def _checkpoint(league_id: str, key: str) -> Callable[[RatingLedger], None]:
    def keep(ledger: RatingLedger) -> None:
        if checkpoint_due(ledger):
            db.session.execute(insert(RatingCheckpoint).values(**_checkpoint_row(league_id, key, ledger)))

    return keep


def ratings_ledger(league: League, game: str | None) -> RatingLedger:
    """The league's ratings ledger for a game: the stored one when it is in step, else
    rated from every match in played order (with its checkpoints) and stored; with the
    game's standings of every season in the same pass when those are not in step either."""
    key = ratings_key(game)
    body = _stored(league, key)
    if body is not None:
        return RatingLedger.from_json(json.loads(body))
    if _stored(league, standings_key(None, game)) is None:
        return _built_together(league, None, game)[1]
    ledger, checkpoints = built_ratings(league.id, key, match_results(league.id, game=game, in_order=True))
    _store_built(league, key, ledger, checkpoints)
    return ledger


def built_ratings(league_id: str, key: str, results: Iterable[ResultRow]) -> tuple[RatingLedger, list[dict[str, Any]]]:
    """The ratings ledger of these finished matches' results, which come in played order,
    and the rows of its checkpoints (`rating_checkpoints`)."""
    ledger = RatingLedger()
    checkpoints = []
    rate = ledger.rate_result
    for match_id, _, played_at, _, players, sides, totals, _ in results:
        rate((played_at, match_id), players, sides, totals)
        if checkpoint_due(ledger):
            checkpoints.append(_checkpoint_row(league_id, key, ledger))
    return ledger, checkpoints


def ledger_row(league_id: str, key: str, version: int, ledger: StandingsLedger | RatingLedger) -> dict[str, Any]:
    """A `league_ledgers` row holding `ledger`, in step with league version `version`."""
    return {"league_id": league_id, "key": key, "version": version, "body": json.dumps(ledger.to_json(), separators=(",", ":"))}


# --------------------------------------------------------------------------- ledgers on write


def _rewind(league_id: str, key: str) -> Callable[[OrderKey], RatingLedger]:
    def rewind(changed: OrderKey) -> RatingLedger:
        """The checkpoint before `changed` (later ones are dropped: they are rated again)."""
        rows = db.session.execute(
            select(RatingCheckpoint.rated, RatingCheckpoint.last_played_at, RatingCheckpoint.last_match_id)
            .where(RatingCheckpoint.league_id == league_id, RatingCheckpoint.key == key)
            .order_by(RatingCheckpoint.rated.desc())
        ).all()
        keep = next((row.rated for row in rows if (row.last_played_at, row.last_match_id) < changed), 0)
        db.session.execute(
            delete(RatingCheckpoint).where(
                RatingCheckpoint.league_id == league_id, RatingCheckpoint.key == key, RatingCheckpoint.rated > keep
            )
        )
        if keep == 0:
            return RatingLedger()
        body = db.session.scalar(
            select(RatingCheckpoint.body).where(
                RatingCheckpoint.league_id == league_id, RatingCheckpoint.key == key, RatingCheckpoint.rated == keep
            )
        )
        return RatingLedger.from_json(json.loads(body or "{}"))

    return rewind


def _season_of(league_id: str, season_id: str) -> Season | None:
    season = db.session.get(Season, season_id)
    return season if season is not None and season.league_id == league_id else None


def match_changed(league_id: str, before: StoredMatch | None, after: StoredMatch | None) -> None:
    """A league match's summary changed from `before` to `after` (None: it was not there;
    the caller has stored its `result`, see result_of): bump the league (what every write
    does) and move the ledgers in step with it along.

    Called last before the commit: the bump takes the league's row lock, which every
    writer of the league's matches waits for, so it is held for two statements (and the
    ledger moves of a result that changed), not for the whole write. The bump is a plain
    UPDATE: its lock (FOR NO KEY UPDATE) does not conflict with the key-share locks that
    the foreign-key checks of the write's own rows take on the league row, where a
    `SELECT ... FOR UPDATE` would have to upgrade them, and two writers holding them
    deadlocked."""
    db.session.flush()
    moved = (before is not None and before.finished) or (after is not None and after.finished)
    if not moved and db.session.get_bind().dialect.name == "postgresql":
        # A match in progress changes no standings: the ledgers in step stay in step, and
        # the bump and theirs are one statement (one round trip with the league held).
        db.session.execute(_BUMP_WITH_LEDGERS, {"league": league_id})
        return
    bumped = db.session.execute(_BUMP, {"league": league_id}).scalar()
    if bumped is None:
        return
    version = bumped - 1
    if moved:
        rows = db.session.execute(
            select(LeagueLedger.key, LeagueLedger.body).where(LeagueLedger.league_id == league_id, LeagueLedger.version == version)
        ).all()
        for row in rows:
            _move(league_id, row.key, row.body, before, after, bumped)
    db.session.execute(
        update(LeagueLedger)
        .where(LeagueLedger.league_id == league_id, LeagueLedger.version == version)
        .values(version=bumped)
        .execution_options(synchronize_session=False)
    )


_leagues, _ledgers = cast(SqlTable, League.__table__), cast(SqlTable, LeagueLedger.__table__)
_BUMP = (
    update(_leagues)
    .where(_leagues.c.id == bindparam("league"))
    .values(version=_leagues.c.version + 1)
    .returning(_leagues.c.version)
)
# PostgreSQL: WITH bumped AS (UPDATE leagues ... RETURNING version) UPDATE league_ledgers
# ... FROM bumped. The league row is locked first: a ledger row is updated only once
# joined with the bumped row. The bump runs even when no ledger is in step.
_bumped = _BUMP.cte("bumped")
_BUMP_WITH_LEDGERS = (
    update(_ledgers)
    .where(_ledgers.c.league_id == bindparam("league"), _ledgers.c.version == _bumped.c.version - 1)
    .values(version=_bumped.c.version)
)


def _game_of(text: str) -> str | None:
    return None if text == "None" else text


def _move(league_id: str, key: str, body: str, before: StoredMatch | None, after: StoredMatch | None, version: int) -> None:
    kind, _, rest = key.partition(":")
    if kind == "standings":
        season_id, _, game_text = rest.partition(":")
        season = _season_of(league_id, season_id) if season_id != "None" else None
        if season_id != "None" and season is None:
            # The season is gone: so is what was tallied for it.
            db.session.execute(delete(LeagueLedger).where(LeagueLedger.league_id == league_id, LeagueLedger.key == key))
            return

        def counted(record: StoredMatch | None) -> StoredMatch | None:
            return record if record is not None and in_season([record], season) else None

        standings = StandingsLedger.from_json(json.loads(body))
        update_standings(standings, counted(before), counted(after), game=_game_of(game_text))
        _keep(league_id, key, version, standings)
    elif kind == "ratings":
        game = _game_of(rest)
        ratings = update_ratings(
            RatingLedger.from_json(json.loads(body)),
            before,
            after,
            game=game,
            rewind=_rewind(league_id, key),
            matches_after=lambda last: stored_matches(league_id, with_rounds=False, after=last, game=game, finished_only=True),
            on_rated=_checkpoint(league_id, key),
        )
        _keep(league_id, key, version, ratings)

