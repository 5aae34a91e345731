"""League and player pages: the test client with JavaScript off, and the browser at 390x844."""
from __future__ import annotations

import html as html_lib
import io
import json
import re

import pytest

from scorekeeper.engine.games import all_games
from tests.support.api import sign_up
from tests.support.database import empty_tables
from tests.support.game_picks import a_game, new_match_form, seats
from tests.support.league_pages import FILTERED, FILTERED_PLAYERS, FOR_TWO, LEFT_OUT
from tests.support.leagues_data import new_league


def refusal(html: str) -> str:
    found = re.search(r'class="refusal" role="alert">([^<]*)<', html)
    return html_lib.unescape(found.group(1)).strip() if found else ""


@pytest.fixture(autouse=True)
def signed_in(request):
    """Leagues belong to accounts: the test client signs in as their owner."""
    if "client" in request.fixturenames:
        sign_up(request.getfixturevalue("client"))


def start_league(client, name: str = "Friday", members: str = "Ann, Bob\nCid") -> str:
    response = client.post("/leagues", data={"name": name, "members": members})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def api_league(client, league_id: str) -> dict:
    response = client.get(f"/api/v1/leagues/{league_id}")
    assert response.status_code == 200
    return response.get_json()


def player_id(client, name: str) -> str:
    return next(player["id"] for player in client.get("/api/v1/players").get_json() if player["name"] == name)


# --------------------------------------------------------------------------- pages render


def test_every_new_page_renders(client):
    league_id, match_ids = new_league(client)
    ann = player_id(client, "Ann")
    urls = ["/leagues", f"/leagues/{league_id}", f"/leagues/{league_id}?game={FILTERED}", "/players", f"/players/{ann}"]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.get_data(as_text=True)
        assert "<script>" not in html and " onclick=" not in html  # no inline script
    assert "/leagues" in client.get("/").get_data(as_text=True)
    player_page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert '<svg class="chart"' in player_page and "<polyline" in player_page
    assert f'href="/matches/{match_ids[0]}"' in player_page
    assert f'href="/leagues/{league_id}"' in player_page


def test_unknown_league_and_player_are_404_pages(client):
    assert client.get("/leagues/nosuchleague").status_code == 404
    assert client.get("/players/nosuchplayer").status_code == 404


