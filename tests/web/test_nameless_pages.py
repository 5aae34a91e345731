"""Nameless on the pages, JavaScript off: who went alone and who reneged are radio chips."""
from __future__ import annotations

import re

from tests.web.test_pages import api_match, create


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
