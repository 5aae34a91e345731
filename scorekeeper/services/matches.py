"""Creating matches and recording, editing and undoing rounds, safely under concurrency.

Every write first bumps the match's `version` with a conditional UPDATE. That takes the
database's write lock on the match row (PostgreSQL) or the database (SQLite) before
anything is read, so writers of one match are serialised on every backend, an `If-Match`
check is atomic, and the replay that validates a round sees every committed round.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, CursorResult, bindparam, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..etags import if_match_versions, match_etag
from ..extensions import db
from ..games import Game, MatchState, RuleError, Table, get_game
from ..games.base import MatchFinishedError, RoundScore, ScoredRound
from ..games.i18n import N_, _, _n
from ..i18n import current_language
from ..models import (
    AuditEntry,
    DeviceMatch,
    League,
    LeagueMember,
    Match,
    MatchDocument,
    Player,
    Round,
    Seat,
    name_key,
    utcnow,
)
from . import Actor, ServiceError, access, clean_label, clean_reason, limits, scopes

MAX_NAME_LENGTH = 80
SEEN_REFRESH = timedelta(days=1)


@dataclass(frozen=True)
class MatchView:
    """A match with its replayed state, ready to be shown or served."""

    match: Match
    game: Game
    table: Table
    state: MatchState
    #: with table check: the recorded round waiting for a second phone, scored as if it counted
    pending: ScoredRound | None = None

    @property
    def etag(self) -> str:
        return etag_for(self.match)

    def as_dict(self) -> dict[str, Any]:
        """The match as the REST contract serves it."""
        match = self.match
        return {
            "id": match.id,
            "game": match.game,
            "players": [
                {"seat": seat.seat, "name": seat.player.name, "player_id": seat.player_id} for seat in match.seats
            ],
            "sides": [list(side) for side in self.table.sides],
            "options": dict(match.options),
            "rounds": [round_dict(scored) for scored in self.state.rounds],
            "totals": list(self.state.totals),
            "finished": self.state.finished,
            "winners": list(self.state.winners),
            "next": dict(self.state.next) if self.state.next is not None else None,
            "details": dict(self.state.details),
            "version": match.version,
            "league": match.league_id,
            "table_check": match.table_check,
            "pending": {**round_dict(self.pending), "pending": True} if self.pending else None,
            "bidding": open_bidding(self),
            "created_at": match.created_at,
            "updated_at": match.updated_at,
        }


def round_dict(scored: ScoredRound) -> dict[str, Any]:
    return {
        "number": scored.number,
        "dealer": scored.dealer,
        "input": scored.input,
        "scores": list(scored.score.scores),
        "explanation": list(scored.score.explanation),
        "details": dict(scored.score.details),
    }


def open_bidding(view: MatchView) -> dict[str, Any] | None:
    """The stored bidding of the round about to be played, with what the table sees
    during play; `play` is null (and `error` the engine's code) when an edit of an
    earlier round has made the bidding break a rule. Codes and numbers only: the
    match document is shared by readers of every language."""
    bidding = view.match.bidding
    if bidding is None or view.state.finished or bidding.round_number != view.state.next_round:
        return None
    try:
        play: dict[str, Any] | None = view.game.validate_bidding(view.table, view.state, bidding.input).as_dict()
        error = None
    except RuleError as refusal:
        play, error = None, refusal.code
    return {"round": bidding.round_number, "input": bidding.input, "play": play, "error": error}


def with_stored_bidding(match: Match, view: MatchView, number: int, raw: Any) -> Any:
    """The round to record: `raw` completed by the bidding stored for round `number`
    (a whole round stands on its own)."""
    bidding = match.bidding
    if bidding is None or bidding.round_number != number:
        return raw
    try:
        return view.game.with_bidding(bidding.input, raw)
    except RuleError as error:
        raise rule_error(error) from None


def etag_for(match: Match) -> str:
    """The match's ETag as this request's reader gets it (the document is in their language)."""
    return match_etag(match.version, current_language())


def rule_error(error: RuleError) -> ServiceError:
    status = 409 if isinstance(error, MatchFinishedError) else 422
    return ServiceError(
        status, error.message, code=error.code, field=error.field, round_number=error.round_number
    )


# --------------------------------------------------------------------------- reading


def find_game(game_id: Any) -> Game:
    try:
        return get_game(game_id)
    except (KeyError, TypeError):
        raise ServiceError(
            422,
            _("unknown game {game}: choose nwik, nameless, zwicker, spades or willi-stich", game=repr(game_id)),
            code="game_unknown",
            field="game",
        ) from None


def table_for(match: Match, game: Game) -> Table:
    players = tuple(seat.player.name for seat in match.seats)
    # A match frozen before an option existed was played without it: the option's
    # default (which keeps the rule as it was) fills the gap; every stored value wins.
    options = {spec.name: spec.default for spec in game.all_option_specs()} | dict(match.options)
    return Table(players=players, options=options, sides=tuple(tuple(side) for side in match.sides))


def counted(match: Match) -> list[Round]:
    """The rounds that count: all but a round still waiting for table check."""
    return [round_ for round_ in match.rounds if round_.confirmed]


def pending_round(match: Match) -> Round | None:
    return match.rounds[-1] if match.rounds and not match.rounds[-1].confirmed else None


def view_of(match: Match) -> MatchView:
    """Replay a stored match's rounds into its state."""
    game = get_game(match.game)
    table = table_for(match, game)
    state = game.replay(table, [round_.input for round_ in counted(match)])
    waiting = pending_round(match)
    pending = None
    if waiting is not None:
        try:
            pending = game.play(table, state, waiting.input).rounds[-1]
        except RuleError:
            # An edit of an earlier round can make the waiting round invalid; it is
            # refused when someone tries to confirm it, and can be undone.
            note = _("this round no longer fits the rounds before it: undo it and record it again")
            pending = ScoredRound(
                number=waiting.number,
                dealer=table.dealer(waiting.number),
                input=waiting.input,
                score=RoundScore(scores=tuple(waiting.scores), explanation=tuple(note for _side in waiting.scores)),
            )
    return MatchView(match=match, game=game, table=table, state=state, pending=pending)


def get_match(match_id: str) -> Match:
    match = db.session.get(Match, match_id)
    if match is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    return match


def get_view(match_id: str) -> MatchView:
    return view_of(get_match(match_id))


def readable_match(match_id: str, actor: Actor) -> Match:
    """The stored match, for someone who may see it (league matches need a league role)."""
    match = get_match(match_id)
    access.check_match_read(match, actor)
    return match


_matches, _documents = Match.__table__, MatchDocument.__table__
DOCUMENT_QUERY = (
    select(
        _matches.c.version,
        _matches.c.league_id,
        _documents.c.version.label("document_version"),
        _documents.c.body,
    )
    .select_from(
        _matches.outerjoin(
            _documents,
            (_documents.c.match_id == _matches.c.id) & (_documents.c.language == bindparam("language")),
        )
    )
    .where(_matches.c.id == bindparam("match_id"))
)


def served_document(
    match_id: str, actor: Actor, render: Callable[[MatchView], str]
) -> tuple[int, str, str]:
    """The match's version, ETag and document as `render` writes it in this request's
    language, from the stored copy of this version and language when there is one (one
    query), else rendered and stored."""
    language = current_language()
    # A Core statement on the session's connection: this is the hottest read of the app,
    # and the ORM's per-statement work costs more than the query itself.
    row = db.session.connection().execute(DOCUMENT_QUERY, {"match_id": match_id, "language": language}).first()
    if row is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    if row.league_id is not None:
        access.check_match_read(get_match(match_id), actor)
    if row.document_version == row.version:
        return row.version, match_etag(row.version, language), row.body
    match = get_match(match_id)
    view = view_of(match)
    body = render(view)
    stored = db.session.get(MatchDocument, (match_id, language))
    if stored is None:
        db.session.add(MatchDocument(match_id=match_id, language=language, version=match.version, body=body))
    elif stored.version < match.version:
        stored.version, stored.body = match.version, body
    try:
        db.session.commit()
    except IntegrityError:
        # Another worker stored this version's document at the same moment.
        db.session.rollback()
    return match.version, etag_for(match), body


def read_view(match_id: str, actor: Actor) -> MatchView:
    return view_of(readable_match(match_id, actor))


# --------------------------------------------------------------------------- creating


def clean_name(name: Any, field: str, seat: int | None = None) -> str:
    """A player's name with spaces tidied."""
    where = _("the player on seat {seat}", seat=seat) if seat is not None else _("a player")
    name = clean_label(name, what=where, field=field, code="player_name", max_length=MAX_NAME_LENGTH)
    if len(name_key(name)) > MAX_NAME_LENGTH:
        # The roster compares folded names, and folding can lengthen one ("ß" is "ss"):
        # the folded form has to fit its column too.
        raise ServiceError(
            422,
            _n(
                "{what}: a name is at most {n} character",
                "{what}: a name is at most {n} characters",
                MAX_NAME_LENGTH,
                what=where,
            ),
            code="player_name",
            field=field,
        )
    return name


def clean_names(names: Any) -> list[str]:
    if not isinstance(names, list) or not names:
        raise ServiceError(
            422, _("players must be a list of names in seat order"), code="players_type", field="players"
        )
    cleaned: list[str] = []
    for seat, name in enumerate(names):
        name = clean_name(name, f"players.{seat}", seat)
        if name_key(name) in (name_key(other) for other in cleaned):
            raise ServiceError(
                422,
                _("{player} is on two seats: one player, one seat", player=name),
                code="player_twice",
                field=f"players.{seat}",
            )
        cleaned.append(name)
    return cleaned


def players_named(names: Sequence[str], scope: str) -> list[Player]:
    """The players of one roster scope with these names, adding the unknown ones there
    (a name never reaches into another scope: see services.scopes)."""
    keys = [name_key(name) for name in names]
    found = {
        player.name_key: player
        for player in db.session.scalars(select(Player).where(Player.scope == scope, Player.name_key.in_(keys)))
    }
    result = []
    for name in names:
        player = found.get(name_key(name))
        if player is None:
            player = Player(name=name, scope=scope)
            db.session.add(player)
            found[player.name_key] = player
        result.append(player)
    return result


def audit(
    match: Match,
    actor: Actor,
    action: str,
    *,
    round_number: int | None = None,
    before: Any = None,
    after: Any = None,
    reason: str | None = None,
) -> None:
    """Record who changed what, in the same transaction as the change itself."""
    reason = clean_reason(reason)
    db.session.add(
        AuditEntry(
            match=match,
            actor=actor.label,
            user_id=actor.user_id,
            action=action,
            round_number=round_number,
            before=before,
            after=after,
            reason=reason,
        )
    )


def audit_trail(match_id: str, actor: Actor) -> list[AuditEntry]:
    access.check_match_read(get_match(match_id), actor)
    return list(
        db.session.scalars(select(AuditEntry).where(AuditEntry.match_id == match_id).order_by(AuditEntry.id))
    )


def bump(league_id: str) -> None:
    """Mark everything computed for a league as stale (inside the caller's transaction)."""
    db.session.execute(
        update(League)
        .where(League.id == league_id)
        .values(version=League.version + 1)
        .execution_options(synchronize_session=False)
    )


def bump_for_roster_change(player_ids: Sequence[str]) -> None:
    """A rename or merge changes what every match these players sat in and every league
    they belong to shows: each gets a new version (inside the caller's transaction), so
    ETags change, stored match documents and cached league results are stale, and a
    client holding the old ETag gets the fresh document instead of 304."""
    ids = list(player_ids)
    db.session.execute(
        update(Match)
        .where(Match.id.in_(select(Seat.match_id).where(Seat.player_id.in_(ids))))
        .values(version=Match.version + 1)
        .execution_options(synchronize_session=False)
    )
    db.session.execute(
        update(League)
        .where(League.id.in_(select(LeagueMember.league_id).where(LeagueMember.player_id.in_(ids))))
        .values(version=League.version + 1)
        .execution_options(synchronize_session=False)
    )


def ensure_members(league: League, players: Sequence[Player]) -> None:
    """Everyone who plays a league match is a member of the league."""
    present = {member.player_id for member in league.members}
    for player in players:
        if player.id not in present:
            league.members.append(LeagueMember(player=player))
            present.add(player.id)


def create_match(
    game_id: Any,
    player_names: Any,
    raw_options: Any = None,
    device_id: str | None = None,
    league_id: str | None = None,
    *,
    actor: Actor,
    table_check: bool = False,
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
                bump(league.id)
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
                },
            )
            if device_id:
                db.session.add(DeviceMatch(device_id=device_id, match_id=match.id))
            db.session.commit()
            return MatchView(match=match, game=game, table=table, state=state)
        except IntegrityError:
            # Another request added one of these players at the same moment: use theirs.
            db.session.rollback()
            if attempt:
                raise
    raise AssertionError("unreachable")


