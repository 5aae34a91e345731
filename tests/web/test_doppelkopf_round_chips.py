"""Doppelkopf's hand by chips on the server: the games (normal chosen beforehand), the Re pair's
and the soloist's chips (never the dealer who sits out at five), the special points of the kinds
the table plays, and every legal hand read back from the form it fills in."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from scorekeeper.engine.core.base import CLUBS, RoundError
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.form_fields import FormError
from scorekeeper.engine.entry.game_words import REFUSAL_WORDS
from scorekeeper.engine.games.doppelkopf import DOPPELKOPF
from scorekeeper.web import rules_pages
from tests.support.legal_rounds import legal_round
from tests.support.pages import form_key
from tests.support.rules_pages import game_codes

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]

def doppelkopf_of(n: int = 4, **options):
    table = DOPPELKOPF.table(NAMES[:n], DOPPELKOPF.resolve_options({"max_deals": 8, **options}, n))
    return adapter_for(DOPPELKOPF), table, DOPPELKOPF.initial_state(table)


def create(client, n: int = 4, **options) -> str:
    body = {"game": DOPPELKOPF.id, "players": NAMES[:n], "options": options}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def form_of(page: str) -> str:
    return page.split('id="h-entry"')[1].split("</form>")[0]


def chips(page: str, name: str, kind: str = "radio") -> list[str]:
    return re.findall(rf'<input type="{kind}" name="{name}" value="([^"]*)"', page)


def visible_seats(page: str, kind: str) -> list[str]:
    return re.findall(rf'<label class="chip" data-seat="(\d)"><input type="{kind}"', page)


def test_the_chips_of_a_hand_at_four(client):
    page = form_of(client.get(f"/matches/{create(client)}").get_data(as_text=True))
    assert chips(page, "game") == ["normal", "marriage", "queens", "jacks", "clubs", "spades", "hearts", "diamonds",
                                   "fleshless", "silent_solo", "marriage_solo"]
    # A normal game, no calls and no special points are chosen beforehand: they cost no tap.
    assert re.search(r'name="game" value="normal" checked', page)
    assert re.search(r'name="re_call" value="" checked', page) and re.search(r'name="kontra_call" value="" checked', page)
    assert chips(page, "re_call") == ["", "re", "no90", "no60", "no30", "black"]
    assert chips(page, "kontra_call") == ["", "kontra", "no90", "no60", "no30", "black"]
    assert visible_seats(page, "checkbox") == ["0", "1", "2", "3"]
    assert visible_seats(page, "radio") == ["0", "1", "2", "3"]
    assert chips(page, "foxes_0") == ["0", "1", "2"] and chips(page, "doppelkopfs_1")[:3] == ["0", "1", "2"]
    assert chips(page, "karlchen") == ["", "re", "kontra"]
    assert 'name="re_points" type="number"' in page
    assert "Hand 1: Ann deals · deal 1 of 24 · everyone owes a compulsory solo" in page
    assert "<select" not in page


def test_at_five_the_dealer_sits_out_and_is_not_offered(client):
    page = form_of(client.get(f"/matches/{create(client, 5)}").get_data(as_text=True))
    assert visible_seats(page, "checkbox") == ["1", "2", "3", "4"]
    assert visible_seats(page, "radio") == ["1", "2", "3", "4"]
    assert "Hand 1: Ann deals and sits out" in page


def test_only_the_special_points_the_table_plays(client):
    page = form_of(client.get(f"/matches/{create(client, special_points=['fox'])}").get_data(as_text=True))
    assert chips(page, "foxes_0") == ["0", "1", "2"]
    assert chips(page, "doppelkopfs_0") == [] and chips(page, "karlchen") == []
    none = form_of(client.get(f"/matches/{create(client, special_points=[])}").get_data(as_text=True))
    assert chips(none, "foxes_0") == [] and 'id="c-foxes"' not in none


def test_no_trick_is_offered_only_when_the_points_allow(client):
    match_id = create(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    # Without JavaScript both are offered (html.js hides them until the points allow one).
    assert re.search(r'<div id="no-trick" class="nojs-only"', page) and chips(form_of(page), "no_trick") == ["", "re", "kontra"]
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    base = {"csrf_token": token, "game": "normal", "re_1": "1", "re_2": "1"}
    for points, offered in (("240", ["", "kontra"]), ("0", ["", "re"]), ("130", ["", "re", "kontra"])):
        answer = client.post(f"/matches/{match_id}/preview", data={**base, "re_points": points}).get_data(as_text=True)
        live = answer.split('<div id="no-trick"')[1].split("</div>")[0]
        assert chips(live, "no_trick") == offered, points
        assert ("nojs-only" in live) is (points == "130")


def test_a_normal_game_by_chips_is_saved_and_the_bar_says_its_value(client):
    match_id = create(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    data = {"csrf_token": token, "idempotency_key": form_key(page), "expected_number": "1", "game": "normal",
            "re_1": "1", "re_2": "1", "re_points": "151", "re_call": "", "kontra_call": "", "foxes_0": "1", "foxes_1": "0"}
    answer = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert '<span class="bar-play">Normal game 3:</span>' in answer
    assert "Kontra has 89 card points" in answer
    assert client.post(f"/matches/{match_id}/rounds", data=data).status_code == 303


# Plain form posts (JavaScript off) and what the engine is given.
HANDS = [
    ({"game": "normal", "re_0": "1", "re_2": "1", "re_points": "130", "re_call": "", "kontra_call": "",
      "foxes_0": "0", "foxes_1": "0", "doppelkopfs_0": "0", "doppelkopfs_1": "0", "karlchen": ""},
     {"game": "normal", "re": [0, 2], "re_points": 130}),
    ({"game": "marriage", "re_1": "1", "re_3": "1", "re_points": "240", "re_call": "no90", "no_trick": "kontra",
      "foxes_0": "2", "doppelkopfs_0": "1", "karlchen": "re"},
     {"game": "marriage", "re": [1, 3], "re_points": 240, "re_call": "no90", "no_trick": "kontra", "foxes": [2, 0],
      "doppelkopfs": [1, 0], "karlchen": "re"}),
    # A solo: the soloist, never the Re chips or the special points left from a normal game.
    ({"game": CLUBS, "soloist": "2", "re_0": "1", "re_points": "100", "kontra_call": "kontra", "foxes_0": "1"},
     {"game": CLUBS, "soloist": 2, "re_points": 100, "kontra_call": "kontra"}),
]


@pytest.mark.parametrize(("form", "expected"), HANDS)
def test_a_plain_post_reads_as_the_engine_takes_it(form, expected):
    adapter, table, state = doppelkopf_of()
    assert adapter.round_input(form, table, state.next) == expected


@pytest.mark.parametrize(("form", "message"), [
    ({"game": "normal"}, "Still to enter: the Re pair, card points of Re"),
    ({"game": "normal", "re_1": "1", "re_points": "120"}, "Still to enter: the second Re player"),
    ({"game": "queens", "re_points": "120"}, "Still to enter: soloist"),
])
def test_what_is_still_to_enter(form, message):
    adapter, table, state = doppelkopf_of()
    with pytest.raises(FormError) as caught:
        adapter.round_input(form, table, state.next)
    assert caught.value.message == message


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("special_points", [None, ["fox"], []])
def test_every_legal_hand_posts_back_the_same_hand(n, special_points):
    options = {} if special_points is None else {"special_points": special_points}
    adapter, table, state = doppelkopf_of(n, **options)
    rng = random.Random(n * 7 + len(special_points or "x"))
    while not state.finished:
        raw, after = legal_round(rng, DOPPELKOPF, table, state)
        posted = adapter.round_input(adapter.form_values(raw, table, state.next), table, state.next)
        assert played(table, state, posted) == played(table, state, raw), raw
        state = after


def played(table, state, raw):
    """The hand as the rules play it, the Re pair in seat order (the chips post it so)."""
    hand = DOPPELKOPF.parse_round(table, state, raw)
    return replace(hand, re=tuple(sorted(hand.re)))


def test_every_refusal_code_has_its_rule():
    mapped = set(rules_pages.SHARED_REFUSAL_ANCHORS) | set(adapter_for(DOPPELKOPF).refusal_anchors)
    assert sorted(code for code in game_codes(DOPPELKOPF) if code not in mapped and not code.startswith("option_")) == []
    anchors = rules_pages.render("en", DOPPELKOPF.id).anchors
    assert {anchor for anchor in adapter_for(DOPPELKOPF).refusal_anchors.values() if anchor not in anchors} == set()


@pytest.mark.parametrize(("raw", "words"), [
    ({"game": "normal", "re": [0, 1, 2], "re_points": 120}, "the Re party is two players: tick two"),
    ({"game": "normal", "re": [0, 1], "re_points": 120, "no_trick": "re"},
     "a party took no trick only when the other has all 240 card points"),
    ({"game": "queens", "soloist": 1, "re": [0, 1], "re_points": 120},
     "a solo has a soloist, a normal game or a marriage a Re pair: choose the game again"),
])
def test_refusals_naming_fields_are_said_in_words(raw, words):
    _adapter, table, state = doppelkopf_of()
    with pytest.raises(RoundError) as caught:
        DOPPELKOPF.parse_round(table, state, raw)
    worded = REFUSAL_WORDS.get(DOPPELKOPF)
    assert worded is not None
    assert worded(DOPPELKOPF, table, caught.value.code, caught.value.field, caught.value.message) == words
