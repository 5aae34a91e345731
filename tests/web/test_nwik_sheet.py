"""The Nwik score sheet's bid cell: the suit actually chosen and the multiplier the score used."""
from __future__ import annotations

import pytest

from scorekeeper.games import get_game
from scorekeeper.web.games import adapter_for

NWIK = get_game("nwik")
TABLE = NWIK.table(["Ann", "Bob", "Cid"])

# Round 1's Bidder is Bob (seat 1): raw round -> what his cell says.
CELLS = [
    ({"style": 5, "stake": 5, "vip_card": 2, "trump": "clubs", "tricks": [8, 3, 2]}, "VIP ×10 (stake 5 × card 2) · 3 tricks"),
    ({"style": 5, "stake": 4, "vip_card": 1, "tricks": [8, 3, 2]}, "VIP ×4 (stake 4 × card 1) · 3 tricks"),
    ({"style": 2, "stake": 3, "trump": "hearts", "tricks": [8, 3, 2]}, "♥ Hearts trumps ×3 · 3 tricks"),
    ({"style": 2, "stake": 3, "tricks": [8, 3, 2]}, "Hearts, Diamonds or Clubs trumps ×3 · 3 tricks"),
    ({"style": 1, "stake": 6, "tricks": [8, 3, 2]}, "Spades trumps ×6 · 3 tricks"),
]


@pytest.mark.parametrize(("raw", "said"), CELLS)
def test_the_bidders_cell_says_what_was_played_for(app_context, raw, said):
    with app_context.test_request_context():
        assert adapter_for(NWIK).sheet_cells(TABLE, raw, 1)[1] == said


def test_the_vip_multiplier_shown_is_the_one_scored(app_context):
    raw = {"style": 5, "stake": 5, "vip_card": 2, "trump": "clubs", "tricks": [3, 8, 2]}
    with app_context.test_request_context():
        scored = NWIK.play(TABLE, NWIK.initial_state(TABLE), raw).rounds[-1]
        cell = adapter_for(NWIK).sheet_cells(TABLE, raw, 1)[1]
    assert f"×{scored.score.details['effective_stake']}" in cell
