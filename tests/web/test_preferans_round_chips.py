"""Preferans's hand by chips on the server: the declarer's chips (the three who play, never the
dealer who sits out at four) or all pass, the contract's level and suit, each defender's whist,
pass or half (half only the second defender's, on a 6 or a 7), the tricks of a hand played; what
is still to enter, refusals in words, the save bar, and every legal hand read back from the form
it fills in, both the game's own and the generic one the engine describes."""
from __future__ import annotations

import random
import re
from html import unescape

import pytest

from scorekeeper.engine.core.base import RoundError
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.adapter import GameAdapter
from scorekeeper.engine.entry.form_fields import FormError
from scorekeeper.engine.entry.game_words import REFUSAL_WORDS
from scorekeeper.engine.games.preferans import PREFERANS
from scorekeeper.web import rules_pages
from tests.support.legal_rounds import legal_round
from tests.support.pages import form_key
from tests.support.rules_pages import game_codes

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def preferans_of(n: int = 3, **options):
    table = PREFERANS.table(NAMES[:n], PREFERANS.resolve_options({"pool_size": 10, **options}, n))
    return adapter_for(PREFERANS), table, PREFERANS.initial_state(table)


def create(client, n: int = 3, **options) -> str:
    body = {"game": PREFERANS.id, "players": NAMES[:n], "options": {"pool_size": 10, **options}}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def form_of(page: str) -> str:
    return page.split('id="h-entry"')[1].split("</form>")[0]


