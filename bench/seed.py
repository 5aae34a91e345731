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

from scorekeeper.games import RuleError, get_game  # noqa: E402
from scorekeeper.games.base import MatchState, Table  # noqa: E402

SUITS4 = ("clubs", "diamonds", "hearts", "spades")
# A Nameless match that never ends: rounds can be posted to it for the whole run.
ENDLESS = {"target": 1_000_000}
# Partnership Nameless with no loner scores each team its tricks: always legal, never a bonus.
NAMELESS_ROUND = {"tricks": [2, 1, 1, 1]}
ROSTER = [f"Bench {name}" for name in (
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou",
)]


# --------------------------------------------------------------------------- legal random rounds


def split(rng: random.Random, total: int, parts: int, minimum: list[int] | None = None) -> list[int]:
    """A random composition of `total` into `parts` non-negative parts (at least `minimum`)."""
    floor = minimum or [0] * parts
    rest = total - sum(floor)
    cuts = sorted(rng.randint(0, rest) for _ in range(parts - 1))
    bounds = [0, *cuts, rest]
    return [low + (b - a) for low, a, b in zip(floor, bounds, bounds[1:])]


def nwik_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    style = rng.choice(hints["available_styles"])
    raw: dict[str, Any] = {"style": style, "stake": rng.choice(hints["available_stakes"])}
    effective = style
    if style == 6:
        effective = raw["acting_style"] = rng.choice(hints["acting_styles_if_pass"])
    if effective == 2:
        raw["trump"] = rng.choice(["hearts", "diamonds", "clubs"])
    if effective == 5:
        raw["vip_card"] = rng.randint(1, 3)
        raw["trump"] = rng.choice(SUITS4)
    raw["tricks"] = split(rng, 13 if table.n == 3 else 17, table.n)
    return raw


def nameless_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    return {"tricks": split(rng, 5 if table.n <= 4 else 4, table.n)}


def zwicker_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    n_sides = len(table.sides)
    holders = [rng.randrange(n_sides) for _ in hints["honours"]]
    honours = [[code for code, holder in zip(hints["honours"], holders) if holder == side] for side in range(n_sides)]
    cards = split(rng, hints["deck_size"], n_sides, [len(h) for h in honours])
    return {
        "sides": [
            {"cards": cards[side], "zwicks": rng.randint(0, min(2, cards[side] // 2)), "honours": honours[side]}
            for side in range(n_sides)
        ]
    }


def spades_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    bids = [rng.randint(1, 5) for _ in range(4)]
    if rng.random() < 0.1:
        bids[rng.randrange(4)] = "nil"  # one nil per side is allowed by default
    tricks = split(rng, 13, 4)
    return {"bids": bids, "tricks": tricks}


def willi_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    hints = state.next
    cards = hints["cards"]
    bids = [rng.randint(0, cards) for _ in range(table.n)]
    dealer = hints["dealer"]
    if sum(bids) == cards:  # the dealer's rule: the calls may not add up to the cards
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
    trump = "none" if hints["kind"] == "no_trump" else rng.choice(SUITS4)
    return {"trump": trump, "bids": bids, "tricks": split(rng, cards, table.n)}


# game id -> (player counts, options for league play, round generator). Targets are the
# games' defaults except Spades, shortened so a match is a handful of hands, not dozens.
GAMES = {
    "nwik": ((2, 3), {}, nwik_round),
    "nameless": ((2, 3, 4), {}, nameless_round),
    "zwicker": ((2, 3, 4), {}, zwicker_round),
    "spades": ((4,), {"target": 250}, spades_round),
    "willi-stich": ((3, 4, 5, 6), {}, willi_round),
}
MAX_ROUNDS = 60


def play_match(rng: random.Random, game_id: str, players: list[str]) -> tuple[Table, MatchState]:
    """A finished match of random legal rounds, played by the engine."""
    counts, options, generate = GAMES[game_id]
    game = get_game(game_id)
    while True:
        table = game.table(players, dict(options))
        state = game.initial_state(table)
        while not state.finished and len(state.rounds) < MAX_ROUNDS:
            for _attempt in range(200):
                try:
                    state = game.play(table, state, generate(rng, table, state))
                    break
                except RuleError:
                    continue
            else:
                raise RuntimeError(f"no legal {game_id} round found after 200 tries")
        if state.finished:
            return table, state


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

    started = time.perf_counter()
    matches, seats, rounds = [], [], []
    day_one = datetime(2025, 1, 1, 19, 0)
    game_ids = list(GAMES)
    for index in range(n_matches):
        game_id = game_ids[index % len(game_ids)]
        players = rng.sample(ROSTER, rng.choice(GAMES[game_id][0]))
        table, state = play_match(rng, game_id, players)
        match_id = new_id()
        # Spread over about two years of league nights, a few matches a night, in order.
        played = day_one + timedelta(minutes=index * (2 * 365 * 24 * 60 // n_matches))
        matches.append({
            "id": match_id, "game": game_id, "league_id": league_id, "options": dict(table.options),
            "sides": [list(side) for side in table.sides], "version": 1 + len(state.rounds),
            "created_at": played, "updated_at": played, "round_count": len(state.rounds),
            "totals": list(state.totals), "finished": state.finished, "winners": list(state.winners),
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
        from scorekeeper.services import Actor
        from scorekeeper.services import accounts
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
