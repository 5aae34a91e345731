"""A league night through real gunicorn workers: tables writing at once in one league are never refused, and edits and undos racing new rounds leave every match in step with its rounds."""
from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests
from sqlalchemy import select, update

from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.engine.core.base import MatchState, Table
from scorekeeper.engine.games import Game, RuleError, all_games, get_game
from scorekeeper.extensions import db
from scorekeeper.models import League, Match
from scorekeeper.services import snapshots
from scorekeeper.services.matches import replayed_view, table_for
from tests.support.picks import endless, seats
from tests.support.racing import at_once

pytestmark = pytest.mark.integration

TIMEOUT = 60.0
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def replayed(game: Game, table: Table, played: list[dict]) -> MatchState | None:
    """The match after `played`, or None where the engine refuses them."""
    try:
        return game.replay(table, played)
    except RuleError:
        return None


def runs_on(game: Game, table: Table, played: list[dict], hand: dict) -> bool:
    """Whether the match is still running after `played` and takes `hand` next."""
    after = replayed(game, table, played)
    return after is not None and not after.finished and replayed(game, table, [*played, hand]) is not None


def ends_at_round_four(game: Game, table: Table, edit: dict, hand: dict) -> bool:
    """Whether `edit` for round 1 and `hand` after it end the match at round 4, not before."""
    after = replayed(game, table, [edit, hand, hand, hand])
    return after is not None and after.finished and runs_on(game, table, [edit, hand, hand], hand)


def league_night(names: list[str]) -> tuple[str, list[str], dict, dict, dict, dict, dict]:
    """A game for the night, found by its engine: its players, options under which its match
    runs on, and a target with three legal rounds under it: HAND four times leaves the match
    running and takes a fifth; round 1 edited to FINISHING_EDIT ends the match at round 4
    (a round recorded after it would be past the match's end); round 1 (or round 2, after an
    undo of round 4) edited to PLAIN_EDIT lets it go on."""
    for game in all_games():
        if game.min_players > len(names):
            continue
        players = seats(game, names)
        found = endless(game, players)
        if found is None:
            continue
        endless_options, hands = found
        lowest = {spec.name: spec for spec in game.all_option_specs()}["target"].minimum or 1
        for target in range(lowest, lowest + 300):
            table = game.table(players, {"target": target})
            for hand in hands:
                if not runs_on(game, table, [hand] * 4, hand):
                    continue
                finishing = [edit for edit in hands if edit != hand and ends_at_round_four(game, table, edit, hand)]
                plain = [
                    edit for edit in hands
                    if edit != hand and runs_on(game, table, [edit, hand, hand, hand], hand)
                    and runs_on(game, table, [hand, edit, hand], hand)
                ]
                if finishing and plain:
                    return game.id, players, endless_options, {"target": target}, hand, finishing[0], plain[0]
    raise LookupError("no registered game has a target a round 1 edit can reach at round 4")


GAME, PLAYERS, ENDLESS, TARGET, HAND, FINISHING_EDIT, PLAIN_EDIT = league_night(NAMES)
# What a racing write may be told: the match finished, only the last round can be undone,
# the round is gone, the edit would break a later round. Never a 409 'conflict' (a
# deadlock or serialisation failure reaching the phone) and never a 5xx.
REFUSALS = {"match_finished", "not_last_round", "round_not_found"}


