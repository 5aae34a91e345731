"""Builds the benchmark data set in a fresh database: matches to GET and POST to, and synthetic leagues.

Every round stored here is a legal input accepted by the rules engine, and every score,
total and winner was computed by the engine (nothing is made up):

- single matches (5 and 200 rounds) and the POST targets go through the service layer,
  exactly as the API would create them;
- the leagues of 1,000 and 10,000 matches are played out in memory by the engine
  (random legal rounds, retried until the engine accepts them) and then written with
  bulk INSERTs, because 10,000 matches through HTTP or the ORM one by one would take
  minutes and the benchmark is about reading them, not writing them.

Usage: python -m bench.seed DATABASE_URL FIXTURES_JSON [--post-matches 64] [--post-sets N] [--leagues 1000,10000]
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is on sys.path and the project root is not: import from the root.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

import argparse
import inspect
import json
import os
import random
import time
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert  # noqa: E402

from scorekeeper.engine.core.base import MatchState, Table  # noqa: E402
from scorekeeper.engine.games import all_games, get_game  # noqa: E402
from tests.support import legal_rounds  # noqa: E402

# A Nameless match that never ends: rounds can be posted to it for the whole run.
ENDLESS = {"target": 1_000_000}
# Partnership Nameless with no loner scores each team its tricks: always legal, never a bonus.
NAMELESS_ROUND = {"tricks": [2, 1, 1, 1]}
ROSTER = [f"Bench {name}" for name in (
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou",
)]


# --------------------------------------------------------------------------- legal random rounds
# The generators live with the tests (tests/support/generators/, one module a game, played by
# tests/support/legal_rounds.py), which play with them too.


def play_match(rng: random.Random, game_id: str, players: list[str]) -> tuple[Table, MatchState]:
    """A finished match of random legal rounds, played by the engine."""
    return legal_rounds.play_match(rng, get_game(game_id), players)


def player_counts(game_id: str) -> tuple[int, ...]:
    return legal_rounds.generator_for(get_game(game_id))[0]


# --------------------------------------------------------------------------- writing


def make_app(url: str):
    from scorekeeper import create_app

    return create_app({"SQLALCHEMY_DATABASE_URI": url, "TESTING": False})


def upgrade_schema(app) -> None:
    from flask_migrate import upgrade

    with app.app_context():
        upgrade()


def seed_league(rng: random.Random, league_id: str, n_matches: int, player_ids: dict[str, str]) -> dict[str, Any]:
    """Play `n_matches` finished matches of every game and bulk-insert them into league `league_id`."""
    from scorekeeper.extensions import db
    from scorekeeper.models import League, LeagueMember, Match, Round, Seat, new_id
    from scorekeeper.services.match_records import result_text

    started = time.perf_counter()
    matches, seats, rounds = [], [], []
    day_one = datetime(2025, 1, 1, 19, 0)
    game_ids = [game.id for game in all_games()]
    for index in range(n_matches):
        game_id = game_ids[index % len(game_ids)]
        players = rng.sample(ROSTER, rng.choice(player_counts(game_id)))
        table, state = play_match(rng, game_id, players)
        match_id = new_id()
        # Spread over about two years of league nights, a few matches a night, in order.
        played = day_one + timedelta(minutes=index * (2 * 365 * 24 * 60 // n_matches))
        matches.append({
            "id": match_id, "game": game_id, "league_id": league_id, "options": dict(table.options),
            "sides": [list(side) for side in table.sides], "version": 1 + len(state.rounds),
            "created_at": played, "updated_at": played, "round_count": len(state.rounds),
            "totals": list(state.totals), "finished": state.finished, "winners": list(state.winners),
            "result": result_text([player_ids[name] for name in players], table.sides, state.totals, state.winners),
        })
        seats.extend({"match_id": match_id, "seat": seat, "player_id": player_ids[name]} for seat, name in enumerate(players))
        rounds.extend(
            {
                "match_id": match_id, "number": scored.number, "input": scored.input,
                "scores": list(scored.score.scores),
                "idempotency_key": None, "created_at": played, "updated_at": played,
            }
            for scored in state.rounds
        )
    played_s = time.perf_counter() - started
    # Chunks keep each executemany's parameter list (and PostgreSQL's packets) moderate.
    for table, rows in ((Match, matches), (Seat, seats), (Round, rounds)):
        for start in range(0, len(rows), 5000):
            db.session.execute(insert(table), rows[start : start + 5000])
    db.session.execute(
        insert(LeagueMember), [{"league_id": league_id, "player_id": pid} for pid in player_ids.values()]
    )
    db.session.query(League).filter(League.id == league_id).update({League.version: League.version + 1})
    db.session.commit()
    return {
        "matches": n_matches, "rounds": len(rounds), "engine_s": round(played_s, 2),
        "insert_s": round(time.perf_counter() - started - played_s, 2),
    }


def anonymous_actor():
    try:
        from scorekeeper.services import ANONYMOUS
    except ImportError:  # an app without accounts takes no actor at all
        return None
    return ANONYMOUS


def bench_account(fixtures: dict[str, Any]):
    """An account with an API token (in fixtures["token"]) when the app has accounts; else None."""
    try:
        from scorekeeper.services import Actor, accounts
    except ImportError:
        return None
    user = accounts.register("bench", "bench-password-" + os.urandom(8).hex())
    _token, secret = accounts.create_token(user, "bench")
    fixtures["token"] = secret
    return Actor(user_id=user.id, label="bench")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("fixtures")
    parser.add_argument("--post-matches", type=int, default=64, help="matches per POST set")
    parser.add_argument("--post-sets", type=int, default=1, help="one set per POST run")
    parser.add_argument("--leagues", default="1000,10000", help="league sizes, comma-separated")
    args = parser.parse_args()

    app = make_app(args.url)
    upgrade_schema(app)
    rng = random.Random(20261130)  # the same synthetic data on every run and database
    from scorekeeper.services import leagues as league_service
    from scorekeeper.services import matches as service

    fixtures: dict[str, Any] = {"url": args.url, "token": None}
    with app.app_context():
        # The app may check who is asking (accounts and league roles): when it does, the
        # bench acts as one account, whose API token the load generator sends.
        owner = bench_account(fixtures)

        def call(function, *positional, actor=None, **named):
            if "actor" in inspect.signature(function).parameters:
                named["actor"] = actor
            return function(*positional, **named)

        def endless(rounds: int) -> str:
            # Started and scored anonymously, like a phone at a table: whoever has the link
            # may post rounds, so the load generator needs no account for these.
            anonymous = anonymous_actor()
            view = call(service.create_match, "nameless", ["Bench Ann", "Bench Bob", "Bench Cid", "Bench Dee"], ENDLESS,
                        actor=anonymous)
            for _ in range(rounds):
                call(service.record_round, view.match.id, dict(NAMELESS_ROUND), actor=anonymous)
            return view.match.id

        fixtures["match_5"] = endless(5)
        fixtures["match_200"] = endless(200)
        # POST targets start with 5 rounds, like the match that GET is measured on. Every
        # POST run gets a fresh set: a write replays the match, so rounds left by one run
        # would slow the next.
        fixtures["post_sets"] = [
            {"many": [endless(5) for _ in range(args.post_matches)], "one": endless(5)}
            for _ in range(args.post_sets)
        ]

        league = call(league_service.create_league, "Bench roster", ROSTER, actor=owner)
        player_ids = {member.player.name: member.player_id for member in league.members}
        fixtures["leagues"] = {}
        for size in (int(part) for part in args.leagues.split(",") if part):
            league = call(league_service.create_league, f"Bench {size}", [], actor=owner)
            info = seed_league(rng, league.id, size, player_ids)
            info["id"] = league.id
            fixtures["leagues"][str(size)] = info
            print(f"seeded league of {size} matches ({info['rounds']} rounds): engine {info['engine_s']} s, "
                  f"insert {info['insert_s']} s", file=sys.stderr)
    Path(args.fixtures).write_text(json.dumps(fixtures, indent=1))


if __name__ == "__main__":
    os.environ.setdefault("FLASK_DEBUG", "0")
    main()
