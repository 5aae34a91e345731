"""Two-step rounds on the page (JavaScript off, plain posts): the play view after "Save the
bids" says everything the hand is played for, in words; "Change the bids" reopens the form
with the saved bids filled in; a bid the rules refuse is refused by the live check already,
in the rule's words with its "why?"; each game calls its bids by one word."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.games import all_games
from tests.support.bids_play_view import page_of, play_view, save_bids, start, text, version
from tests.support.data import bid_word, changed_bid, play_view_cases

BIDDING_GAMES = [game for game in all_games() if game.has_bidding]


def history_actions(page: str) -> list[str]:
    """What the match page's history says was done, newest first: each line's who, what and
    when, without the round it shows."""
    block = re.search(r'<ol class="history">(.*?)</ol>', page, re.S)
    return [text(item) for item in re.findall(r"<li>\s*<div>(.*?)</div>", block.group(1), re.S)] if block else []


def filled_in(page: str, name: str, value: str) -> bool:
    """Whether the form offers `name` with `value` chosen (a checked chip or a filled-in box)."""
    chip = re.search(rf'<input type="radio" name="{name}" value="{re.escape(value)}" checked', page)
    box = re.search(rf'<input id="f-{name}" name="{name}" [^>]*value="{re.escape(value)}"', page)
    return bool(chip or box)


CASES = [(game.id, bids, said) for game in BIDDING_GAMES for bids, said in play_view_cases(game)]


@pytest.mark.parametrize(("game_id", "bids", "said"), CASES)
def test_the_play_view_says_what_the_hand_is_played_for(client, game_id, bids, said):
    match_id = start(client, game_id)
    assert save_bids(client, match_id, bids).status_code == 303
    shown = play_view(page_of(client, f"/matches/{match_id}"))
    assert shown is not None
    for words in said:
        assert words in shown, shown


@pytest.mark.parametrize("game", [game for game in BIDDING_GAMES if changed_bid(game)], ids=lambda game: game.id)
def test_change_the_bids_reopens_the_form_with_the_saved_bids(client, game):
    """One tap on "Change the bids": the bids form with every saved bid chosen; one bid changed
    and saved, the new bidding is the old one with that bid changed."""
    bids, _said = play_view_cases(game)[0]
    match_id = start(client, game.id)
    assert save_bids(client, match_id, bids).status_code == 303
    before = client.get(f"/api/v1/matches/{match_id}").get_json()["bidding"]["input"]
    tapped = client.post(f"/matches/{match_id}/rounds/1/bidding/change", data={})
    assert tapped.status_code == 303
    page = page_of(client, tapped.headers["Location"])
    assert play_view(page) is None and 'id="save-bids"' in page and 'id="keep-bids"' in page
    for name, value in bids.items():
        assert filled_in(page, name, value), (name, value)
    # Another phone still sees the saved bids until they are replaced.
    assert client.get(f"/api/v1/matches/{match_id}").get_json()["bidding"]["input"] == before
    changed = changed_bid(game)
    form = dict(re.findall(r'<input type="radio" name="([^"]+)" value="([^"]*)" checked', page))
    form.update(changed)
    form["change_bids"] = "1"
    assert client.post(f"/matches/{match_id}/rounds/1/bidding", data={**form, "version": version(page)}).status_code == 303
    after = client.get(f"/api/v1/matches/{match_id}").get_json()["bidding"]["input"]
    differs = [key for key in set(before) | set(after) if before.get(key) != after.get(key)]
    assert len(differs) == 1, (before, after)
    assert play_view(page_of(client, f"/matches/{match_id}")) is not None


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
def test_each_game_calls_its_bids_by_one_word(client, game, language):
    """The save button, the play view's heading, "Change the bids", the bids form (its
    legend) and the history's lines of bids given and withdrawn use the game's one word for
    the bids."""
    word = bid_word(game, language)
    match_id = start(client, game.id)
    page = page_of(client, f"/matches/{match_id}", language)
    button = text(re.search(r'<button[^>]*id="save-bids"[^>]*>.*?</button>', page, re.S).group(0)).lower()
    assert word in button
    legend = re.search(r'<fieldset class="seats[^"]*" id="c-bids">\s*<legend>(.*?)</legend>', page, re.S)
    if legend:  # Nwik's Bidder chooses a style and a stake: no legend of bids
        assert word in text(legend.group(1)).lower()
    bids, _said = play_view_cases(game)[0]
    assert save_bids(client, match_id, bids, language).status_code == 303
    page = page_of(client, f"/matches/{match_id}", language)
    heading = text(re.search(r'<h3 id="h-play">(.*?)</h3>', page, re.S).group(1)).lower()
    change = text(re.search(r'<button[^>]*id="change-bids"[^>]*>.*?</button>', page, re.S).group(0)).lower()
    assert word in heading and word in change
    assert client.delete(f"/api/v1/matches/{match_id}/rounds/1/bidding").status_code == 204
    history = history_actions(page_of(client, f"/matches/{match_id}", language))
    given, withdrawn = history[-2], history[0]  # newest first: the match's start is the last line
    assert word in given.lower() and word in withdrawn.lower(), history
