"""Nwik's line on the score sheet (engine/entry/nwik.py's sheet hooks): who bid or played the
round, its bid in a few characters, a Pass written down, one short form a player, and no
leader marked after a round that scored nothing."""
from __future__ import annotations

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.short_names import player_short_names, sheet_lead, side_short_names
from scorekeeper.engine.games import get_game

NWIK = get_game("nwik")
TABLE = NWIK.table(["Ann", "Bob", "Cid"])


# Round 1: Ann deals, Bob bids; his pass makes Cid the one who plays it.
PLAYS = [
    ({"style": 1, "stake": 6, "tricks": [8, 3, 2]}, 1, "♠\u00a0×6"),
    ({"style": 2, "stake": 3, "trump": "hearts", "tricks": [8, 3, 2]}, 1, "♥\u00a0×3"),
    ({"style": 3, "stake": 2, "tricks": [8, 3, 2]}, 1, "No Trumps\u00a0×2"),
    ({"style": 5, "stake": 4, "vip_card": 3, "tricks": [8, 3, 2]}, 1, "VIP\u00a0×12"),
    ({"style": 6, "stake": 2, "acting_style": 2, "trump": "diamonds", "tricks": [3, 8, 2]}, 2, "♦\u00a0×2"),
]


@pytest.mark.parametrize(("raw", "lead", "play"), PLAYS)
def test_nwik_names_the_bidder_who_played_and_the_bid(app_context, raw, lead, play):
    adapter = adapter_for(NWIK)
    with app_context.test_request_context():
        assert adapter.sheet_lead(TABLE, raw, 1, 0) == lead
        shown, words = adapter.sheet_play(TABLE, raw, 1)
    assert shown == play
    assert words == adapter.played_for(raw)


def test_a_pass_is_written_on_the_line_in_words(app_context):
    """Round 1: Bob bids and passes, Cid plays it: the pad writes the Pass down, not only Cid."""
    raw = {"style": 6, "stake": 2, "acting_style": 3, "tricks": [3, 8, 2]}
    with app_context.test_request_context():
        said = sheet_lead(adapter_for(NWIK), TABLE, raw, 1, 0)
        plain = sheet_lead(adapter_for(NWIK), TABLE, {"style": 3, "stake": 2, "tricks": [3, 8, 2]}, 1, 0)
    assert (said["lead"], said["passer"], said["passed"]) == ("Cid", "Bob", "Bob passed to Cid")
    assert plain["passer"] is None and plain["lead"] == "Bob"


def test_each_player_has_one_short_form_on_the_sheet():
    """The column heads and the lead column cut a name alike."""
    nwik = NWIK.table(["Anna", "Benedikt", "Cleo"])
    assert side_short_names(nwik, True) == player_short_names(nwik, True) == ["Anna", "Bene.", "Cleo"]


def test_the_totals_mark_no_leader_after_a_round_of_nothing(client):
    """Round 1 of Nwik scoring 0, 0, 0: no ▲ on the scoreboard (it marked all three)."""
    created = client.post("/api/v1/matches", json={"game": "nwik", "players": ["Ann", "Bob", "Cid"]})
    match_id = created.get_json()["id"]
    nothing = {"style": 1, "stake": 1, "tricks": [3, 6, 4]}
    assert client.post(f"/api/v1/matches/{match_id}/rounds", json=nothing).status_code == 201
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "lead-mark" not in html and " leader" not in html
