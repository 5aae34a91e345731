"""The phone's engine entry points (web/phone.py) on the server's interpreter, and the
versioned engine bundle, Pyodide and worker addresses (web/engine_bundle.py)."""
from __future__ import annotations

import base64
import json
import random
import re

import pytest

from scorekeeper.games import all_games, get_game
from scorekeeper.web import phone
from tests.games import legal_rounds

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


def test_a_form_is_read_and_checked_as_the_pages_do(client):
    match = client.post("/api/v1/matches", json={"game": "nwik", "players": ["Ann", "Bob", "Cid"]}).get_json()
    form = {"style": "1", "stake": "3", "tricks_0": "4", "tricks_1": "6", "tricks_2": "3"}
    with client.application.test_request_context():
        ok = evaluate(match=match, queued=[], form=form)["check"]
        short = evaluate(match=match, queued=[], form={**form, "tricks_2": "2"})["check"]
        unreadable = evaluate(match=match, queued=[], form={**form, "tricks_0": "four"})["check"]
        # A queued round edited in place is checked against the rounds before it, not against itself.
        again = evaluate(match=match, queued=[{"input": ok["input"]}], form=form, replace=0)["check"]
        from_form = evaluate(match=match, queued=[{"form": form}], form=None)
    assert ok["ok"] and ok["input"] == {"style": 1, "stake": 3, "tricks": [4, 6, 3]}
    assert [side["score"] for side in ok["scores"]] == [3, 0, -3]
    assert ok["notes"][0] == "Tricks so far: 13 of 13"
    assert not short["ok"] and short["message"] == "tricks must add up to 13, got 12"
    assert not unreadable["ok"] and "must be a whole number" in unreadable["message"]
    assert again["ok"] and [side["score"] for side in again["scores"]] == [3, 0, -3]
    assert from_form["totals"] == [3, 0, -3] and from_form["next_info"] == "Round 2: Bob deals, Cid bids"


def test_a_queued_round_that_no_longer_holds_is_named(client):
    match = client.post("/api/v1/matches", json={"game": "nameless", "players": ["Ann", "Bob", "Cid", "Dee"]}).get_json()
    with client.application.test_request_context():
        answer = evaluate(match=match, queued=[{"input": {"tricks": [2, 1, 1, 1]}}, {"input": {"tricks": [5, 5, 5, 5]}}])
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
    assert "scorekeeper/games/nwik.py" in bundle["files"] and "scorekeeper/web/games/nwik.py" in bundle["files"]
    assert not any("pages" in path or path.endswith("app.py") for path in bundle["files"])
    assert bundle["files"]["scorekeeper/games/base.py"] == open("scorekeeper/games/base.py", encoding="utf-8").read()
    assert base64.b64decode(bundle["catalogs"]["de"])[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")
    assert client.get(pyodide_url + "pyodide.mjs").status_code == 200
    assert client.get(pyodide_url + "pyodide.asm.wasm", headers={"Accept-Encoding": "br"}).headers["Content-Encoding"] == "br"
    assert client.get(pyodide_url + "package.json").status_code == 404
    assert client.get("/engine/bundle-000000000000.json").status_code == 404
    service_worker = client.get("/sw.js").get_data(as_text=True)
    assert json.dumps(bundle_url) in service_worker and json.dumps(worker_url) in service_worker
