"""Willi Stich's bids on the page: the play view says the trump and who chose it."""
from __future__ import annotations

import random

from scorekeeper.engine.games import get_game
from tests.support.bids_play_view import page_of, play_view, start, version
from tests.support.data import players_for
from tests.support.legal_rounds import legal_round


def test_willi_stich_play_view_says_the_trump_and_who_chose_it(client):
    """Round 5 (trump choice): the calls saved with the trump and its chooser, the play view says both."""
    game = get_game("willi-stich")
    match_id = start(client, game.id)
    table = game.table(players_for(game))
    state = game.initial_state(table)
    rng = random.Random(5)
    for _number in range(4):
        raw, state = legal_round(rng, game, table, state)
        assert client.post(f"/api/v1/matches/{match_id}/rounds", json=raw).status_code == 201
    page = page_of(client, f"/matches/{match_id}")
    # Round 5: Ann deals (first dealer) ... calls 1, 1, 1 and the dealer's 1: 4 of 5 cards, allowed.
    data = {"bid_0": "1", "bid_1": "1", "bid_2": "1", "bid_3": "1", "trump": "spades", "trump_chooser": "2",
            "version": version(page)}
    assert client.post(f"/matches/{match_id}/rounds/5/bidding", data=data).status_code == 303
    shown = play_view(page_of(client, f"/matches/{match_id}"))
    assert "Trump: ♠ Spades, chosen by Cid" in shown and "Called: 4 of 5 tricks" in shown
