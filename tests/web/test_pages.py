"""Fast page tests with the Flask test client: JavaScript off, plain form posts."""
from __future__ import annotations

import html as html_lib
import re

import pytest

from scorekeeper.games import all_games, game_ids, get_game
from scorekeeper.web.games import adapter_for
from scorekeeper.web.games.form_fields import FormError
from tests.games.data import module_for, players_for


def players_of(game: str) -> list[str]:
    """The game's test players (tests/games/data)."""
    return players_for(get_game(game))


def create(client, game: str, players: list[str] | None = None, **extra: str) -> str:
    players = players or players_of(game)
    data = {"game": game, "seats": str(len(players)), "action": "create", "first_dealer": "0", **extra}
    data.update({f"player_{seat}": name for seat, name in enumerate(players)})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def form_key(html: str) -> str:
    return re.search(r'name="idempotency_key" value="([^"]+)"', html).group(1)


def refusal(html: str) -> str:
    found = re.search(r'class="refusal" role="alert">([^<]*)<', html)
    return html_lib.unescape(found.group(1)) if found else ""


def api_match(client, match_id: str) -> dict:
    response = client.get(f"/api/v1/matches/{match_id}")
    assert response.status_code == 200
    return response.get_json()


CHANGED_ELSEWHERE = "This match changed on another phone: here is the current state"
NWIK_ROUND_1 = {"style": "5", "stake": "4", "vip_card": "2", "tricks_0": "3", "tricks_1": "5", "tricks_2": "5"}


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


def test_new_match_add_and_remove_seats_without_js(client):
    data = {"game": "willi-stich", "seats": "4", "action": "add_seat", "player_0": "Ann"}
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert 'id="player_4"' in html and 'value="Ann"' in html
    data = {"game": "willi-stich", "seats": "6", "action": "add_seat"}
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert 'id="player_5"' in html and 'id="player_6"' not in html  # max 6
    data = {"game": "spades", "seats": "4", "action": "remove_seat"}
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert 'id="player_3"' in html  # Spades is exactly 4


def test_new_match_refusal_keeps_entries(client):
    data = {"game": "nwik", "seats": "3", "action": "create", "player_0": "Ann", "player_1": "ann", "player_2": "Cid"}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "one player, one seat" in refusal(html)
    assert 'value="Cid"' in html


def test_new_match_options_and_presets(client):
    match_id = create(client, "spades", opt_preset="classic", opt_target="300", opt_special_calls="moon")
    options = api_match(client, match_id)["options"]
    assert options["nil_value"] == 100 and options["target"] == 300 and options["special_calls"] == ["moon"]
    match_id = create(client, "spades", opt_blind_nil_deficit="none")
    assert api_match(client, match_id)["options"]["blind_nil_deficit"] is None


# --------------------------------------------------------------------------- rounds, JS off


def test_form_post_records_a_round_and_redirects(client):
    match_id = create(client, "nwik")
    key = form_key(client.get(f"/matches/{match_id}").get_data(as_text=True))
    data = {**NWIK_ROUND_1, "expected_number": "1", "idempotency_key": key}
    response = client.post(f"/matches/{match_id}/rounds", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].startswith(f"/matches/{match_id}")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Bidder: 5 tricks, target 6: -1 × 8 = -8" in page
    # The same form posted again (a retry, or the offline queue) stores nothing new.
    again = client.post(f"/matches/{match_id}/rounds", data=data)
    assert again.status_code == 303
    match = api_match(client, match_id)
    assert len(match["rounds"]) == 1 and match["totals"] == [0, -8, 8]


