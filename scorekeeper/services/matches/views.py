"""Reading matches: the view of a match replayed by its engine or restored from its snapshot, its stored JSON document and page parts, who may read it, and the matches a device or account lists."""
from __future__ import annotations

import json
from collections import namedtuple
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, bindparam, or_, select
from sqlalchemy import Table as SqlTable
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import lazyload

from ...etags import match_etag
from ...extensions import db
from ...games import Game, MatchState, RuleError, Table, game_ids, get_game
from ...games.base import MatchFinishedError, RoundScore, ScoredRound
from ...games.i18n import _
from ...i18n import current_language
from ...models import (
    DeviceMatch,
    Match,
    MatchDocument,
    MatchPage,
    MatchPageBody,
    Round,
    utcnow,
)
from .. import Actor, ServiceError, access, snapshots
from ..driver import run_on_cursor

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
            dealer=table.dealer(number),
            input=raw,
            score=RoundScore(scores=tuple(scores), explanation=tuple(note for _side in scores)),
        )


def view_of(match: Match) -> MatchView:
    """Replay a stored match's rounds into its state."""
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
    return current_view_of(current_match(match_id, actor))


def current_match(match_id: str, actor: Actor) -> Match:
    """The stored match without its rounds, for someone who may read it (the first step of
    `current_view`: a page whose reader has this version already stops here)."""
    # Neither its rounds nor (but in a game with bidding, when it is read) its open bidding.
    match = db.session.execute(
        select(Match).where(Match.id == match_id).options(lazyload(Match.rounds), lazyload(Match.bidding))
    ).scalar_one_or_none()
    if match is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    access.check_match_read(match, actor)
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
    row = db.session.connection().execute(HEAD_QUERY, {"match_id": match_id}).first()
    if row is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    head = MatchHead(id=row.id, version=row.version, league_id=row.league_id, created_by=row.created_by)
    access.check_match_read(head, actor)
    return head


def current_view_of(match: Match) -> MatchView:
    """`current_view` of a match `current_match` read."""
    game = get_game(match.game)
    table = table_for(match, game)
    state = snapshots.current_state(game, table, match.id)
    waiting = snapshots.waiting_round(match.id)
    pending = None
    if waiting is not None:
        number, raw = waiting
        scores = db.session.scalar(select(Round.scores).where(Round.match_id == match.id, Round.number == number))
        pending = scored_waiting(game, table, state, number, raw, scores or [0] * len(table.sides))
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
_devices = cast(SqlTable, DeviceMatch.__table__)
SEEN_QUERY = select(_devices.c.seen_at).where(
    _devices.c.device_id == bindparam("device_id"), _devices.c.match_id == bindparam("match_id")
)
HEAD_QUERY = select(_matches.c.id, _matches.c.version, _matches.c.league_id, _matches.c.created_by).where(
    _matches.c.id == bindparam("match_id")
)
DOCUMENT_QUERY = (
    select(
        _matches.c.version,
        _matches.c.league_id,
        _documents.c.version.label("document_version"),
        _documents.c.body,
        _documents.c.body_br,
        _documents.c.body_gzip,
    )
    .select_from(
        _matches.outerjoin(
            _documents,
            (_documents.c.match_id == _matches.c.id) & (_documents.c.language == bindparam("language")),
        )
    )
    .where(_matches.c.id == bindparam("match_id"))
)


READ_OUTSIDE_TRANSACTION = {"isolation_level": "AUTOCOMMIT"}


def read_document(engine: Any, match_id: str, language: str) -> Any:
    """The match's version and league with its stored document in `language` (None
    when there is none), in one statement on a connection of the pool: no ORM and no
    transaction bookkeeping (this is the hottest read of the app, and the ORM's
    per-statement work costs more than the query itself). On PostgreSQL outside a
    transaction (one statement reads one consistent row): no BEGIN and no ROLLBACK, so
    the read is one round trip to the database, not three. None for no such match."""
    options = READ_OUTSIDE_TRANSACTION if engine.dialect.name == "postgresql" else {}
    with engine.connect().execution_options(**options) as connection:
        return connection.execute(DOCUMENT_QUERY, {"match_id": match_id, "language": language}).first()


