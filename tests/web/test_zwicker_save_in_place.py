"""A Zwicker round (its own form fields) saved by the page's script (save.js, HX-Request) is answered with the page's changing
blocks and their version, a refusal with the same blocks and the entries; a plain form post
is sent on to the page (303); the last round's Undo is offered on the phone that recorded it."""
from __future__ import annotations

from tests.support.pages import api_match, create

HONOURS = {**{f"honour_{code}": "0" for code in ("J25", "J15", "D10", "AS", "AH")},
           **{f"honour_{code}": "1" for code in ("J20", "D7", "S7", "AD", "AC")}}
ROUND = {"cards_0": "30", "cards_1": "25", "zwicks_0": "0", "zwicks_1": "0", **HONOURS}
SCRIPT = {"HX-Request": "true"}


def test_a_scripted_save_is_answered_with_the_blocks(client):
    match_id = create(client, "zwicker")
    answer = client.post(f"/matches/{match_id}/rounds", data={**ROUND, "expected_number": "1"}, headers=SCRIPT)
    assert answer.status_code == 200
    match = api_match(client, match_id)
    assert answer.headers["ETag"] == f'"v{match["version"]}-en"'
    html = answer.get_data(as_text=True)
    for block in ("scores", "entry-block", "rounds-card", "history", "progress"):
        assert f'id="{block}"' in html, block
    assert html.count('hx-swap-oob="true"') == 5
    assert "<html" not in html and 'id="round-1"' in html and "Round 2" in html
    points = [f'<span class="points">{total}</span>' for total in match["totals"]]
    assert all(point in html for point in points)
    assert f'/matches/{match_id}/undo"' in html  # this phone's round: its Undo


def test_a_refused_scripted_save_is_the_blocks_with_the_entries(client):
    match_id = create(client, "zwicker")
    form = {**ROUND, "zwicks_0": "more", "zwicks_0_more": "16", "expected_number": "1"}
    refused = client.post(f"/matches/{match_id}/rounds", data=form, headers=SCRIPT)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "<html" not in html and 'id="error-summary"' in html and 'value="16"' in html
    assert refused.headers["ETag"] == f'"v{api_match(client, match_id)["version"]}-en"'


def test_a_plain_form_post_is_sent_on_to_the_page(client):
    match_id = create(client, "zwicker")
    saved = client.post(f"/matches/{match_id}/rounds", data={**ROUND, "expected_number": "1"})
    assert saved.status_code == 303 and saved.headers["Location"].endswith(f"/matches/{match_id}#scores")


def test_only_the_recording_phone_is_offered_the_last_rounds_undo(client, new_client):
    match_id = create(client, "zwicker")
    assert client.post(f"/matches/{match_id}/rounds", data={**ROUND, "expected_number": "1"}).status_code == 303
    mine = client.get(f"/matches/{match_id}").get_data(as_text=True)
    other = new_client().get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'/matches/{match_id}/undo"' in mine
    assert 'id="last-round"' in other and f'/matches/{match_id}/undo"' not in other
