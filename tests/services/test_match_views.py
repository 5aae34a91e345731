"""Reading matches for pages (services/matches/views.py, stored.py): the current view restored from the
snapshot is the replayed one, for every game; the stored page parts are per version,
language and build of the code, and a late render of an older version never replaces a
newer one."""
from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import select

from scorekeeper.engine.games import all_games
from scorekeeper.extensions import db
from scorekeeper.models import MatchRender
from scorekeeper.services import Actor
from scorekeeper.services import matches as service
from scorekeeper.services.matches import stored
from tests.support.api import post_round
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.picks import any_game

GAMES = all_games()
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
NOBODY = Actor(user_id=None, label="anonymous")
BUILD = "build-one"


def new_match(client, game, rng: random.Random, rounds: int) -> str:
    sizes, options, _generator = generator_for(game)
    created = client.post("/api/v1/matches", json={"game": game.id, "players": NAMES[: sizes[0]], "options": options})
    assert created.status_code == 201, created.json
    match_id = created.json["id"]
    for _round in range(rounds):
        play_on(client, game, match_id, rng)
    return match_id


def play_on(client, game, match_id: str, rng: random.Random) -> None:
    """Record a legal next round (unless the match is over)."""
    match = client.get(f"/api/v1/matches/{match_id}").json
    if match["finished"]:
        return
    table = game.table([player["name"] for player in match["players"]], match["options"])
    state = game.replay(table, [entry["input"] for entry in match["rounds"]])
    raw, _after = legal_round(rng, game, table, state)
    assert post_round(client, match_id, raw).status_code == 201


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_current_view_is_the_replayed_state(app, client, game):
    rng = random.Random(61)
    match_id = new_match(client, game, rng, 6)
    with app.test_request_context():
        current = service.current_view(match_id, NOBODY)
        replayed = service.replayed_view(service.stored_match(match_id))
        assert current.state.rounds == ()  # from the snapshot: no round replayed
        for field in ("round_count", "totals", "finished", "winners", "next", "details", "next_round"):
            assert getattr(current.state, field) == getattr(replayed.state, field), field
        assert current.pending == replayed.pending


def test_page_parts_are_kept_per_version_and_language_and_never_go_back(app, client, monkeypatch):
    monkeypatch.setattr(stored, "render_build", lambda: BUILD)
    game = any_game()
    match_id = new_match(client, game, random.Random(62), 2)
    renders: list[tuple[str, int]] = []

    def render(view, _earlier):
        renders.append((view.match.id, view.match.version))
        return {"rounds": f"v{view.match.version}"}

    def row(language: str):
        with app.app_context():
            return db.session.execute(
                select(MatchRender.version, MatchRender.build, MatchRender.body).where(
                    MatchRender.match_id == match_id, MatchRender.kind == "page", MatchRender.language == language
                )
            ).one_or_none()

    with app.test_request_context(headers={"Accept-Language": "de"}):
        view = service.current_view(match_id, NOBODY)
        version = view.match.version
        assert service.page_parts(view, render) == {"rounds": f"v{version}"}
        assert service.page_parts(service.current_view(match_id, NOBODY), render) == {"rounds": f"v{version}"}
    assert renders == [(match_id, version)]  # the second read is the stored copy
    assert row("de") == (version, BUILD, json.dumps({"rounds": f"v{version}"}, separators=(",", ":"))) and row("en") is None
    play_on(client, game, match_id, random.Random(63))
    with app.test_request_context(headers={"Accept-Language": "de"}):
        newer = service.current_view(match_id, NOBODY)
        assert service.page_parts(newer, render) == {"rounds": f"v{version + 1}"}
    assert row("de") == (version + 1, BUILD, json.dumps({"rounds": f"v{version + 1}"}, separators=(",", ":")))
    # A worker that read the match before the write stores its render last: the newer row stays.
    with app.test_request_context(headers={"Accept-Language": "de"}):
        late = service.current_view(match_id, NOBODY)
        db.session.expunge(late.match)  # as read before the write: never written back
        late.match.version = version
        service.page_parts(late, render)
    assert row("de") == (version + 1, BUILD, json.dumps({"rounds": f"v{version + 1}"}, separators=(",", ":")))
    # Another deploy (another build of the code) renders the same version again and replaces it.
    monkeypatch.setattr(stored, "render_build", lambda: "build-two")
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert service.page_parts(service.current_view(match_id, NOBODY), render) == {"rounds": f"v{version + 1}"}
    assert renders[-1] == (match_id, version + 1) and len(renders) == 4
    assert row("de") == (version + 1, "build-two", json.dumps({"rounds": f"v{version + 1}"}, separators=(",", ":")))