def chips(page: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', page)


def shown_when(page: str, element: str) -> str:
    return unescape(re.search(rf'{element}[^>]*data-shown-when="([^"]*)"', page).group(1))


def test_the_chips_of_a_hand_at_three(client):
    page = form_of(client.get(f"/matches/{create(client)}").get_data(as_text=True))
    # Ann deals: Bob, Cid and Ann play, from the first hand; or all pass.
    assert chips(page, "declarer") == ["1", "2", "0", "all_pass"]
    assert chips(page, "level") == ["6", "7", "8", "9", "10", "misere"]
    assert chips(page, "suit") == ["S", "C", "D", "H", "NT"]
    assert re.findall(r'name="suit" value="\w+"><span>([^<]*)</span>', page) == ["♠", "♣", "♦", "♥", "NT"]
    # Every player's words, asked when another declared; "half" only of the second defender on a 6 or a 7.
    for seat in range(3):
        assert chips(page, f"whist_{seat}") == ["whist", "pass", "half"]
    assert shown_when(page, 'data-seat="0"><div') == "declarer=1 declarer=2"
    # Bob declares: Cid defends first, Ann second; Cid declares: Ann, then Bob; Ann: Bob, then Cid.
    assert shown_when(page, 'id="half-0"') == "declarer=1&level=6 declarer=1&level=7"
    assert shown_when(page, 'id="half-1"') == "declarer=2&level=6 declarer=2&level=7"
    assert shown_when(page, 'id="half-2"') == "declarer=0&level=6 declarer=0&level=7"
    assert chips(page, "tricks_0") == [str(count) for count in range(11)]
    assert "declarer=all_pass level=misere declarer=0&amp;whist_1=whist" in page
    assert "Hand 1: Ann deals" in page
    # Nothing is chosen beforehand: a word or a contract left as it was would be a wrong hand.
    assert not re.search(r"<input [^>]* checked", page) and "<select" not in page


def test_at_four_the_dealer_sits_out_and_is_not_offered(client):
    page = form_of(client.get(f"/matches/{create(client, 4)}").get_data(as_text=True))
    assert chips(page, "declarer") == ["1", "2", "3", "all_pass"]
    assert "Hand 1: Ann deals and sits out" in page
    assert re.findall(r'<div data-seat="(\d)" hidden>', page) == ["0", "0"]  # her words and her tricks
    # Bob, Cid, Dee play: Bob declares, Cid defends first and Dee second.
    assert shown_when(page, 'id="half-3"') == "declarer=1&level=6 declarer=1&level=7"
    assert shown_when(page, 'id="half-0"') == ""


def test_without_half_whist_no_half_is_offered(client):
    page = form_of(client.get(f"/matches/{create(client, half_whist=False)}").get_data(as_text=True))
    assert chips(page, "whist_0") == ["whist", "pass"] and 'id="half-0"' not in page


# Plain form posts (JavaScript off) and what the engine is given: hand 1 at three, Ann deals.
HANDS = [
    # 7♥ by Bob, Cid whists, Ann passes: the tricks of all three.
    ({"declarer": "1", "level": "7", "suit": "H", "whist_2": "whist", "whist_0": "pass",
      "tricks_1": "7", "tricks_2": "2", "tricks_0": "1"},
     {"contract": "7H", "declarer": 1, "whist": ["pass", None, "whist"], "tricks": [1, 7, 2]}),
    # Both pass: the game is not played, no tricks (a trick left from before is not sent).
    ({"declarer": "2", "level": "10", "suit": "NT", "whist_0": "pass", "whist_1": "pass", "tricks_0": "3"},
     {"contract": "10NT", "declarer": 2, "whist": ["pass", "pass", None]}),
    # Half from the second defender (Ann declares: Bob first, Cid second).
    ({"declarer": "0", "level": "6", "suit": "S", "whist_1": "pass", "whist_2": "half"},
     {"contract": "6S", "declarer": 0, "whist": [None, "pass", "half"]}),
    # A misère: the declarer's tricks and the others' (no words; a word left from before is not sent).
    ({"declarer": "2", "level": "misere", "suit": "H", "whist_0": "whist", "tricks_2": "0", "tricks_0": "6", "tricks_1": "4"},
     {"contract": "misere", "declarer": 2, "tricks": [6, 4, 0]}),
    # All pass: the tricks alone.
    ({"declarer": "all_pass", "level": "7", "tricks_0": "3", "tricks_1": "2", "tricks_2": "5"},
     {"contract": "all_pass", "tricks": [3, 2, 5]}),
]


@pytest.mark.parametrize(("form", "expected"), HANDS)
def test_a_plain_post_reads_as_the_engine_takes_it(form, expected):
    adapter, table, state = preferans_of()
    assert adapter.round_input(form, table, state.next) == expected
    PREFERANS.play(table, state, expected)


def test_at_four_the_one_who_sits_out_has_no_tricks():
    adapter, table, state = preferans_of(4)
    form = {"declarer": "all_pass", "tricks_1": "3", "tricks_2": "5", "tricks_3": "2"}
    assert adapter.round_input(form, table, state.next) == {"contract": "all_pass", "tricks": [None, 3, 5, 2]}


@pytest.mark.parametrize(("form", "message", "field"), [
    ({}, "Still to enter: declarer or all pass", "declarer"),
    ({"declarer": "1"}, "Still to enter: contract", "level"),
    ({"declarer": "1", "level": "7"}, "Still to enter: suit, whist or pass", "suit"),
    ({"declarer": "1", "level": "7", "suit": "H", "whist_2": "whist"}, "Still to enter: whist or pass of Ann, tricks", "whist.0"),
    ({"declarer": "1", "level": "7", "suit": "H", "whist_2": "whist", "whist_0": "pass"}, "Still to enter: tricks", "tricks.1"),
    ({"declarer": "1", "level": "7", "suit": "H", "whist_2": "whist", "whist_0": "pass", "tricks_1": "7"},
     "Still to enter: tricks of Cid and Ann", "tricks.2"),
    ({"declarer": "2", "level": "misere"}, "Still to enter: tricks", "tricks.1"),
    ({"declarer": "all_pass", "tricks_0": "2"}, "Still to enter: tricks of Bob and Cid", "tricks.1"),
])
def test_what_is_still_to_enter(form, message, field):
    adapter, table, state = preferans_of()
    with pytest.raises(FormError) as caught:
        adapter.round_input(form, table, state.next)
    assert (caught.value.message, caught.value.field) == (message, field)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("own", [True, False], ids=["own-form", "generic-form"])
def test_every_legal_hand_posts_back_the_same_hand(n, own):
    """The game's chips and the generic form the engine describes (a copy of the game, or a
    page without its template) both read every legal hand back as the rules play it."""
    adapter, table, state = preferans_of(n)
    if not own:
        adapter = GameAdapter(PREFERANS)
    rng = random.Random(n * 11 + own)
    for _hand in range(40):
        if state.finished:
            state = PREFERANS.initial_state(table)
        raw, after = legal_round(rng, PREFERANS, table, state)
        posted = adapter.round_input(adapter.form_values(raw, table, state.next), table, state.next)
        assert PREFERANS.parse_round(table, state, posted) == PREFERANS.parse_round(table, state, raw), raw
        state = after


def test_the_engine_describes_its_round_for_a_generic_form():
    _adapter, table, state = preferans_of(4)
    fields = {field.name: field for field in PREFERANS.input_fields(table, state.next)}
    assert list(fields) == ["contract", "declarer", "whist", "tricks"]
    assert fields["contract"].choice_names["7H"] == "7♥" and fields["contract"].choice_names["6NT"] == "6 NT"
    assert fields["whist"].per == "seat" and fields["whist"].optional
    assert (fields["tricks"].per, fields["tricks"].total, fields["tricks"].blank_is_absent) == ("seat", 10, True)
    assert {"contract": "all_pass"} not in fields["declarer"].shown_when
    # The chips of the tricks: the three who play; the last one follows from the others.
    inputs = PREFERANS.number_inputs(table, state, {"tricks": [None, 7, 2, None]})
    assert [(item.field, item.implied) for item in inputs] == [("tricks.1", None), ("tricks.2", None), ("tricks.3", 1)]


def test_a_hand_by_chips_is_saved_and_the_bar_says_what_it_writes(client):
    match_id = create(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    data = {"csrf_token": token, "idempotency_key": form_key(page), "expected_number": "1", **HANDS[0][0]}
    answer = unescape(client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True))
    # Bob makes 7♥ (pool 4); Cid, the lone whister, writes the defence's 3 tricks × 4 on him.
    assert '<span class="bar-play">7♥ made: Bob pool +4; whists on Bob: Cid 12:</span>' in answer
    assert re.findall(r'<span class="bar-score">(\w+) <b class="num">([^<]*)</b>', answer) == [
        ("Ann", "-13"), ("Bob", "+14"), ("Cid", "-1")]
    assert client.post(f"/matches/{match_id}/rounds", data=data).status_code == 303
    history = unescape(client.get(f"/matches/{match_id}").get_data(as_text=True).split('id="h-history"')[1])
    assert "contract 7♥, declarer Bob, defence Ann pass, Cid whist, tricks Ann 1, Bob 7, Cid 2" in history


def test_a_refused_hand_names_the_rule(client):
    match_id = create(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    # Ann says half, but Ann is the first defender against Cid (Bob is the second).
    data = {"csrf_token": token, "declarer": "2", "level": "7", "suit": "D", "whist_0": "half", "whist_1": "pass"}
    answer = unescape(client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True))
    assert "Ann cannot say half here: half only from the second defender, after a pass, on a 6 or 7" in answer
    assert 'href="/rules/preferans#rule-half-whist"' in answer


def test_every_refusal_code_has_its_rule():
    mapped = set(rules_pages.SHARED_REFUSAL_ANCHORS) | set(adapter_for(PREFERANS).refusal_anchors)
    assert sorted(code for code in game_codes(PREFERANS) if code not in mapped and not code.startswith("option_")) == []


@pytest.mark.parametrize(("raw", "words"), [
    ({"contract": "7H", "declarer": 1, "whist": ["whist", "pass", "whist"], "tricks": [2, 7, 1]},
     "Bob does not defend this hand: only the two defenders say whist or pass"),
    ({"contract": "6S", "declarer": 0, "whist": [None, "pass", "pass"], "tricks": [6, 2, 2]},
     "nobody whisted: the game is not played, leave the tricks empty"),
    ({"contract": "all_pass", "declarer": 1, "tricks": [3, 2, 5]}, "this hand has no declarer: leave it empty"),
    ({"contract": "misere", "declarer": 2, "whist": [None, None, None], "tricks": [4, 6, 0]},
     "this hand has no whist or pass: leave it empty"),
    ({"contract": "7H", "declarer": 1, "whist": ["whist", None, None], "tricks": [2, 7, 1]},
     "Still to enter: whist or pass of Cid"),
    ({"contract": "7h", "declarer": 1}, "contract: not one of the values offered here"),
])
def test_refusals_naming_fields_are_said_in_words(raw, words):
    adapter, table, state = preferans_of()
    assert said_by_the_page(adapter, table, state, raw) == words


def test_at_four_the_sitter_s_tricks_are_refused_in_words():
    adapter, table, state = preferans_of(4)
    raw = {"contract": "all_pass", "tricks": [1, 3, 4, 2]}
    assert said_by_the_page(adapter, table, state, raw) == "Ann deals and sits out: leave their tricks empty"


def said_by_the_page(adapter, table, state, raw) -> str:
    """The engine's refusal of `raw` as the page says it beside the form (the game's own words first)."""
    with pytest.raises(RoundError) as caught:
        PREFERANS.parse_round(table, state, raw)
    assert REFUSAL_WORDS.get(PREFERANS) is not None
    return adapter.refusal_words(table, caught.value.code, caught.value.field, caught.value.message)
