"""Doppelkopf's list on the match page: each hand's dealer, game and value with Bock hands marked,
and the compulsory solos each player still owes, under their total and in a section of their
own."""
from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.engine.core.base import CLUBS
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games.doppelkopf import DOPPELKOPF

NAMES = ["Ann", "Bob", "Cid", "Dee"]
# A tie starts a Bock round: hand 2 on is doubled. Hand 3 is Dee's compulsory clubs solo.
OPTIONS = {"bock": ["tie"]}
HANDS = [
    {"game": "normal", "re": [1, 2], "re_points": 120},
    {"game": "marriage", "re": [0, 3], "re_points": 151},
    {"game": CLUBS, "soloist": 3, "re_points": 185, "re_call": "re"},
]


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def played(client) -> tuple[str, str]:
    match = client.post("/api/v1/matches", json={"game": DOPPELKOPF.id, "players": NAMES, "options": OPTIONS}).json
    for hand in HANDS:
        response = client.post(f"/api/v1/matches/{match['id']}/rounds", json=hand)
        assert response.status_code == 201, response.json
    return match["id"], client.get(f"/matches/{match['id']}").get_data(as_text=True)


def cell(row: str, kind: str) -> str:
    return text_of(re.search(rf'<td class="{kind}"[^>]*>(.*?)</td>', row, re.S).group(1))


@pytest.mark.parametrize(
    ("number", "dealer", "game"),
    # A normal game is its value alone (Kontra won the tie: won and against the queens, 2); a marriage "Ma"; a suit solo its sign; B: Bock.
    [(1, "Ann", "2"), (2, "Bob", "Ma2B"), (3, "Cid", "♣5B")],
)
def test_each_hand_names_its_dealer_game_and_value_and_marks_bock(client, number, dealer, game):
    _match_id, html = played(client)
    row = re.search(rf'<tbody id="round-{number}".*?</tr>', html, re.S).group(0)
    assert cell(row, "lead") == dealer
    assert cell(row, "play") == game


def test_a_solo_names_its_soloist_and_bock_in_words(client):
    _match_id, html = played(client)
    row = unescape(re.search(r'<tbody id="round-3".*?</tbody>', html, re.S).group(0))
    assert "Clubs solo 5, played by Dee; Bock hand: × 2" in row


def test_the_solos_owed_are_in_view_under_each_total_and_in_their_section(client):
    _match_id, html = played(client)
    section = text_of(re.search(r'<section class="card" aria-labelledby="h-solos-owed">.*?</section>', html, re.S).group(0))
    assert "solos owed 1 1 1 ✓" in section, section
    board = text_of(html.split('id="h-entry"')[0])
    assert board.count("1 solo owed") == 3


def test_the_phone_redraws_the_same_section(app, client):
    _match_id, html = played(client)
    table = DOPPELKOPF.table(NAMES, DOPPELKOPF.resolve_options(OPTIONS, 4))
    state = DOPPELKOPF.replay(table, HANDS)
    with app.test_request_context():
        cells = adapter_for(DOPPELKOPF).progress_cells(table, state)
    section = re.search(r'aria-labelledby="h-solos-owed">.*?</section>', html, re.S).group(0)
    rows = re.findall(r"<tr><th scope=\"row\">[^<]*</th>(.*?)</tr>", section, re.S)
    assert [[item["text"] for item in row] for row in cells] == [re.findall(r'<td class="num">([^<]*)</td>', row) for row in rows]


def test_no_section_without_compulsory_solos_or_bock(client):
    match = client.post("/api/v1/matches", json={"game": DOPPELKOPF.id, "players": NAMES,
                                                 "options": {"compulsory_solos": 0}}).json
    assert 'id="h-solos-owed"' not in client.get(f"/matches/{match['id']}").get_data(as_text=True)
