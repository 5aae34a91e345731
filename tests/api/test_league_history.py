"""A league's history (its audit trail, with the owners' reasons) is for its owners only: API and page alike."""
from __future__ import annotations

import pytest

from tests.support.api import sign_up

PASSWORD = "correct horse battery"
REASON = "private: Bob cheats"


@pytest.fixture
def league_with_roles(clean_app):
    clients = {role: clean_app.test_client() for role in ("owner", "scorer", "viewer", "stranger")}
    for role, client in clients.items():
        sign_up(client, role, PASSWORD)
    owner = clients["owner"]
    league = owner.post("/api/v1/leagues", json={"name": "Thursday", "members": ["Ann", "Bob"]}).json["id"]
    for role in ("scorer", "viewer"):
        assert owner.put(f"/api/v1/leagues/{league}/roles/{role}", json={"role": role, "reason": REASON}).status_code == 200
    return clients, league


def test_only_owners_read_the_league_audit(league_with_roles):
    clients, league = league_with_roles
    trail = clients["owner"].get(f"/api/v1/leagues/{league}/audit")
    assert trail.status_code == 200 and any(entry["reason"] == REASON for entry in trail.json)
    for role in ("scorer", "viewer", "stranger"):
        refused = clients[role].get(f"/api/v1/leagues/{league}/audit")
        assert refused.status_code == 403, role
        assert refused.json["error"] == "forbidden" and REASON not in refused.get_data(as_text=True)


def test_only_owners_see_the_history_on_the_league_page(league_with_roles):
    clients, league = league_with_roles
    owner_page = clients["owner"].get(f"/leagues/{league}").get_data(as_text=True)
    assert 'id="history"' in owner_page and REASON in owner_page
    for role in ("scorer", "viewer"):
        page = clients[role].get(f"/leagues/{league}")
        assert page.status_code == 200, role
        html = page.get_data(as_text=True)
        assert 'id="history"' not in html and REASON not in html, role