def test_invalid_form_post_shows_rule_and_keeps_entries(client):
    match_id = create(client, "nwik")
    data = {**NWIK_ROUND_1, "tricks_2": "4", "expected_number": "1", "idempotency_key": "k1"}
    response = client.post(f"/matches/{match_id}/rounds", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert refusal(html) == "tricks must add up to 13, got 12"
    assert re.search(r'name="tricks_2"[^>]*value="4"', html)
    assert re.search(r'name="style" value="5" checked', html)
    assert api_match(client, match_id)["rounds"] == []


def test_unreadable_field_is_the_same_kind_of_message(client):
    match_id = create(client, "nameless")
    data = {"tricks_0": "two", "tricks_1": "1", "tricks_2": "1", "tricks_3": "1", "expected_number": "1"}
    response = client.post(f"/matches/{match_id}/rounds", data=data)
    assert response.status_code == 422
    assert refusal(response.get_data(as_text=True)) == "tricks of Ann must be a whole number, got 'two'"


def test_stale_round_number_is_refused(client):
    match_id = create(client, "nwik")
    client.post(f"/matches/{match_id}/rounds", data={**NWIK_ROUND_1, "expected_number": "1", "idempotency_key": "a"})
    second = {"style": "4", "stake": "2", "tricks_0": "2", "tricks_1": "7", "tricks_2": "4"}
    response = client.post(f"/matches/{match_id}/rounds", data={**second, "expected_number": "1", "idempotency_key": "b"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    # Another phone recorded round 1 first: the current match, with the entries kept.
    assert refusal(html) == CHANGED_ELSEWHERE
    assert 'id="round-1"' in html and '<h2 id="h-entry">Round 2</h2>' in html
    assert re.search(r'name="tricks_1"[^>]*value="7"', html)
    assert len(api_match(client, match_id)["rounds"]) == 1


def test_preview_renders_refusal_or_scores(client):
    match_id = create(client, "willi-stich")
    # Round 1: 1 card; dealer Ann calls last. Calls 0,1,0,0 add up to 1: refused.
    data = {"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0", "tricks_0": "0", "tricks_1": "1", "tricks_2": "0", "tricks_3": "0"}
    html = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="preview"')
    assert "may not call 0" in refusal(html)
    assert re.search(r'id="save"\s+disabled', html)
    data["bid_0"] = "1"
    html = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert refusal(html) == ""
    assert "would score" in html and "disabled" not in html


def test_edit_round_and_refused_replay(client):
    match_id = create(client, "nwik")
    rounds = [
        NWIK_ROUND_1,
        {"style": "4", "stake": "2", "tricks_0": "2", "tricks_1": "7", "tricks_2": "4"},
        {"style": "6", "stake": "6", "acting_style": "3", "tricks_0": "3", "tricks_1": "7", "tricks_2": "3"},
        {"style": "1", "stake": "1", "tricks_0": "4", "tricks_1": "5", "tricks_2": "4"},  # Bob again
    ]
    for number, data in enumerate(rounds, start=1):
        response = client.post(f"/matches/{match_id}/rounds", data={**data, "expected_number": str(number)})
        assert response.status_code == 303, refusal(response.get_data(as_text=True))
    page = client.get(f"/matches/{match_id}/rounds/1/edit")
    assert page.status_code == 200
    assert re.search(r'name="vip_card" value="2" checked', page.get_data(as_text=True))
    # Bob using style 1 in round 1 breaks round 4, where he chose style 1: refused in words.
    response = client.post(f"/matches/{match_id}/rounds/1/edit", data={**NWIK_ROUND_1, "style": "1"})
    assert response.status_code == 422
    assert refusal(response.get_data(as_text=True)).startswith("this change would break recorded round 4")
    # A harmless edit is stored and replayed.
    response = client.post(f"/matches/{match_id}/rounds/1/edit", data={**NWIK_ROUND_1, "tricks_0": "4", "tricks_1": "4"})
    assert response.status_code == 303
    assert api_match(client, match_id)["rounds"][0]["input"]["tricks"] == [4, 4, 5]


def test_undo_has_a_confirm_step(client):
    match_id = create(client, "nameless")
    data = {"tricks_0": "2", "tricks_1": "1", "tricks_2": "1", "tricks_3": "1", "expected_number": "1"}
    client.post(f"/matches/{match_id}/rounds", data=data)
    confirm = client.get(f"/matches/{match_id}/undo")
    assert confirm.status_code == 200 and "Undo round 1?" in confirm.get_data(as_text=True)
    assert len(api_match(client, match_id)["rounds"]) == 1  # asking changes nothing
    response = client.post(f"/matches/{match_id}/undo", data={"number": "1"})
    assert response.status_code == 303
    assert api_match(client, match_id)["rounds"] == []


# --------------------------------------------------------------------------- the game adapters: form -> spec JSON

def cases(name: str) -> list:
    """Each game's own cases of `name` (tests/games/data), with the game."""
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


def test_two_step_round_by_plain_form_posts(client):
    """JavaScript off: the bids are posted and stored; the page shows them and posts them
    again with the tricks, so the tricks complete the round; a refused bid says why."""
    match_id = create(client, "spades")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    version = re.search(r'name="version" value="([^"]+)"', page).group(1)
    bids = {"bid_0": "2", "bid_1": "4", "bid_2": "3", "bid_3": "3", "version": html_lib.unescape(version)}
    response = client.post(f"/matches/{match_id}/rounds/1/bidding", data=bids)
    assert response.status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'id="play-view"' in page and 'name="bid_1" value="4"' in page
    assert api_match(client, match_id)["bidding"]["input"]["bids"] == [2, 4, 3, 3]
    hand = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    hand.pop("csrf_token", None)
    hand = {key: html_lib.unescape(value) for key, value in hand.items()}
    hand.update({"tricks_0": "2", "tricks_1": "5", "tricks_2": "3", "tricks_3": "3"})
    response = client.post(f"/matches/{match_id}/rounds", data=hand)
    assert response.status_code == 303, refusal(response.get_data(as_text=True))
    stored = api_match(client, match_id)
    assert stored["rounds"][0]["input"]["bids"] == [2, 4, 3, 3] and stored["bidding"] is None


@pytest.mark.parametrize(
    ("language", "deal_line", "not_said"),
    [
        ("en", "Round 1: Ann deals; Bob bids first", "leads"),
        ("de", "Runde 1: Ann gibt; Bob sagt zuerst an", "spielt aus"),
        ("ru", "Раунд 1: сдаёт Ann; первый заказ — Bob", "ходит"),
    ],
)
def test_spades_deal_line_says_who_bids_first_not_who_leads(client, language, deal_line, not_said):
    """In Spades the lowest clubs open the first trick: the deal line names who bids first only."""
    match_id = create(client, "spades")
    page = html_lib.unescape(client.get(f"/matches/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True))
    assert deal_line in page
    assert not_said not in page


def test_nameless_alone_and_renege_are_plain_radio_chips(client):
    """JavaScript off: who went alone and who reneged are radio chips ("Nobody" checked) that post as a plain form."""
    match_id = create(client, "nameless")
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'name="alone"' in html and "<select id=\"f-alone\"" not in html and "<select id=\"f-renege\"" not in html
    for name in ("alone", "renege"):
        assert re.search(rf'<label class="chip"><input type="radio" name="{name}" value="" checked>', html)
    data = {"tricks_0": "1", "tricks_1": "3", "tricks_2": "1", "tricks_3": "0", "alone": "1", "renege": "",
            "expected_number": "1"}
    assert client.post(f"/matches/{match_id}/rounds", data=data).status_code == 303
    assert api_match(client, match_id)["rounds"][0]["input"] == {"tricks": [1, 3, 1, 0], "alone": 1}
