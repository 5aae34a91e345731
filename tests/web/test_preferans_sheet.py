"""Preferans's sheet on the match page, checked against the spec's worked examples: each hand's
declarer and contract with how it went, the пуля (each player's pool, mountain and whists on
the others) and under it the settlement in whists line by line, as if the match closed now and,
once every pool is closed, the final one; the phone redraws the same cells offline."""
from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games.preferans import PREFERANS

NAMES = ["Ann", "Bob", "Cid", "Dan"]
# Example A (sochi, pool 10): Bob makes 7♥ against two whisters; Cid goes two down in 6♠.
EXAMPLE_A = [
    {"contract": "7H", "declarer": 1, "whist": ["whist", None, "whist"], "tricks": [2, 7, 1]},
    {"contract": "6S", "declarer": 2, "whist": ["pass", "whist", None], "tricks": [2, 4, 4]},
]
# Example F (four, sochi): Cid one down in 7♣; Ann deals, sits out and consoles him too.
EXAMPLE_F = [{"contract": "7C", "declarer": 2, "whist": [None, "whist", None, "whist"], "tricks": [None, 2, 6, 2]}]
# Example G (sochi): passed-out games until every pool is closed, help and a write-off.
EXAMPLE_G = [
    {"contract": "10NT", "declarer": 0, "whist": [None, "pass", "pass"]},
    {"contract": "6H", "declarer": 0, "whist": [None, "pass", "pass"]},
    {"contract": "8S", "declarer": 1, "whist": ["pass", None, "pass"]},
    {"contract": "8D", "declarer": 0, "whist": [None, "pass", "pass"]},
    {"contract": "9NT", "declarer": 2, "whist": ["pass", "pass", None]},
]


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def played(client, hands, n: int = 3, **options) -> str:
    body = {"game": PREFERANS.id, "players": NAMES[:n], "options": {"pool_size": 10, **options}}
    match = client.post("/api/v1/matches", json=body).json
    for hand in hands:
        response = client.post(f"/api/v1/matches/{match['id']}/rounds", json=hand)
        assert response.status_code == 201, response.json
    return client.get(f"/matches/{match['id']}").get_data(as_text=True)


def section(html: str) -> str:
    return re.search(r'<section class="card pf-sheet".*?</section>', html, re.S).group(0)