def test_standings_of_a_played_league(client):
    league_id, _ = new_league(client)
    html = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    first_row = re.search(r'<table class="data standings">.*?<tbody>\s*<tr>(.*?)</tr>', html, re.DOTALL).group(1)
    cells = [html_lib.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", first_row, re.DOTALL)]
    # Ann: 5 finished matches, 3 wins, 528 points (the API's first standings row).
    assert cells == ["1", "Ann", "5", "3", "60%", "528", "105.6", "0.55"]
    assert f'href="/players/{player_id(client, "Ann")}"' in first_row
    # Records, ratings and head-to-head are on the page too (each game's own records: in
    # the files named for the games, test_nwik_spades_willi_stich_league_page.py).
    assert "Highest round score" in html and "Biggest win" in html
    assert re.search(r"<b>-?\d+\.\d</b> <small class=\"muted\">\d+\.\d ± \d+\.\d</small>", html)
    assert re.search(r"<td[^>]*>\d+-\d+-\d+</td>", html)
    assert f"/api/v1/leagues/{league_id}/export" in html and "export.csv?kind=rounds" in html


def test_game_filter_and_the_standings_block(client):
    league_id, _ = new_league(client)
    page = client.get(f"/leagues/{league_id}?game={FILTERED}").get_data(as_text=True)
    standings = re.search(r'<table class="data standings">(.*?)</table>', page, re.DOTALL).group(1)
    # only the players of its matches are in the game's standings
    assert all(name in standings for name in FILTERED_PLAYERS) and LEFT_OUT not in standings
    block = client.get(f"/leagues/{league_id}/standings?game={FILTERED}")
    assert block.status_code == 200
    fragment = block.get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="standings"') and "<html" not in fragment
    assert block.headers["HX-Push-Url"] == f"/leagues/{league_id}?game={FILTERED}"


def test_unranked_players_are_below_the_line(client):
    league_id, _ = new_league(client)
    client.post(
        f"/leagues/{league_id}/seasons",
        data={"name": "All year", "starts_on": "2026-01-01", "ends_on": "2026-12-31", "min_matches": "5"},
    )
    season = api_league(client, league_id)["seasons"][0]["id"]
    html = client.get(f"/leagues/{league_id}?season={season}").get_data(as_text=True)
    assert "Unranked: fewer than 5 matches this season" in html
    after_line = html.split("Unranked: fewer than 5")[1].split("</table>")[0]
    assert 'class="unranked"' in after_line and "Bob" in after_line and "Cid" in after_line


def test_match_pages_offer_and_show_the_league(client):
    league_id = start_league(client)
    new_page = client.get(f"/matches/new?league={league_id}").get_data(as_text=True)
    assert re.search(rf'<option value="{league_id}" selected>Friday</option>', new_page)
    data = new_match_form(FOR_TWO, ["Ann", "Eve"], league=league_id)
    response = client.post("/matches/new", data=data)
    assert response.status_code == 303
    match_id = response.headers["Location"].rsplit("/", 1)[1]
    match_page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'<a href="/leagues/{league_id}">Friday</a>' in match_page
    assert "Eve" in [member["name"] for member in api_league(client, league_id)["members"]]


# --------------------------------------------------------------------------- forms, JS off


def test_create_league_by_form(client):
    league_id = start_league(client, "Friday", "Ann, Bob\nCid")
    league = api_league(client, league_id)
    assert league["name"] == "Friday"
    assert sorted(member["name"] for member in league["members"]) == ["Ann", "Bob", "Cid"]
    assert "Friday" in client.get("/leagues").get_data(as_text=True)


def test_create_league_refusal_keeps_entries(client):
    response = client.post("/leagues", data={"name": "  ", "members": "Ann, Bob"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert refusal(html) == "a league needs a name"
    assert ">Ann, Bob</textarea>" in html


def test_add_and_remove_member(client):
    league_id = start_league(client)
    response = client.post(f"/leagues/{league_id}/members", data={"name": "Dee"})
    assert response.status_code == 303 and response.headers["Location"].endswith("#members")
    names = {member["name"]: member["player_id"] for member in api_league(client, league_id)["members"]}
    assert "Dee" in names
    response = client.post(f"/leagues/{league_id}/members/{names['Dee']}/remove")
    assert response.status_code == 303
    assert "Dee" not in [member["name"] for member in api_league(client, league_id)["members"]]


def test_refused_member_shows_the_rule_with_4xx(client):
    league_id = start_league(client)
    response = client.post(f"/leagues/{league_id}/members", data={"name": "ann"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert refusal(html).startswith("Ann is already a member")
    assert 'id="member-name" name="name" value="ann"' in html
    # A member with league matches stays: their results stay.
    league_id, _ = new_league(client, "Thursday")
    # Each league has its own Ann: this one is Thursday's.
    ann = next(member["player_id"] for member in api_league(client, league_id)["members"] if member["name"] == "Ann")
    response = client.post(f"/leagues/{league_id}/members/{ann}/remove")
    assert response.status_code == 409
    assert "has played league matches" in refusal(response.get_data(as_text=True))


def test_add_season_by_form_and_refusal(client):
    league_id = start_league(client)
    # Two games, the catalogue's last before its first: a season keeps them in the order chosen.
    chosen = [all_games()[-1], all_games()[0]]
    data = {"name": "Winter", "starts_on": "2026-12-01", "ends_on": "2027-02-28", "games": [game.id for game in chosen], "min_matches": "3"}
    response = client.post(f"/leagues/{league_id}/seasons", data=data)
    assert response.status_code == 303 and response.headers["Location"].endswith("#seasons")
    season = api_league(client, league_id)["seasons"][0]
    assert season["name"] == "Winter" and season["games"] == data["games"] and season["min_matches"] == 3
    html = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "Winter" in html and html_lib.escape(", ".join(game.name for game in chosen)) in html
    response = client.post(f"/leagues/{league_id}/seasons", data={**data, "name": "Backwards", "ends_on": "2026-11-01"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert refusal(html).startswith("a season must end on or after the day it starts")
    assert 'value="Backwards"' in html and all(re.search(rf'value="{game.id}" checked', html) for game in chosen)
    response = client.post(f"/leagues/{league_id}/seasons", data={**data, "starts_on": "soon"})
    assert response.status_code == 422
    # The same schema as the API's: its messages, with the field in words.
    assert refusal(response.get_data(as_text=True)) == "starts on: Not a valid date."
    response = client.post(f"/leagues/{league_id}/seasons", data={**data, "name": "Long", "min_matches": "20000"})
    assert response.status_code == 422
    assert refusal(response.get_data(as_text=True)) == "matches needed to be ranked: Must be greater than or equal to 0 and less than or equal to 10000."
    api = client.post(f"/api/v1/leagues/{league_id}/seasons", json={**data, "name": "Long", "games": data["games"][:1], "min_matches": 20000})
    assert api.status_code == 422
    assert [season["name"] for season in api_league(client, league_id)["seasons"]] == ["Winter"]


def test_rename_and_merge_by_form(client):
    league_id = start_league(client, members="Ann, Bob, Annie")
    annie = player_id(client, "Annie")
    response = client.post(f"/players/{annie}/rename", data={"name": "Anna"})
    assert response.status_code == 303
    assert "<h1>Anna</h1>" in client.get(f"/players/{annie}").get_data(as_text=True)
    # Renaming onto a name on the roster is refused: merging is the way.
    response = client.post(f"/players/{annie}/rename", data={"name": "ann"})
    assert response.status_code == 409
    assert "merge the two players" in refusal(response.get_data(as_text=True))
    ann = player_id(client, "Ann")
    response = client.post(f"/players/{annie}/merge", data={"into": ann})
    assert response.status_code == 422 and "tick the box" in refusal(response.get_data(as_text=True))
    response = client.post(f"/players/{annie}/merge", data={"into": ann, "confirm": "yes"})
    assert response.status_code == 303 and response.headers["Location"] == f"/players/{ann}"
    assert client.get(f"/players/{annie}").status_code == 404
    assert sorted(member["name"] for member in api_league(client, league_id)["members"]) == ["Ann", "Bob"]
    roster = client.get("/players").get_data(as_text=True)
    assert f'href="/players/{ann}"' in roster and "Anna" not in roster


def test_reasons_given_in_the_forms_are_in_the_leagues_history(client):
    league_id = start_league(client, members="Ann, Bob, Annie")
    annie = player_id(client, "Annie")
    assert 'name="reason"' in client.get(f"/players/{annie}").get_data(as_text=True)
    response = client.post(f"/players/{annie}/rename", data={"name": "Anna", "reason": "her full name"})
    assert response.status_code == 303
    spoofed = client.post(f"/players/{annie}/merge", data={"into": player_id(client, "Ann"), "confirm": "yes", "reason": "same \u202eperson"})
    assert spoofed.status_code == 422 and "text-direction" in refusal(spoofed.get_data(as_text=True))
    sign_up(client.application.test_client(), "bob", "correct horse battery")
    response = client.post(f"/leagues/{league_id}/roles", data={"username": "bob", "role": "viewer", "reason": "keeps the sheet"})
    assert response.status_code == 303
    page = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    history = page[page.index('id="history"'):]
    assert "renamed a player: Annie → Anna" in history and "Why: her full name" in history
    assert "bob: viewer" in history and "Why: keeps the sheet" in history
    assert "merged two players" not in history


def test_import_form_refusals(client):
    league_id, _ = new_league(client)
    exported = client.get(f"/api/v1/leagues/{league_id}/export").get_data()
    response = client.post("/leagues/import", data={})
    assert response.status_code == 422 and "choose an export file" in refusal(response.get_data(as_text=True))
    response = client.post("/leagues/import", data={"export": (io.BytesIO(b"not json"), "league.json")})
    assert response.status_code == 422 and "is not a JSON export" in refusal(response.get_data(as_text=True))
    response = client.post("/leagues/import", data={"export": (io.BytesIO(exported), "league.json")})
    assert response.status_code == 409 and "already exists" in refusal(response.get_data(as_text=True))


def test_import_by_form_into_an_empty_database(client, clean_app):
    league_id, _ = new_league(client)
    exported = client.get(f"/api/v1/leagues/{league_id}/export").get_data()
    standings = client.get(f"/api/v1/leagues/{league_id}/standings").get_json()["rows"]
    empty_tables(clean_app)
    sign_up(client, "importer")
    response = client.post("/leagues/import", data={"export": (io.BytesIO(exported), "league.json")})
    assert response.status_code == 303 and response.headers["Location"] == f"/leagues/{league_id}"
    assert client.get(f"/api/v1/leagues/{league_id}/standings").get_json()["rows"] == standings


def test_import_form_takes_an_export_bigger_than_the_general_body_limit(client, clean_app):
    league_id, _ = new_league(client)
    exported = client.get(f"/api/v1/leagues/{league_id}/export").get_json()
    exported["padding"] = "p" * 100_000  # as big as the export of a much larger league
    empty_tables(clean_app)
    sign_up(client, "importer")
    upload = io.BytesIO(json.dumps(exported).encode())
    response = client.post("/leagues/import", data={"export": (upload, "league.json")})
    assert response.status_code == 303 and response.headers["Location"] == f"/leagues/{league_id}"
    # Any other form of that size is refused as too large.
    response = client.post("/leagues", data={"name": "x", "members": "p" * 100_000})
    assert response.status_code == 413 and "<html" in response.get_data(as_text=True)


# --------------------------------------------------------------------------- the browser at 390x844


def test_the_season_form_still_takes_min_matches_as_text(client):
    """The form sends text: "3" is the number 3 (the shared schema's integer is strict), "2.5" is refused by name."""
    league = start_league(client)
    form = {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31"}
    assert client.post(f"/leagues/{league}/seasons", data={**form, "min_matches": "2.5"}).status_code == 422
    assert client.post(f"/leagues/{league}/seasons", data={**form, "min_matches": "3"}).status_code == 303
    assert client.get(f"/api/v1/leagues/{league}").json["seasons"][0]["min_matches"] == 3


def test_the_matches_being_played_are_on_the_league_page(client):
    """A league night's tables: the league's unfinished matches, each linked, and not its
    finished ones (an outside walk-through found no sign of a match it was playing)."""
    league_id, played = new_league(client)
    game = a_game(seats(3))
    started = client.post(
        "/api/v1/matches", json={"game": game.id, "players": ["Ann", "Bob", "Cid"], "league": league_id}
    ).get_json()["id"]
    page = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    playing = re.search(r'<section class="card" aria-labelledby="h-league-progress">(.*?)</section>', page, re.DOTALL)
    assert playing is not None, "no list of the matches in progress"
    links = re.findall(r'href="/matches/(\w+)"', playing.group(1))
    assert links[0] == started  # the latest played first
    assert "Ann" in playing.group(1) and "0 rounds" in playing.group(1)
    finished = {match_id for match_id in [*played, started] if client.get(f"/api/v1/matches/{match_id}").get_json()["finished"]}
    assert finished and set(links) == set([*played, started]) - finished


def test_a_highest_round_score_equalled_later_names_who_equalled_it(client):
    """The same match played again by other players: its best round equals the record,
    which keeps its first holder and names who equalled it (a league night's three twelves
    showed one holder alone), on the page and in the API's records."""
    league_id, _ = new_league(client)
    before = client.get(f"/api/v1/leagues/{league_id}/records").get_json()["highest_round"]
    game_id, held = next(iter(before.items()))
    record_match = client.get(f"/api/v1/matches/{held['match_id']}").get_json()
    names = {player["name"]: f"{player['name']}-two" for player in record_match["players"]}
    again = client.post(
        "/api/v1/matches",
        json={"game": game_id, "players": list(names.values()), "options": record_match["options"], "league": league_id},
    )
    assert again.status_code == 201, again.get_json()
    for round_ in record_match["rounds"]:
        assert client.post(f"/api/v1/matches/{again.get_json()['id']}/rounds", json=round_["input"]).status_code == 201
    after = client.get(f"/api/v1/leagues/{league_id}/records").get_json()["highest_round"][game_id]
    assert (after["match_id"], after["points"], after["players"]) == (held["match_id"], held["points"], held["players"])
    ids = {player["name"]: player["id"] for player in client.get("/api/v1/players").get_json()}
    holders = [next(name for name, player_id in ids.items() if player_id == held_id) for held_id in held["players"]]
    assert [ids[names[name]] for name in holders] in after["equalled_by"]
    html = html_lib.unescape(client.get(f"/leagues/{league_id}").get_data(as_text=True))
    line = re.search(r'<h3>Highest round score</h3>\s*<ul class="facts">(.*?)</ul>', html, re.DOTALL).group(1)
    assert "equalled by" in line and " & ".join(names[name] for name in holders) in line, line
