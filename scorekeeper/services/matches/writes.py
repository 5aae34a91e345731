"""Creating matches and recording, editing, undoing and confirming rounds, safely under concurrency.

Every write first bumps the match's `version` with a conditional UPDATE. That takes the
database's write lock on the match row (PostgreSQL) or the database (SQLite) before
anything is read, so writers of one match are serialised on every backend, an `If-Match`
check is atomic, and the replay that validates a round sees every committed round.

Over 400 lines, and one module on purpose: every write under the match lock is here, so
the lock's discipline (bump first, then read) is read and kept in one place.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import lazyload

from ...engine.core.i18n import N_, _
from ...engine.games import Game, MatchState, RuleError, Table, get_game
from ...etags import if_match_versions
from ...extensions import db
from ...models import (
    DeviceMatch,
    League,
    Match,
    Round,
    Seat,
    utcnow,
)
from .. import Actor, ServiceError, access, league_ledgers, limits, match_records, scopes, snapshots
from ..league_bookkeeping import ensure_members
from ..retries import retried
from ..roster import clean_names, players_named
from . import idempotency
from .audit import audit
from .recording import lock_refusal
from .views import (
    MatchView,
    counted,
    current_view,
    find_game,
    pending_round,
    readable_match,
    rule_error,
    state_before,
    table_for,
)


def write_view(match: Match) -> MatchView:
    """The match's state for a write, from its latest snapshot (services.snapshots): its
    `state.rounds` holds no round before the snapshot, so it is never served as a whole."""
    game = get_game(match.game)
    table = table_for(match, game)
    return MatchView(match=match, game=game, table=table, state=snapshots.current_state(game, table, match.id))


def create_match(
    game_id: Any,
    player_names: Any,
    raw_options: Any = None,
    device_id: str | None = None,
    league_id: str | None = None,
    *,
    actor: Actor,
    table_check: bool = False,
    rematch_of: str | None = None,
) -> MatchView:
    game = find_game(game_id)
    league = None
    if league_id is not None:
        league = db.session.get(League, league_id)
        if league is None:
            raise ServiceError(
                422, _("no league with id {id}", id=repr(league_id)), code="league_not_found", field="league"
            )
        access.require_league_role(league, actor, access.WRITERS, N_("start its matches"))
    names = clean_names(player_names)
    try:
        table = game.table(names, raw_options)
    except RuleError as error:
        raise rule_error(error) from None
    state = game.initial_state(table)
    if not actor.signed_in and actor.address is not None:
        # Each match started without an account adds players to a roster nobody owns.
        limits.spend(limits.ANONYMOUS_MATCHES_PER_ADDRESS, actor.address)
    return _store_match(game, names, table, state, device_id, league, actor=actor, table_check=table_check,
                        rematch_of=rematch_of)


@retried
def _store_match(
    game: Game,
    names: list[str],
    table: Table,
    state: MatchState,
    device_id: str | None,
    league: League | None,
    *,
    actor: Actor,
    table_check: bool,
    rematch_of: str | None,
) -> MatchView:
    """The new match, its seats, players and league bookkeeping, in one transaction."""
    for attempt in range(2):
        try:
            players = players_named(
                names, scopes.league_scope(league.id) if league is not None else scopes.casual_scope(actor)
            )
            match = Match(
                game=game.id,
                league_id=league.id if league else None,
                created_by=actor.user_id,
                table_check=table_check,
                options=dict(table.options),
                sides=[list(side) for side in table.sides],
                totals=list(state.totals),
                winners=[],
                seats=[Seat(seat=seat, player=player) for seat, player in enumerate(players)],
            )
            db.session.add(match)
            db.session.flush()
            if league is not None:
                ensure_members(league, players)
            audit(
                match,
                actor,
                "match.create",
                after={
                    "game": game.id,
                    "players": names,
                    "options": dict(table.options),
                    "league": match.league_id,
                    "table_check": table_check,
                    **({"rematch_of": rematch_of} if rematch_of is not None else {}),
                },
            )
            if device_id:
                db.session.add(DeviceMatch(device_id=device_id, match_id=match.id))
            if league is not None:
                # Last (it holds the league's row until the commit). A match in progress
                # changes no standings: the ledgers stay in step (and its result is stored).
                record = match_records.record_of(match)
                match.result = match_records.result_of(record)
                league_ledgers.match_changed(league.id, None, record)
            db.session.commit()
            return MatchView(match=match, game=game, table=table, state=state)
        except IntegrityError:
            # Another request added one of these players at the same moment: use theirs.
            db.session.rollback()
            if attempt:
                raise
    raise AssertionError("unreachable")


def rematch(match_id: str, device_id: str | None = None, *, actor: Actor) -> MatchView:
    """A new match of the same game, the same players in the same seats, the same options,
    league and table check, with the first deal one seat further to the left (so over
    several rematches each player deals first in turn). Whoever may see the match may ask;
    a league match's rematch, like any league match, needs a scorer or owner
    (create_match checks it)."""
    match = readable_match(match_id, actor)
    options = dict(match.options)
    seats = sorted(match.seats, key=lambda seat: seat.seat)
    options["first_dealer"] = (int(options.get("first_dealer") or 0) + 1) % len(seats)
    return create_match(
        match.game,
        [seat.player.name for seat in seats],
        options,
        device_id,
        league_id=match.league_id,
        actor=actor,
        table_check=match.table_check,
        rematch_of=match.id,
    )


def _lock(match_id: str, if_match: str | None) -> Match:
    """Bump the match's version (conditionally on If-Match) and return it, fresh."""
    expected = if_match_versions(if_match)
    statement = update(Match).where(Match.id == match_id)
    if expected is not None:
        # Only versions ever issued are compared (an unknown tag allows none: stale).
        statement = statement.where(Match.version.in_(sorted(expected)))
    statement = statement.values(version=Match.version + 1, updated_at=utcnow()).execution_options(
        synchronize_session=False
    )
    if cast(CursorResult, db.session.execute(statement)).rowcount == 0:
        db.session.rollback()
        raise lock_refusal(match_id)
    db.session.expire_all()
    # The rounds are loaded only by a write that reads them: recording a round starts
    # from the stored snapshot (services.snapshots) and reads none.
    return db.session.execute(
        select(Match)
        .where(Match.id == match_id)
        .options(lazyload(Match.rounds))
        .execution_options(populate_existing=True)
    ).scalar_one()


