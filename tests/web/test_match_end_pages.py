"""Ending a match early from its page and playing on, JavaScript off (plain form posts), for every game."""
from __future__ import annotations

import html as html_lib
import re

import pytest

from scorekeeper.engine.games import all_games
from tests.support.data import players_for
from tests.support.game_picks import play
from tests.support.pages import CHANGED_ELSEWHERE, api_match, create


def page_text(response) -> str:
    return html_lib.unescape(response.get_data(as_text=True))


def form_version(response) -> str:
    """The version (the match's ETag) a page's forms carry."""
    return html_lib.unescape(re.search(r'name="version" value="([^"]+)"', response.get_data(as_text=True)).group(1))


def two_rounds(client, game) -> str:
    match_id = create(client, game.id)
    played = play(game, players_for(game))
    for number in (1, 2):
        response = client.post(f"/matches/{match_id}/rounds", data={**played.form(number), "expected_number": str(number)})
        assert response.status_code == 303, response.get_data(as_text=True)
    assert not api_match(client, match_id)["finished"]
    return match_id


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_the_players_end_the_match_after_a_confirm_step_and_play_on(client, game):
    match_id = two_rounds(client, game)
    page = page_text(client.get(f"/matches/{match_id}"))
    assert f'href="/matches/{match_id}/end"' in page and "End the match after round 2…" in page
    asked = client.get(f"/matches/{match_id}/end")
    confirm = page_text(asked)
    assert "End the match after round 2?" in confirm and "the highest total wins" in confirm
    document = api_match(client, match_id)
    best = max(document["totals"])
    starred = re.findall(r"<li>★ <b>([^<]+)</b> (-?\d+)</li>", confirm)
    assert starred and all(int(total) == best for _name, total in starred)
    assert not api_match(client, match_id)["finished"]  # asking changes nothing
    ended = client.post(f"/matches/{match_id}/end", data={"version": form_version(asked)})
    assert ended.status_code == 303 and ended.headers["Location"].endswith(f"/matches/{match_id}#scores")
    document = api_match(client, match_id)
    assert document["finished"] and document["ended_after"] == 2
    shown = client.get(f"/matches/{match_id}")
    page = page_text(shown)
    assert 'id="winner-banner"' in page and "The players ended the match after round 2." in page
    assert "ended the match after round 2" in page  # the history
    assert "match.end" not in page and "ended_after" not in page
    assert 'action="/matches/' + match_id + '/rounds"' not in page  # no round form
    again = client.post(f"/matches/{match_id}/play-on", data={"version": form_version(shown)})
    assert again.status_code == 303
    page = page_text(client.get(f"/matches/{match_id}"))
    assert not api_match(client, match_id)["finished"] and "Round 3" in page and "played on after round 2" in page


def test_ending_a_match_another_phone_changed_shows_it_as_it_stands(client):
    game = all_games()[0]
    match_id = two_rounds(client, game)
    version = form_version(client.get(f"/matches/{match_id}/end"))
    assert client.delete(f"/api/v1/matches/{match_id}/rounds/2").status_code == 204  # the other phone
    refused = client.post(f"/matches/{match_id}/end", data={"version": version})
    assert refused.status_code == 412 and CHANGED_ELSEWHERE in page_text(refused)
    assert not api_match(client, match_id)["finished"]


def test_no_end_is_offered_before_the_first_round(client):
    game = all_games()[0]
    match_id = create(client, game.id)
    assert f"/matches/{match_id}/end" not in page_text(client.get(f"/matches/{match_id}"))
    assert client.get(f"/matches/{match_id}/end").status_code == 303


def test_a_round_saved_after_another_phone_ended_the_match_says_why_it_was_not_kept(client):
    game = all_games()[0]
    match_id = two_rounds(client, game)
    assert client.post(f"/api/v1/matches/{match_id}/end", json={}).status_code == 200  # the other phone
    played = play(game, players_for(game))
    refused = client.post(f"/matches/{match_id}/rounds", data={**played.form(3), "expected_number": "3"})
    page = page_text(refused)
    assert refused.status_code == 409
    assert 'role="alert">the match is finished: no more rounds can be recorded<' in page
    assert "The players ended the match after round 2." in page and len(api_match(client, match_id)["rounds"]) == 2


def test_ending_a_match_another_phone_ended_first_shows_the_result(client):
    game = all_games()[0]
    match_id = two_rounds(client, game)
    version = form_version(client.get(f"/matches/{match_id}/end"))
    assert client.post(f"/api/v1/matches/{match_id}/end", json={}).status_code == 200  # the other phone
    refused = client.post(f"/matches/{match_id}/end", data={"version": version})
    page = page_text(refused)
    assert refused.status_code == 412
    assert 'role="alert">This match was finished on another phone meanwhile: here is the result<' in page
    assert "The players ended the match after round 2." in page


def test_the_undo_of_an_ended_matchs_last_round_says_it_opens_the_match_again(client):
    game = all_games()[0]
    match_id = two_rounds(client, game)
    reopens = "The players ended the match after this round: undoing it opens the match again."
    assert reopens not in page_text(client.get(f"/matches/{match_id}/undo"))
    assert client.post(f"/api/v1/matches/{match_id}/end", json={}).status_code == 200
    assert reopens in page_text(client.get(f"/matches/{match_id}/undo"))
