"""The engine's state of a match for a write, from its nearest stored snapshot instead of a replay of every round.

A write (record, confirm, edit, undo) needs the state after the rounds before the one it
changes. The state after n counted rounds is stored as the engine's snapshot
(`round_snapshots`, one row per n that was written): the write restores the nearest
snapshot at or before the round it needs, replays only the counted rounds after it (none
when recording the next round), plays its own round and stores the new snapshot, in the
caller's transaction. The rounds stay the source of truth:

- a write that changes round n drops the snapshots after n-1 rounds (`forget_from`), so
  every stored snapshot describes rounds that are still as recorded;
- an edit of round k restores the snapshot before k when it is kept (after an earlier
  edit only the snapshot after the last round is stored again, so it may be older) and
  replays from there;
- a snapshot of another format (or a missing one) is not used: the state is rebuilt by
  replay from the nearest usable one, or from the start, and stored.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import delete, insert, select

from ..engine.core.base import StaleSnapshot
from ..engine.games import Game, MatchState, Table
from ..extensions import db
from ..models import Round, RoundSnapshot

_snapshots, _rounds = cast(SqlTable, RoundSnapshot.__table__), cast(SqlTable, Round.__table__)


def _nearest(game: Game, table: Table, match_id: str, at_most: int | None = None) -> MatchState | None:
    """The stored state after the most rounds (at most `at_most`) that can be restored."""
    query = select(_snapshots.c.rounds, _snapshots.c.body).where(_snapshots.c.match_id == match_id)
    if at_most is not None:
        query = query.where(_snapshots.c.rounds <= at_most)
    # The session's execute (not its connection's): writes of this transaction are flushed first.
    rows = db.session.execute(query.order_by(_snapshots.c.rounds.desc()).limit(3)).all()
    stale = []
    found = None
    for row in rows:
        try:
            state = game.restore(table, row.body)
        except StaleSnapshot:
            stale.append(row.rounds)
            continue
        if state.round_count == row.rounds:
            found = state
            break
        stale.append(row.rounds)
    if stale:
        # Of an older format (or not this match's): the write that follows stores a fresh one.
        db.session.execute(delete(_snapshots).where(_snapshots.c.match_id == match_id, _snapshots.c.rounds.in_(stale)))
    return found


def counted_inputs_after(match_id: str, after: int, up_to: int | None = None, column: str = "input") -> list[Any]:
    """The inputs (or another column: "scores", kept in step by every write) of the counted
    rounds numbered above `after` (and at most `up_to`), in order."""
    query = select(_rounds.c[column]).where(
        _rounds.c.match_id == match_id, _rounds.c.number > after, _rounds.c.confirmed.is_(True)
    )
    if up_to is not None:
        query = query.where(_rounds.c.number <= up_to)
    return list(db.session.execute(query.order_by(_rounds.c.number)).scalars())


def current_state(game: Game, table: Table, match_id: str, counted: int | None = None) -> MatchState:
    """The state after every counted round of the match: the latest snapshot, with the
    rounds recorded after it (none, when every write stored its snapshot) replayed.
    `counted` is the match's count of counted rounds when the caller knows it: a snapshot
    after as many rounds is the state, and no round is read."""
    start = _nearest(game, table, match_id)
    if start is not None and start.round_count == counted:
        return start
    inputs = counted_inputs_after(match_id, start.round_count if start is not None else 0)
    return game.replay(table, inputs, start=start)


def state_before(game: Game, table: Table, match_id: str, number: int, inputs: Sequence[Any] | None = None) -> MatchState:
    """The state after the counted rounds before round `number`. `inputs` are the match's
    counted round inputs when the caller has them loaded already (else they are read)."""
    start = _nearest(game, table, match_id, number - 1)
    done = start.round_count if start is not None else 0
    if done >= number - 1:
        return start if start is not None else game.replay(table, [])
    earlier = list(inputs[done : number - 1]) if inputs is not None else counted_inputs_after(match_id, done, number - 1)
    return game.replay(table, earlier, start=start)


def forget_from(match_id: str, rounds: int) -> None:
    """Drop the snapshots after `rounds` or more rounds (round `rounds` is changing)."""
    db.session.execute(delete(_snapshots).where(_snapshots.c.match_id == match_id, _snapshots.c.rounds >= rounds))


def store(game: Game, match_id: str, state: MatchState) -> None:
    """Store the snapshot of `state` (replacing any after as many or more rounds)."""
    forget_from(match_id, state.round_count)
    db.session.execute(insert(_snapshots).values(match_id=match_id, rounds=state.round_count, body=game.snapshot(state)))


def waiting_round(match_id: str) -> tuple[int, Any] | None:
    """Table check: the number and input of the round waiting for a second phone, if any."""
    row = db.session.execute(
        select(_rounds.c.number, _rounds.c.input).where(_rounds.c.match_id == match_id, _rounds.c.confirmed.is_(False))
    ).first()
    return (row.number, row.input) if row is not None else None
