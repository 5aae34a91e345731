"""Willi Stich on the pages: the live preview refuses the dealer's forbidden call, then scores the round."""
from __future__ import annotations

import re

from tests.web.test_pages import create, refusal


def test_preview_renders_refusal_or_scores(client):
    match_id = create(client, "willi-stich")
    # Round 1: 1 card; dealer Ann calls last. Calls 0,1,0,0 add up to 1: refused.
    data = {"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0", "tricks_0": "0", "tricks_1": "1", "tricks_2": "0", "tricks_3": "0"}
    html = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="preview"')
    assert "may not call 0" in refusal(html)
    assert re.search(r'id="save"\s+disabled', html)
    data["bid_0"] = "1"
    html = client.post(f"/matches/{match_id}/preview", data=data).get_data(as_text=True)
    assert refusal(html) == ""
    assert "would score" in html and "disabled" not in html
