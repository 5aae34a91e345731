"""Spades' bids on the page: a nil is never a bare 0, a contract of 0 is refused by the live
check, on save and by the phone's engine alike, in the rule's words with its "why?"."""
from __future__ import annotations

import json
import re

import pytest

from scorekeeper.engine import phone
from scorekeeper.engine.games import get_game
from tests.support.bids_play_view import page_of, play_view, save_bids, start, text, version
from tests.support.data import players_for
from tests.support.refusal_words import codes_of, shown_messages, words_wrong


def test_a_spades_nil_is_never_a_bare_0(client):
    match_id = start(client, "spades")
    assert save_bids(client, match_id, {"bid_0": "4", "bid_1": "nil", "bid_2": "5", "bid_3": "3"}).status_code == 303
    shown = play_view(page_of(client, f"/matches/{match_id}"))
    assert "Bob nil" in shown and "Bob 0" not in shown


# Bob and Dee are partners: two number bids of 0 are a contract of 0, which the rules refuse.
ZERO_CONTRACT = {"bid_1": "0", "bid_3": "0"}
ZERO_WORDS = {
    "en": "Bob & Dee bid 0 tricks together, but a side's contract must be 1 to 13: a player who means to take no trick bids nil",
    "de": "wer keinen Stich machen will, sagt Nil an",
    "ru": "кто не хочет брать ни одной взятки, заказывает нил",
}


@pytest.mark.parametrize("others", [{}, {"bid_0": "4", "bid_2": "5"}], ids=["the other side to bid", "all bids in"])
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_spades_contract_of_0_is_refused_by_the_live_check(client, language, others):
    match_id = start(client, "spades")
    page = page_of(client, f"/matches/{match_id}", language)
    data = {**ZERO_CONTRACT, **others, "version": version(page)}
    answer = client.post(f"/matches/{match_id}/preview", data=data, headers={"Accept-Language": language})
    html = answer.get_data(as_text=True)
    assert 'class="bar-state bad"' in html
    # Said in the save bar, in view wherever the bid was tapped.
    refusal = re.search(r'<p class="bar-state bad" id="bar-state">(.*?)</p>', html, re.S).group(1)
    assert ZERO_WORDS[language] in text(refusal)
    assert 'href="/rules/spades#rule-contract"' in refusal
    spades = get_game("spades")
    assert not words_wrong(text(refusal), codes_of(spades, spades.table(players_for(spades)), language))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_spades_contract_of_0_refused_on_save_says_the_rule(client, language):
    match_id = start(client, "spades")
    answer = save_bids(client, match_id, {**ZERO_CONTRACT, "bid_0": "4", "bid_2": "5"}, language)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    summary = re.search(r'<div class="error-summary[^"]*" role="alert" id="error-summary">(.*?)</div>', html, re.S).group(1)
    assert ZERO_WORDS[language] in text(summary) and 'href="/rules/spades#rule-contract"' in summary
    spades = get_game("spades")
    codes = codes_of(spades, spades.table(players_for(spades)), language)
    for message in shown_messages(html):
        assert not words_wrong(message, codes), message
        assert "integer" not in message


@pytest.mark.parametrize("others", [{}, {"bid_0": "4", "bid_2": "5"}], ids=["the other side to bid", "all bids in"])
def test_the_phones_engine_refuses_a_contract_of_0_as_the_server_does(client, others):
    """Offline the phone's engine (engine/phone.py) answers the live check: the same refusal, the same words."""
    match_id = start(client, "spades")
    match = client.get(f"/api/v1/matches/{match_id}").get_json()
    with client.application.test_request_context():
        check = json.loads(phone.evaluate(json.dumps({"match": match, "queued": [], "form": {**ZERO_CONTRACT, **others}})))["check"]
    assert not check["ok"] and check["code"] == "contract_range"
    assert check["message"] == ZERO_WORDS["en"]
