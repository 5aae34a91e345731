"""The match page from stored parts (web/pages/match_sheet.py, services.matches.page_parts).

The parts every reader of one language sees alike are stored per match version and
language; these tests check that what a phone gets is what a fresh render from a full
replay gives, after every kind of write, in every game, and that the page's own state
(restored from the snapshot) is the replayed one.
"""
from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select, text

from scorekeeper import create_app
from scorekeeper.engine.core.game import Game as BaseGame
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import Game, all_games
from scorekeeper.extensions import db
from scorekeeper.i18n import install_engine_translator
from scorekeeper.models import Match, MatchRender
from scorekeeper.services import matches as service
from scorekeeper.services.matches import stored as stored_reads
from scorekeeper.services.matches.renders import PAGE, build_lock
from scorekeeper.web.pages import match_sheet
from scorekeeper.web.pages.match_sheet import SHEET_PARTS, assembled, render_sheet_parts
from tests.support.legal_rounds import legal_round
from tests.support.pages import create_by_form, engine_state, names_for
from tests.support.picks import an_endless_game

GAMES = all_games()
# What differs between two renders of the same page: the per-request tokens.
PER_REQUEST = re.compile(r'(name="csrf_token" value=|name="csrf-token" content=|name="idempotency_key" value=)"[^"]*"')


def stored(app, match_id: str) -> dict[str, tuple[int, dict[str, str]]]:
    """The stored parts of a match by language: (version, parts)."""
    with app.app_context():
        rows = db.session.execute(
            select(MatchRender).where(MatchRender.match_id == match_id, MatchRender.kind == "page")
        ).scalars()
        return {row.language: (row.version, shown(json.loads(row.body))) for row in rows}


def shown(parts: dict) -> dict[str, str]:
    """The parts as a writer's and a reader's page show them (the rounds and changes kept
    to render the next version put in their frames)."""
    return {**assembled(parts, True), **{f"{name}:reader": part for name, part in assembled(parts, False).items()}}


def version_of(app, match_id: str) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def fresh_parts(app, match_id: str, language: str, whole: bool = True) -> dict[str, str]:
    """The parts rendered now from a replay of every round, in `language` (`whole`: every
    round and change, else the page's latest ones)."""
    with app.test_request_context(headers={"Accept-Language": language}):
        install_engine_translator()
        return shown(render_sheet_parts(service.replayed_view(service.stored_match(match_id)), whole=whole))


def page(client, match_id: str, language: str = "en") -> str:
    response = client.get(f"/matches/{match_id}", headers={"Accept-Language": language})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def assert_served_fresh(app, client, match_id: str, language: str = "en") -> dict[str, str]:
    """The page (twice: the second from the stored parts) shows what a fresh render shows,
    and the stored row is of the match's current version."""
    page(client, match_id, language)
    html = page(client, match_id, language)
    version, parts = stored(app, match_id)[language]
    assert version == version_of(app, match_id)
    fresh = fresh_parts(app, match_id, language)
    assert parts == fresh
    for name in SHEET_PARTS:
        assert fresh[name] in html, name
    return parts


@pytest.fixture
def plays(monkeypatch) -> Iterator[list[int]]:
    """Counts the rules engine's round plays (a replay of n rounds is n plays)."""
    counted = [0]
    original = BaseGame.play

    def counting(self, table, state, raw):
        counted[0] += 1
        return original(self, table, state, raw)

    monkeypatch.setattr(BaseGame, "play", counting)
    yield counted


def post_round(client, game: Game, match_id: str, rng: random.Random) -> dict:
    table, state = engine_state(client, game, match_id)
    raw, _after = legal_round(rng, game, table, state)
    response = client.post(f"/api/v1/matches/{match_id}/rounds", json=raw)
    assert response.status_code == 201, response.get_json()
    return raw


def put_bids(client, game: Game, match_id: str, rng: random.Random) -> int:
    """Two-step rounds: the bids of the next round (a legal round without its tricks)."""
    table, state = engine_state(client, game, match_id)
    raw, _after = legal_round(rng, game, table, state)
    bids = {key: value for key, value in raw.items() if key != "tricks"}
    response = client.put(f"/api/v1/matches/{match_id}/rounds/{state.next_round}/bidding", json=bids)
    assert response.status_code == 200, response.get_json()
    return state.next_round


