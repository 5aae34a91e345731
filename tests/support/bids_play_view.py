"""The bids' play view of a bidding game: a match started, its bids saved, the view's page and
words."""
from __future__ import annotations

import html as html_lib
import re

from scorekeeper.engine.games import get_game
from tests.support.data import bids_options, players_for

VERSION = re.compile(r'name="version" value="([^"]+)"')


def start(client, game_id: str) -> str:
    game = get_game(game_id)
    body = {"game": game_id, "players": players_for(game), "options": bids_options(game)}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def page_of(client, url: str, language: str = "en") -> str:
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def version(page: str) -> str:
    return html_lib.unescape(VERSION.search(page).group(1))


def text(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def play_view(page: str) -> str | None:
    found = re.search(r'<section class="play-view".*?</section>', page, re.S)
    return text(found.group(0)) if found else None


def save_bids(client, match_id: str, bids: dict[str, str], language: str = "en"):
    page = page_of(client, f"/matches/{match_id}", language)
    data = {**bids, "version": version(page)}
    return client.post(f"/matches/{match_id}/rounds/1/bidding", data=data, headers={"Accept-Language": language})