class Scorer:
    """A league owner's API token, used by every thread (a fresh connection per request)."""

    def __init__(self, base: str) -> None:
        self.base = base
        session = requests.Session()
        username = f"night{secrets.token_hex(4)}"
        password = "correct horse battery staple"
        reply = session.post(f"{base}/api/v1/users", json={"username": username, "password": password}, timeout=TIMEOUT)
        assert reply.status_code == 201, reply.text
        reply = session.post(f"{base}/api/v1/tokens", json={"name": "night"}, timeout=TIMEOUT)
        assert reply.status_code == 201, reply.text
        self.headers = {"Authorization": f"Bearer {reply.json()['token']}"}

    def send(self, method: str, path: str, body: Any = None) -> requests.Response:
        return requests.request(method, f"{self.base}{path}", json=body, headers=self.headers, timeout=TIMEOUT)

    def ok(self, method: str, path: str, body: Any = None, status: int = 200) -> Any:
        reply = self.send(method, path, body)
        assert reply.status_code == status, f"{method} {path}: {reply.status_code} {reply.text[:300]}"
        return reply.json() if reply.content else None

    def league(self) -> str:
        return self.ok("POST", "/api/v1/leagues", {"name": "Thursday", "members": PLAYERS}, 201)["id"]

    def match(self, league_id: str, rounds: int = 0) -> str:
        body = {"game": GAME, "players": PLAYERS, "options": TARGET, "league": league_id}
        match_id = self.ok("POST", "/api/v1/matches", body, 201)["id"]
        for _ in range(rounds):
            self.ok("POST", f"/api/v1/matches/{match_id}/rounds", HAND, 201)
        return match_id


def described(reply: Any) -> str:
    if not isinstance(reply, requests.Response):
        return repr(reply)
    return f"{reply.request.method} {reply.status_code} {reply.text[:160]}"


def refused_wrongly(reply: Any) -> bool:
    """A reply a racing write must never get: no answer, a 5xx, or a refusal that is not about the match."""
    if not isinstance(reply, requests.Response):
        return True
    if reply.status_code < 400:
        return False
    if reply.status_code == 422:
        # The edit would break a later round (the round recorded first ended the match).
        return False
    return reply.status_code != 409 or reply.json().get("error") not in REFUSALS


@pytest.fixture
def database(integration_database_url: str) -> Iterator[Any]:
    """The app's code on the database gunicorn serves, to read what was stored."""
    app = create_app(TestConfig.with_database(integration_database_url))
    # A request's context: replaying renders each round's explanation in a language.
    with app.test_request_context():
        yield db
        db.session.remove()
        db.engine.dispose()


def out_of_step(match_id: str) -> list[str]:
    """How the stored summary, result, latest snapshot and the rounds' replay of a match disagree."""
    db.session.expire_all()
    match = db.session.get(Match, match_id)
    assert match is not None
    game = get_game(match.game)
    try:
        replayed = replayed_view(match).state
    except Exception as error:  # noqa: BLE001 - a round stored after the match's end
        return [f"{match_id}: its rounds do not replay: {error}"]
    truth = (replayed.round_count, list(replayed.totals), replayed.finished, list(replayed.winners))
    found = []
    summary = (match.round_count, list(match.totals), match.finished, list(match.winners))
    if summary != truth:
        found.append(f"{match_id}: summary {summary}, replay {truth}")
    result = json.loads(match.result or "{}")
    if (result.get("totals"), result.get("winners")) != (truth[1], truth[3]):
        found.append(f"{match_id}: result {result}, replay {truth}")
    latest = snapshots.current_state(game, table_for(match, game), match_id)
    restored = (latest.round_count, list(latest.totals), latest.finished, list(latest.winners))
    if restored != truth:
        found.append(f"{match_id}: latest snapshot {restored}, replay {truth}")
    db.session.rollback()
    return found


def test_tables_writing_at_once_in_one_league_are_never_refused(gunicorn_server):
    scorer = Scorer(gunicorn_server.url)
    league_id = scorer.league()
    # Eight tables start their matches at the same moment ...
    created = at_once([lambda: scorer.send("POST", "/api/v1/matches", {
        "game": GAME, "players": PLAYERS, "options": ENDLESS, "league": league_id,
    }) for _ in range(8)], TIMEOUT, caught=(Exception,))
    refused = [described(reply) for reply in created if not isinstance(reply, requests.Response) or reply.status_code != 201]
    assert not refused, f"{len(refused)} of 8 league matches refused:\n" + "\n".join(refused)
    match_ids = [reply.json()["id"] for reply in created]

    # ... and record their rounds at once, each as fast as it can.
    def table(match_id: str) -> list[Any]:
        return [scorer.send("POST", f"/api/v1/matches/{match_id}/rounds", HAND) for _ in range(6)]

    replies = [reply for replies in at_once([lambda m=m: table(m) for m in match_ids], TIMEOUT, caught=(Exception,)) for reply in replies]
    refused = [described(reply) for reply in replies if not isinstance(reply, requests.Response) or reply.status_code != 201]
    assert not refused, f"{len(refused)} of {len(replies)} rounds refused:\n" + "\n".join(refused[:10])
    for match_id in match_ids:
        assert len(scorer.ok("GET", f"/api/v1/matches/{match_id}")["rounds"]) == 6