@contextmanager
def locked_for_writing(
    match_id: str, if_match: str | None, actor: Actor, check: Callable[[Match, Actor], None] = access.check_match_write
) -> Iterator[Match]:
    """The match, locked for this write and checked against the actor's rights; the
    block's changes are committed together, or rolled back on any refusal."""
    match = _lock(match_id, if_match)
    try:
        check(match, actor)
        yield match
        db.session.commit()
    except ServiceError:
        db.session.rollback()
        raise


def _store_summary(match: Match, state: MatchState) -> None:
    """Keep the match's summary columns in step (and its league's ledgers: services.league_ledgers).
    The last step of a write: the league's bookkeeping holds the league's row until the commit."""
    before = match_records.record_of(match) if match.league_id is not None else None
    match.round_count = state.round_count
    match.totals = list(state.totals)
    match.finished = state.finished
    match.winners = list(state.winners)
    if match.league_id is not None:
        after = match_records.record_of(match)
        match.result = match_records.result_of(after)
        league_ledgers.match_changed(match.league_id, before, after)


def _write_scores(round_: Round, state: MatchState) -> None:
    round_.scores = list(state.scored(round_.number).score.scores)


def replay_edit(game: Game, table: Table, before: MatchState, raw: Any, later: list[Any]) -> MatchState:
    """Round `raw` played in place of the recorded round after `before` (the state after
    the rounds before it), then the `later` recorded inputs played on from it."""
    number = before.round_count + 1
    try:
        return game.replay(table, [raw, *later], start=before)
    except RuleError as error:
        if error.round_number is not None and error.round_number != number:
            raise ServiceError(
                422,
                # TRANSLATORS: {refusal} is the engine's refusal, starting "round 4: ...".
                _("this change would break recorded {refusal}", refusal=error.message),
                code=error.code,
                field=error.field,
                round_number=error.round_number,
            ) from None
        raise rule_error(error) from None


