"""Reading matches: the view of a match restored from its snapshot (or replayed by its engine), who may read it, and its rounds played on from the snapshot before them."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, select
from sqlalchemy.orm import lazyload

from ...engine.core.base import MatchFinishedError, RoundScore, ScoredRound
from ...engine.core.i18n import _
from ...engine.games import Game, MatchState, RuleError, Table, game_ids, get_game
from ...etags import match_etag
from ...extensions import db
from ...i18n import current_language
from ...models import (
    Match,
    Round,
)
from .. import Actor, ServiceError, access, snapshots


@dataclass(frozen=True)
class MatchView:
    """A match with its replayed state, ready to be shown or served."""

    match: Match
    game: Game
    table: Table
    state: MatchState
    #: with table check: the recorded round waiting for a second phone, scored as if it counted
    pending: ScoredRound | None = None
    #: the states before earlier rounds this view was asked for (state_before), each made once
    earlier_states: dict[int, MatchState] = field(default_factory=dict, compare=False, repr=False)

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
            "ended_after": self.table.ended_after,
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
            _("unknown game {game}: choose from {games}", game=repr(game_id), games=", ".join(game_ids())),
            code="game_unknown",
            field="game",
        ) from None


def table_for(match: Match, game: Game) -> Table:
    return table_of(game, [seat.player.name for seat in match.seats], match.options, match.sides, match.ended_after)


def table_of(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, Any],
    sides: Sequence[Sequence[int]],
    ended_after: int | None = None,
) -> Table:
    """The table of a stored match from its players' names (in seat order), options and
    sides, and the round after which its players ended it (if they did)."""
    # A match frozen before an option existed was played without it: the option's
    # default (which keeps the rule as it was) fills the gap; every stored value wins.
    effective = {spec.name: spec.default for spec in game.all_option_specs()} | dict(options)
    return Table(
        players=tuple(players), options=effective, sides=tuple(tuple(side) for side in sides), ended_after=ended_after
    )


def counted(match: Match) -> list[Round]:
    """The rounds that count: all but a round still waiting for table check."""
    return [round_ for round_ in match.rounds if round_.confirmed]


def pending_round(match: Match) -> Round | None:
    return match.rounds[-1] if match.rounds and not match.rounds[-1].confirmed else None


def scored_waiting(game: Game, table: Table, state: MatchState, number: int, raw: Any, scores: Any) -> ScoredRound:
    """Table check: the round waiting for a second phone, scored as if it counted after `state`."""
    try:
        return game.play(table, state, raw).rounds[-1]
    except RuleError:
        # An edit of an earlier round can make the waiting round invalid; it is
        # refused when someone tries to confirm it, and can be undone.
        note = _("this round no longer fits the rounds before it: undo it and record it again")
        return ScoredRound(
            number=number,
            dealer=game.next_dealer(table, state),
            input=raw,
            score=RoundScore(scores=tuple(scores), explanation=tuple(note for _side in scores)),
        )


def replayed_view(match: Match) -> MatchView:
    """A stored match's state played from its first round: only for what must see every
    round's score as the rules give it today (a league export); every read of a match
    as it stands is `snapshot_view`."""
    game = get_game(match.game)
    table = table_for(match, game)
    state = game.replay(table, [round_.input for round_ in counted(match)])
    waiting = pending_round(match)
    pending = None
    if waiting is not None:
        pending = scored_waiting(game, table, state, waiting.number, waiting.input, waiting.scores)
    return MatchView(match=match, game=game, table=table, state=state, pending=pending)


def current_view(match_id: str, actor: Actor) -> MatchView:
    """The match as it stands now, for someone who may read it, from its latest snapshot
    (services.snapshots) instead of a replay of every round: totals, dealer, the next
    round and its hints, the waiting round. Its `state.rounds` holds only rounds played
    after the snapshot (none when every write stored one), so it is never served as a
    whole: the score sheet comes from `page_parts`. No round row is loaded."""
    return snapshot_view(readable_match(match_id, actor))


def view_after_write(match_id: str, actor: Actor) -> MatchView:
    """The match as a write of this request left it: read again, not from the copy of it
    the request read before the write (the session keeps its objects past a commit)."""
    db.session.expire_all()
    return current_view(match_id, actor)


def match_without_rounds(match_id: str) -> Match:
    """The stored match, neither its rounds nor (but in a game with bidding, when it is
    read) its open bidding loaded."""
    match = db.session.execute(
        select(Match).where(Match.id == match_id).options(lazyload(Match.rounds), lazyload(Match.bidding))
    ).scalar_one_or_none()
    if match is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    return match


@dataclass(frozen=True)
class MatchHead:
    """The columns of a match that say who may read it and which version a page shows."""

    id: str
    version: int
    league_id: str | None
    created_by: str | None


def match_head(match_id: str, actor: Actor) -> MatchHead:
    """The match's head, for someone who may read it: one Core statement, no ORM object
    (a page served stored, or a 304, needs no more of the match)."""
    row = one_row(HEAD_QUERY, {"match_id": match_id})
    if row is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    head = MatchHead(id=row.id, version=row.version, league_id=row.league_id, created_by=row.created_by)
    access.check_match_read(head, actor)
    return head


def snapshot_view(match: Match) -> MatchView:
    """A match's state from its latest snapshot (no replay): `current_view` of a match
    already read (and its reader checked)."""
    game = get_game(match.game)
    table = table_for(match, game)
    state = snapshots.current_state(game, table, match.id, match.round_count)
    # Only a match with table check has a round waiting for a second phone (recording.py).
    waiting = snapshots.waiting_round(match.id) if match.table_check else None
    pending = None
    if waiting is not None:
        number, raw = waiting
        scores = db.session.scalar(select(Round.scores).where(Round.match_id == match.id, Round.number == number))
        pending = scored_waiting(game, table, state, number, raw, scores or [0] * len(table.sides))
    return MatchView(match=match, game=game, table=table, state=state, pending=pending)


def stored_match(match_id: str) -> Match:
    """The stored match, for a service that checks its reader itself (a 404 if none)."""
    match = db.session.get(Match, match_id)
    if match is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    return match


def readable_match(match_id: str, actor: Actor) -> Match:
    """The stored match without its rounds (loaded only if asked for), for someone who may
    read it (league matches need a league role): the first step of `current_view`."""
    match = match_without_rounds(match_id)
    access.check_match_read(match, actor)
    return match


_matches, _rounds = cast(SqlTable, Match.__table__), cast(SqlTable, Round.__table__)
HEAD_QUERY = select(_matches.c.id, _matches.c.version, _matches.c.league_id, _matches.c.created_by).where(
    _matches.c.id == bindparam("match_id")
)

RECORDER_QUERY = select(_rounds.c.recorded_by).where(
    _rounds.c.match_id == bindparam("match_id"), _rounds.c.number == bindparam("number")
)


def last_round_is_mine(view: MatchView, actor: Actor) -> bool:
    """Whether the match's last round was recorded on the actor's phone, so its Undo is
    offered there as that phone's own (another phone at the table sees the round without it).
    A round stored without marks (imported, or from before they were kept) is anyone's."""
    if not view.state.round_count:
        return False
    row = db.session.connection().execute(RECORDER_QUERY, {"match_id": view.match.id, "number": view.state.round_count}).first()
    return row is None or row.recorded_by is None or access.marked_by_this_phone(row.recorded_by, actor)


