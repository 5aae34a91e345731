"""Every registered game on every page, and a game copied under a new id (no adapter of its own) too.

The tests follow the registry: a sixth game is covered here as soon as it is registered
(and has a legal-round generator in tests/support/legal_rounds.py).
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.adapter import GameAdapter
from scorekeeper.engine.games import Game, all_games
from tests.support.api import sign_up
from tests.support.game_copies import original_games, registered_copy
from tests.support.legal_rounds import generator_for, legal_round, play_match
from tests.support.pages import NAMES, check_every_page, create_by_form, engine_state, names_for

GAMES = all_games()
ORIGINALS = original_games()  # each copied below (SCOREKEEPER_TEST_GAME_COPIES=1 registers them all already)


# --------------------------------------------------------------------------- form <-> JSON, every game


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
@pytest.mark.parametrize("generic", [False, True], ids=["own adapter", "generic adapter"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_every_legal_round_survives_the_form(game, generic, seed):
    """A recorded round prefills the edit form, and that form posts back the very same input."""
    rng = random.Random(seed)
    adapter = GameAdapter(game) if generic else adapter_for(game)
    players = NAMES[: rng.choice([n for n in range(game.min_players, game.max_players + 1)])]
    table, state = play_match(rng, game, players, finish=False)
    for _round in range(3):
        if state.finished:
            break
        hints = state.next
        raw, state = legal_round(rng, game, table, state)
        values = adapter.form_values(raw, table, hints)
        assert adapter.round_input(values, table, hints) == raw


# --------------------------------------------------------------------------- every page, every game


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_empty_last_seats_are_left_out_and_an_empty_seat_before_a_name_is_refused(client, game):
    """Start with the form's seats and only the game's fewest players named: the match
    starts with them (the seats after them asked for nothing); a gap before a name is a
    clear refusal, the names kept."""
    seats = max(adapter_for(game).first_seat_count(), game.min_players + (game.max_players > game.min_players))
    names = NAMES[: game.min_players]
    form = {"game": game.id, "seats": str(seats), "action": "create", "first_dealer": "0"}
    page = client.get(f"/matches/new?game={game.id}&seats={seats}").get_data(as_text=True)
    required = re.findall(r'<input id="player_(\d+)"[^>]*?( required)?>', page)
    assert [int(seat) for seat, flag in required if flag] == list(range(game.min_players))
    response = client.post("/matches/new", data={**form, **{f"player_{seat}": name for seat, name in enumerate(names)}})
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    match_id = response.headers["Location"].rsplit("/", 1)[1]
    assert [player["name"] for player in client.get(f"/api/v1/matches/{match_id}").get_json()["players"]] == names
    if seats > game.min_players:
        gap = {f"player_{seat}": name for seat, name in enumerate(names[:-1] + ["", names[-1]])}
        refused = client.post("/matches/new", data={**form, **gap})
        assert refused.status_code in (400, 422)
        text = refused.get_data(as_text=True)
        [message] = re.findall(r'role="alert"[^>]*>([^<]*)<', text)
        # The seat as the form names it ("Seat 3", the gap): it said "seat 2", the index.
        assert f"seat {game.min_players} needs a name" in message, message
        assert f'value="{names[-1]}"' in text


def check_league_pages(client, game: Game) -> None:
    """A finished league match of the game: league page, standings block and player page answer."""
    sign_up(client)
    players = names_for(game)
    response = client.post("/leagues", data={"name": "Friday", "members": ", ".join(players)})
    assert response.status_code == 303
    league_id = response.headers["Location"].rsplit("/", 1)[1]
    # The generator's options keep the match short (Spades to 250 instead of 500).
    options = {f"opt_{name}": str(value) for name, value in generator_for(game)[1].items()}
    match_id = create_by_form(client, game, players, league=league_id, **options)
    rng = random.Random(11)
    table, state = engine_state(client, game, match_id)
    while not state.finished:
        hints = state.next
        raw, state = legal_round(rng, game, table, state)
        form = {**adapter_for(game).form_values(raw, table, hints), "expected_number": str(len(state.rounds))}
        assert client.post(f"/matches/{match_id}/rounds", data=form).status_code == 303
        table, state = engine_state(client, game, match_id)
        assert state.rounds[-1].input == raw
    for url in (f"/leagues/{league_id}", f"/leagues/{league_id}?game={game.id}", f"/leagues/{league_id}/standings", "/players"):
        assert client.get(url).status_code == 200, url
    players_json = client.get("/api/v1/players").get_json()
    ann = next(player["id"] for player in players_json if player["name"] == "Ann")
    page = client.get(f"/players/{ann}")
    assert page.status_code == 200 and f'href="/matches/{match_id}"' in page.get_data(as_text=True)


def check_bids_by_form(client, game: Game) -> None:
    """A game with a bidding: "Save the bids" by plain form post stores the bidding half of a
    legal round, and the whole round posted after it completes the round."""
    players = names_for(game)
    match_id = create_by_form(client, game, players)
    table, state = engine_state(client, game, match_id)
    raw, _after = legal_round(random.Random(5), game, table, state)
    form = adapter_for(game).form_values(raw, table, state.next)
    saved = client.post(f"/matches/{match_id}/rounds/1/bidding", data=form)
    assert saved.status_code == 303, re.findall(r'role="alert">([^<]*)<', saved.get_data(as_text=True))
    bidding_fields = (*game.bidding_required, *game.bidding_optional)
    stored = client.get(f"/api/v1/matches/{match_id}").get_json()["bidding"]["input"]
    assert stored == {name: value for name, value in raw.items() if name in bidding_fields and value is not None}
    recorded = client.post(f"/matches/{match_id}/rounds", data={**form, "expected_number": "1"})
    assert recorded.status_code == 303, re.findall(r'role="alert">([^<]*)<', recorded.get_data(as_text=True))
    assert client.get(f"/api/v1/matches/{match_id}").get_json()["rounds"][0]["input"] == raw


BIDDING_GAMES = [game for game in GAMES if game.has_bidding]


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
def test_the_bids_of_every_bidding_game_are_saved_by_form(client, game):
    check_bids_by_form(client, game)


@pytest.mark.parametrize("game", [game for game in ORIGINALS if game.has_bidding], ids=lambda game: f"copy of {game.id}")
def test_the_bids_of_a_copied_game_are_saved_by_form(client, game):
    with registered_copy(game) as copied:
        check_bids_by_form(client, copied)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_page_answers_for_every_game(client, game):
    check_every_page(client, game)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_league_pages_answer_for_every_game(client, game):
    check_league_pages(client, game)


@pytest.fixture(params=ORIGINALS, ids=lambda game: f"copy of {game.id}")
def copied_game(request) -> Iterator[Game]:
    with registered_copy(request.param) as game:
        yield game


def test_a_copied_game_works_on_every_page(client, copied_game):
    assert type(adapter_for(copied_game)) is GameAdapter  # the generic fallback, built from the engine
    check_every_page(client, copied_game)


def test_a_copied_game_has_a_rules_page_made_from_its_engine(client, copied_game):
    """No rules file: the rules page says what the engine checks, every option at its anchor,
    and the new-match form links to it."""
    page = client.get(f"/rules/{copied_game.id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for spec in copied_game.option_specs:
        assert f'id="option-{spec.name}"' in html, spec.name
    for anchor in ("players", "recording", "end", "options"):
        assert f'id="{anchor}"' in html
    assert f'href="/rules/{copied_game.id}"' in client.get(f"/matches/new?game={copied_game.id}").get_data(as_text=True)
    assert f'href="/rules/{copied_game.id}"' in client.get("/rules").get_data(as_text=True)


@pytest.mark.parametrize("game", [game for game in ORIGINALS if game.has_bidding], ids=lambda game: f"copy of {game.id}")
def test_a_copied_game_says_who_leads_the_first_trick_as_its_original_does(app, game):
    """The play view's first lead is the game's to say (its leader, or how the cards open the
    first trick), so a copy on the generic adapter says it as its original does."""
    players = names_for(game)
    with registered_copy(game) as copied, app.test_request_context():
        for seed in range(5):
            table = game.table(players)
            state = game.initial_state(table)
            raw, _after = legal_round(random.Random(seed), game, table, state)
            bids = {name: raw[name] for name in (*game.bidding_required, *game.bidding_optional) if name in raw}
            play = game.validate_bidding(table, state, bids).as_dict()
            said = adapter_for(game).first_lead(table, play)
            assert said, play
            assert adapter_for(copied).first_lead(copied.table(players), copied.validate_bidding(table, state, bids).as_dict()) == said


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_copied_games_round_form_headings_start_with_a_capital(client, copied_game, language):
    """Each legend of the generic round form is a heading, in every language: a count said
    per seat ("взятки: Ann" mid-line in Russian) starts with a capital there."""
    match_id = create_by_form(client, copied_game, names_for(copied_game))
    html = client.get(f"/matches/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    legends = [" ".join(text.split()) for text in re.findall(r"<legend[^>]*>([^<]+)", html)]
    assert legends
    assert [legend for legend in legends if legend[:1].islower()] == []


def test_a_copied_game_works_on_the_league_pages(client, copied_game):
    check_league_pages(client, copied_game)


# --------------------------------------------------------------------------- the API, every game


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_api_records_a_legal_round_of_every_game(client, game):
    assert game.id in [entry["id"] for entry in client.get("/api/v1/games").get_json()]
    players = names_for(game)
    created = client.post("/api/v1/matches", json={"game": game.id, "players": players})
    assert created.status_code == 201, created.get_json()
    match = created.get_json()
    table = game.table(players, match["options"])
    raw, state = legal_round(random.Random(3), game, table, game.initial_state(table))
    response = client.post(f"/api/v1/matches/{match['id']}/rounds", json=raw)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["scores"] == list(state.rounds[0].score.scores)


def check_untouched_form_is_not_red(client, game: Game) -> None:
    """The live check of a round form nothing is entered in yet says what is still to enter,
    never in red (a copy's generic form said "tricks of Ann is missing" as a refusal)."""
    match_id = create_by_form(client, game, names_for(game))
    answer = client.post(f"/matches/{match_id}/preview", data={"expected_number": "1"})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert 'class="refusal"' not in html and "bar-state bad" not in html, re.findall(r'role="alert">([^<]*)<', html)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_an_untouched_round_form_is_not_red(client, game):
    check_untouched_form_is_not_red(client, game)


def test_an_untouched_round_form_of_a_copied_game_is_not_red(client, copied_game):
    check_untouched_form_is_not_red(client, copied_game)
