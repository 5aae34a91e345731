"""Pages offer only the forms their visitor may post: each page of a match asks the very
check its form's post asks (services.access), so nobody is shown a form refused with 403."""
from __future__ import annotations

import re

import pytest

from tests.support.api import sign_up
from tests.support.game_picks import a_game, new_match_form, play, seats

GAME = a_game(seats(3))
PLAYERS = ["Ann", "Bob", "Cid"]
ROUND_1 = play(GAME, PLAYERS).form(1)
# The pages of a match that carry (or lead to) its write forms.
PAGES = ("", "/end", "/undo", "/rounds/1/edit")
WRITES = ("/rounds", "/rounds/1/edit", "/undo", "/end", "/play-on", "/rounds/1/confirm", "/rounds/2/confirm")


def created_id(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].split("#")[0].rstrip("/").rsplit("/", 1)[1]


def offered(client, match_id: str) -> dict[str, set[str]]:
    """Per page, the write forms and links to them it offers (paths after /matches/<id>)."""
    found = {}
    for page in PAGES:
        response = client.get(f"/matches/{match_id}{page}")
        assert response.status_code < 500, (page, response.status_code)
        html = response.get_data(as_text=True) if response.status_code == 200 else ""
        prefix = f"/matches/{match_id}"
        targets = re.findall(rf'<form[^>]*\baction="{re.escape(prefix)}([^"?#]*)"', html)
        targets += re.findall(rf'<a[^>]*\bhref="{re.escape(prefix)}(/end|/undo|/rounds/\d+/edit)"', html)
        found[page or "/"] = {target for target in targets if target in WRITES or target.endswith("/edit")}
    return found


@pytest.fixture
def league_match(new_client):
    """A league match with one round; its owner, a viewer, and a scorer of another league."""
    owner, viewer, other = new_client(), new_client(), new_client()
    for client, name in ((owner, "owner"), (viewer, "viewer"), (other, "other")):
        sign_up(client, name, "correct horse battery")
    league = created_id(owner.post("/leagues", data={"name": "Friday", "members": "Ann, Bob, Cid"}))
    assert owner.post(f"/leagues/{league}/roles", data={"username": "viewer", "role": "viewer"}).status_code == 303
    created_id(other.post("/leagues", data={"name": "Elsewhere", "members": "Ann, Bob, Cid"}))
    match_id = created_id(owner.post("/matches/new", data=new_match_form(GAME, PLAYERS, league=league)))
    assert owner.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1"}).status_code == 303
    return match_id, owner, {"league viewer": viewer, "scorer of another league": other}


@pytest.fixture
def account_match(new_client):
    """A casual match started with an account, one round in; a phone holding its link."""
    owner, holder = new_client(), new_client()
    sign_up(owner, "starter", "correct horse battery")
    match_id = created_id(owner.post("/matches/new", data=new_match_form(GAME, PLAYERS)))
    assert owner.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1"}).status_code == 303
    return match_id, owner, {"link holder": holder}


@pytest.mark.parametrize("kind", ["league_match", "account_match"])
def test_a_visitor_who_may_not_write_is_offered_no_write_form(request, kind):
    match_id, owner, visitors = request.getfixturevalue(kind)
    # The writer is offered them all (the check below would pass on a page offering none).
    mine = offered(owner, match_id)
    assert "/end" in mine["/"] and "/end" in mine["/end"] and "/undo" in mine["/undo"], mine
    for who, visitor in visitors.items():
        # The posts are refused (the rule the pages must follow)...
        assert visitor.post(f"/matches/{match_id}/end").status_code == 403, who
        assert visitor.post(f"/matches/{match_id}/undo", data={"number": "1"}).status_code == 403, who
        # ... and no page offers them.
        assert offered(visitor, match_id) == {page or "/": set() for page in PAGES}, who


def test_a_league_match_offers_its_rematch_only_to_its_scorers(league_match):
    # A casual match's rematch is anyone's who holds the link (it starts a match of their
    # own); a league match's, like any league match, needs a scorer or owner of the league.
    match_id, owner, visitors = league_match
    assert f'action="/matches/{match_id}/rematch"' in owner.get(f"/matches/{match_id}").get_data(as_text=True)
    for who, visitor in visitors.items():
        assert f'action="/matches/{match_id}/rematch"' not in visitor.get(f"/matches/{match_id}").get_data(as_text=True), who
        assert visitor.post(f"/matches/{match_id}/rematch").status_code == 403, who


def test_an_ended_match_offers_play_on_only_to_its_writers(league_match):
    match_id, owner, visitors = league_match
    assert owner.post(f"/matches/{match_id}/end").status_code == 303
    assert "/play-on" in offered(owner, match_id)["/"]
    for who, visitor in visitors.items():
        assert visitor.post(f"/matches/{match_id}/play-on").status_code == 403, who
        assert offered(visitor, match_id)["/"] == set(), who
