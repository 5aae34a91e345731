"""The round form's idempotency key: a form sent again (the offline queue) after its round was undone records nothing."""
from __future__ import annotations

from tests.support.game_picks import a_game, new_match_form, play, seats
from tests.support.pages import api_match, refusal

GAME = a_game(seats(4))
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def test_a_form_sent_again_after_its_round_was_undone_records_nothing(client):
    response = client.post("/matches/new", data=new_match_form(GAME, PLAYERS))
    match_id = response.headers["Location"].rsplit("/", 1)[1]
    form = {**play(GAME, PLAYERS).form(1), "expected_number": "1", "idempotency_key": "queued-form"}
    assert client.post(f"/matches/{match_id}/rounds", data=form).status_code == 303
    assert client.post(f"/matches/{match_id}/undo", data={"number": "1"}).status_code == 303
    again = client.post(f"/matches/{match_id}/rounds", data=form)
    assert again.status_code == 409 and again.mimetype == "text/html"
    assert "was undone" in refusal(again.get_data(as_text=True))
    assert api_match(client, match_id)["rounds"] == []
