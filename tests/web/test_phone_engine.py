"""The phone's engine worker (Pyodide running scorekeeper/engine) scores random matches of
every game exactly as the server does, explanations and words included: the very worker
script, run under Node with Pyodide from node_modules, one boot for the session."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.config import PROJECT_ROOT
from scorekeeper.engine.games import get_game
from scorekeeper.web import engine_bundle
from tests.support import legal_rounds
from tests.support.game_copies import original_games

HERE = Path(__file__).parent
BOOT_TIMEOUT_S = 120


class NodeEngine:
    """The worker in a Node process: ask(language, request) -> the worker's answer."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.process = process
        self.asked = 0
        self.ready = self.read()
        assert self.ready.get("ready") is True, self.ready

    def read(self) -> dict:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, f"the engine under Node stopped: {self.process.stderr.read() if self.process.stderr else ''}"
        return json.loads(line)

    def ask(self, language: str, request: dict) -> dict:
        assert self.process.stdin is not None
        self.asked += 1
        self.process.stdin.write(json.dumps({"id": self.asked, "language": language, "request": request}) + "\n")
        self.process.stdin.flush()
        reply = self.read()
        assert reply.get("id") == self.asked and "error" not in reply, reply
        return reply["answer"]


@pytest.fixture(scope="session")
def node_engine(app, tmp_path_factory) -> Iterator[NodeEngine]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run the phone's engine (bin/setup installs the npm packages with it)")
    folder = tmp_path_factory.mktemp("engine")
    with app.app_context():
        source = engine_bundle.worker_source()
        bundle_url = f"/engine/bundle-{engine_bundle.bundle()['version']}.json"
        (folder / "bundle.json").write_text(json.dumps(engine_bundle.bundle()), encoding="utf-8")
        pyodide = engine_bundle.pyodide_url()
    # The worker's two server addresses, pointed at the files the server would send.
    source = source.replace(f'"{pyodide}pyodide.mjs"', json.dumps(str(PROJECT_ROOT / "node_modules/pyodide/pyodide.mjs")))
    source = source.replace(f'"{pyodide}"', json.dumps(str(PROJECT_ROOT / "node_modules/pyodide") + "/"))
    source = source.replace(f'"{bundle_url}"', '"bundle.json"')
    worker = folder / "engine-worker.mjs"
    worker.write_text(source, encoding="utf-8")
    process = subprocess.Popen(
        [node, str(HERE / "engine_under_node.mjs"), str(worker), str(folder / "bundle.json")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=folder,
    )
    try:
        yield NodeEngine(process)
    finally:
        process.kill()
        process.wait(timeout=BOOT_TIMEOUT_S)


def post(live_server: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        live_server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def get(live_server: str, path: str, language: str) -> dict:
    request = urllib.request.Request(live_server + path, headers={"Accept-Language": language})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


# Every game the phone's engine has: the bundle holds scorekeeper/engine as files, so a game
# copied by SCOREKEEPER_TEST_GAME_COPIES=1 (registered in this process only) is not among them.
@pytest.mark.parametrize("game_id", [game.id for game in original_games()])
def test_the_phone_scores_random_matches_as_the_server_does(game_id, node_engine, live_server):
    game = get_game(game_id)
    counts, options, _generate = legal_rounds.generator_for(game)
    rng = random.Random(f"offline-{game_id}")
    players = [f"P{seat}" for seat in range(rng.choice(counts))]
    _table, state = legal_rounds.play_match(rng, game, players)
    match = post(live_server, "/api/v1/matches", {"game": game_id, "players": players, "options": options})
    for scored in state.rounds:
        post(live_server, f"/api/v1/matches/{match['id']}/rounds?number={scored.number}", scored.input)
    for language in ("en", "de", "ru"):
        server = get(live_server, f"/api/v1/matches/{match['id']}", language)
        phone = node_engine.ask(language, {"match": server, "queued": [], "form": None})
        assert [(r["number"], r["scores"]) for r in phone["rounds"]] == [
            (r["number"], r["scores"]) for r in server["rounds"]
        ]
        assert [r["explanation"] for r in phone["rounds"]] == [r["explanation"] for r in server["rounds"]]
        assert phone["totals"] == server["totals"] and phone["finished"] == server["finished"]
        assert phone["winners"] == [" & ".join(players[seat] for seat in server["sides"][side]) for side in server["winners"]]
        assert phone["details"] == server["details"] and phone["next"] == server["next"]
        # Replaying them as queued rounds on an empty match gives the same scores too.
        empty = {**server, "rounds": []}
        queued = node_engine.ask(language, {"match": empty, "queued": [{"input": r["input"]} for r in server["rounds"]], "form": None})
        assert [r["scores"] for r in queued["rounds"]] == [r["scores"] for r in server["rounds"]]
        assert queued["queue_error"] is None