@retried
def edit_round(
    match_id: str,
    number: int,
    raw: Any,
    *,
    if_match: str | None = None,
    actor: Actor,
    reason: str | None = None,
) -> MatchView:
    """Replace round `number`'s input and replay every later round, all or nothing."""
    with locked_for_writing(match_id, if_match, actor) as match:
        rounds = counted(match)
        if not 1 <= number <= len(rounds):
            waiting = pending_round(match)
            if waiting is not None and waiting.number == number:
                raise ServiceError(
                    409,
                    _("round {number} is waiting for confirmation: undo it and record it again", number=number),
                    code="round_pending",
                )
            raise ServiceError(404, _("round {number} has not been recorded", number=number), code="round_not_found")
        game = get_game(match.game)
        table = table_for(match, game)
        inputs = [round_.input for round_ in rounds]
        before = snapshots.state_before(game, table, match.id, number, inputs)
        state = replay_edit(game, table, before, raw, inputs[number:])
        # The snapshots after round `number` describe the old round: only the new last one is kept.
        snapshots.forget_from(match.id, number)
        snapshots.store(game, match.id, state)
        edited = match.rounds[number - 1]
        audit(match, actor, "round.edit", round_number=number, before=edited.input, after=raw, reason=reason)
        edited.input = raw
        edited.updated_at = utcnow()
        for round_ in rounds[number - 1 :]:
            _write_scores(round_, state)
        _store_summary(match, state)
    return MatchView(match=match, game=game, table=table, state=state)


@retried
def undo_round(
    match_id: str,
    number: int,
    *,
    if_match: str | None = None,
    actor: Actor,
    reason: str | None = None,
) -> MatchView:
    """Remove the last round (only the last one can be undone)."""
    with locked_for_writing(match_id, if_match, actor) as match:
        count = len(match.rounds)
        if not 1 <= number <= count:
            raise ServiceError(404, _("round {number} has not been recorded", number=number), code="round_not_found")
        if number != count:
            raise ServiceError(
                409,
                _("only the last round ({count}) can be undone; edit round {number} instead", count=count, number=number),
                code="not_last_round",
            )
        last = match.rounds.pop()
        # A bidding was said for the round after the undone one: it no longer follows.
        match.bidding = None
        # Ended by the players after this round: taking the round back plays on from before it.
        match.ended_after = None
        # A waiting round taken back by another phone is that phone's refusal of it: the
        # recording phone is told so (match pages show the match's last refusal).
        refused = not last.confirmed and not access.recorded_on_this_phone(last, actor)
        action = "round.refuse" if refused else "round.undo"
        audit(match, actor, action, round_number=number, before=last.input, reason=reason)
        # Its key's retry is told the round was undone, never recorded a second time.
        idempotency.remember_undone(last)
        db.session.delete(last)
        snapshots.forget_from(match.id, number)
        view = write_view(match)
        snapshots.store(view.game, match.id, view.state)
        _store_summary(match, view.state)
    return view


@retried
def confirm_round(match_id: str, number: int, *, if_match: str | None = None, actor: Actor) -> MatchView:
    """Table check: a second phone confirms the waiting round, which then counts.

    The second phone is one the server knew before the round was recorded (see
    access.check_second_phone), so the recording phone cannot pass for another by
    leaving out its cookies or signing in afresh."""
    with locked_for_writing(match_id, if_match, actor, access.check_match_confirm) as match:
        waiting = pending_round(match)
        if waiting is None or waiting.number != number:
            raise ServiceError(
                404, _("round {number} is not waiting for confirmation", number=number), code="round_not_pending"
            )
        access.check_second_phone(match, actor, waiting)
        view = write_view(match)
        try:
            state = view.game.play(view.table, view.state, waiting.input)
        except RuleError as error:
            raise rule_error(error) from None
        waiting.confirmed = True
        _write_scores(waiting, state)
        snapshots.store(view.game, match.id, state)
        audit(match, actor, "round.confirm", round_number=number, after=waiting.input)
        _store_summary(match, state)
    return MatchView(match=match, game=view.game, table=view.table, state=state)