READ_OUTSIDE_TRANSACTION = {"isolation_level": "AUTOCOMMIT"}


def one_row(statement: Any, values: dict[str, Any]) -> Any:
    """The first row of a one-row read that starts a request (a phone's poll: the match's
    head, its stored document): on PostgreSQL outside a transaction, when the request has
    none open yet, so the poll is one round trip to the database and not three (BEGIN,
    the read, ROLLBACK); one statement reads one consistent row."""
    if db.engine.dialect.name != "postgresql" or db.session().in_transaction():
        return db.session.connection().execute(statement, values).first()
    with db.engine.connect().execution_options(**READ_OUTSIDE_TRANSACTION) as connection:
        return connection.execute(statement, values).first()


def scored_from(view: MatchView, first: int) -> list[ScoredRound]:
    """The counted rounds from round `first` to the view's last, scored: played on from the
    snapshot before `first` (a view replayed from every round has them already)."""
    if view.state.earlier == 0 and len(view.state.rounds) == view.state.round_count:
        return list(view.state.rounds[first - 1:])
    state = state_before(view, first)
    inputs = snapshots.counted_inputs_after(view.match.id, first - 1, view.state.round_count)
    played = view.game.replay(view.table, inputs, start=state)
    # The rounds played since the snapshot state_before restored, those before `first` too.
    return [scored for scored in played.rounds if scored.number >= first]


def counted_scores(match_id: str, after: int, up_to: int) -> list[list[int]]:
    """The stored scores of the counted rounds after `after` up to `up_to` (every write keeps
    them in step with the rounds before them): the sheet's running totals, nothing played."""
    return [list(scores) for scores in snapshots.counted_inputs_after(match_id, after, up_to, column="scores")]


def state_before(view: MatchView, number: int) -> MatchState:
    """The match as it stood before round `number` (recorded, or the next): the view's own
    state for the next round, else played on from the nearest snapshot before it."""
    if number == view.state.next_round:
        return view.state
    if number not in view.earlier_states:
        view.earlier_states[number] = snapshots.state_before(view.game, view.table, view.match.id, number)
    return view.earlier_states[number]


def hints_at(view: MatchView, number: int) -> Mapping[str, Any]:
    """The `next` hints round `number` was entered with (the state before it)."""
    return state_before(view, number).next or {}


def recorded_round(view: MatchView, number: int) -> ScoredRound:
    """Recorded round `number` scored: from the view when it holds it, else played once on
    the state before it (never the whole match)."""
    if view.state.earlier < number <= view.state.round_count:
        return view.state.scored(number)
    before = state_before(view, number)
    (raw,) = snapshots.counted_inputs_after(view.match.id, number - 1, number)
    return view.game.replay(view.table, [raw], start=before).scored(number)
