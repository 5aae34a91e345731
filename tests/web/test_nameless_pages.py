"""Nameless on the pages, JavaScript off: who went alone and who reneged are radio chips."""
from __future__ import annotations

import html as html_lib
import re

from tests.support.pages import api_match, create


def test_nameless_alone_and_renege_are_plain_radio_chips(client):
    """JavaScript off: who went alone and who reneged are radio chips ("Nobody" checked) that post as a plain form."""
    match_id = create(client, "nameless")
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'name="alone"' in html and "<select id=\"f-alone\"" not in html and "<select id=\"f-renege\"" not in html
    for name in ("alone", "renege"):
        assert re.search(rf'<label class="chip"><input type="radio" name="{name}" value="" checked>', html)
    data = {"tricks_0": "1", "tricks_1": "3", "tricks_2": "1", "tricks_3": "0", "alone": "1", "renege": "",
            "expected_number": "1"}
    assert client.post(f"/matches/{match_id}/rounds", data=data).status_code == 303
    assert api_match(client, match_id)["rounds"][0]["input"] == {"tricks": [1, 3, 1, 0], "alone": 1}


def test_partners_who_split_their_tricks_otherwise_are_told_apart_seat_by_seat(client):
    """Two phones record round 1 with the same tricks per side, split otherwise between
    partners: the sides' words and scores are alike, so the versions say each seat's tricks
    (an outside walk-through saw two identical summaries under "choose which stand")."""
    players = ["Ivo", "Jule", "Kai", "Lea"]
    match_id = create(client, "nameless", players)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = {"version": html_lib.unescape(re.search(r'name="version" value="([^"]+)"', page).group(1)),
            "expected_number": "1", "alone": "", "renege": ""}
    first = {"tricks_0": "2", "tricks_1": "1", "tricks_2": "1", "tricks_3": "1"}
    second = {"tricks_0": "1", "tricks_1": "1", "tricks_2": "2", "tricks_3": "1"}
    assert client.post(f"/matches/{match_id}/rounds", data={**form, **first, "idempotency_key": "a"}).status_code == 303
    refused = html_lib.unescape(
        client.post(f"/matches/{match_id}/rounds", data={**form, **second, "idempotency_key": "b"}).get_data(as_text=True))
    said = re.findall(r'<small class="muted said">([^<]*)</small>', refused)
    assert len(said) == 2 and said[0] != said[1], said
    assert "Ivo 2" in said[0] and "Kai 1" in said[0] and "Ivo 1" in said[1] and "Kai 2" in said[1]
