"""Table conveniences in the pages: rematch with the same seats, league members as name chips,
names kept across a change of game, the table check's refusal on the recording phone, and
forms offered only to those who may use them (sign-in prompts otherwise)."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.engine.games import all_games
from tests.support.api import sign_up
from tests.support.game_picks import a_game, new_match_form, play, seats

# The game the shared conveniences are shown with: any game of three players, and one that
# takes a fourth seat too (for a seat added by a ticked member).
GAME = a_game(seats(3))
GROWING = a_game(lambda game: seats(3)(game) and seats(4)(game))


def created_id(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].split("#")[0].rstrip("/").rsplit("/", 1)[1]


def page_of(response) -> str:
    assert response.status_code in (200, 303), response.get_data(as_text=True)[:2000]
    return html.unescape(response.get_data(as_text=True))


def seat_values(page: str) -> list[str]:
    return re.findall(r'<input id="player_\d+" name="player_\d+" value="([^"]*)"', page)


@pytest.fixture
def league(client):
    sign_up(client, "owner", "correct horse battery")
    response = client.post("/leagues", data={"name": "Friday", "members": "Zed, Ann, bob, Cid, Dee"})
    return created_id(response)


def test_switching_game_keeps_the_names_typed(client):
    games = all_games()
    first, other = games[0], games[-1]
    typed = {"game": first.id, "seats": str(first.min_players), "switch_game": other.id,
             "opt_target": "777", "first_dealer": "0"}
    names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"][: first.min_players]
    typed.update({f"player_{seat}": name for seat, name in enumerate(names)})
    page = page_of(client.post("/matches/new", data=typed))
    assert f'name="game" value="{other.id}"' in page
    kept = names[: other.max_players]
    assert seat_values(page)[: len(kept)] == kept
    # The other game's option values are not carried over.
    assert 'value="777"' not in page
    # The game buttons are in the form (no JavaScript needed): the chosen one is pressed.
    assert re.search(rf'value="{other.id}"[^>]*aria-pressed="true"', page)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_game_keeps_names_when_switched_to(client, game):
    typed = {"game": GAME.id, "seats": "3", "switch_game": game.id,
             "player_0": "Ann", "player_1": "", "player_2": "Cid"}
    page = page_of(client.post("/matches/new", data=typed))
    seats = seat_values(page)
    assert len(seats) == max(2, min(game.max_players, max(game.min_players, len(seats))))
    assert [name for name in seats if name] == ["Ann", "Cid"][: len(seats)]


def test_league_members_are_name_chips_that_seat_without_javascript(client, league):
    page = page_of(client.get(f"/matches/new?game={GROWING.id}&league={league}"))
    chips = re.findall(r'<input type="checkbox" name="member" value="([^"]*)"', page)
    assert chips == ["Ann", "bob", "Cid", "Dee", "Zed"]
    assert "Seat the ticked members" in page
    # Ticked chips take the empty seats in order; the form is drawn again with them.
    form = {"game": GROWING.id, "seats": "3", "league": league, "action": "seat_members",
            "player_0": "Ann", "player_1": "", "player_2": "", "member": ["Ann", "Cid", "Zed"]}
    page = page_of(client.post("/matches/new", data=form))
    assert seat_values(page) == ["Ann", "Cid", "Zed"]
    assert re.findall(r'name="member" value="([^"]*)" checked', page) == ["Ann", "Cid", "Zed"]
    # One more than there are seats: a seat is added (up to the game's most).
    form.update({"player_1": "Cid", "player_2": "Zed", "member": ["Ann", "Cid", "Zed", "Dee"],
                 "member_was": ["Ann", "Cid", "Zed"]})
    assert seat_values(page_of(client.post("/matches/new", data=form))) == ["Ann", "Cid", "Zed", "Dee"]
    # Unticked: the member leaves their seat.
    form.update({"member": ["Ann", "Zed"]})
    assert seat_values(page_of(client.post("/matches/new", data=form))) == ["Ann", "", "Zed"]
    # Starting the match seats them too.
    form.update({"action": "create", "member": ["Ann", "Cid", "Zed"], "member_was": [], "player_1": "", "player_2": ""})
    match_id = created_id(client.post("/matches/new", data=form))
    served = client.get(f"/api/v1/matches/{match_id}").get_json()
    assert [seat["name"] for seat in served["players"]] == ["Ann", "Cid", "Zed"] and served["league"] == league


def test_signed_out_visitors_get_sign_in_prompts_not_forms(client, new_client):
    visitor = new_client()
    leagues = page_of(visitor.get("/leagues"))
    assert 'action="/leagues"' not in leagues and 'action="/leagues/import"' not in leagues
    assert leagues.count("/login?next=") >= 2
    new_match = page_of(visitor.get("/matches/new"))
    assert 'id="league-sign-in"' in new_match and 'name="league"' not in new_match
    # A casual match started with an account: a visitor with its link reads it, and is asked to sign in.
    sign_up(client, "ann", "correct horse battery")
    players = ["Ann", "Bob", "Cid"]
    match_id = created_id(client.post("/matches/new", data=new_match_form(GAME, players)))
    round_1 = {**play(GAME, players).form(1), "expected_number": "1"}
    assert client.post(f"/matches/{match_id}/rounds", data=round_1).status_code == 303
    page = page_of(visitor.get(f"/matches/{match_id}"))
    assert 'id="sign-in-prompt"' in page and "only ann may change this match" in page
    assert f"/login?next=/matches/{match_id}" in page
    for form_action in ("/rounds\"", "/undo", "/edit"):
        assert f'/matches/{match_id}{form_action}' not in page, form_action
    # A rematch is a new casual match of their own, which anyone may start.
    assert f'action="/matches/{match_id}/rematch"' in page
    # Its creator gets every form.
    own = page_of(client.get(f"/matches/{match_id}"))
    assert 'id="sign-in-prompt"' not in own and f"/matches/{match_id}/undo" in own and 'id="h-entry"' in own


def test_a_league_viewer_sees_the_rule_and_no_forms(client, new_client, league):
    viewer = new_client()
    sign_up(viewer, "vera", "correct horse battery")
    assert client.post(f"/leagues/{league}/roles", data={"username": "vera", "role": "viewer"}).status_code == 303
    match_id = created_id(client.post("/matches/new", data=new_match_form(GAME, ["Ann", "bob", "Cid"], league=league)))
    page = page_of(viewer.get(f"/matches/{match_id}"))
    assert "only owners and scorers of league Friday may record or change rounds" in page
    assert 'id="h-entry"' not in page and f"/matches/{match_id}/rematch" not in page and "/login?next=" not in page
    # The scorer's page: the match menu's rematch.
    own = page_of(client.get(f"/matches/{match_id}"))
    assert 'id="match-menu"' in own and f'action="/matches/{match_id}/rematch"' in own


def test_rematch_from_the_page_starts_the_same_seats_with_the_next_dealer(client):
    match_id = created_id(client.post("/matches/new", data=new_match_form(GAME, ["Ann", "Bob", "Cid"], first_dealer="2")))
    again = created_id(client.post(f"/matches/{match_id}/rematch"))
    served = client.get(f"/api/v1/matches/{again}").get_json()
    assert [seat["name"] for seat in served["players"]] == ["Ann", "Bob", "Cid"]
    assert served["options"]["first_dealer"] == 0 and served["rounds"] == []
    assert "started the match" in page_of(client.get(f"/matches/{again}"))


def test_a_refused_round_is_shown_on_the_recording_phone(client, new_client):
    players = ["Ann", "Bob", "Cid"]
    match_id = created_id(client.post("/matches/new", data=new_match_form(GAME, players, table_check="on")))
    second_phone = new_client()
    second_phone.get(f"/matches/{match_id}")
    hand = {**play(GAME, players).form(1), "expected_number": "1", "idempotency_key": "k1"}
    assert client.post(f"/matches/{match_id}/rounds", data=hand).status_code == 303
    page = second_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    version = html.unescape(re.search(r'name="version" value="([^"]+)"', page).group(1))
    rejected = second_phone.post(
        f"/matches/{match_id}/undo", data={"version": version, "number": "1", "reason": "rejected at table check"}
    )
    assert rejected.status_code == 303
    # What the recording phone's live refresh brings: the refusal, who and which round.
    live = page_of(client.get(f"/matches/{match_id}/live?entry=1"))
    notice = re.search(r'id="table-refusal" role="alert">([^<]*)<', live)
    assert notice and notice.group(1).startswith("Round 1 was refused at the table check. Refused by: phone ")
    assert "refused round 1 at the table check" in page_of(client.get(f"/matches/{match_id}"))
    # Recording the round again settles it: the notice goes.
    assert client.post(f"/matches/{match_id}/rounds", data={**hand, "idempotency_key": "k2"}).status_code == 303
    assert 'id="table-refusal"' not in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_player_page_offers_rename_and_merge_only_to_the_leagues_owners(client, new_client, league):
    viewer = new_client()
    sign_up(viewer, "vera", "correct horse battery")
    assert client.post(f"/leagues/{league}/roles", data={"username": "vera", "role": "viewer"}).status_code == 303
    ann = next(member["player_id"] for member in client.get(f"/api/v1/leagues/{league}").get_json()["members"]
               if member["name"] == "Ann")
    assert 'id="rename-form"' in page_of(client.get(f"/players/{ann}"))
    seen = page_of(viewer.get(f"/players/{ann}"))
    assert 'id="rename-form"' not in seen and 'id="merge-form"' not in seen
