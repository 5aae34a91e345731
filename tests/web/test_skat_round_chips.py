"""Skat's deal by chips on the server: the declarer's chips (never the dealer who sits out at
four), "All passed", the games, the bids (a null game greys those above its value), and every
deal read from a plain form post as the engine takes it."""
from __future__ import annotations

import random
import re

import pytest

from scorekeeper.engine.core.base import SPADES
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.form_fields import FormError
from scorekeeper.engine.games.skat import SKAT
from tests.support.legal_rounds import legal_round
from tests.support.pages import create, form_key

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def skat(n: int = 3, **options):
    table = SKAT.table(NAMES[:n], {"max_deals": 30, **options})
    state = SKAT.initial_state(table)
    return adapter_for(SKAT), table, state


def form_of(page: str) -> str:
    return page.split('id="h-entry"')[1].split("</form>")[0]


def chips(page: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', page)


def test_three_players_each_may_declare_or_all_pass(client):
    match_id = create(client, "skat", NAMES[:3])
    page = form_of(client.get(f"/matches/{match_id}").get_data(as_text=True))
    # In the order of play: forehand (the dealer's left) first.
    assert chips(page, "declarer") == ["1", "2", "0", "pass"]
    assert chips(page, "game") == ["clubs", "spades", "hearts", "diamonds", "grand", "null"]
    assert "♣" in page and "Grand" in page and "Null" in page
    assert chips(page, "bid")[:4] == ["18", "20", "22", "23"] and chips(page, "bid")[-2:] == ["60", "more"]
    assert chips(page, "matadors") == [str(count) for count in range(1, 12)]
    # "With" is chosen beforehand; nothing announced.
    assert re.search(r'name="without" value="0" checked', page)
    assert "Deal 1: Ann deals" in page
    assert "<select" not in page


def test_at_four_the_dealer_sits_out_and_is_not_offered(client):
    match_id = create(client, "skat", NAMES)
    page = form_of(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert chips(page, "declarer") == ["1", "2", "3", "pass"]
    assert "Deal 1: Ann deals and sits out" in page


def test_a_null_game_greys_the_bids_above_its_value(client):
    match_id = create(client, "skat", NAMES[:3])
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    base = {"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1), "declarer": "1", "without": "0"}
    answer = client.post(f"/matches/{match_id}/preview", data={**base, "game": "null"}).get_data(as_text=True)
    offered = chips(answer, "bid")
    assert offered == ["18", "20", "22", "23"]
    assert "Null is worth 23, the bid was 24: it cannot be declared" in answer
    assert "Null is worth 23." in answer  # the bar, before won or lost is chosen
    hand = client.post(f"/matches/{match_id}/preview", data={**base, "game": "null", "hand": "1", "ouvert": "1"})
    assert chips(hand.get_data(as_text=True), "bid")[-2:] == ["55", "59"]
    suit = client.post(f"/matches/{match_id}/preview", data={**base, "game": "clubs"}).get_data(as_text=True)
    assert chips(suit, "bid")[-1] == "more" and len(chips(suit, "bid")) == 21


def test_a_won_suit_game_by_chips_is_saved(client):
    match_id = create(client, "skat", NAMES[:3])
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    data = {"csrf_token": token, "idempotency_key": form_key(page), "expected_number": "1",
            "declarer": "1", "game": "clubs", "without": "0", "matadors": "2", "bid": "18", "points": "85"}
    answer = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert "Bob <b class=\"num\">+86</b>" in answer
    assert client.post(f"/matches/{match_id}/rounds", data=data).status_code == 303


# Plain form posts (JavaScript off) and what the engine is given.
DEALS = [
    ({"declarer": "pass"}, {"declarer": None}),
    ({"declarer": "0", "game": "clubs", "without": "0", "matadors": "2", "bid": "18", "points": "85"},
     {"declarer": 0, "game": "clubs", "bid": 18, "hand": False, "matadors": 2, "without": False, "points": 85}),
    ({"declarer": "2", "game": "grand", "without": "1", "matadors": "4", "bid": "more", "bid_more": "120",
      "hand": "1", "announce": "schwarz", "points": "120", "schwarz": "1"},
     {"declarer": 2, "game": "grand", "bid": 120, "hand": True, "matadors": 4, "without": True,
      "announce": "schwarz", "points": 120, "schwarz": True}),
    # An announcement left chosen once hand is untoggled is not sent (its part is hidden).
    ({"declarer": "1", "game": "hearts", "without": "0", "matadors": "1", "bid": "20", "announce": "schneider",
      "points": "40"},
     {"declarer": 1, "game": "hearts", "bid": 20, "hand": False, "matadors": 1, "without": False, "points": 40}),
    # Ouvert (a hand game), announced schwarz and made: toggles said only when on.
    ({"declarer": "0", "game": "diamonds", "without": "0", "matadors": "1", "bid": "18", "hand": "1", "ouvert": "1",
      "announce": "schwarz", "points": "120", "schwarz": "1"},
     {"declarer": 0, "game": "diamonds", "bid": 18, "hand": True, "ouvert": True, "matadors": 1, "without": False,
      "announce": "schwarz", "points": 120, "schwarz": True}),
    # A null game asks won or lost, never matadors or points (left from an earlier choice).
    ({"declarer": "1", "game": "null", "without": "0", "matadors": "3", "bid": "23", "won": "0", "points": "50"},
     {"declarer": 1, "game": "null", "bid": 23, "won": False}),
]


@pytest.mark.parametrize(("form", "expected"), DEALS)
def test_a_plain_post_reads_as_the_engine_takes_it(form, expected):
    adapter, table, state = skat()
    assert adapter.round_input(form, table, state.next) == expected


@pytest.mark.parametrize(("form", "message"), [
    ({}, "Still to enter: declarer"),
    ({"declarer": "0", "without": "0"}, "Still to enter: game, bid"),
    ({"declarer": "0", "game": SPADES, "without": "0", "bid": "18"}, "Still to enter: matadors, card points"),
    ({"declarer": "0", "game": "null", "hand": "1", "bid": "35"}, "Null hand is worth 35. Still to enter: won or lost"),
])
def test_what_is_still_to_enter(form, message):
    adapter, table, state = skat()
    with pytest.raises(FormError) as caught:
        adapter.round_input(form, table, state.next)
    assert caught.value.message == message


def test_ramsch_points_the_last_following_and_no_trick():
    adapter, table, state = skat(4, ramsch=True)
    hints = state.next
    assert hints["sits_out"] == 0
    form = {"declarer": "pass", "ramsch_1": "0", "ramsch_2": "50", "ramsch_3": "70", "no_trick_1": "1"}
    assert adapter.round_input(form, table, hints) == {"declarer": None, "ramsch": [None, 0, 50, 70], "no_trick": [1]}
    with pytest.raises(FormError) as caught:
        adapter.round_input({"declarer": "pass", "ramsch_2": "50"}, table, hints)
    assert caught.value.message == "Still to enter: Ramsch points of Bob and Dee"


@pytest.mark.parametrize(("n", "ramsch"), [(3, True), (4, True), (3, False), (4, False)])
def test_every_legal_deal_posts_back_the_same_deal(n, ramsch):
    adapter, table, state = skat(n, ramsch=ramsch)
    rng = random.Random(n * 2 + ramsch)
    while not state.finished:
        raw, after = legal_round(rng, SKAT, table, state)
        posted = adapter.round_input(adapter.form_values(raw, table, state.next), table, state.next)
        assert posted == raw
        state = after
