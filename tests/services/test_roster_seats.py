"""Names within one match are compared after NFKC and casefold: "Ann" and the fullwidth "Ａｎｎ" cannot sit at one table."""
from __future__ import annotations

import pytest

from tests.support.picks import a_game

# A table of three at least, so the twin has a seat of its own beside Ann and Bob.
GAME = a_game("for three", lambda game: game.min_players <= 3 <= game.max_players)


@pytest.mark.parametrize("twin", ["Ａｎｎ", "ａｎｎ", "ANN", "Ann"])
def test_one_name_in_another_width_or_case_is_refused(client, twin):
    refused = client.post("/api/v1/matches", json={"game": GAME.id, "players": ["Ann", "Bob", twin]})
    assert refused.status_code == 422 and refused.json["error"] == "player_twice"
    assert "one player, one seat" in refused.json["message"] and refused.json["errors"] == {"players.2": [refused.json["message"]]}
    if twin not in ("Ann",):
        assert "are one name" in refused.json["message"] and twin in refused.json["message"]
    assert client.get("/api/v1/matches").json == []


def test_different_names_still_sit_together(client):
    assert client.post("/api/v1/matches", json={"game": GAME.id, "players": ["Ann", "Anna", "Ａｎｄｙ"]}).status_code == 201