def remember_on_device(device_id: str, match_id: str) -> None:
    """Record that a device opened a match, so its home page lists it."""
    existing = db.session.get(DeviceMatch, (device_id, match_id))
    if existing is None:
        db.session.add(DeviceMatch(device_id=device_id, match_id=match_id))
    elif existing.seen_at < utcnow() - SEEN_REFRESH:
        existing.seen_at = utcnow()
    else:
        # Seen recently: a page view need not write (it would on every poll and reload).
        return
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()


def matches_for(actor: Actor, device_id: str | None, limit: int = 50) -> list[Match]:
    """The matches a caller may see listed, in progress first, most recent first: casual
    matches this device opened, matches their account started, and their leagues' matches.
    A casual match's id is its key: it is never listed to anyone else."""
    seen: list[ColumnElement[bool]] = (
        [Match.id.in_(select(DeviceMatch.match_id).where(DeviceMatch.device_id == device_id))] if device_id else []
    )
    if actor.user_id is not None:
        seen.append(Match.created_by == actor.user_id)
        seen.append(Match.league_id.in_(access.league_ids_of(actor)))
    if not seen:
        return []
    query = select(Match).where(or_(*seen)).order_by(Match.finished, Match.updated_at.desc()).limit(limit)
    return list(db.session.scalars(query))