class OneRowRead:
    """A SELECT of one row on a DBAPI connection of the engine's pool, below SQLAlchemy's
    Core: compiled once, then the driver's cursor alone. For the readers below Flask,
    whose one statement costs less than Core's work around it (the connection and result
    objects, the compiled cache's lookup: 30 µs of a 46 µs read on SQLite, 90 of 165 on
    PostgreSQL). The columns must need no result processing (numbers, text, bytes,
    booleans), the parameters no bind processing (text). On PostgreSQL the read runs
    outside a transaction (as `read_document`), and the connection goes back to the pool
    as it came. The engine's before_cursor_execute listeners (the statement counts of the
    tests and of bench.hot_paths) see the statement, with no Connection or context."""

    def __init__(self, engine: Any, statement: Any) -> None:
        self.engine = engine
        compiled = statement.compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.positions = None if engine.dialect.name == "postgresql" else list(compiled.positiontup or ())
        self.row = namedtuple("Row", [column.key for column in statement.selected_columns])  # type: ignore[misc]

    def __call__(self, parameters: dict[str, Any]) -> Any:
        """The row (its columns by name), or None; a driver's error (a connection the
        server dropped, say) leaves the pool without that connection and is raised as
        SQLAlchemy's, as Core would."""
        connection = self.engine.raw_connection()
        try:
            if self.positions is None:
                driver = connection.driver_connection
                driver.autocommit = True
                try:
                    found = self.fetch(connection.cursor(), parameters)
                finally:
                    if not driver.closed:
                        driver.autocommit = False
            else:
                found = self.fetch(connection.cursor(), [parameters[name] for name in self.positions])
        except self.engine.dialect.loaded_dbapi.Error as error:
            connection.invalidate(error)
            raise DBAPIError.instance(self.sql, parameters, error, self.engine.dialect.loaded_dbapi.Error) from error
        finally:
            connection.close()
        return None if found is None else self.row(*found)

    def fetch(self, cursor: Any, parameters: Any) -> Any:
        run_on_cursor(self.engine, cursor, self.sql, parameters)
        found = cursor.fetchone()
        cursor.close()
        return found


def document_reader(app: Any) -> Callable[[str, str], Any]:
    """`read_document` on `app`'s database, for a reader below Flask (no app context)."""
    with app.app_context():
        read = OneRowRead(db.engine, DOCUMENT_QUERY)
    return lambda match_id, language: read({"match_id": match_id, "language": language})


def served_document(
    match_id: str,
    actor: Callable[[], Actor],
    render: Callable[[MatchView], str],
    encode: Callable[[bytes], Mapping[str, bytes | None]],
) -> tuple[int, str, str]:
    """The match's version, ETag and document as `render` writes it in this request's
    language, from the stored copy of this version and language when there is one (one
    query), else rendered and stored with its compressed forms (`encode`). `actor` is
    asked only for a league match: a casual match's id is its key, and working out who
    asks costs more than the query."""
    language = current_language()
    if db.session().in_transaction():
        # A request that read already (to authenticate an API token) keeps its transaction.
        row = db.session.connection().execute(DOCUMENT_QUERY, {"match_id": match_id, "language": language}).first()
    else:
        row = read_document(db.engine, match_id, language)
    if row is None:
        raise ServiceError(404, _("no match with id {id}", id=repr(match_id)), code="match_not_found")
    if row.league_id is not None:
        access.check_match_read(get_match(match_id), actor())
    if row.document_version == row.version:
        return row.version, match_etag(row.version, language), row.body
    match = get_match(match_id)
    view = view_of(match)
    body = render(view)
    forms = encode(body.encode())
    stored = db.session.get(MatchDocument, (match_id, language))
    if stored is None:
        db.session.add(MatchDocument(
            match_id=match_id, language=language, version=match.version, body=body,
            body_br=forms.get("br"), body_gzip=forms.get("gzip"),
        ))
    elif stored.version < match.version:
        stored.version, stored.body = match.version, body
        stored.body_br, stored.body_gzip = forms.get("br"), forms.get("gzip")
    try:
        db.session.commit()
    except IntegrityError:
        # Another worker stored this version's document at the same moment.
        db.session.rollback()
    return match.version, etag_for(match), body


_pages = cast(SqlTable, MatchPage.__table__)


def _body_where(table: SqlTable, *names: str, column: str = "body") -> Any:
    """The stored body (or `column`) of `table` where each named column equals the parameter of its name."""
    return select(table.c[column]).where(*(table.c[name] == bindparam(name) for name in names))


PAGE_QUERY = _body_where(_pages, "match_id", "language", "version", "build")


def page_parts(view: MatchView, render: Callable[[MatchView], dict[str, str]], build: str) -> dict[str, str]:
    """The parts of the match page that every reader of this request's language sees alike
    (HTML by part name, as `render` writes them from a view replayed from every round),
    from the stored copy of the match's current version and language when there is one
    rendered by this `build` of the code (one query), else rendered from a replay and
    stored in place of an older version's (or another build's)."""
    match, language = view.match, current_language()
    version = match.version
    body = db.session.connection().execute(
        PAGE_QUERY, {"match_id": match.id, "language": language, "version": version, "build": build}
    ).scalar()
    if body is not None:
        parts: dict[str, str] = json.loads(body)
        return parts
    full = view if not view.state.earlier else view_of(get_match(match.id))
    parts = render(full)
    values = {"match_id": match.id, "language": language, "version": version, "build": build, "body": json.dumps(parts)}
    _store_newer(_pages, values, [_pages.c.match_id, _pages.c.language], _newer_version(_pages))
    return parts