def rows(html: str, table: int) -> dict[str, list[str]]:
    """Each row of the section's `table`-th table: its head, then its cells."""
    found = re.findall(r"<table.*?</table>", section(html), re.S)[table]
    return {
        text_of(head): [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", cells, re.S)]
        for head, cells in re.findall(r'<tr[^>]*><th scope="row"[^>]*>(.*?)</th>(.*?)</tr>', found, re.S)
    }


def note(html: str) -> str:
    return text_of(re.search(r'<tr class="pf-note"><td[^>]*>(.*?)</td>', section(html), re.S).group(1))


def test_the_sheet_before_the_first_hand(client):
    html = played(client, [])
    sheet = rows(html, 0)
    assert sheet["pool (to 10)"] == ["0", "0", "0"] and sheet["mountain"] == ["0", "0", "0"]
    assert sheet["Ann"] == ["·", "0", "0"]
    assert rows(html, 1)["whole whists"] == ["0", "0", "0"]


def test_example_a_after_the_first_hand_in_thirds(client):
    html = played(client, EXAMPLE_A[:1])
    sheet = rows(html, 0)
    assert sheet["pool (to 10)"] == ["0", "4", "0"]
    # Whists on Bob: Ann 2 × 4, Cid 1 × 4 (a row for whom they are on, a column for who wrote them).
    assert sheet["Bob"] == ["8", "·", "4"]
    settlement = rows(html, 1)
    assert settlement["M′: mountain + open pool"] == ["10", "6", "10"]
    assert settlement["mountains: 10 × (mean − M′)"] == ["-13⅓", "+26⅔", "-13⅓"]
    assert settlement["whists given − taken"] == ["+8", "-12", "+4"]
    assert settlement["exact"] == ["-5⅓", "+14⅔", "-9⅓"]
    # The two whists left over go to the furthest behind: Cid, then Ann.
    assert settlement["whole whists"] == ["-5", "+14", "-9"]
    assert note(html) == "As if the match closed now. Mean M′ 8⅔."


def test_example_a_after_the_second_hand(client):
    html = played(client, EXAMPLE_A)
    sheet = rows(html, 0)
    assert sheet["mountain"] == ["0", "0", "4"]
    assert sheet["Cid"] == ["4", "16", "·"]
    settlement = rows(html, 1)
    assert settlement["M′: mountain + open pool"] == ["10", "6", "14"]
    assert settlement["mountains: 10 × (mean − M′)"] == ["0", "+40", "-40"]
    assert settlement["whists given − taken"] == ["+12", "+4", "-16"]
    assert settlement["whole whists"] == ["+12", "+44", "-56"]
    # The running totals over the sheet say the same.
    assert re.findall(r'<span class="points">(-?\d+)</span>', html) == ["12", "44", "-56"]


def test_example_f_at_four(client):
    html = played(client, EXAMPLE_F, 4)
    sheet = rows(html, 0)
    assert sheet["mountain"] == ["0", "0", "4", "0"]
    assert sheet["Cid"] == ["4", "12", "·", "12"]
    assert rows(html, 1)["whole whists"] == ["+14", "+22", "-58", "+22"]
    # Under the hand's line: each player's word and tricks; Ann, who sat out, has none.
    why = re.search(r'<tr class="round-why".*?</tr>', html, re.S).group(0)
    made = dict(re.findall(r'<b class="why-who">(\w+):</b>.*?(?:<span class="made">([^<]*)</span>|<small)', why, re.S))
    assert made == {"Ann": "", "Bob": "whist · tricks 2", "Cid": "tricks 6", "Dan": "whist · tricks 2"}


def test_example_g_the_final_settlement_once_every_pool_is_closed(client):
    html = played(client, EXAMPLE_G)
    sheet = rows(html, 0)
    assert sheet["pool (to 10)"] == ["10✓", "10✓", "10✓"]
    assert sheet["mountain"] == ["0", "0", "-2"]
    # Ann's help: 2 to Bob in her 6♥, then 2 to Bob and 4 to Cid in her 8♦ (10 whists a point).
    assert sheet["Bob"] == ["40", "·", "0"] and sheet["Cid"] == ["40", "0", "·"]
    settlement = rows(html, 1)
    assert settlement["M′: mountain + open pool"] == ["0", "0", "-2"]
    assert settlement["whole whists"] == ["+73", "-46", "-27"]
    assert note(html) == "Every pool is closed: the final settlement. Mean M′ -⅔."


def test_leningrad_writes_its_pools_doubled(client):
    html = played(client, [{"contract": "6S", "declarer": 0, "whist": [None, "pass", "whist"], "tricks": [4, 4, 2]}],
                  convention="leningrad")
    settlement = rows(html, 1)
    assert settlement["M′: mountain + 2 × open pool"] == ["28", "20", "20"]
    assert settlement["whole whists"] == ["-93", "+47", "+46"]


def test_each_hand_names_its_declarer_contract_and_how_it_went(client):
    html = played(client, [*EXAMPLE_A, {"contract": "all_pass", "tricks": [3, 2, 5]},
                           {"contract": "all_pass", "tricks": [6, 0, 4]}, {"contract": "misere", "declarer": 2,
                                                                          "tricks": [4, 4, 2]}])
    lines = []
    for number in range(1, 6):
        row = re.search(rf'<tbody id="round-{number}".*?</tr>', html, re.S).group(0)
        cell = {kind: text_of(re.search(rf'<td class="{kind}[^"]*"[^>]*>(.*?)</td>', row, re.S).group(1))
                for kind in ("lead", "play")}
        lines.append((cell["lead"], cell["play"]))
    # An all-pass has no declarer: a dash ("nobody" to a screen reader).
    assert lines == [("Bob", "7♥"), ("Cid", "6♠-2"), ("– nobody", "AP"), ("– nobody", "AP×2"), ("Cid", "Mis-2")]
    why = unescape(html)
    assert "6♠ down 2" in why and "All pass × 2" in why and "Misère: 2 tricks" in why


def test_the_phone_redraws_the_same_cells(app, client):
    html = played(client, EXAMPLE_A)
    table = PREFERANS.table(NAMES[:3], PREFERANS.resolve_options({"pool_size": 10}, 3))
    state = PREFERANS.replay(table, EXAMPLE_A)
    with app.test_request_context():
        cells = adapter_for(PREFERANS).progress_cells(table, state)
    # sheet.js writes the cells of every row of the section's tables (table.usage tbody tr) in order.
    page_rows = re.findall(r"<tbody>(.*?)</tbody>", section(html), re.S)
    drawn = [[text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
             for body in page_rows for row in re.findall(r"<tr.*?</tr>", body, re.S)]
    assert [[item["text"] for item in row] for row in cells] == drawn


@pytest.mark.parametrize(("hand", "bar"), [
    ({"contract": "6S", "declarer": 2, "whist": ["pass", "whist", None], "tricks": [2, 4, 4]},
     "6♠ down 2: Cid mountain +4; whists on Cid: Ann 4, Bob 16"),
    ({"contract": "7S", "declarer": 1, "whist": ["half", None, "pass"]},
     "7♠ half-whist: Bob pool +4; whists on Bob: Ann 4"),
    ({"contract": "8D", "declarer": 0, "whist": [None, "pass", "pass"]}, "8♦ not whisted: Ann pool +6"),
    ({"contract": "misere", "declarer": 1, "tricks": [5, 0, 5]}, "Misère made: Bob pool +6; Bob helps Cid with 4"),
])
def test_the_save_bar_says_what_a_hand_writes(hand, bar):
    table = PREFERANS.table(NAMES[:3], PREFERANS.resolve_options({"pool_size": 10}, 3))
    state = PREFERANS.play(table, PREFERANS.initial_state(table), EXAMPLE_A[0])
    if hand.get("declarer") == 1 and hand["contract"] == "7S":
        state = PREFERANS.initial_state(table)  # hand 1: Bob declares, Cid defends first, Ann second
    after = PREFERANS.play(table, state, hand)
    assert adapter_for(PREFERANS).bar_play(table, after.rounds[-1]) == bar
