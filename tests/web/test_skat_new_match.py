"""Skat's new-match form says the list's length as it will be: 36 deals at three, 48 at four."""
from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.engine.games.skat import SKAT


def hint_of_max_deals(page: str) -> str:
    hint = re.search(r'<small class="hint" id="opt_max_deals-hint">(.*?)</small>', page, re.S).group(1)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", hint)).split())


@pytest.mark.parametrize(("seats", "deals"), [(3, 36), (4, 48)])
def test_the_default_list_length_follows_the_seats(client, seats, deals):
    form = {"game": SKAT.id, "seats": "3", "action": "add_seat" if seats == 4 else "refresh"}
    page = client.post("/matches/new", data=form).get_data(as_text=True)
    assert page.count('id="player_') == seats
    assert f"Default: {deals}." in hint_of_max_deals(page)
    assert "Empty" not in hint_of_max_deals(page)
