"""Skat's list on the match page: each deal's declarer, game and value with Bock deals marked,
and the end columns under each player (won, lost, the 50s, the 40s or 30s, the values)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.engine.core.base import SPADES
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games.skat import SKAT

# Worked example 1 (deals 1-4 of the spec) with every Bock trigger on: the grand lost in
# deal 3 owes a Bock round, so deal 4 is doubled.
DEALS = [
    {"declarer": 1, "game": "clubs", "matadors": 2, "bid": 36, "points": 75},
    {"declarer": 2, "game": "diamonds", "matadors": 1, "without": True, "bid": 18, "points": 28},
    {"declarer": 0, "game": "grand", "matadors": 4, "hand": True, "announce": "schneider", "bid": 48, "points": 82},
    {"declarer": 1, "game": SPADES, "matadors": 1, "hand": True, "bid": 44, "points": 70},
    {"declarer": None},
]
OPTIONS = {"bock": ["sixty", "lost_grand", "all_pass"]}


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def played(client) -> tuple[str, str]:
    match = client.post("/api/v1/matches", json={"game": SKAT.id, "players": ["Ann", "Bob", "Cid"], "options": OPTIONS}).json
    for deal in DEALS:
        assert client.post(f"/api/v1/matches/{match['id']}/rounds", json=deal).status_code == 201
    return match["id"], client.get(f"/matches/{match['id']}").get_data(as_text=True)


@pytest.mark.parametrize(
    ("number", "player", "game"),
    # All passed: nobody declared, a dash (and "nobody" for a screen reader).
    [(1, "Bob", "♣36"), (2, "Cid", "♦27"), (3, "Ann", "G192"), (4, "Bob", "♠44B"), (5, "– nobody", "–B")],
)
def test_each_deal_names_its_declarer_game_and_value_and_marks_a_bock_deal(client, number, player, game):
    _match_id, html = played(client)
    row = re.search(rf'<tbody id="round-{number}".*?</tr>', html, re.S).group(0)
    assert text_of(re.search(r'<td class="lead"[^>]*>(.*?)</td>', row, re.S).group(1)) == player
    assert text_of(re.search(r'<td class="play"[^>]*>(.*?)</td>', row, re.S).group(1)) == game


def test_a_bock_deal_says_so_in_words(client):
    _match_id, html = played(client)
    row = re.search(r'<tbody id="round-4".*?</tbody>', html, re.S).group(0)
    assert "Spades 44; Bock deal: doubled" in unescape(row)


def test_the_end_columns_add_up_under_each_player(client):
    _match_id, html = played(client)
    section = text_of(re.search(r'<section class="card" aria-labelledby="h-list-end">.*?</section>', html, re.S).group(0))
    # Totals -354, -60, -24 (the spec's example, its deal 4 doubled): the 50s, the 40s and the
    # values make each.
    for line in ("won 0 1 0", "lost 1 1 1", "±50 -50 0 -50", "+40 +80 +80 +80", "values -384 -140 -54"):
        assert line in section, section
    # The list's letters are said once, under its columns.
    assert "On the list: G grand, N null, R Ramsch, B a Bock deal (its value counts twice)." in section


def test_the_phone_redraws_the_same_end_columns(app, client):
    match_id, html = played(client)
    table = SKAT.table(["Ann", "Bob", "Cid"], SKAT.resolve_options(OPTIONS, 3))
    state = SKAT.replay(table, DEALS)
    with app.test_request_context():
        cells = adapter_for(SKAT).progress_cells(table, state)
    rows = re.findall(r"<tr><th scope=\"row\">[^<]*</th>(.*?)</tr>", html, re.S)
    assert [[cell["text"] for cell in row] for row in cells] == [re.findall(r'<td class="num">([^<]*)</td>', row) for row in rows]


def test_no_end_columns_before_a_game_is_declared(client):
    match = client.post("/api/v1/matches", json={"game": SKAT.id, "players": ["Ann", "Bob", "Cid"]}).json
    assert client.post(f"/api/v1/matches/{match['id']}/rounds", json={"declarer": None}).status_code == 201
    assert 'id="h-list-end"' not in client.get(f"/matches/{match['id']}").get_data(as_text=True)
