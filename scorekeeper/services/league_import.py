"""Importing a league export: one pure pass over the document, then bulk inserts and the league's first ledgers, in one short transaction.

The pass checks every field as the API would (names, seasons, options) and replays each
match once with its game's engine, which gives the rows the app itself stores for a
match played round by round: the summary columns and `result`, each round's scores, the
latest snapshot (services.snapshots) and the audit entry. Only then is the database
touched: the ids are looked up in a few queries, every table gets one bulk insert
(SQLite's executemany, PostgreSQL's COPY), and the standings and ratings of the whole
league (computed in Python from the same results) are stored in step with the new
league, so its first page reads them instead of a rebuild. Nothing is written before the whole document has
passed and every value is bound (services.bulk_insert), so the write transaction
(SQLite's one write lock) lasts only for the inserts, and a refusal leaves nothing behind.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..engine.core.i18n import N_, _, use_translator
from ..engine.games import Game, RuleError, Table, get_game
from ..extensions import db
from ..models import (
    AuditEntry,
    League,
    LeagueAuditEntry,
    LeagueLedger,
    LeagueMember,
    LeagueRole,
    Match,
    Player,
    RatingCheckpoint,
    Round,
    RoundSnapshot,
    Season,
    Seat,
    is_id,
    name_key,
    utcnow,
)
from . import Actor, ServiceError, access, bulk_insert, scopes
from .league_ledgers import built_ratings, built_standings, ledger_row, ratings_key, standings_key
from .leagues import checked_season, league_name
from .match_records import ResultRow, result_text
from .matches.views import table_of
from .roster import clean_name

FORMAT = "scorekeeper-league"
FORMAT_VERSION = 1

#: ids per `IN (...)` lookup
LOOKUP_CHUNK = 1000


def _table(model: type) -> SqlTable:
    return cast(SqlTable, model.__table__)  # type: ignore[attr-defined]


def _refuse(message: str, field: str | None = None, code: str = "import_invalid") -> ServiceError:
    return ServiceError(422, message, code=code, field=field)


def _get(mapping: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(mapping, dict) or key not in mapping:
        raise _refuse(_("{where}: {key} is missing", where=where, key=key), where)
    value = mapping[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _refuse(_("{where}: {key} has the wrong type", where=where, key=key), f"{where}.{key}")
    return value


def _when(text: str, where: str) -> datetime:
    """An exported time as the app stores its own: naive, in UTC. A time with an offset is
    turned into its UTC time here, for both databases alike: kept as it was, PostgreSQL's
    COPY refused offsets it cannot hold (-23:59, +16:00, seconds), a 500, while SQLite
    dropped the offset, storing another moment."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise _refuse(_("{where}: {text} is not a date and time", where=where, text=repr(text)), where) from None
    if when.tzinfo is None:
        return when
    try:
        return when.astimezone(UTC).replace(tzinfo=None)
    except OverflowError:
        raise _refuse(
            _("{where}: {text} is before the year 1 or after the year 9999 in UTC", where=where, text=repr(text)), where
        ) from None