# --------------------------------------------------------------------------- writing


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
        current = db.session.get(Match, match_id)
        if current is None:
            raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
        raise ServiceError(
            412,
            _(
                "the match has changed since you loaded it (now {etag}): reload it and try again",
                etag=etag_for(current),
            ),
            code="stale_etag",
        )
    db.session.expire_all()
    return db.session.execute(
        select(Match).where(Match.id == match_id).execution_options(populate_existing=True)
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
    """Keep the match's summary columns in step (and its league's computations stale)."""
    if match.league_id is not None:
        bump(match.league_id)
    match.round_count = len(state.rounds)
    match.totals = list(state.totals)
    match.finished = state.finished
    match.winners = list(state.winners)


def _write_scores(round_: Round, state: MatchState) -> None:
    round_.scores = list(state.rounds[round_.number - 1].score.scores)


def replayed_round(match_id: str, key: str, actor: Actor) -> tuple[MatchView, int, bool] | None:
    """The round stored with this Idempotency-Key, answered as a replay (nothing is
    written: a held match lock is released); None when no round carries the key."""
    number = db.session.scalar(
        select(Round.number).where(Round.match_id == match_id, Round.idempotency_key == key)
    )
    if number is None:
        return None
    db.session.rollback()
    access.check_match_write(get_match(match_id), actor)
    return get_view(match_id), number, False


def record_round(
    match_id: str,
    raw: Any,
    *,
    if_match: str | None = None,
    idempotency_key: str | None = None,
    expected_number: int | None = None,
    actor: Actor,
) -> tuple[MatchView, int, bool]:
    """Append a round. Returns the match view, the round's number and whether it is new.

    A repeat of an Idempotency-Key returns the round stored the first time (not new).
    `expected_number` is the number the client means to record: if the match has moved
    on, the write is refused with 409 rather than stored as a later round.
    """
    if idempotency_key is not None:
        replay = replayed_round(match_id, idempotency_key, actor)
        if replay is not None:
            return replay
    try:
        match = _lock(match_id, if_match)
    except ServiceError as refused:
        # A retry racing its first attempt: that attempt has moved the version on.
        if refused.status == 412 and idempotency_key is not None:
            replay = replayed_round(match_id, idempotency_key, actor)
            if replay is not None:
                return replay
        raise
    try:
        if idempotency_key is not None:
            # Again under the lock: a retry that waited for its first attempt's commit
            # gets that round, before ?number, the finished state or validation as the
            # next round could refuse it.
            replay = replayed_round(match_id, idempotency_key, actor)
            if replay is not None:
                return replay
        access.check_match_write(match, actor)
        view = view_of(match)
        if view.state.finished:
            raise ServiceError(
                409, _("the match is finished: no more rounds can be recorded"), code="match_finished"
            )
        if view.pending is not None:
            raise ServiceError(
                409,
                _("round {number} is waiting for a second phone to confirm it", number=view.pending.number),
                code="round_pending",
            )
        number = view.state.next_round
        if expected_number is not None and expected_number != number:
            raise ServiceError(
                409,
                _(
                    "round {number} cannot be recorded: the next round is {next}",
                    number=expected_number,
                    next=number,
                ),
                code="round_number_taken",
                field="number",
            )
        raw = with_stored_bidding(match, view, number, raw)
        try:
            state = view.game.play(view.table, view.state, raw)
        except RuleError as error:
            raise rule_error(error) from None
        scored = state.rounds[-1]
        # The round is recorded: its bidding (if any) is part of it now.
        match.bidding = None
        match.rounds.append(
            Round(
                number=number,
                input=raw,
                scores=list(scored.score.scores),
                idempotency_key=idempotency_key,
                confirmed=not match.table_check,
                recorded_by=access.phone_marks(actor),
            )
        )
        if match.table_check:
            # Waiting: it counts only when a second phone confirms it.
            state, view = view.state, MatchView(match=match, game=view.game, table=view.table, state=view.state, pending=scored)
        else:
            _store_summary(match, state)
        audit(match, actor, "round.create", round_number=number, after=raw)
        db.session.commit()
    except ServiceError:
        db.session.rollback()
        raise
    except IntegrityError:
        # Only a concurrent request with the same Idempotency-Key gets here.
        db.session.rollback()
        if idempotency_key is not None:
            replay = replayed_round(match_id, idempotency_key, actor)
            if replay is not None:
                return replay
        raise ServiceError(
            409, _("another phone recorded this round at the same moment: reload and try again"), code="conflict"
        ) from None
    return MatchView(match=match, game=view.game, table=view.table, state=state, pending=view.pending), number, True


def replay_edit(game: Game, table: Table, inputs: list[Any], number: int, raw: Any) -> MatchState:
    """Replay the recorded inputs with round `number` replaced by `raw`."""
    inputs = list(inputs)
    inputs[number - 1] = raw
    try:
        return game.replay(table, inputs)
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
        state = replay_edit(game, table, [round_.input for round_ in rounds], number, raw)
        edited = match.rounds[number - 1]
        audit(match, actor, "round.edit", round_number=number, before=edited.input, after=raw, reason=reason)
        edited.input = raw
        edited.updated_at = utcnow()
        for round_ in rounds[number - 1 :]:
            _write_scores(round_, state)
        _store_summary(match, state)
    return MatchView(match=match, game=game, table=table, state=state)


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
        audit(match, actor, "round.undo", round_number=number, before=last.input, reason=reason)
        db.session.delete(last)
        view = view_of(match)
        _store_summary(match, view.state)
    return view


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
        view = view_of(match)
        try:
            state = view.game.play(view.table, view.state, waiting.input)
        except RuleError as error:
            raise rule_error(error) from None
        waiting.confirmed = True
        _write_scores(waiting, state)
        _store_summary(match, state)
        audit(match, actor, "round.confirm", round_number=number, after=waiting.input)
    return MatchView(match=match, game=view.game, table=view.table, state=state)


def preview_round(
    match_id: str, raw: Any, number: int | None = None, *, actor: Actor
) -> tuple[MatchView, MatchState]:
    """Check a round input without storing it (live validation as a player taps).

    With `number`, the input is checked as an edit of that recorded round (every later
    round replayed); otherwise as the next round. Raises ServiceError like a real write.
    """
    view = read_view(match_id, actor)
    if number is None:
        if view.state.finished:
            raise ServiceError(409, _("the match is finished: no more rounds can be recorded"), code="match_finished")
        try:
            return view, view.game.play(view.table, view.state, raw)
        except RuleError as error:
            raise rule_error(error) from None
    if not 1 <= number <= len(view.state.rounds):
        raise ServiceError(404, _("round {number} has not been recorded", number=number), code="round_not_found")
    return view, replay_edit(view.game, view.table, [scored.input for scored in view.state.rounds], number, raw)
