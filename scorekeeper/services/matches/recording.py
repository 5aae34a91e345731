"""Recording the next round, the app's hottest write, in a few pre-built Core statements on the session's connection and no ORM objects.

One `UPDATE ... RETURNING` bumps the match's version (conditionally on If-Match) and
returns its columns: it takes the match lock (the row on PostgreSQL, the database on
SQLite) before anything else is read, as every write does (see writes.py), so racing
writers of one match, and racing retries of one Idempotency-Key, are serialised; the
same statement returns the latest snapshot (services.snapshots), and the match's version
as the statement's own reads saw it, which tells whether that snapshot is still the
latest (see _LOCKED_COLUMNS). Then the seats and, only where they can exist, the stored
key, the waiting round and the open bidding are read; the round, the new snapshot and
the audit entry are inserted and the summary columns updated. A league match's write
adds two statements, last: the league's bump and its ledgers' (services.
league_ledgers.match_changed), so that the league's row is held only until the commit.
The match's JSON document and page parts are rendered per version on their next read
(stored.py), so the bumped version is all a reader or a polling phone needs to see the change.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...engine.core.base import StaleSnapshot
from ...engine.core.i18n import _
from ...engine.games import Game, MatchState, RuleError, get_game
from ...etags import if_match_versions, match_etag
from ...extensions import db
from ...i18n import current_language
from ...league import StoredMatch
from ...models import AuditEntry, Bidding, Match, Player, Round, RoundSnapshot, Seat, utcnow
from .. import Actor, ServiceError, access, league_ledgers, match_records, snapshots
from ..retries import retried
from . import idempotency
from .views import MatchView, match_without_rounds, recorded_round, round_dict, rule_error, snapshot_view, table_of

_matches, _seats, _players = (cast(SqlTable, model.__table__) for model in (Match, Seat, Player))
_rounds, _snapshots, _biddings, _audit = (
    cast(SqlTable, model.__table__) for model in (Round, RoundSnapshot, Bidding, AuditEntry)
)

# The match's latest snapshot: read by the lock statement itself (below), and read again
# under the lock by a writer that waited for another's (_latest_state).
LATEST_SNAPSHOT = (
    select(_snapshots.c.body).where(_snapshots.c.match_id == bindparam("match_id")).order_by(_snapshots.c.rounds.desc()).limit(1)
)
# The match row as the lock statement's own reads see it (see version_seen below).
_seen = _matches.alias("seen")
_LOCKED_COLUMNS = (
    _matches.c.game,
    _matches.c.league_id,
    _matches.c.created_by,
    _matches.c.table_check,
    _matches.c.options,
    _matches.c.sides,
    _matches.c.version,
    _matches.c.created_at,
    _matches.c.round_count,
    _matches.c.totals,
    _matches.c.finished,
    _matches.c.winners,
    _matches.c.ended_after,
    # The latest snapshot, read by the same statement. PostgreSQL reads it as of the
    # statement's start, while the row is the one this statement locked: when another
    # writer of the match committed in between (this write waited for its lock, or it
    # committed just before), the snapshot may be one that writer replaced by another of
    # as many rounds (an edit), and the round count cannot tell. The match's version as
    # of the same start tells: it is the locked row's old version exactly when no writer
    # committed in between (record_round then reads the snapshot again).
    # Both by the match id's parameter, not correlated with the updated row: SQLite's
    # RETURNING names columns without their table, and `seen.id = matches.id` came out as
    # `id = id`, true for every match (the first one's version was read, and every write
    # but the first match's took the general path).
    LATEST_SNAPSHOT.scalar_subquery().label("snapshot"),
    select(_seen.c.version).where(_seen.c.id == bindparam("match_id")).scalar_subquery().label("version_seen"),
)
_BUMP = (
    update(_matches)
    .where(_matches.c.id == bindparam("match_id"))
    .values(version=_matches.c.version + 1, updated_at=bindparam("now"))
)
LOCK = _BUMP.returning(*_LOCKED_COLUMNS)
LOCK_IF_MATCH = _BUMP.where(_matches.c.version.in_(bindparam("versions", expanding=True))).returning(*_LOCKED_COLUMNS)
SEATS = (
    select(_seats.c.player_id, _players.c.name)
    .join(_players, _players.c.id == _seats.c.player_id)
    .where(_seats.c.match_id == bindparam("match_id"))
    .order_by(_seats.c.seat)
)
WAITING_ROUND = (
    select(_rounds.c.number).where(_rounds.c.match_id == bindparam("match_id"), _rounds.c.confirmed.is_(False)).limit(1)
)
OPEN_BIDDING = select(_biddings.c.round_number, _biddings.c.input).where(_biddings.c.match_id == bindparam("match_id"))
DROP_BIDDING = delete(_biddings).where(_biddings.c.match_id == bindparam("match_id"))
INSERT_ROUND, INSERT_SNAPSHOT, INSERT_AUDIT = insert(_rounds), insert(_snapshots), insert(_audit)
SUMMARY = update(_matches).where(_matches.c.id == bindparam("match_id"))


@dataclass(frozen=True)
class RecordedRound:
    """A recorded round as the API answers it: the round (scored as it counts, or as a
    waiting round with `pending`), the match's version after the write, and whether it is
    new (False: an Idempotency-Key's retry, answered with the round stored the first time)."""

    match_id: str
    version: int
    number: int
    round: dict[str, Any]
    created: bool

    @property
    def etag(self) -> str:
        return match_etag(self.version, current_language())


def recorded_from_view(view: MatchView, number: int, created: bool) -> RecordedRound:
    if view.pending is not None and view.pending.number == number:
        shown = {**round_dict(view.pending), "pending": True}
    else:
        shown = round_dict(recorded_round(view, number))
    return RecordedRound(match_id=view.match.id, version=view.match.version, number=number, round=shown, created=created)


def execute(statement: Any, values: dict[str, Any]) -> Any:
    """A Core statement on the session's connection, in its transaction."""
    return db.session.connection().execute(statement, values)


@dataclass(frozen=True)
class Replay:
    """The number of the round stored with the write's Idempotency-Key: the write is
    answered with that round (replayed_round), once its transaction is over."""

    number: int


def keyed_round(match_id: str, key: str, sent: str | None) -> Replay | None:
    """The round stored with this Idempotency-Key (nothing is written: a held match lock
    is released); None when no round carries the key. A retry of the key with another
    body (`sent`: its fingerprint), or of an undone round's, is refused (idempotency)."""
    try:
        number = idempotency.keyed_number(match_id, key, sent)
    except ServiceError:
        db.session.rollback()
        raise
    if number is None:
        return None
    db.session.rollback()
    return Replay(number)


def replayed_round(match_id: str, number: int, actor: Actor) -> RecordedRound:
    """The round stored the first time, answered to a repeat of its Idempotency-Key."""
    match = match_without_rounds(match_id)
    access.check_match_write(match, actor)
    return recorded_from_view(snapshot_view(match), number, False)


_VERSION = select(_matches.c.version).where(_matches.c.id == bindparam("match_id"))


def lock_refusal(match_id: str) -> ServiceError:
    """Why a conditional version bump changed no row: no such match (404), or If-Match
    named another version (412). The caller has rolled back."""
    current = execute(_VERSION, {"match_id": match_id}).scalar()
    if current is None:
        return ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    return ServiceError(
        412,
        _(
            "the match has changed since you loaded it (now {etag}): reload it and try again",
            etag=match_etag(current, current_language()),
        ),
        code="stale_etag",
    )


def _latest_state(game: Game, table: Any, match_id: str, locked: Any) -> tuple[MatchState, bool]:
    """The state after every counted round, and whether it came straight from the latest
    snapshot (then no snapshot after as many rounds exists: the new one is simply added)."""
    snapshot = locked.snapshot
    if not _snapshot_is_latest(locked):
        # Another writer committed while this one waited for the lock (PostgreSQL): the
        # lock statement's snapshot is from before it. Read again, under the lock now held.
        snapshot = execute(LATEST_SNAPSHOT, {"match_id": match_id}).scalar()
    if snapshot is None and locked.round_count == 0:
        # No round counted and no snapshot stored: the match's first round.
        return game.initial_state(table), True
    if snapshot is not None:
        try:
            state = game.restore(table, snapshot)
        except StaleSnapshot:
            pass
        else:
            if state.round_count == locked.round_count:
                return state, True
    # No snapshot of the current rounds (an older format, say): rebuilt from the rounds.
    return snapshots.current_state(game, table, match_id), False


@retried
def record_round(
    match_id: str,
    raw: Any,
    *,
    if_match: str | None = None,
    idempotency_key: str | None = None,
    expected_number: int | None = None,
    actor: Actor,
) -> RecordedRound:
    """Append a round; a repeat of an Idempotency-Key returns the round stored the first time.

    `expected_number` is the number the client means to record: if the match has moved
    on, the write is refused with 409 rather than stored as a later round.
    """
    recorded = _record(match_id, raw, if_match, idempotency_key, expected_number, actor)
    if isinstance(recorded, Replay):
        return replayed_round(match_id, recorded.number, actor)
    return recorded


def _record(
    match_id: str,
    raw: Any,
    if_match: str | None,
    idempotency_key: str | None,
    expected_number: int | None,
    actor: Actor,
) -> RecordedRound | Replay:
    expected = if_match_versions(if_match)
    now = utcnow()
    # The body the key came with (None: a form for a round recorded meanwhile, not read).
    sent = idempotency.fingerprint(raw) if idempotency_key is not None and raw is not None else None
    if expected is None:
        locked = execute(LOCK, {"match_id": match_id, "now": now}).first()
    else:
        # Only versions ever issued are compared (an unknown tag allows none: stale).
        versions = sorted(expected) or [-1]
        locked = execute(LOCK_IF_MATCH, {"match_id": match_id, "now": now, "versions": versions}).first()
    if locked is None:
        db.session.rollback()
        # A retry racing its first attempt: that attempt has moved the version on.
        if idempotency_key is not None:
            replay = keyed_round(match_id, idempotency_key, sent)
            if replay is not None:
                return replay
        raise lock_refusal(match_id)
    try:
        if idempotency_key is not None:
            # Under the lock: a retry that waited for its first attempt's commit gets that
            # round, before ?number, the finished state or validation could refuse it.
            replay = keyed_round(match_id, idempotency_key, sent)
            if replay is not None:
                return replay
        access.check_write(locked.league_id, locked.created_by, actor)
        if locked.finished:
            raise ServiceError(409, _("the match is finished: no more rounds can be recorded"), code="match_finished")
        params = {"match_id": match_id}
        seats = execute(SEATS, params).all()
        game = get_game(locked.game)
        table = table_of(game, [seat.name for seat in seats], locked.options, locked.sides, locked.ended_after)
        state, from_latest = _latest_state(game, table, match_id, locked)
        if state.finished:
            raise ServiceError(409, _("the match is finished: no more rounds can be recorded"), code="match_finished")
        if locked.table_check:
            waiting = execute(WAITING_ROUND, params).scalar()
            if waiting is not None:
                raise ServiceError(
                    409,
                    _("round {number} is waiting for a second phone to confirm it", number=waiting),
                    code="round_pending",
                )
        number = state.next_round
        if expected_number is not None and expected_number != number:
            raise ServiceError(
                409,
                _("round {number} cannot be recorded: the next round is {next}", number=expected_number, next=number),
                code="round_number_taken",
                field="number",
            )
        bidding = execute(OPEN_BIDDING, params).first() if game.has_bidding else None
        try:
            if bidding is not None and bidding.round_number == number:
                raw = game.with_bidding(bidding.input, raw)
            played = game.play(table, state, raw)
        except RuleError as error:
            raise rule_error(error) from None
        scored = played.rounds[-1]
        if bidding is not None:
            # The round is recorded: its bidding is part of it now.
            execute(DROP_BIDDING, params)
        execute(
            INSERT_ROUND,
            {
                "match_id": match_id,
                "number": number,
                "input": raw,
                "scores": list(scored.score.scores),
                "idempotency_key": idempotency_key,
                "idempotency_fingerprint": sent,
                "confirmed": not locked.table_check,
                "recorded_by": access.phone_marks(actor),
                "created_at": now,
                "updated_at": now,
            },
        )
        league_change = None
        if not locked.table_check:
            league_change = _store_summary(locked, [seat.player_id for seat in seats], match_id, played)
            if from_latest:
                execute(
                    INSERT_SNAPSHOT, {"match_id": match_id, "rounds": played.round_count, "body": game.snapshot(played)}
                )
            else:
                snapshots.store(game, match_id, played)
        execute(
            INSERT_AUDIT,
            {
                "match_id": match_id,
                "actor": actor.label,
                "user_id": actor.user_id,
                "action": "round.create",
                "round_number": number,
                "before": None,
                "after": raw,
                "reason": None,
                "at": now,
            },
        )
        if league_change is not None:
            # Last: from here to the commit this write holds its league's row, which every
            # write of the league's matches bumps (see league_ledgers.match_changed).
            league_ledgers.match_changed(locked.league_id, *league_change)
        db.session.commit()
    except ServiceError:
        db.session.rollback()
        raise
    except IntegrityError:
        # Only a concurrent request with the same Idempotency-Key gets here.
        db.session.rollback()
        if idempotency_key is not None:
            replay = keyed_round(match_id, idempotency_key, sent)
            if replay is not None:
                return replay
        raise ServiceError(
            409, _("another phone recorded this round at the same moment: reload and try again"), code="conflict"
        ) from None
    shown = round_dict(scored) | ({"pending": True} if locked.table_check else {})
    return RecordedRound(match_id=match_id, version=locked.version, number=number, round=shown, created=True)


def _snapshot_is_latest(locked: Any) -> bool:
    """Whether the snapshot the lock statement read is the match's latest (see
    _LOCKED_COLUMNS). PostgreSQL's read of the row shows the version before the bump when
    no other writer committed since the statement started; SQLite, whose writer holds the
    database from the statement's start, shows the bumped row itself."""
    seen = locked.version_seen
    return seen is not None and seen >= locked.version - 1


def _store_summary(
    locked: Any, player_ids: list[str], match_id: str, state: MatchState
) -> tuple[StoredMatch, StoredMatch] | None:
    """The match's summary columns in step with its counted rounds (and a league match's
    result with them, in the same statement); for a league match its record before and
    after, for the league's ledgers."""
    summary: dict[str, Any] = {
        "round_count": state.round_count,
        "totals": list(state.totals),
        "finished": state.finished,
        "winners": list(state.winners),
    }
    if locked.league_id is None:
        execute(SUMMARY, {"match_id": match_id, **summary})
        return None
    before = match_records.summary_record(match_id, locked, tuple(player_ids))
    after = dataclasses.replace(
        before,
        totals=tuple(state.totals),
        winners=tuple(state.winners),
        finished=state.finished,
        round_count=state.round_count,
    )
    execute(SUMMARY, {"match_id": match_id, **summary, "result": match_records.result_of(after)})
    return before, after