def _newer_version(table: SqlTable) -> Callable[[Any], ColumnElement[bool]]:
    """A stored row is replaced by a newer version's, or by the same version rendered by another build."""
    return lambda new: (table.c.version < new.version) | ((table.c.version == new.version) & (table.c.build != new.build))


def _store_newer(
    table: SqlTable, values: dict[str, Any], keys: list[Any], newer: Callable[[Any], ColumnElement[bool]]
) -> None:
    """Insert the row, or replace the stored one where `newer(excluded)` holds: another
    worker may store this (or a newer) version at the same moment, and the newer one stays."""
    insert = postgresql.insert if db.engine.dialect.name == "postgresql" else sqlite.insert
    statement = insert(table).values(**values)
    new = statement.excluded
    replaced = {name: getattr(new, name) for name in values if name not in {key.name for key in keys}}
    db.session.execute(statement.on_conflict_do_update(index_elements=keys, set_=replaced, where=newer(new)))
    db.session.commit()


_bodies = cast(SqlTable, MatchPageBody.__table__)
PAGE_BODY_QUERIES = {
    column: _body_where(_bodies, "match_id", "variant", "version", "build", column=column)
    for column in ("body", "body_gzip")
}


def stored_page_body(
    match: MatchHead, variant: str, build: str, render: Callable[[], tuple[str, bytes]], gzip: bool = False
) -> str | bytes:
    """The whole match page of one reader variant (web/pages/stored_pages.py) for the
    match's current version, rendered by this `build`, from its stored copy (one query),
    else as `render` writes it (the page and its gzip pieces), stored in place of an older
    one. The page as text, or with `gzip` its gzip pieces (gzip_pieces)."""
    key = {"match_id": match.id, "variant": variant, "version": match.version, "build": build}
    column = "body_gzip" if gzip else "body"
    stored = db.session.connection().execute(PAGE_BODY_QUERIES[column], key).scalar()
    if stored is not None:
        return bytes(stored) if gzip else str(stored)
    body, pieces = render()
    _store_newer(
        _bodies, {**key, "body": body, "body_gzip": pieces}, [_bodies.c.match_id, _bodies.c.variant],
        _newer_version(_bodies),
    )
    return pieces if gzip else body


PAGE_READ_QUERIES = {
    column: select(
        _matches.c.version, _matches.c.league_id, _matches.c.created_by,
        (_devices.c.seen_at >= bindparam("since")).label("seen"),
        _bodies.c.version.label("page_version"), _bodies.c.build, _bodies.c[column].label("page"),
    )
    .select_from(
        _matches.outerjoin(
            _devices, (_devices.c.match_id == _matches.c.id) & (_devices.c.device_id == bindparam("device_id"))
        ).outerjoin(_bodies, (_bodies.c.match_id == _matches.c.id) & (_bodies.c.variant == bindparam("variant")))
    )
    .where(_matches.c.id == bindparam("match_id"))
    for column in ("body", "body_gzip")
}


@dataclass(frozen=True)
class StoredPage:
    """A match's stored page for one device, as `page_reader` finds it: the page (text, or
    gzip pieces), or None when a request must go through the app (it writes or renders)."""

    version: int
    page: str | bytes


def page_reader(app: Any) -> Callable[[str, str, str, str, bool], StoredPage | None]:
    """For a reader below Flask (no app context): a casual match started without an
    account, opened on this device within SEEN_REFRESH, with its page of this variant,
    version and build stored; in one statement (OneRowRead). None for anything else."""
    with app.app_context():
        reads = {column: OneRowRead(db.engine, query) for column, query in PAGE_READ_QUERIES.items()}
        # The time as the column stores it: SQLite keeps text (SQLAlchemy's format).
        sqlite_text = db.engine.dialect.name == "sqlite"

    def read(match_id: str, device_id: str, variant: str, build: str, gzip: bool) -> StoredPage | None:
        since: Any = utcnow() - SEEN_REFRESH
        if sqlite_text:
            since = since.strftime("%Y-%m-%d %H:%M:%S.%f")
        row = reads["body_gzip" if gzip else "body"](
            {"match_id": match_id, "device_id": device_id, "variant": variant, "since": since}
        )
        if (
            row is None or row.league_id is not None or row.created_by is not None or not row.seen
            or row.page is None or row.page_version != row.version or row.build != build
        ):
            return None
        return StoredPage(version=row.version, page=bytes(row.page) if gzip else str(row.page))

    return read


def read_view(match_id: str, actor: Actor) -> MatchView:
    return view_of(readable_match(match_id, actor))


def remember_on_device(device_id: str, match_id: str) -> None:
    """Record that a device opened a match, so its home page lists it."""
    seen = db.session.connection().execute(SEEN_QUERY, {"device_id": device_id, "match_id": match_id}).scalar()
    if seen is not None and seen >= utcnow() - SEEN_REFRESH:
        # Seen recently (a Core read: every page view asks): a page view need not write.
        return
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
