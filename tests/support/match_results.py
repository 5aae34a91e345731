"""A league's results as the services serve them, and the cache of them forgotten."""
from __future__ import annotations

from scorekeeper.engine.games import all_games
from scorekeeper.extensions import db
from scorekeeper.models import CachedResult, LeagueLedger, RatingCheckpoint


def served(client, league_id: str) -> dict[str, object]:
    """Everything the league serves, and its standings and ratings of every game."""
    paths = ["standings", "ratings", "head-to-head", "records"]
    paths += [f"{view}?game={game.id}" for game in all_games() for view in ("standings", "ratings")]
    return {path: client.get(f"/api/v1/leagues/{league_id}/{path}").json for path in paths}


def forget(app) -> None:
    with app.app_context():
        for table in (LeagueLedger, RatingCheckpoint, CachedResult):
            db.session.execute(table.__table__.delete())
        db.session.commit()