def test_edits_and_undos_racing_new_rounds_leave_every_match_in_step(gunicorn_server, database):
    scorer = Scorer(gunicorn_server.url)
    league_id = scorer.league()
    # Read once, the league's standings ledger is stored and then moved along by every write.
    scorer.ok("GET", f"/api/v1/leagues/{league_id}/standings")
    trials = 24
    # The matches are made at once, four at a time (to be quick; they race for nothing).
    match_ids: list[str] = []
    for start in range(0, trials, 4):
        match_ids += at_once([lambda: scorer.match(league_id, rounds=4) for _ in range(start, start + 4)], TIMEOUT,
                             caught=(Exception,))
    assert all(isinstance(match_id, str) for match_id in match_ids), match_ids

    def races(index: int, match_id: str) -> list[Callable[[], requests.Response]]:
        path = f"/api/v1/matches/{match_id}/rounds"
        record = (lambda: scorer.send("POST", path, HAND))
        kind = index % 3
        if kind == 0:
            return [lambda: scorer.send("PUT", f"{path}/1", FINISHING_EDIT), record]
        if kind == 1:
            return [lambda: scorer.send("PUT", f"{path}/1", PLAIN_EDIT), record]
        return [lambda: scorer.send("DELETE", f"{path}/4"), lambda: scorer.send("PUT", f"{path}/2", PLAIN_EDIT), record]

    # Two matches race at a time: each race is an edit (or an undo and an edit) against a new round.
    replies: list[Any] = []
    for start in range(0, trials, 2):
        calls = [call for index in range(start, start + 2) for call in races(index, match_ids[index])]
        replies += at_once(calls, TIMEOUT, caught=(Exception,))

    problems = [problem for match_id in match_ids for problem in out_of_step(match_id)]
    # What the phones and the league are served is read from the same rounds.
    for match_id in match_ids:
        for path in (f"/api/v1/matches/{match_id}", f"/matches/{match_id}"):
            reply = scorer.send("GET", path)
            if reply.status_code != 200:
                problems.append(f"GET {path}: {reply.status_code}")
    for kind in ("rounds", "matches"):
        reply = scorer.send("GET", f"/api/v1/leagues/{league_id}/export.csv?kind={kind}")
        if reply.status_code != 200:
            problems.append(f"export.csv?kind={kind}: {reply.status_code}")
    standings = scorer.send("GET", f"/api/v1/leagues/{league_id}/standings")
    # The standings moved along with every write equal the standings built afresh.
    db.session.execute(update(League).where(League.id == league_id).values(version=League.version + 1))
    db.session.commit()
    rebuilt = scorer.send("GET", f"/api/v1/leagues/{league_id}/standings")
    if (standings.status_code, standings.json()) != (rebuilt.status_code, rebuilt.json()):
        problems.append(f"standings {standings.text[:300]}, rebuilt {rebuilt.text[:300]}")
    finished = db.session.scalar(select(db.func.count()).where(Match.league_id == league_id, Match.finished.is_(True)))
    wrong = [described(reply) for reply in replies if refused_wrongly(reply)]
    assert not problems and not wrong, failure(
        f"{len(problems)} problems in {trials} races ({finished} matches finished):\n" + "\n".join(problems[:20])
        + f"\n{len(wrong)} replies no racing write may get:\n" + "\n".join(wrong[:10]),
        gunicorn_server,
    )


def failure(message: str, server) -> str:
    return f"{message}\n--- {server.log_path}, last lines ---\n{server.log(30)}"
