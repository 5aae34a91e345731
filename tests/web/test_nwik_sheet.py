"""The Nwik score sheet's bid cell: the suit actually chosen and the multiplier the score used."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import get_game

NWIK = get_game("nwik")
TABLE = NWIK.table(["Ann", "Bob", "Cid"])

# Round 1's Bidder is Bob (seat 1): raw round -> what his cell says.
CELLS = [
    ({"style": 5, "stake": 5, "vip_card": 2, "trump": "clubs", "tricks": [8, 3, 2]}, "VIP ×10 (stake 5 × card 2) · 3 tricks"),
    ({"style": 5, "stake": 4, "vip_card": 1, "tricks": [8, 3, 2]}, "VIP ×4 (stake 4 × card 1) · 3 tricks"),
    ({"style": 2, "stake": 3, "trump": "hearts", "tricks": [8, 3, 2]}, "♥ Hearts trumps ×3 · 3 tricks"),
    ({"style": 2, "stake": 3, "tricks": [8, 3, 2]}, "Hearts, Diamonds or Clubs trumps ×3 · 3 tricks"),
    ({"style": 1, "stake": 6, "tricks": [8, 3, 2]}, "Spades trumps ×6 · 3 tricks"),
    ({"style": 2, "stake": 6, "trump": "clubs", "tricks": [8, 3, 2]}, "♣ Clubs trumps ×6 · 3 tricks"),
    ({"style": 3, "stake": 2, "tricks": [8, 3, 2]}, "No Trumps ×2 · 3 tricks"),
    ({"style": 4, "stake": 1, "tricks": [8, 3, 2]}, "No Tricks ×1 · 3 tricks"),
    # Pass: Bob's own cell says the Pass, Cid (the Acting Bidder) plays the style.
    ({"style": 6, "stake": 4, "acting_style": 5, "vip_card": 3, "tricks": [8, 3, 2]}, "Pass · 3 tricks"),
]
# Round 1, Bob passes: what Cid's cell (the Acting Bidder, seat 2) says.
ACTING_CELLS = [
    ({"style": 6, "stake": 4, "acting_style": 5, "vip_card": 3, "tricks": [3, 8, 2]}, "VIP ×12 (stake 4 × card 3) · 2 tricks"),
    (
        {"style": 6, "stake": 4, "acting_style": 5, "vip_card": 2, "trump": "spades", "tricks": [3, 8, 2]},
        "VIP ×8 (stake 4 × card 2) · 2 tricks",
    ),
    ({"style": 6, "stake": 2, "acting_style": 2, "trump": "diamonds", "tricks": [3, 8, 2]}, "♦ Diamonds trumps ×2 · 2 tricks"),
    ({"style": 6, "stake": 5, "acting_style": 4, "tricks": [3, 8, 2]}, "No Tricks ×5 · 2 tricks"),
]


@pytest.mark.parametrize(("raw", "said"), CELLS)
def test_the_bidders_cell_says_what_was_played_for(app_context, raw, said):
    with app_context.test_request_context():
        assert adapter_for(NWIK).sheet_cells(TABLE, raw, 1)[1] == said


@pytest.mark.parametrize(("raw", "said"), ACTING_CELLS)
def test_after_a_pass_the_acting_bidders_cell_says_what_was_played_for(app_context, raw, said):
    with app_context.test_request_context():
        assert adapter_for(NWIK).sheet_cells(TABLE, raw, 1)[2] == said


@pytest.mark.parametrize("raw", [raw for raw, _said in CELLS + ACTING_CELLS if "trump" in raw or raw["style"] != 2])
def test_the_multiplier_shown_is_the_one_scored(app_context, raw):
    """The sheet's "×N" is the stake the engine's score used (VIP: stake × card), and the
    points of the (Acting) Bidder are their tricks over the target times it."""
    with app_context.test_request_context():
        scored = NWIK.play(TABLE, NWIK.initial_state(TABLE), raw).rounds[-1]
        cells = adapter_for(NWIK).sheet_cells(TABLE, raw, 1)
    acting = scored.score.details["acting_bidder"]
    shown = re.search(r"×(\d+)", cells[acting])
    assert shown is not None, cells
    assert int(shown.group(1)) == scored.score.details["effective_stake"]
    assert f"× {shown.group(1)} =" in scored.score.explanation[acting]