@retried
def end_match(match_id: str, *, if_match: str | None = None, actor: Actor, reason: str | None = None) -> MatchView:
    """The players end the match after its last counted round, before its own end: it is
    finished there, every side with the highest total winning (a tie is a shared win), as
    when a fixed number of rounds ends a match. Taking back its last round, or play_on,
    opens it again. The view returned is the write's (no round before its snapshot): a
    caller serving the match reads its stored document (served_document)."""
    with locked_for_writing(match_id, if_match, actor) as match:
        view = write_view(match)
        waiting = pending_round(match)
        refusal = end_refusal(view.state, waiting.number if waiting is not None else None)
        if refusal is not None:
            raise refusal
        match.ended_after = view.state.round_count
        # The bids said for a round that will not be played.
        match.bidding = None
        view = write_view(match)
        audit(match, actor, "match.end", round_number=match.ended_after, reason=reason)
        _store_summary(match, view.state)
    return view


def end_refusal(state: MatchState, waiting: int | None) -> ServiceError | None:
    """Why the players cannot end the match as it stands (`waiting`: the number of a round
    waiting for table check), or None: the write's check, and the page's before it asks."""
    if state.finished:
        return ServiceError(409, _("the match is finished already"), code="match_finished")
    if waiting is not None:
        return ServiceError(
            409,
            _("round {number} is waiting for a second phone to confirm it: confirm or undo it first", number=waiting),
            code="round_pending",
        )
    if state.round_count == 0:
        return ServiceError(409, _("no round has been recorded: there is nothing to end"), code="no_rounds")
    return None


@retried
def play_on(match_id: str, *, if_match: str | None = None, actor: Actor, reason: str | None = None) -> MatchView:
    """A match the players ended is open again: the next round is recorded as if they had
    never stopped."""
    with locked_for_writing(match_id, if_match, actor) as match:
        if match.ended_after is None:
            raise ServiceError(409, _("the players did not end this match: there is nothing to play on from"),
                               code="not_ended_by_players")
        ended_after = match.ended_after
        match.ended_after = None
        # The latest snapshot is the game's own (Game.snapshot): the state to play on from as it is.
        view = write_view(match)
        audit(match, actor, "match.play_on", round_number=ended_after, reason=reason)
        _store_summary(match, view.state)
    return view


def preview_round(
    match_id: str, raw: Any, number: int | None = None, *, actor: Actor, view: MatchView | None = None
) -> tuple[MatchView, MatchState]:
    """Check a round input without storing it (live validation as a player taps).

    With `number`, the input is checked as an edit of that recorded round (every later
    round played on from it, from the snapshot before it); otherwise as the next round,
    played once on `view`'s state (the caller's view of the match as it stands, e.g.
    restored from its snapshot by views.current_view). Raises ServiceError like a real write.
    """
    if view is None or view.match.id != match_id:
        view = current_view(match_id, actor)
    if number is None:
        if view.state.finished:
            raise ServiceError(409, _("the match is finished: no more rounds can be recorded"), code="match_finished")
        try:
            return view, view.game.play(view.table, view.state, raw)
        except RuleError as error:
            raise rule_error(error) from None
    if not 1 <= number <= view.state.round_count:
        raise ServiceError(404, _("round {number} has not been recorded", number=number), code="round_not_found")
    later = snapshots.counted_inputs_after(match_id, number, view.state.round_count)
    return view, replay_edit(view.game, view.table, state_before(view, number), raw, later)
