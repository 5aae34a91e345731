"""The league page's records of Nwik, Spades and Willi Stich: each game's own section (its
template's `league_stats`), from the test league's matches (tests/support/league_plays/)."""
from __future__ import annotations

from tests.support.api import sign_up
from tests.support.leagues_data import new_league


def test_the_league_page_shows_each_games_own_records(client):
    sign_up(client)
    league_id, _ = new_league(client)
    html = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "Nwik as Bidder, by style" in html
    assert "Spades nil" in html
    assert "Willi Stich exact calls" in html
