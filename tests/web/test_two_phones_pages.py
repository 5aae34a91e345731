"""Two phones score one round, JavaScript off: the second Save sets its entries beside the recorded ones, "Use mine" edits the round."""
from __future__ import annotations

import html as html_lib
import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from tests.support.data import players_for
from tests.support.game_picks import Play, entered, play
from tests.support.pages import CHANGED_ELSEWHERE, TAKEN_OTHERWISE, api_match, create, refusal
from tests.support.picks import inflated

TAKEN_ALIKE = "Round {number} was already recorded on another phone, with the same entries as yours: nothing to choose"
USE_MINE_FORM = re.compile(r'<form method="post" action="([^"]+/edit)">(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


def version_of(page: str) -> str:
    return html_lib.unescape(re.search(r'name="version" value="([^"]+)"', page).group(1))


def use_mine(page: str) -> tuple[str, dict[str, str]]:
    """The "Use mine" form of a page: where it posts and its hidden fields (but the CSRF token, the client's own)."""
    found = USE_MINE_FORM.search(page)
    assert found and "Use mine" in found.group(2), "no Use mine form"
    fields = {name: html_lib.unescape(value) for name, value in HIDDEN.findall(found.group(2)) if name != "csrf_token"}
    return found.group(1), fields


def first_saved_second_refused(client, played: Play, second: dict) -> tuple[str, str]:
    """Round 1 saved by one phone while another, on the same page, fills it in as `second`
    (a round input) and saves it after: the match's id and the refused save's page."""
    match_id = create(client, played.game.id, played.table.players)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = {"version": version_of(page), "expected_number": "1"}
    saved = client.post(f"/matches/{match_id}/rounds", data={**form, **played.form(1), "idempotency_key": "first"})
    assert saved.status_code == 303
    response = client.post(f"/matches/{match_id}/rounds", data={**form, **played.form(1, second), "idempotency_key": "second"})
    assert response.status_code in (409, 412)
    return match_id, response.get_data(as_text=True)


def sheet_words(played: Play, raw: dict) -> list[str]:
    """What the score sheet says each side made in `raw` as round 1 (found in a page's text
    unescaped: Jinja writes an apostrophe as &#39;, html.escape as &#x27;)."""
    return [cell for cell in adapter_for(played.game).sheet_cells(played.table, raw, 1) if cell]


@pytest.fixture(params=all_games(), ids=lambda game: game.id)
def played(request) -> Play:
    return play(request.param, players_for(request.param))


def test_the_refused_save_shows_both_versions_with_its_entries_kept(client, played):
    mine = played.other_round(1)
    _match_id, page = first_saved_second_refused(client, played, mine)
    assert refusal(page) == TAKEN_OTHERWISE.format(number=1)
    assert "Recorded on the other phone" in page and "Yours" in page
    recorded, theirs = played.round(1), played.after(1).rounds[0].score
    text = html_lib.unescape(page)
    for words in sheet_words(played, recorded) + sheet_words(played, mine):
        assert words in text
    for explanation in theirs.explanation:
        assert explanation in text
    _action, fields = use_mine(page)
    assert adapter_for(played.game).round_input(fields, played.table, played.states[0].next) == mine
    assert 'id="h-entry"' not in page  # no next round's form until one of them is chosen


def test_use_mine_edits_the_round_and_the_totals_follow(client, played):
    mine = played.other_round(1)
    match_id, page = first_saved_second_refused(client, played, mine)
    action, fields = use_mine(page)
    response = client.post(action, data=fields)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/matches/{match_id}#round-1")
    served = api_match(client, match_id)
    assert [round_["input"] for round_ in served["rounds"]] == [mine]
    assert list(served["totals"]) == list(played.game.replay(played.table, [mine]).totals)
    sheet = html_lib.unescape(client.get(f"/matches/{match_id}").get_data(as_text=True))
    for words in sheet_words(played, mine):
        assert words in sheet


def test_a_stale_use_mine_is_refused_and_keeps_the_entries(client, played):
    mine = played.other_round(1)
    match_id, page = first_saved_second_refused(client, played, mine)
    action, fields = use_mine(page)
    # The first phone goes on meanwhile: round 2.
    next_page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    data = {"version": version_of(next_page), "expected_number": "2", **played.form(2)}
    assert client.post(f"/matches/{match_id}/rounds", data=data).status_code == 303
    response = client.post(action, data=fields)
    assert response.status_code in (409, 412)
    refused = response.get_data(as_text=True)
    assert refusal(refused) == CHANGED_ELSEWHERE
    assert [round_["input"] for round_ in api_match(client, match_id)["rounds"]] == [played.round(1), played.round(2)]
    # The edit of round 1 with the entries kept, on the current version: a second Save is deliberate.
    assert 'action="/matches/%s/rounds/1/edit"' % match_id in refused
    for name, value in fields.items():
        if name != "version":
            assert entered(refused, name) == value, name
    assert version_of(refused) != fields["version"]


def test_the_same_entries_need_no_choice(client, played):
    match_id, page = first_saved_second_refused(client, played, played.round(1))
    assert refusal(page) == TAKEN_ALIKE.format(number=1)
    assert "Use mine" not in page and 'id="versions"' not in page
    assert '<h2 id="h-entry">Round 2</h2>' in page
    assert len(api_match(client, match_id)["rounds"]) == 1


def test_entries_a_rule_refuses_are_shown_with_its_words_and_no_use_mine(client, played):
    spoiled = inflated(played.round(1))
    _match_id, page = first_saved_second_refused(client, played, spoiled)
    assert refusal(page) == TAKEN_OTHERWISE.format(number=1)
    assert "Yours" in page and "Use mine" not in page
    assert 'class="refusal" role="alert"' in page.split('id="versions"', 1)[1]


def test_keep_the_recorded_one_goes_back_to_the_next_round(client, played):
    match_id, page = first_saved_second_refused(client, played, played.other_round(1))
    kept = re.search(r'<a class="button" id="keep-recorded" href="([^"]+)"', page).group(1)
    assert kept == f"/matches/{match_id}#scores"
    assert '<h2 id="h-entry">Round 2</h2>' in client.get(kept.split("#")[0]).get_data(as_text=True)
