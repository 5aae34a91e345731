"""The result-column migration on real data: every league match gets its seats and summary as one text (in batches), casual matches none, on SQLite and PostgreSQL."""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Match, Seat
from scorekeeper.services.leagues import get_league, league_standings
from tests.support.migration_helpers import MIGRATIONS, app_at_revision, insert
from tests.support.picks import a_game, with_sides

BEFORE = "e7a3c5d92f18"
DAY = datetime(2026, 11, 1, 20, 0)
#: more than one batch of the migration (2,000)
LEAGUE_MATCHES = 2100
# The stored matches' game: any registered game that seats two and three, each on their own
# (the rows are the old schema's, the game is only their label).
GAME = a_game(
    "for two and three, each on their own",
    lambda game: all(game.min_players <= n <= game.max_players and not with_sides(game, n) for n in (2, 3)),
)


@pytest.fixture
def old_app(tmp_path) -> Iterator[Flask]:
    with app_at_revision(tmp_path, BEFORE) as app:
        yield app


def test_every_league_match_gets_its_result(old_app):
    names = ("ann", "bob", "cid")
    with old_app.app_context(), db.engine.begin() as connection:
        for player_id in names:
            insert(connection, "players", id=player_id, scope="league:thu", name=player_id.title(), name_key=player_id, created_at=DAY)
        insert(connection, "leagues", id="thu", name="Thursday", version=1, created_at=DAY)
        for player_id in names:
            insert(connection, "league_members", league_id="thu", player_id=player_id, joined_at=DAY)
        for number in range(LEAGUE_MATCHES + 1):
            league = "thu" if number < LEAGUE_MATCHES else None
            seated = [names[number % 3], names[(number + 1) % 3]] + ([names[(number + 2) % 3]] if number % 2 else [])
            totals = [5, number % 4] + ([number % 6] if number % 2 else [])
            winners = [side for side, total in enumerate(totals) if total == max(totals)]
            match_id = f"m{number:05d}"
            insert(
                connection, "matches", id=match_id, game=GAME.id, league_id=league, options=dict(GAME.table(seated).options),
                sides=[[seat] for seat in range(len(seated))], version=2, created_at=DAY + timedelta(minutes=number),
                updated_at=DAY, round_count=1, totals=totals, finished=True, winners=winners, table_check=False,
            )
            for seat, player_id in enumerate(seated):
                insert(connection, "seats", match_id=match_id, seat=seat, player_id=player_id)

    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        seats: dict[str, list[str]] = {}
        for seat in db.session.scalars(select(Seat).order_by(Seat.match_id, Seat.seat)):
            seats.setdefault(seat.match_id, []).append(seat.player_id)
        checked = 0
        for match in db.session.scalars(select(Match)):
            if match.league_id is None:
                assert match.result is None
                continue
            assert json.loads(match.result or "null") == {
                "players": seats[match.id], "sides": match.sides, "totals": match.totals, "winners": match.winners,
            }
            checked += 1
        assert checked == LEAGUE_MATCHES
        # The league read from the results: every match counted, each win where the seats say.
        rows = {row["player_id"]: row for row in league_standings(get_league("thu"))["rows"]}
        assert sum(row["played"] for row in rows.values()) == sum(len(seats[f"m{n:05d}"]) for n in range(LEAGUE_MATCHES))
        expected_wins = {name: 0 for name in names}
        for match in db.session.scalars(select(Match).where(Match.league_id == "thu")):
            for side in match.winners:
                expected_wins[seats[match.id][side]] += 1
        assert {player: row["wins"] for player, row in rows.items()} == expected_wins
