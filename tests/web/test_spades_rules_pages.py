"""Spades' house rules on the pages: offered in words on the new-match form, frozen when
chosen, said on the round entry, and a refusal's "why?" linked to its paragraph (in German too)."""
from __future__ import annotations

import html as html_lib

from tests.support.pages import create, players_of


def test_new_match_form_offers_the_house_rules_in_words(client):
    html = client.get("/matches/new?game=spades").get_data(as_text=True)
    for label in ("Minimum team bid", "Bids may add up to 13", "Failed nil tricks are bags", "Round limit"):
        assert f">{label}</label>" in html
    for name in ("min_team_bid", "bids_total_13", "failed_nil_bags", "max_rounds"):
        assert f'name="opt_{name}"' in html


def test_house_rules_chosen_in_the_form_are_frozen(client):
    match_id = create(
        client, "spades", opt_min_team_bid="4", opt_bids_total_13="false", opt_max_rounds="6",
        opt_preset="classic", opt_failed_nil_bags="true",
    )
    options = client.get(f"/api/v1/matches/{match_id}").get_json()["options"]
    assert (options["min_team_bid"], options["bids_total_13"], options["max_rounds"], options["failed_nil_bags"]) == (
        4, False, 6, True
    )
    assert "6 rounds left" in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_refused_option_combination_says_why(client):
    data = {"game": "spades", "seats": "4", "action": "create", "first_dealer": "0", "opt_failed_nil_bags": "true"}
    data.update({f"player_{seat}": name for seat, name in enumerate(players_of("spades"))})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'class="rule-link" href="/rules/spades#option-failed_nil_bags">why?</a>' in html


def test_round_entry_says_the_house_rules_of_the_bids(client):
    match_id = create(client, "spades", opt_min_team_bid="4", opt_bids_total_13="false")
    form = {"bid_0": "4", "bid_1": "nil", "bid_2": "3", "bid_3": "5", "tricks_0": "4", "tricks_1": "0", "tricks_2": "3",
            "tricks_3": "6"}
    html = html_lib.unescape(client.post(f"/matches/{match_id}/preview", data=form).get_data(as_text=True))
    assert "House rule: each side bids at least 4 together, unless it bids nil or makes a special call" in html
    assert "House rule: the bids may not add up to 13 (so far 12)" in html
    plain = html_lib.unescape(client.get(f"/matches/{create(client, 'spades')}").get_data(as_text=True))
    assert "House rule" not in plain


def test_german_rules_page_and_why_in_german(client):
    match_id = create(client, "spades", opt_bids_total_13="false")
    form = {"bid_0": "4", "bid_1": "3", "bid_2": "3", "bid_3": "3", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3",
            "tricks_3": "3"}
    html = client.post(
        f"/matches/{match_id}/preview", data=form, headers={"Accept-Language": "de"}
    ).get_data(as_text=True)
    assert "Hausregel" in html and ">warum?</a>" in html
    page = client.get("/rules/spades", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Ansagen dürfen 13 ergeben" in page
