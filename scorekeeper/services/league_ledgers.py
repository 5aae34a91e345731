"""A league's standings and ratings ledgers, kept in step with each result (the results themselves: services.match_records).

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
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..league import StoredMatch
from ..league.ledgers import (
    OrderKey,
    RatingLedger,
    StandingsLedger,
    checkpoint_due,
    update_ratings,
    update_standings,
)
from ..models import League, LeagueLedger, RatingCheckpoint, Season
from .match_records import ResultRow, in_season, match_results, played_in, stored_matches

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
        if season is None or played_in(season, game_id, played_at):
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