def player_id(client, name: str) -> str:
    return next(player["id"] for player in client.get("/api/v1/players").get_json() if player["name"] == name)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_stored_parts_equal_a_fresh_render_after_every_kind_of_write(app, client, game):
    rng = random.Random(16)
    match_id = create_by_form(client, game, names_for(game))
    assert_served_fresh(app, client, match_id)
    first = post_round(client, game, match_id, rng)
    assert_served_fresh(app, client, match_id)
    for _round in range(2):
        post_round(client, game, match_id, rng)
        assert_served_fresh(app, client, match_id)
    # An edit (the same input again, with a reason): the sheet marks round 1 edited.
    edited = client.put(f"/api/v1/matches/{match_id}/rounds/1", json=first)
    assert edited.status_code == 200, edited.get_json()
    parts = assert_served_fresh(app, client, match_id)
    assert 'id="round-1" class="edited"' in parts["rounds"]
    # Undo of the last round.
    assert client.delete(f"/api/v1/matches/{match_id}/rounds/3").status_code == 204
    parts = assert_served_fresh(app, client, match_id)
    assert 'id="round-3"' not in parts["rounds"] and 'id="round-2"' in parts["rounds"]
    # A rename gives the match a new version: the stored parts follow.
    renamed = client.patch(f"/api/v1/players/{player_id(client, 'Ann')}", json={"name": "Annette"})
    assert renamed.status_code == 200, renamed.get_json()
    parts = assert_served_fresh(app, client, match_id)
    assert "Annette" in parts["rounds"] and ">Ann<" not in parts["rounds"]
    # A merge too: Annette's matches become Zed's.
    create_by_form(client, game, ["Zed", *names_for(game)[1:]])
    merged = client.post(f"/api/v1/players/{player_id(client, 'Annette')}/merge", json={"into": player_id(client, "Zed")})
    assert merged.status_code == 200, merged.get_json()
    parts = assert_served_fresh(app, client, match_id)
    assert "Zed" in parts["rounds"] and "Annette" not in parts["rounds"]
    if game.has_bidding:
        number = put_bids(client, game, match_id, rng)
        parts = assert_served_fresh(app, client, match_id)
        assert adapter_for(game).bidding_history_words["bidding.put"].format(number=number) in parts["history"]
    # Another language: its own stored parts, the English ones kept beside them.
    german = assert_served_fresh(app, client, match_id, "de")
    assert set(stored(app, match_id)) == {"en", "de"}
    assert german != parts and "Runden" in german["rounds"]
    assert stored(app, match_id)["en"][1] == parts