def _day(text: str, where: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _refuse(_("{where}: {text} is not a date", where=where, text=repr(text)), where) from None


def _id(mapping: Any, key: str, where: str) -> str:
    value = _get(mapping, key, str, where)
    # Ids as this app makes them (models.new_id): anything else no route could reach.
    if not is_id(value):
        raise _refuse(
            _("{where}: {key} must be 1 to 16 lowercase letters or digits", where=where, key=key), f"{where}.{key}"
        )
    return value


def _unique(seen: set[str], value: str, where: str) -> None:
    if value in seen:
        raise _refuse(_("{where}: {id} appears twice", where=where, id=repr(value)), where)
    seen.add(value)


@dataclass
class _Rows:
    """Every row the import inserts, by table, in an order the foreign keys accept."""

    leagues: list[dict[str, Any]] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    members: list[dict[str, Any]] = field(default_factory=list)
    seasons: list[dict[str, Any]] = field(default_factory=list)
    roles: list[dict[str, Any]] = field(default_factory=list)
    league_audit: list[dict[str, Any]] = field(default_factory=list)
    matches: list[dict[str, Any]] = field(default_factory=list)
    seats: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    audit: list[dict[str, Any]] = field(default_factory=list)
    ledgers: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    #: the finished matches' results, for the ledgers
    results: list[ResultRow] = field(default_factory=list)

    def by_table(self) -> list[tuple[SqlTable, list[dict[str, Any]]]]:
        return [
            (_table(League), self.leagues),
            (_table(Player), self.players),
            (_table(LeagueMember), self.members),
            (_table(Season), self.seasons),
            (_table(LeagueRole), self.roles),
            (_table(LeagueAuditEntry), self.league_audit),
            (_table(Match), self.matches),
            (_table(Seat), self.seats),
            (_table(Round), self.rounds),
            (_table(RoundSnapshot), self.snapshots),
            (_table(AuditEntry), self.audit),
            (_table(LeagueLedger), self.ledgers),
            (_table(RatingCheckpoint), self.checkpoints),
        ]


def import_league(data: Any, actor: Actor) -> League:
    """Rebuild an exported league, keeping its ids; all or nothing.

    Every field goes through the same checks as the API (names, seasons, options, and
    every match replayed by the rules engine), so a tampered export is refused with the
    field, match or round at fault. Everything is created in the new league's own
    roster: an export cannot name, reuse or change players of another league or match.
    Whoever imports it owns the imported league.
    """
    access.require_signed_in(actor, N_("import a league"))
    if _get(data, "format", str, "export") != FORMAT or _get(data, "format_version", int, "export") != FORMAT_VERSION:
        raise _refuse(
            _("this is not a {format} export of version {version}", format=FORMAT, version=FORMAT_VERSION), "format"
        )
    league_id = _id(_get(data, "league", dict, "export"), "id", "league")
    # Before the long pass: a league imported twice is refused at once.
    if db.session.get(League, league_id) is not None:
        raise ServiceError(409, _("league {id} already exists here", id=league_id), code="league_exists")
    now = utcnow()
    rows = _checked(data, league_id, actor, now)
    dialect = db.session.get_bind().dialect
    # Bound to the driver's values before the write transaction, which then only ships them.
    prepared = [bulk_insert.prepare(dialect, table, table_rows) for table, table_rows in rows.by_table()]
    try:
        _refuse_existing(rows)
        connection = db.session.connection()
        for table_rows in prepared:
            bulk_insert.write(connection, table_rows)
        db.session.commit()
    except ServiceError:
        db.session.rollback()
        raise
    except IntegrityError:
        # The same export imported at the same moment by another request (or ids taken
        # between the look-up and the inserts).
        db.session.rollback()
        raise ServiceError(409, _("this export clashes with what is stored here"), code="import_conflict") from None
    league = db.session.get(League, league_id)
    assert league is not None
    return league


def _checked(data: dict[str, Any], league_id: str, actor: Actor, now: datetime) -> _Rows:
    """The whole document checked and turned into rows, without touching the database."""
    rows = _Rows()
    league_data = data["league"]
    scope = scopes.league_scope(league_id)
    names: dict[str, str] = {}
    names_seen: set[str] = set()
    for index, entry in enumerate(_get(data, "players", list, "export")):
        where = f"players.{index}"
        player_id = _id(entry, "id", where)
        _unique(set(names), player_id, f"{where}.id")
        name = clean_name(_get(entry, "name", str, where), f"{where}.name")
        _unique(names_seen, name_key(name), f"{where}.name")
        names[player_id] = name
        rows.players.append(
            {"id": player_id, "scope": scope, "name": name, "name_key": name_key(name), "created_at": now}
        )
    rows.leagues.append({
        "id": league_id,
        "name": league_name(_get(league_data, "name", str, "league")),
        "version": 1,
        "created_at": _when(_get(league_data, "created_at", str, "league"), "league.created_at"),
    })
    members: set[str] = set()
    for index, player_id in enumerate(_get(data, "members", list, "export")):
        if not isinstance(player_id, str) or player_id not in names:
            raise _refuse(_("member {id} is not among the exported players", id=repr(player_id)), "members")
        _unique(members, player_id, f"members.{index}")
        rows.members.append({"league_id": league_id, "player_id": player_id, "joined_at": now})
    season_ids: set[str] = set()
    for index, entry in enumerate(_get(data, "seasons", list, "export")):
        where = f"seasons.{index}"
        season_id = _id(entry, "id", where)
        _unique(season_ids, season_id, f"{where}.id")
        season = checked_season(
            _get(entry, "name", str, where),
            _day(_get(entry, "starts_on", str, where), f"{where}.starts_on"),
            _day(_get(entry, "ends_on", str, where), f"{where}.ends_on"),
            _get(entry, "games", list, where),
            _get(entry, "min_matches", int, where),
            where=f"{where}.",
        )
        rows.seasons.append({
            "id": season_id, "league_id": league_id, "name": season.name, "starts_on": season.starts_on,
            "ends_on": season.ends_on, "games": season.games, "min_matches": season.min_matches,
        })
    rows.roles.append({"league_id": league_id, "user_id": actor.user_id, "role": access.OWNER, "granted_at": now})
    entries = _get(data, "matches", list, "export")
    match_ids: set[str] = set()
    for index, entry in enumerate(entries):
        # Every id first (as before): a repeated id is named before any match is replayed.
        _unique(match_ids, _id(entry, "id", f"matches.{index}"), f"matches.{index}.id")
    for index, entry in enumerate(entries):
        _checked_match(entry, f"matches.{index}", league_id, names, actor, now, rows)
    rows.league_audit.append({
        "league_id": league_id, "actor": actor.label, "user_id": actor.user_id, "action": "league.import",
        "before": None, "after": {"name": rows.leagues[0]["name"], "players": len(names), "matches": len(entries)},
        "reason": None, "at": now,
    })
    _ledgers(league_id, rows)
    return rows


def _checked_match(
    entry: Any, where: str, league_id: str, names: dict[str, str], actor: Actor, now: datetime, rows: _Rows
) -> None:
    """One match checked and replayed by its game's engine, its rows added to `rows`."""
    match_id = entry["id"]
    try:
        game = get_game(_get(entry, "game", str, where))
    except KeyError:
        raise _refuse(_("{where}: unknown game", where=where), f"{where}.game") from None
    seat_ids = _get(entry, "players", list, where)
    if any(not isinstance(player_id, str) or player_id not in names for player_id in seat_ids):
        raise _refuse(_("{where}: a seat names a player who is not in the export", where=where), f"{where}.players")
    if len(set(seat_ids)) != len(seat_ids):
        raise _refuse(_("{where}: one player, one seat", where=where), f"{where}.players")
    seat_names = [names[player_id] for player_id in seat_ids]
    try:
        frozen = game.table(seat_names, _get(entry, "options", dict, where))
    except RuleError as error:
        raise _refuse(_("{where}: {refusal}", where=where, refusal=error.message), f"{where}.options") from None
    rounds = _get(entry, "rounds", list, where)
    created_at = _when(_get(entry, "created_at", str, where), f"{where}.created_at")
    updated_at = _when(_get(entry, "updated_at", str, where), f"{where}.updated_at")
    table_check = entry.get("table_check", False)
    if not isinstance(table_check, bool):
        raise _refuse(_("{where}: {key} has the wrong type", where=where, key="table_check"), f"{where}.table_check")
    inputs = []
    round_times = []
    for index, round_entry in enumerate(rounds):
        round_where = f"{where}.rounds.{index}"
        if _get(round_entry, "number", int, round_where) != index + 1:
            raise _refuse(_("{where}: rounds must be numbered 1, 2, 3, ...", where=where), f"{where}.rounds")
        inputs.append(_get(round_entry, "input", dict, round_where))
        round_times.append(_when(_get(round_entry, "created_at", str, round_where), f"{round_where}.created_at"))
    # The players ended the match after its last round (an export from before this was
    # kept has none): nothing else can be said of rounds that were never played.
    ended_after = entry.get("ended_after")
    if ended_after is not None and (type(ended_after) is not int or ended_after != len(inputs) or not inputs):
        raise _refuse(
            _("{where}: the round its players ended it after must be its last round", where=where), f"{where}.ended_after"
        )
    options = dict(frozen.options)
    sides = [list(side) for side in frozen.sides]
    # The table as every later read and write of the match builds it from the stored columns.
    table = table_of(game, seat_names, options, sides, ended_after)
    try:
        # In no language: the rounds' explanations are not stored, and a request's
        # translator costs more than the rules themselves (tens of lookups a round).
        with use_translator(_untranslated):
            state = game.replay(table, inputs)
    except RuleError as untranslated:
        raise _refusal(game, table, inputs, untranslated, where, match_id) from None
    totals, winners = list(state.totals), list(state.winners)
    rows.matches.append({
        "id": match_id, "game": game.id, "league_id": league_id, "created_by": None, "table_check": table_check,
        "options": options, "sides": sides, "version": 1, "created_at": created_at, "updated_at": updated_at,
        "round_count": state.round_count, "totals": totals, "finished": state.finished, "winners": winners,
        "ended_after": ended_after, "result": result_text(seat_ids, sides, totals, winners),
    })
    rows.seats.extend({"match_id": match_id, "seat": seat, "player_id": player_id} for seat, player_id in enumerate(seat_ids))
    rows.rounds.extend(
        {
            "match_id": match_id, "number": scored.number, "input": scored.input, "scores": list(scored.score.scores),
            "idempotency_key": None, "confirmed": True, "recorded_by": None, "created_at": at, "updated_at": now,
        }
        for scored, at in zip(state.rounds, round_times, strict=True)
    )
    if state.round_count:
        # The state a write of this match plays on (as after recording its last round).
        rows.snapshots.append({"match_id": match_id, "rounds": state.round_count, "body": game.snapshot(state)})
    rows.audit.append({
        "match_id": match_id, "actor": actor.label, "user_id": actor.user_id, "action": "match.import",
        "round_number": None, "before": None, "after": {"league": league_id, "rounds": state.round_count},
        "reason": None, "at": now,
    })
    if state.finished:
        rows.results.append(
            (match_id, game.id, created_at, state.round_count, seat_ids, sides, tuple(totals), winners)
        )


def _untranslated(message: str) -> str:
    return message


def _refusal(game: Game, table: Table, inputs: list[Any], error: RuleError, where: str, match_id: str) -> ServiceError:
    """The refusal of a match whose rounds do not replay, in the reader's language: the
    replay that failed in no language is run again in theirs to word it."""
    try:
        game.replay(table, inputs)
    except RuleError as worded:
        error = worded
    return _refuse(
        _("{where} (match {id}): {refusal}", where=where, id=match_id, refusal=error.message), f"{where}.rounds"
    )


def _ledgers(league_id: str, rows: _Rows) -> None:
    """The league's standings and ratings of every game, built once from the results, in
    step with the new league's version: the first read of the league uses them (a
    season's or one game's are built by the first read that asks, as for any league)."""
    results = rows.results
    version = rows.leagues[0]["version"]
    rows.ledgers.append(ledger_row(league_id, standings_key(None, None), version, built_standings(results)))
    key = ratings_key(None)
    ratings, checkpoints = built_ratings(league_id, key, _in_played_order(results))
    rows.ledgers.append(ledger_row(league_id, key, version, ratings))
    rows.checkpoints.extend(checkpoints)


def _in_played_order(results: Iterable[ResultRow]) -> list[ResultRow]:
    """By time, then id: the order match_results(in_order=True) reads them in."""
    return sorted(results, key=lambda row: (row[2], row[0]))


def _refuse_existing(rows: _Rows) -> None:
    """409 for the first exported player, season or match already stored here (a few
    queries, not one per row)."""
    for model, table_rows, code, message in (
        (Player, rows.players, "player_exists", N_("player {id} already exists here")),
        (Season, rows.seasons, "season_exists", N_("season {id} already exists here")),
        (Match, rows.matches, "match_exists", N_("match {id} already exists here")),
    ):
        ids = [row["id"] for row in table_rows]
        for found in _stored_ids(_table(model), ids):
            index = ids.index(found)
            where = f"players.{index}.id" if model is Player else None
            raise ServiceError(409, _(message, id=found), code=code, field=where)


def _stored_ids(table: SqlTable, ids: Sequence[str]) -> list[str]:
    """Those of `ids` the table holds, in the order of `ids`."""
    found: set[str] = set()
    for start in range(0, len(ids), LOOKUP_CHUNK):
        chunk = ids[start : start + LOOKUP_CHUNK]
        found.update(db.session.execute(select(table.c.id).where(table.c.id.in_(chunk))).scalars())
    return [value for value in ids if value in found]
