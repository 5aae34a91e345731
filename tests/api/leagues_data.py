"""Builds a small league with a finished match of every game, through the API."""
from __future__ import annotations

from .helpers import post_round


def nwik_rounds(players: int) -> list[dict]:
    """A legal full Nwik match: each Bidder uses style k and stake k on their k-th bid."""
    tricks = [9, 8] if players == 2 else [5, 4, 4]
    rounds = []
    for number in range(5 * players):
        k = number // players + 1
        body = {"style": k, "stake": k, "tricks": tricks}
        if k == 2:
            body["trump"] = "hearts"
        if k == 5:
            body["vip_card"] = 2
        rounds.append(body)
    return rounds


def willi_rounds(players: int) -> list[dict]:
    """19 legal rounds: everybody calls 0, seat 0 takes every trick."""
    rounds = []
    for number in range(1, 20):
        cards = number if number <= 10 else 20 - number
        rounds.append({"bids": [0] * players, "tricks": [cards] + [0] * (players - 1)})
    return rounds


def zwicker_deal(winner: int) -> dict:
    honours = ["J25", "J20", "J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC"]
    sides = [{"cards": 20, "zwicks": 0, "honours": []}, {"cards": 20, "zwicks": 0, "honours": []}]
    sides[winner] = {"cards": 35, "zwicks": 1, "honours": honours}
    sides[1 - winner]["cards"] = 20
    return {"sides": sides}


def play_league(client, league: str) -> list[str]:
    """The same plays as above, created in the league; returns the match ids."""
    ids = []
    for game, players, options, rounds in LEAGUE_PLAYS:
        response = client.post(
            "/api/v1/matches", json={"game": game, "players": players, "options": options, "league": league}
        )
        assert response.status_code == 201, response.json
        match_id = response.json["id"]
        for body in rounds:
            posted = post_round(client, match_id, body)
            assert posted.status_code == 201, (game, body, posted.json)
        ids.append(match_id)
    return ids


LEAGUE_PLAYS = [
    ("nwik", ["Ann", "Bob", "Cid"], {}, nwik_rounds(3)),
    ("nwik", ["Dan", "Ann"], {"first_dealer": 1}, nwik_rounds(2)),
    (
        "nameless",
        ["Ann", "Bob", "Cid", "Dan"],
        {"target": 5},
        [{"tricks": [2, 1, 2, 0]}, {"tricks": [0, 4, 1, 0], "alone": 1}],
    ),
    ("zwicker", ["Bob", "Dan"], {"target": 60}, [zwicker_deal(0), zwicker_deal(1), zwicker_deal(0)]),
    (
        "spades",
        ["Ann", "Bob", "Cid", "Dan"],
        {"target": 130},
        [{"bids": [4, "nil", 3, 2], "tricks": [5, 1, 4, 3]}, {"bids": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}],
    ),
    ("willi-stich", ["Cid", "Ann", "Dan"], {"scoring": "wizard"}, willi_rounds(3)),
    ("nameless", ["Ann", "Bob"], {}, [{"tricks": [3, 2]}]),  # still in progress
]


def new_league(client, name: str = "Thursday") -> tuple[str, list[str]]:
    response = client.post("/api/v1/leagues", json={"name": name, "members": ["Ann", "Bob", "Cid", "Dan"]})
    assert response.status_code == 201
    league = response.json["id"]
    return league, play_league(client, league)