def test_the_language_switch_serves_the_chosen_language(app, client):
    match_id = create_by_form(client, GAMES[0], names_for(GAMES[0]))
    english = page(client, match_id)
    assert client.post("/language", data={"language": "ru", "next": f"/matches/{match_id}"}).status_code == 303
    russian = client.get(f"/matches/{match_id}").get_data(as_text=True)
    languages = stored(app, match_id)
    assert set(languages) == {"en", "ru"}
    assert languages["ru"][1] == fresh_parts(app, match_id, "ru")
    assert languages["ru"][1]["history"] in russian and languages["en"][1]["history"] in english
    assert languages["ru"][1]["history"] != languages["en"][1]["history"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_stored_parts_hold_nothing_of_the_reader(app, client, new_client, game):
    """No form, no token: the same stored parts serve every phone."""
    rng = random.Random(3)
    match_id = create_by_form(client, game, names_for(game))
    post_round(client, game, match_id, rng)
    page(client, match_id)
    other = new_client()
    html = page(other, match_id)
    parts = stored(app, match_id)["en"][1]
    for part in parts.values():
        assert "<form" not in part and "csrf" not in part and "idempotency" not in part
    # Anyone holding a casual match's link may change it: the writers' variants are served,
    # but the last round's Undo only on the phone that recorded it.
    assert all(part in html for name, part in parts.items() if not name.endswith(":reader") and name != "last_round")
    assert parts["last_round:reader"] in html and parts["last_round"] in page(client, match_id)
    readers = {name: part for name, part in parts.items() if name.endswith(":reader")}
    assert "/undo" in parts["last_round"] and "/edit" in parts["rounds"]
    assert all("/undo" not in part and "/edit" not in part for part in readers.values())


def page_from_snapshot(client, match_id: str) -> str:
    return PER_REQUEST.sub("", page(client, match_id))


def page_by_replay(app, client, match_id: str) -> str:
    """The page with the match's snapshots dropped: its state is replayed from every round."""
    with app.app_context():
        db.session.execute(text("DELETE FROM round_snapshots WHERE match_id = :id"), {"id": match_id})
        db.session.commit()
    return PER_REQUEST.sub("", page(client, match_id))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_page_from_the_snapshot_is_the_page_from_a_replay(app, client, game):
    """The page's own state (totals, dealer, next round, the form's chips) restored from the
    snapshot is what a replay of every round gives: the same page either way."""
    rng = random.Random(5)
    match_id = create_by_form(client, game, names_for(game))
    for _round in range(3):
        post_round(client, game, match_id, rng)
    assert page_from_snapshot(client, match_id) == page_by_replay(app, client, match_id)
    if game.has_bidding:
        put_bids(client, game, match_id, rng)
        from_snapshot = page_from_snapshot(client, match_id)
        assert 'id="play-view"' in from_snapshot
        assert page_by_replay(app, client, match_id) == from_snapshot


def after_five_rounds(client, game: Game, rng: random.Random) -> str:
    """A match of five rounds whose page has been shown once (its parts are stored)."""
    match_id = create_by_form(client, game, names_for(game))
    for _round in range(5):
        post_round(client, game, match_id, rng)
    page(client, match_id)  # renders this version's parts from a replay, once
    return match_id


def past_the_most(game: Game, table, state, form: dict[str, str]) -> dict[str, str]:
    """The form with a seat's or side's count one past its most chip (else a count of the whole
    round the form holds, as Skat's bid): read as a number, refused by the engine."""
    adapter = adapter_for(game)
    counts = [item for item in game.number_inputs(table, state) if not item.words]
    item = next((item for item in counts if "." in item.field), None) or next(
        item for item in counts if adapter.chip_name(item.field) in form
    )
    return {**form, adapter.chip_name(item.field): str(item.maximum + 1)}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_page_at_a_stored_version_plays_no_round(app, client, plays, game):
    match_id = after_five_rounds(client, game, random.Random(9))
    plays[0] = 0
    page(client, match_id)
    assert client.get(f"/matches/{match_id}/live?entry=1").status_code == 200
    assert plays[0] == 0


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_editing_a_round_plays_it_from_the_snapshot_before_it(app, client, plays, game):
    """The edit page of round 3 of 4, its live refresh and its check as the player taps play
    round 3 (and, for the check, round 4 after it) on the snapshot before it: never the
    rounds before it again."""
    rng = random.Random(12)
    match_id = create_by_form(client, game, names_for(game))
    played = [post_round(client, game, match_id, rng) for _round in range(4)]
    table, state = engine_state(client, game, match_id)
    before_third = game.replay(table, played[:2])
    page(client, match_id)  # this version's shared parts are stored
    plays[0] = 0
    edit_page = client.get(f"/matches/{match_id}/rounds/3/edit")
    assert edit_page.status_code == 200 and plays[0] <= 1, plays[0]
    plays[0] = 0
    assert client.get(f"/matches/{match_id}/live?edit=3&entry=1").status_code == 200
    assert plays[0] <= 1, plays[0]
    form = adapter_for(game).form_values(played[2], table, before_third.next or {})
    plays[0] = 0
    preview = client.post(f"/matches/{match_id}/preview?number=3", data=form)
    assert preview.status_code == 200 and plays[0] <= 2, (plays[0], preview.get_data(as_text=True)[:300])
    assert "would score" in preview.get_data(as_text=True)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_share_link_shows_the_stored_sheet_and_plays_no_round(app, client, new_client, plays, game):
    """A share link's page is the sheet a reader of the match page sees, from the parts
    stored for the match's version, and its JSON the match's stored document: opening
    either plays no round."""
    match_id = after_five_rounds(client, game, random.Random(13))
    shared = client.post(f"/matches/{match_id}/share")
    assert shared.status_code == 200, shared.get_data(as_text=True)[:300]
    url = re.search(r'id="share-url" class="mono" readonly value="([^"]+)"', shared.get_data(as_text=True)).group(1)
    plays[0] = 0
    html = new_client().get(url.split("localhost", 1)[1]).get_data(as_text=True)
    assert plays[0] == 0
    assert [html.count(f'id="round-{number}"') for number in range(1, 6)] == [1] * 5
    assert "/edit" not in html and "/undo" not in html
    # Its JSON is the match's stored document, without the match's id (its write key).
    assert client.get(f"/api/v1/matches/{match_id}").status_code == 200  # stores this version's
    plays[0] = 0
    document = new_client().get("/api/v1" + url.split("localhost", 1)[1]).get_json()
    assert plays[0] == 0
    assert document["kind"] == "match" and [played["number"] for played in document["match"]["rounds"]] == [1, 2, 3, 4, 5]
    assert "id" not in document["match"] and document["match"]["totals"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_preview_and_round_post_validate_once(app, client, plays, game):
    rng = random.Random(10)
    match_id = after_five_rounds(client, game, rng)
    table, state = engine_state(client, game, match_id)
    raw, _after = legal_round(rng, game, table, state)
    form = {**adapter_for(game).form_values(raw, table, state.next), "expected_number": "6"}
    plays[0] = 0
    preview = client.post(f"/matches/{match_id}/preview", data=form)
    assert preview.status_code == 200 and "would score" in preview.get_data(as_text=True)
    assert plays[0] == 1
    plays[0] = 0
    refused = client.post(f"/matches/{match_id}/rounds", data=past_the_most(game, table, state, form))
    assert refused.status_code == 422
    assert plays[0] == 1  # the write's own check; the page shown with it is from the snapshot and the stored parts
    plays[0] = 0
    saved = client.post(f"/matches/{match_id}/rounds", data=form)
    assert saved.status_code == 303
    assert plays[0] == 1


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_an_edit_after_an_edit_renders_the_later_rounds_from_an_older_snapshot(app, client, game):
    """Only the snapshot after the last round is stored again by an edit: a second edit,
    further on, finds the nearest snapshot rounds before it, and the sheet still shows
    each round once, as a fresh render does."""
    rng = random.Random(21)
    match_id = create_by_form(client, game, names_for(game))
    played = [post_round(client, game, match_id, rng) for _round in range(5)]
    assert_served_fresh(app, client, match_id)
    for number in (2, 4):
        edited = client.put(f"/api/v1/matches/{match_id}/rounds/{number}", json=played[number - 1])
        assert edited.status_code == 200, edited.get_json()
        parts = assert_served_fresh(app, client, match_id)
    assert [parts["rounds"].count(f'id="round-{number}"') for number in range(1, 6)] == [1] * 5


def test_phones_asking_for_a_new_version_at_once_wait_for_one_build(app, client, new_client, monkeypatch):
    """The four phones of a table load the page after a Save at the same moment: the new
    version's parts are built once, and every phone gets that build."""
    game = GAMES[0]
    match_id = create_by_form(client, game, names_for(game))
    post_round(client, game, match_id, random.Random(8))
    phones = [new_client() for _phone in range(4)]
    builds: list[int] = []
    original = match_sheet.render_sheet_parts

    def slow_build(view, earlier=None, whole=True):
        builds.append(view.match.version)
        time.sleep(0.3)  # long enough for every phone to ask while it builds
        return original(view, earlier, whole)

    monkeypatch.setattr(match_sheet, "render_sheet_parts", slow_build)
    barrier = threading.Barrier(len(phones))

    def load(phone) -> str:
        barrier.wait()
        return page(phone, match_id)

    with ThreadPoolExecutor(len(phones)) as pool:
        pages = list(pool.map(load, phones))
    assert len(builds) == 1, builds
    sheets = {PER_REQUEST.sub("", html).split('id="rounds-card"')[1] for html in pages}
    assert len(sheets) == 1


def test_builders_of_many_tables_at_once_never_wait_on_their_own_pool(app, client, monkeypatch):
    """Each phone of a busy server builds another table's new page at the same moment, with
    every pooled connection taken: the builds share nothing but the database (a build's
    lock holds no second connection), so none waits for a connection that only it could free."""
    game = GAMES[0]
    # Two tables whose builds take different locks of this process (two keys may share one,
    # and then the second waits for the first, as it should: not what this test is about).
    match_ids: list[str] = []
    while len(match_ids) < 2:
        match_id = create_by_form(client, game, names_for(game))
        if not match_ids or build_lock(match_id, PAGE, "en") is not build_lock(match_ids[0], PAGE, "en"):
            match_ids.append(match_id)
    for match_id in match_ids:
        post_round(client, game, match_id, random.Random(9))
    settings = {**app.config, "SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 2, "max_overflow": 0, "pool_timeout": 3}}
    small = create_app(settings)
    original = match_sheet.render_sheet_parts
    both_hold_theirs = threading.Barrier(len(match_ids))

    def build_side_by_side(view, earlier=None, whole=True):
        both_hold_theirs.wait(timeout=5)  # each request holds its pooled connection now
        return original(view, earlier, whole)

    monkeypatch.setattr(match_sheet, "render_sheet_parts", build_side_by_side)

    def load(match_id: str) -> int:
        return small.test_client().get(f"/matches/{match_id}").status_code

    try:
        with ThreadPoolExecutor(len(match_ids)) as pool:
            assert list(pool.map(load, match_ids)) == [200] * len(match_ids)
    finally:
        with small.app_context():
            db.engine.dispose()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_round_recorded_while_a_version_is_built_waits_for_the_next(app, client, new_client, game, monkeypatch):
    """Another phone saves a round between the build's reads: the page and the document of
    the version being built show the rounds that version counts, the next version the new one."""
    rng = random.Random(30)
    match_id = create_by_form(client, game, names_for(game))
    post_round(client, game, match_id, rng)
    other = new_client()
    table, state = engine_state(client, game, match_id)
    second, state = legal_round(rng, game, table, state)
    third, _state = legal_round(rng, game, table, state)
    waiting = [second, third]
    original = service.round_keys

    def keys_then_a_save(view):
        keys = original(view)
        if waiting:
            response = other.post(f"/api/v1/matches/{match_id}/rounds", json=waiting.pop(0))
            assert response.status_code == 201, response.get_json()
        return keys

    monkeypatch.setattr(service, "round_keys", keys_then_a_save)
    monkeypatch.setattr(stored_reads, "round_keys", keys_then_a_save)
    html = page(client, match_id)  # built for 1 round; round 2 is saved meanwhile
    assert len(waiting) == 1 and 'id="round-1"' in html and 'id="round-2"' not in html
    document = client.get(f"/api/v1/matches/{match_id}").get_json()  # 2 rounds; round 3 meanwhile
    assert not waiting and [round_["number"] for round_ in document["rounds"]] == [1, 2], document["rounds"]
    monkeypatch.undo()
    assert 'id="round-3"' in page(client, match_id)
    assert [round_["number"] for round_ in client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"]] == [1, 2, 3]


ROUND_GROUP = re.compile(r'<tbody id="round-(\d+)"')


def test_a_long_match_shows_its_latest_rounds_and_the_rest_a_tap_away(app, client, plays):
    """A long match's page shows its latest SHEET_WINDOW rounds and HISTORY_WINDOW
    changes, and a button to the rest: ?sheet=all shows every round and change. Both are
    kept per version (a new round renders one group), both equal a fresh render of every
    round, and an edit of a round before the window moves the running totals the window shows."""
    game, players, options, hands = an_endless_game(["Ann", "Bob", "Cid", "Dee"])
    created = client.post("/api/v1/matches", json={"game": game.id, "players": players, "options": options})
    match_id = created.get_json()["id"]
    played = match_sheet.SHEET_WINDOW + 5
    for number in range(played):
        assert client.post(f"/api/v1/matches/{match_id}/rounds", json=hands[number % 2]).status_code == 201

    def both_pages() -> tuple[str, str]:
        windowed, whole = page(client, match_id), client.get(f"/matches/{match_id}?sheet=all").get_data(as_text=True)
        for html, is_whole in ((windowed, False), (whole, True)):
            fresh = fresh_parts(app, match_id, "en", whole=is_whole)
            assert fresh["rounds"] in html and fresh["history"] in html, is_whole
        return windowed, whole

    windowed, whole = both_pages()
    shown_rounds = [int(number) for number in ROUND_GROUP.findall(windowed)]
    assert shown_rounds == list(range(6, played + 1))  # oldest first, as a paper pad
    assert "Show the 5 earlier rounds" in windowed and "Show the 6 earlier changes" in windowed
    assert f"The latest 20 of {played} rounds" in windowed and "The latest 20 of" not in whole
    assert 'href="?sheet=all#h-rounds"' in windowed and 'href="?sheet=all#h-history"' in windowed
    assert [int(number) for number in ROUND_GROUP.findall(whole)] == list(range(1, played + 1))
    assert "earlier round" not in whole and "earlier change" not in whole
    assert whole.count("<li>") - windowed.count("<li>") == 6
    # A page with every round is refreshed with every round when another phone saves.
    assert 'data-sheet="all"' in whole and "data-sheet" not in windowed
    live = client.get(f"/matches/{match_id}/live?entry=0&sheet=all").get_data(as_text=True)
    assert len(ROUND_GROUP.findall(live)) == played

    # The next round: one round played for each page's build, the window moves on by one.
    assert client.post(f"/api/v1/matches/{match_id}/rounds", json=hands[0]).status_code == 201
    plays[0] = 0
    windowed = page(client, match_id)
    assert plays[0] == 1
    assert [int(number) for number in ROUND_GROUP.findall(windowed)] == list(range(7, played + 2))

    # A new build of the code renders the page afresh: it plays the window's rounds (from
    # the snapshot before them) and reads the earlier rounds' stored scores, nothing more.
    with app.app_context():
        db.session.execute(text("DELETE FROM match_renders WHERE match_id = :id"), {"id": match_id})
        db.session.commit()
    plays[0] = 0
    assert PER_REQUEST.sub("", page(client, match_id)) == PER_REQUEST.sub("", windowed)
    assert plays[0] == match_sheet.SHEET_WINDOW

    # A round the window leaves out, edited on the page: the edit page shows every round,
    # and its Cancel and the saved edit go back to that round among every round.
    assert 'href="?#h-rounds"' in whole and "Show the latest 20 rounds only" in whole
    edit_page = client.get(f"/matches/{match_id}/rounds/3/edit").get_data(as_text=True)
    assert len(ROUND_GROUP.findall(edit_page)) == played + 1
    assert f'href="/matches/{match_id}?sheet=all#round-3"' in edit_page
    table = game.table(players, options)
    form = adapter_for(game).form_values(hands[2], table, game.replay(table, [hands[0], hands[1]]).next)
    saved = client.post(f"/matches/{match_id}/rounds/3/edit", data=form)
    assert saved.status_code == 303 and saved.headers["Location"].endswith("?sheet=all#round-3"), saved.headers
    windowed = page(client, match_id)

    # Round 2, long out of the window, edited: every running total the window shows moves.
    totals_before = re.findall(r'class="run num">(-?\d+)<', windowed)
    edited = client.put(f"/api/v1/matches/{match_id}/rounds/2", json=hands[2])
    assert edited.status_code == 200, edited.get_data(as_text=True)
    windowed, whole = both_pages()
    assert re.findall(r'class="run num">(-?\d+)<', windowed) != totals_before
    assert 'id="round-2" class="edited"' in whole
