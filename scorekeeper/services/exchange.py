"""Export a league (JSON for a full round trip, CSV for spreadsheets) and import it back."""
from __future__ import annotations

import csv
import io
import json
import re
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..games import RuleError, get_game
from ..games.i18n import N_, _
from ..models import League, LeagueMember, LeagueRole, Match, Player, Round, Season, Seat, is_id, name_key
from . import Actor, ServiceError, access, league_audit, scopes
from .league_ledgers import result_text
from .leagues import checked_season, league_name, read_league
from .matches import audit, counted, view_of
from .roster import clean_name

FORMAT = "scorekeeper-league"
FORMAT_VERSION = 1


def league_matches(league_id: str) -> list[Match]:
    return list(db.session.scalars(select(Match).where(Match.league_id == league_id).order_by(Match.created_at, Match.id)))


def export_league(league_id: str, actor: Actor) -> dict[str, Any]:
    """Everything needed to rebuild the league: players, members, seasons, every round input."""
    league = read_league(league_id, actor)
    matches = league_matches(league.id)
    players: dict[str, str] = {member.player_id: member.player.name for member in league.members}
    for match in matches:
        for seat in match.seats:
            players[seat.player_id] = seat.player.name
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "league": {"id": league.id, "name": league.name, "created_at": league.created_at.isoformat()},
        "players": [{"id": player_id, "name": name} for player_id, name in sorted(players.items())],
        "members": sorted(member.player_id for member in league.members),
        "seasons": [
            {
                "id": season.id,
                "name": season.name,
                "starts_on": season.starts_on.isoformat(),
                "ends_on": season.ends_on.isoformat(),
                "games": list(season.games),
                "min_matches": season.min_matches,
            }
            for season in league.seasons
        ],
        "matches": [
            {
                "id": match.id,
                "game": match.game,
                "created_at": match.created_at.isoformat(),
                "updated_at": match.updated_at.isoformat(),
                "players": [seat.player_id for seat in match.seats],
                "options": dict(match.options),
                "table_check": match.table_check,
                "rounds": [
                    {"number": round_.number, "input": round_.input, "created_at": round_.created_at.isoformat()}
                    # A round still waiting for table check is not a result yet.
                    for round_ in counted(match)
                ],
            }
            for match in matches
        ],
    }


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
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise _refuse(_("{where}: {text} is not a date and time", where=where, text=repr(text)), where) from None


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
    league_data = _get(data, "league", dict, "export")
    league_id = _id(league_data, "id", "league")
    if db.session.get(League, league_id) is not None:
        raise ServiceError(409, _("league {id} already exists here", id=league_id), code="league_exists")
    scope = scopes.league_scope(league_id)
    try:
        players: dict[str, Player] = {}
        names_seen: set[str] = set()
        for index, entry in enumerate(_get(data, "players", list, "export")):
            where = f"players.{index}"
            player_id = _id(entry, "id", where)
            _unique(set(players), player_id, f"{where}.id")
            name = clean_name(_get(entry, "name", str, where), f"{where}.name")
            _unique(names_seen, name_key(name), f"{where}.name")
            if db.session.get(Player, player_id) is not None:
                raise ServiceError(
                    409, _("player {id} already exists here", id=player_id), code="player_exists", field=f"{where}.id"
                )
            player = Player(id=player_id, name=name, scope=scope)
            db.session.add(player)
            players[player_id] = player
        league = League(
            id=league_id,
            name=league_name(_get(league_data, "name", str, "league")),
            created_at=_when(_get(league_data, "created_at", str, "league"), "league.created_at"),
        )
        members: set[str] = set()
        for index, player_id in enumerate(_get(data, "members", list, "export")):
            if not isinstance(player_id, str) or player_id not in players:
                raise _refuse(_("member {id} is not among the exported players", id=repr(player_id)), "members")
            _unique(members, player_id, f"members.{index}")
            league.members.append(LeagueMember(player=players[player_id]))
        season_ids: set[str] = set()
        for index, entry in enumerate(_get(data, "seasons", list, "export")):
            where = f"seasons.{index}"
            season_id = _id(entry, "id", where)
            _unique(season_ids, season_id, f"{where}.id")
            if db.session.get(Season, season_id) is not None:
                raise ServiceError(409, _("season {id} already exists here", id=season_id), code="season_exists")
            season = checked_season(
                _get(entry, "name", str, where),
                _day(_get(entry, "starts_on", str, where), f"{where}.starts_on"),
                _day(_get(entry, "ends_on", str, where), f"{where}.ends_on"),
                _get(entry, "games", list, where),
                _get(entry, "min_matches", int, where),
                where=f"{where}.",
            )
            season.id = season_id
            league.seasons.append(season)
        db.session.add(league)
        db.session.flush()
        db.session.add(LeagueRole(league_id=league.id, user_id=actor.user_id, role=access.OWNER))
        entries = _get(data, "matches", list, "export")
        seen: set[str] = set()
        match_ids = []
        for index, entry in enumerate(entries):
            match_id = _id(entry, "id", f"matches.{index}")
            _unique(seen, match_id, f"matches.{index}.id")
            match_ids.append(match_id)
        _refuse_existing_matches(match_ids)
        # One flush at the commit writes every match in a few batched INSERTs; flushing
        # before each match's id check would cost thousands of round trips.
        with db.session.no_autoflush:
            for index, entry in enumerate(entries):
                _import_match(entry, f"matches.{index}", league, players, actor)
        league_audit.record(
            league.id, actor, "league.import",
            after={"name": league.name, "players": len(players), "matches": len(match_ids)},
        )
        db.session.commit()
    except ServiceError:
        db.session.rollback()
        raise
    except IntegrityError:
        db.session.rollback()
        raise ServiceError(409, _("this export clashes with what is stored here"), code="import_conflict") from None
    return league


