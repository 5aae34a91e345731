"""Nwik on the pages, JavaScript off: a round by form post (stored once), its refusal in the rule's words with the entries kept, a stale round number, an edit that would break a later round."""
from __future__ import annotations

import re

from tests.support.pages import TAKEN_OTHERWISE, api_match, create, form_key, refusal

NWIK_ROUND_1 = {"style": "5", "stake": "4", "vip_card": "2", "tricks_0": "3", "tricks_1": "5", "tricks_2": "5"}


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


def test_stale_round_number_is_refused(client):
    match_id = create(client, "nwik")
    client.post(f"/matches/{match_id}/rounds", data={**NWIK_ROUND_1, "expected_number": "1", "idempotency_key": "a"})
    second = {"style": "4", "stake": "2", "tricks_0": "2", "tricks_1": "7", "tricks_2": "4"}
    response = client.post(f"/matches/{match_id}/rounds", data={**second, "expected_number": "1", "idempotency_key": "b"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    # Another phone recorded round 1 first: the current match, the entries beside round 1's
    # (they were round 1's, which is recorded), and round 2 empty once they are left.
    assert refusal(html) == TAKEN_OTHERWISE.format(number=1)
    assert 'id="round-1"' in html and 'id="versions"' in html
    assert len(api_match(client, match_id)["rounds"]) == 1
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert '<h2 id="h-entry">Round 2</h2>' in html
    assert not re.search(r'name="(style|stake|tricks_\d)" value="\d+" checked', html)


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


def test_a_vip_round_without_its_card_says_so_mid_sentence_in_russian(client):
    """The VIP card is a word inside a sentence there, not a heading: lower case in Russian
    (an outside walk-through read "Карта ВИП" mid-sentence)."""
    match_id = create(client, "nwik")
    data = {key: value for key, value in NWIK_ROUND_1.items() if key != "vip_card"}
    response = client.post(
        f"/matches/{match_id}/rounds", data={**data, "expected_number": "1", "idempotency_key": "k1"},
        headers={"Accept-Language": "ru"},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Ещё не введено: карта ВИП" in html
    assert "Карта ВИП" not in html
