"""Spades on the pages, JavaScript off: presets and options from the new-match form, a two-step round by plain posts, the deal line naming who bids first."""
from __future__ import annotations

import html as html_lib
import re

import pytest

from tests.support.pages import api_match, create, refusal


def test_new_match_options_and_presets(client):
    match_id = create(client, "spades", opt_preset="classic", opt_target="300", opt_special_calls="moon")
    options = api_match(client, match_id)["options"]
    assert options["nil_value"] == 100 and options["target"] == 300 and options["special_calls"] == ["moon"]
    match_id = create(client, "spades", opt_blind_nil_deficit="none")
    assert api_match(client, match_id)["options"]["blind_nil_deficit"] is None


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
    # The deal line's own words (the page elsewhere says "leads:" of the leader in the totals).
    said = re.search(r">([^<]*" + re.escape(deal_line) + r"[^<]*)<", page)
    assert said is not None, deal_line
    assert not_said not in said.group(1)


def test_each_sides_bags_are_noted_under_its_total(client):
    """The scoreboard notes each side's bags (Spades' own note, from its adapter), a warning near the bag limit."""
    match_id = create(client, "spades", opt_bag_limit="5")
    # Ann & Cid bid 5 and take 5: no bag, 5 to the limit; Bob & Dee bid 4 and take 8: 4 bags, 1 to the
    # limit, within the 3 the scoreboard warns of.
    posted = client.post(f"/api/v1/matches/{match_id}/rounds", json={"bids": [2, 2, 3, 2], "tricks": [2, 4, 3, 4]})
    assert posted.status_code == 201, posted.get_json()
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    notes = re.findall(r'<span class="small board-note( note-warning| muted)">([^<]*)</span>', page)
    assert notes == [(" muted", "0 bags"), (" note-warning", "4 bags · 1 more loses points")], notes
