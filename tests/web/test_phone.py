"""The phone's engine entry points (engine/phone.py) on the server's interpreter, and the
versioned engine bundle, Pyodide and worker addresses (web/engine_bundle.py)."""
from __future__ import annotations

import base64
import json
import random
import re
import sys
from pathlib import Path

import pytest

from scorekeeper.engine import phone
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games, get_game
from tests.support import legal_rounds
from tests.support.data import first_round, players_for
from tests.support.game_copies import original_games

REPO = Path(__file__).resolve().parents[2]
ENGINE_META = re.compile(r'<meta name="scorekeeper-engine" content="([^"]+)"')


def evaluate(**request) -> dict:
    return json.loads(phone.evaluate(json.dumps(request)))


def recorded(client, game_id: str, seed: str) -> dict:
    game = get_game(game_id)
    counts, options, _generate = legal_rounds.generator_for(game)
    rng = random.Random(seed)
    players = [f"P{seat}" for seat in range(rng.choice(counts))]
    _table, state = legal_rounds.play_match(rng, game, players)
    match = client.post("/api/v1/matches", json={"game": game_id, "players": players, "options": options}).get_json()
    for scored in state.rounds:
        response = client.post(f"/api/v1/matches/{match['id']}/rounds?number={scored.number}", json=scored.input)
        assert response.status_code == 201
    return client.get(f"/api/v1/matches/{match['id']}").get_json()


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_the_phone_replays_a_match_as_the_server_does(client, game_id):
    server = recorded(client, game_id, f"phone-{game_id}")
    with client.application.test_request_context():
        answer = evaluate(match=server, queued=[], form=None)
        as_queued = evaluate(match={**server, "rounds": []}, queued=[{"input": r["input"]} for r in server["rounds"]])
    assert [(r["number"], r["scores"], r["explanation"]) for r in answer["rounds"]] == [
        (r["number"], r["scores"], r["explanation"]) for r in server["rounds"]
    ]
    assert answer["totals"] == server["totals"] and answer["finished"] == server["finished"]
    assert answer["next"] == server["next"] and answer["details"] == server["details"]
    assert not any(r["provisional"] for r in answer["rounds"])
    assert [r["scores"] for r in as_queued["rounds"]] == [r["scores"] for r in server["rounds"]]
    assert all(r["provisional"] for r in as_queued["rounds"]) and as_queued["queue_error"] is None


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_a_queued_round_that_no_longer_holds_is_named(client, game):
    players = players_for(game)
    match = client.post("/api/v1/matches", json={"game": game.id, "players": players}).get_json()
    with client.application.test_request_context():
        answer = evaluate(match=match, queued=[{"input": first_round(game, players)}, {"input": {}}])
    assert answer["queue_error"]["number"] == 2 and answer["queue_error"]["message"].startswith("round 2:")
    assert len(answer["rounds"]) == 1


def test_the_pages_name_the_engine_and_it_is_served_versioned(client):
    page = client.get("/offline").get_data(as_text=True)
    worker_url = ENGINE_META.search(page).group(1)
    worker = client.get(worker_url)
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert "'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    assert "immutable" in worker.headers["Cache-Control"]
    source = worker.get_data(as_text=True)
    pyodide_url = re.search(r'from "([^"]+)pyodide\.mjs"', source).group(1)
    bundle_url = re.search(r'fetch\("(/engine/bundle-\w+\.json)"\)', source).group(1)
    bundle = client.get(bundle_url).get_json()
    # The phone gets the engine folder, exactly: every file of it and nothing else.
    engine = {str(path.relative_to(REPO)) for path in (REPO / "scorekeeper" / "engine").rglob("*.py")}
    assert set(bundle["files"]) == engine | {"scorekeeper/__init__.py"}
    for game in original_games():  # every game's engine and adapter go to the phone (a copy is the tests' own)
        for module in (type(game).__module__, type(adapter_for(game)).__module__):
            assert str(Path(sys.modules[module].__file__).relative_to(REPO)) in bundle["files"], module
    assert bundle["files"]["scorekeeper/engine/core/base.py"] == open("scorekeeper/engine/core/base.py", encoding="utf-8").read()
    assert base64.b64decode(bundle["catalogs"]["de"])[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")
    assert client.get(pyodide_url + "pyodide.mjs").status_code == 200
    assert client.get(pyodide_url + "pyodide.asm.wasm", headers={"Accept-Encoding": "br"}).headers["Content-Encoding"] == "br"
    assert client.get(pyodide_url + "package.json").status_code == 404
    assert client.get("/engine/bundle-000000000000.json").status_code == 404
    service_worker = client.get("/sw.js").get_data(as_text=True)
    assert json.dumps(bundle_url) in service_worker and json.dumps(worker_url) in service_worker
