"""Fast page tests with the Flask test client: JavaScript off, plain form posts."""
from __future__ import annotations

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.form_fields import FormError
from scorekeeper.engine.games import all_games, game_ids
from tests.support.data import module_for, players_for
from tests.support.game_picks import a_game, new_match_form, play, seats
from tests.support.pages import api_match, create, refusal

# --------------------------------------------------------------------------- pages render


@pytest.mark.parametrize("url", ["/", "/matches/new", "/offline"] + [f"/matches/new?game={g}" for g in game_ids()])
def test_static_pages_render(client, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<script src="/vendor/htmx.org/htmx.min.js' in html
    assert "<script>" not in html and " onclick=" not in html  # no inline script (CSP later)


@pytest.mark.parametrize("game", game_ids())
def test_match_pages_render(client, game):
    match_id = create(client, game)
    page = client.get(f"/matches/{match_id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'action="/matches/%s/rounds"' % match_id in html
    assert 'hx-post="/matches/%s/preview"' % match_id in html
    assert "Round 1" in html
    home = client.get("/").get_data(as_text=True)
    assert f"/matches/{match_id}" in home


def test_unknown_match_is_a_404_page(client):
    response = client.get("/matches/nosuchmatch")
    assert response.status_code == 404
    assert "no match with id" in response.get_data(as_text=True)


def test_manifest_and_service_worker(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert body["start_url"] == "/" and body["display"] == "standalone"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in body["icons"])
    for icon in body["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.mimetype
    source = worker.get_data(as_text=True)
    assert "__VERSION__" not in source and "__SHELL__" not in source and '"/offline"' in source


# --------------------------------------------------------------------------- new match


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_new_match_add_and_remove_seats_without_js(client, game):
    low, high = game.min_players, game.max_players
    if low < high:
        data = {"game": game.id, "seats": str(low), "action": "add_seat", "player_0": "Ann"}
        html = client.post("/matches/new", data=data).get_data(as_text=True)
        assert f'id="player_{low}"' in html and 'value="Ann"' in html
    data = {"game": game.id, "seats": str(high), "action": "add_seat"}
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert f'id="player_{high - 1}"' in html and f'id="player_{high}"' not in html  # no more than the game's most
    data = {"game": game.id, "seats": str(low), "action": "remove_seat"}
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert f'id="player_{low - 1}"' in html and f'id="player_{low}"' not in html  # no fewer than its fewest


def test_new_match_refusal_keeps_entries(client):
    response = client.post("/matches/new", data=new_match_form(a_game(seats(3)), ["Ann", "ann", "Cid"]))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "one player, one seat" in refusal(html)
    assert 'value="Cid"' in html


# --------------------------------------------------------------------------- rounds, JS off


def counts_tricks_by_seat(game) -> bool:
    table = game.table(players_for(game))
    return any(field.name == "tricks" and field.per == "seat" for field in game.input_fields(table, game.initial_state(table).next))


def test_unreadable_field_is_the_same_kind_of_message(client):
    game = a_game(counts_tricks_by_seat)
    match_id = create(client, game.id)
    data = {**play(game, players_for(game)).form(1), "tricks_0": "two", "expected_number": "1"}
    response = client.post(f"/matches/{match_id}/rounds", data=data)
    assert response.status_code == 422
    assert refusal(response.get_data(as_text=True)) == "tricks of Ann must be a whole number, got 'two'"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_undo_has_a_confirm_step(client, game):
    match_id = create(client, game.id)
    data = {**play(game, players_for(game)).form(1), "expected_number": "1"}
    client.post(f"/matches/{match_id}/rounds", data=data)
    confirm = client.get(f"/matches/{match_id}/undo")
    assert confirm.status_code == 200 and "Undo round 1?" in confirm.get_data(as_text=True)
    assert len(api_match(client, match_id)["rounds"]) == 1  # asking changes nothing
    response = client.post(f"/matches/{match_id}/undo", data={"number": "1"})
    assert response.status_code == 303
    assert api_match(client, match_id)["rounds"] == []


# --------------------------------------------------------------------------- the game adapters: form -> spec JSON

def cases(name: str) -> list:
    """Each game's own cases of `name` (tests/support/data), with the game."""
    return [
        pytest.param(game, *case, id=f"{game.id}-{index}")
        for game in all_games()
        for index, case in enumerate(getattr(module_for(game), name, ()))
    ]


@pytest.mark.parametrize(("rules", "players", "options", "form", "expected"), cases("FORM_CONVERSIONS"))
def test_forms_convert_to_the_spec_json(rules, players, options, form, expected):
    table = rules.table(players, options)
    hints, adapter = rules.initial_state(table).next, adapter_for(rules)
    assert adapter.round_input(form, table, hints) == expected
    # ...and an input prefills a form that converts back to the same input.
    assert adapter.round_input({**adapter.form_values(expected, table, hints)}, table, hints) == expected


@pytest.mark.parametrize(("rules", "players", "form", "message"), cases("UNREADABLE_FORMS"))
def test_unreadable_fields_raise_form_errors(rules, players, form, message):
    table = rules.table(players, None)
    with pytest.raises(FormError) as caught:
        adapter_for(rules).round_input(form, table, rules.initial_state(table).next)
    assert caught.value.message == message and caught.value.status == 422