def _refuse_existing_matches(match_ids: list[str]) -> None:
    """409 for the first exported match already stored here (a few queries, not one per match)."""
    for start in range(0, len(match_ids), 1000):
        chunk = match_ids[start : start + 1000]
        found = set(db.session.scalars(select(Match.id).where(Match.id.in_(chunk))))
        for match_id in chunk:
            if match_id in found:
                raise ServiceError(409, _("match {id} already exists here", id=match_id), code="match_exists")


def _import_match(entry: Any, where: str, league: League, players: dict[str, Player], actor: Actor) -> None:
    match_id = _id(entry, "id", where)
    try:
        game = get_game(_get(entry, "game", str, where))
    except KeyError:
        raise _refuse(_("{where}: unknown game", where=where), f"{where}.game") from None
    seat_ids = _get(entry, "players", list, where)
    if any(not isinstance(player_id, str) or player_id not in players for player_id in seat_ids):
        raise _refuse(_("{where}: a seat names a player who is not in the export", where=where), f"{where}.players")
    if len(set(seat_ids)) != len(seat_ids):
        raise _refuse(_("{where}: one player, one seat", where=where), f"{where}.players")
    try:
        table = game.table([players[player_id].name for player_id in seat_ids], _get(entry, "options", dict, where))
    except RuleError as error:
        raise _refuse(_("{where}: {refusal}", where=where, refusal=error.message), f"{where}.options") from None
    rounds = _get(entry, "rounds", list, where)
    created_at = _when(_get(entry, "created_at", str, where), f"{where}.created_at")
    updated_at = _when(_get(entry, "updated_at", str, where), f"{where}.updated_at")
    table_check = entry.get("table_check", False)
    if not isinstance(table_check, bool):
        raise _refuse(_("{where}: {key} has the wrong type", where=where, key="table_check"), f"{where}.table_check")
    match = Match(
        id=match_id,
        game=game.id,
        league_id=league.id,
        options=dict(table.options),
        sides=[list(side) for side in table.sides],
        totals=[0 for _ in table.sides],
        winners=[],
        created_at=created_at,
        updated_at=updated_at,
        table_check=table_check,
        seats=[Seat(seat=seat, player=players[player_id]) for seat, player_id in enumerate(seat_ids)],
    )
    for index, round_entry in enumerate(rounds):
        round_where = f"{where}.rounds.{index}"
        number = _get(round_entry, "number", int, round_where)
        if number != index + 1:
            raise _refuse(_("{where}: rounds must be numbered 1, 2, 3, ...", where=where), f"{where}.rounds")
        match.rounds.append(
            Round(
                number=number,
                confirmed=True,
                input=_get(round_entry, "input", dict, round_where),
                scores=[],
                created_at=_when(_get(round_entry, "created_at", str, round_where), round_where),
            )
        )
    db.session.add(match)
    try:
        view = view_of(match)
    except RuleError as error:
        raise _refuse(
            _("{where} (match {id}): {refusal}", where=where, id=match_id, refusal=error.message), f"{where}.rounds"
        ) from None
    for round_, scored in zip(match.rounds, view.state.rounds, strict=True):
        round_.scores = list(scored.score.scores)
    match.round_count = len(view.state.rounds)
    match.totals = list(view.state.totals)
    match.finished = view.state.finished
    match.winners = list(view.state.winners)
    match.result = result_text(seat_ids, match.sides, match.totals, match.winners)
    audit(match, actor, "match.import", after={"league": league.id, "rounds": len(view.state.rounds)})


#: A cell a spreadsheet would read as a formula (OWASP: CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def safe_cell(value: Any) -> Any:
    """A CSV cell that opens as text: one starting with = + - @ tab or carriage return
    gets a leading apostrophe (a plain negative number stays a number)."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def export_csv(league_id: str, kind: str, actor: Actor) -> str:
    """The league's matches (one row each) or rounds (one row each) as CSV; the rounds'
    explanations are replayed in the caller's language (one language per file)."""
    league = read_league(league_id, actor)
    out = io.StringIO()
    cells = csv.writer(out)

    def write(row: list[Any]) -> None:
        cells.writerow([safe_cell(value) for value in row])

    matches = league_matches(league.id)
    if kind == "matches":
        write(["match_id", "game", "played_at", "players", "sides", "rounds", "totals", "finished", "winners", "options"])
        for match in matches:
            names = [seat.player.name for seat in match.seats]
            sides = [" & ".join(names[seat] for seat in side) for side in match.sides]
            write([
                match.id, match.game, match.created_at.isoformat(), "; ".join(names), "; ".join(sides),
                match.round_count, "; ".join(map(str, match.totals)), match.finished,
                "; ".join(sides[index] for index in match.winners),
                # The frozen options (house rules included) the match was played under.
                json.dumps(match.options, separators=(",", ":"), sort_keys=True),
            ])
    else:
        write(["match_id", "game", "round", "dealer", "input", "scores", "explanation"])
        for match in matches:
            view = view_of(match)
            for scored in view.state.rounds:
                write([
                    match.id, match.game, scored.number, view.table.name(scored.dealer),
                    json.dumps(scored.input, separators=(",", ":")), "; ".join(map(str, scored.score.scores)),
                    " | ".join(scored.score.explanation),
                ])
    return out.getvalue()
