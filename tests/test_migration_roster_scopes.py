"""The roster-scope migration on real data: every league keeps its whole history with
players of its own, casual matches keep theirs, on SQLite and PostgreSQL."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import LeagueMember, Player, Seat, User
from scorekeeper.services.leagues import get_league, league_standings
from tests.support.migration_helpers import MIGRATIONS, app_at_revision, insert
from tests.support.picks import a_game, with_sides

BEFORE = "5e1d0c7a9b42"
DAY = datetime(2026, 11, 1, 20, 0)
# The stored matches' game: any registered game that seats two, each on their own
# (the rows are the old schema's, the game is only their label).
GAME = a_game(
    "for two, each on their own",
    lambda game: all(game.min_players <= n <= game.max_players and not with_sides(game, n) for n in (2,)),
)


@pytest.fixture
def old_app(tmp_path) -> Iterator[Flask]:
    """An app on a database of its own, built up to the revision before the scopes."""
    with app_at_revision(tmp_path, BEFORE) as app:
        yield app


def old_match(connection, match_id: str, players: list[str], *, league=None, created_by=None, winner=0) -> None:
    """A finished two-player match, as the old schema stored it."""
    insert(
        connection, "matches", id=match_id, game=GAME.id, league_id=league, created_by=created_by,
        options=dict(GAME.table(players).options), sides=[[0], [1]], version=3, created_at=DAY, updated_at=DAY, round_count=1,
        totals=[5, 0] if winner == 0 else [0, 5], finished=True, winners=[winner], table_check=False,
    )
    for seat, player in enumerate(players):
        insert(connection, "seats", match_id=match_id, seat=seat, player_id=player)


def test_every_league_keeps_its_history_with_players_of_its_own(old_app):
    with old_app.app_context(), db.engine.begin() as connection:
        for player_id, name in (("ann", "Ann"), ("bob", "Bob"), ("cid", "Cid"), ("dee", "Dee"), ("zed", "Zed")):
            insert(connection, "players", id=player_id, name=name, name_key=name.casefold(), created_at=DAY)
        insert(connection, "users", id="uli", username="Uli", username_key="uli", password_hash="x", created_at=DAY)
        insert(connection, "users", id="uli2", username="Ulі", username_key="ulі", password_hash="x", created_at=DAY)
        insert(connection, "leagues", id="older", name="Thursday", version=1, created_at=DAY)
        insert(connection, "leagues", id="newer", name="Sunday", version=1, created_at=datetime(2026, 11, 2))
        for league, players in (("older", ("ann", "bob", "cid")), ("newer", ("ann", "bob", "dee"))):
            for player in players:
                insert(connection, "league_members", league_id=league, player_id=player, joined_at=DAY)
        old_match(connection, "m1", ["ann", "bob"], league="older")
        old_match(connection, "m2", ["ann", "bob"], league="newer", winner=1)
        old_match(connection, "m3", ["ann", "dee"], created_by="uli")
        old_match(connection, "m4", ["bob", "cid"])
        insert(connection, "device_matches", device_id="phone1", match_id="m4", seen_at=DAY)
        old_match(connection, "m5", ["ann", "cid"])
        insert(connection, "cached_results", key="league:older:standings:None:None", version=1, value="{}", computed_at=DAY)

    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        seats = {(seat.match_id, seat.seat): seat.player for seat in db.session.scalars(select(Seat))}
        # The oldest league keeps the original players (and their URLs).
        assert seats[("m1", 0)].id == "ann" and seats[("m1", 0)].scope == "league:older"
        # The other league has an Ann of its own, holding its match and membership.
        sunday_ann = seats[("m2", 0)]
        assert sunday_ann.id != "ann" and sunday_ann.name == "Ann" and sunday_ann.scope == "league:newer"
        sunday_members = {m.player.name: m.player for m in db.session.scalars(select(LeagueMember).where(LeagueMember.league_id == "newer"))}
        assert set(sunday_members) == {"Ann", "Bob", "Dee"} and sunday_members["Ann"] is sunday_ann
        assert all(player.scope == "league:newer" for player in sunday_members.values())
        # Casual matches: the account's, the first device's, and one nobody can reach.
        assert seats[("m3", 0)].scope == "user:uli" and seats[("m3", 1)].scope == "user:uli"
        assert seats[("m4", 0)].scope == "device:phone1" and seats[("m4", 1)].scope == "device:phone1"
        assert seats[("m5", 0)].scope == "unclaimed"
        assert db.session.get(Player, "zed").scope == "unclaimed"
        # Nothing was lost: every seat still has its player, and each league's standings
        # (recomputed: the cache was dropped) are its own.
        assert len(seats) == 10
        for league_id, winner in (("older", "Ann"), ("newer", "Bob")):
            rows = league_standings(get_league(league_id))["rows"]
            assert {row["name"] for row in rows} >= {"Ann", "Bob"}
            assert next(row for row in rows if row["name"] == winner)["wins"] == 1
        # Look-alike accounts made before the check both stay; the first keeps the skeleton.
        assert db.session.get(User, "uli").username_skeleton == "uli"
        assert db.session.get(User, "uli2").username_skeleton is None
