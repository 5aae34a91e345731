"""Table check in the pages: a round recorded on one phone counts once a second phone confirms it."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.engine.games import Game, all_games
from tests.support.data import players_for
from tests.support.game_picks import Play, new_match_form, play

pytestmark = pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)


def start(client, game: Game) -> tuple[str, Play]:
    players = players_for(game)
    response = client.post("/matches/new", data=new_match_form(game, players, table_check="on"))
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"].rsplit("/", 1)[-1], play(game, players)


def hand(played: Play) -> dict[str, str]:
    return {**played.form(1), "expected_number": "1", "idempotency_key": "k1"}


def totals(client, match_id: str) -> list[int]:
    return client.get(f"/api/v1/matches/{match_id}").get_json()["totals"]


def test_new_match_form_offers_table_check(client, game):
    html = client.get(f"/matches/new?game={game.id}").get_data(as_text=True)
    assert 'name="table_check"' in html and "Table check" in html
    match_id, _played = start(client, game)
    assert client.get(f"/api/v1/matches/{match_id}").get_json()["table_check"] is True


def test_a_second_phone_confirms_the_round(client, new_client, game):
    match_id, played = start(client, game)
    nothing = [0] * len(played.after(1).totals)
    # The second phone opens the match before the round is recorded: it sat at the table.
    second_phone = new_client()
    assert second_phone.get(f"/matches/{match_id}").status_code == 200
    assert client.post(f"/matches/{match_id}/rounds", data=hand(played)).status_code == 303
    assert totals(client, match_id) == nothing
    page = second_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Round 1 waits for a second phone" in page and 'id="h-entry"' not in page
    version = html.unescape(re.search(r'name="version" value="([^"]+)"', page).group(1))
    # The phone that recorded it cannot confirm it.
    same = client.post(f"/matches/{match_id}/rounds/1/confirm", data={"version": version})
    # Said where the page opens: no round form is there to say it beside (a walk-through's
    # refused confirmation came back as the same page, without a word).
    refusal = 'role="alert">the round must be confirmed on a second phone, not the one that recorded it<'
    assert same.status_code == 409 and refusal in html.unescape(same.get_data(as_text=True))
    # Nor a phone that came to the table after the round was recorded.
    latecomer = new_client()
    late = latecomer.post(f"/matches/{match_id}/rounds/1/confirm", data={"version": version})
    assert late.status_code == 409 and "this phone joined after round 1 was recorded" in html.unescape(late.get_data(as_text=True))
    confirmed = second_phone.post(f"/matches/{match_id}/rounds/1/confirm", data={"version": version})
    assert confirmed.status_code == 303
    assert totals(client, match_id) == list(played.after(1).totals)
    assert 'id="h-entry"' in second_phone.get(f"/matches/{match_id}").get_data(as_text=True)


def test_a_second_phone_rejects_a_wrong_round(client, new_client, game):
    match_id, played = start(client, game)
    client.post(f"/matches/{match_id}/rounds", data=hand(played))
    second_phone = new_client()
    page = second_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    version = html.unescape(re.search(r'name="version" value="([^"]+)"', page).group(1))
    rejected = second_phone.post(f"/matches/{match_id}/undo", data={"version": version, "number": "1", "reason": "wrong"})
    assert rejected.status_code == 303
    served = client.get(f"/api/v1/matches/{match_id}").get_json()
    assert served["pending"] is None and served["rounds"] == [] and served["totals"] == [0] * len(played.after(1).totals)
