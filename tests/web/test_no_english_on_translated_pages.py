"""Every visible word goes through the translations: a German or Russian page shows no English
message id of the catalogs (as a text, a label or a chip), on every page of every game."""
from __future__ import annotations

import random
import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from tests.support.api import sign_up
from tests.support.legal_rounds import legal_round
from tests.support.translated_pages import LANGUAGES, VisibleText, english_ids

# Pieces a text is made of: "4 · No Tricks", "Ann (Bidder) 6, Bob (#2) 4".
SEPARATORS = re.compile(r"\s*(?:·|,|:|\(|\)|\d+)\s*")


def english_on(html: str, ids: set[str]) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    shown = []
    for text in parser.texts:
        pieces = {text, *(piece.strip() for piece in SEPARATORS.split(text) if piece.strip())}
        shown.extend(sorted(piece for piece in pieces if piece in ids))
    return shown


def every_page(client, language: str) -> dict[str, str]:
    """Home, new match per game, each game's match page with a round played, its edit and undo,
    a league and a player page, rules: the pages as one language's reader sees them."""
    headers = {"Accept-Language": language}
    sign_up(client, "tischrunde")  # a username no message is spelled like
    league = client.post("/leagues", data={"name": "Freitag", "members": "Mara, Nils"}, headers=headers)
    league_url = league.headers["Location"]
    pages = {url: client.get(url, headers=headers).get_data(as_text=True) for url in ("/", "/leagues", league_url, "/players", "/rules", "/account")}
    rng = random.Random(5)
    for game in all_games():
        # Names no message is spelled like (the catalogs hold "Ann, Bob, Cid" as an example).
        players = ["Mara", "Nils", "Oda", "Pit", "Rut", "Sven"][: adapter_for(game).first_seat_count()]
        pages[f"/matches/new?game={game.id}"] = client.get(f"/matches/new?game={game.id}", headers=headers).get_data(as_text=True)
        created = client.post("/api/v1/matches", json={"game": game.id, "players": players}, headers=headers).get_json()
        table = game.table(players, created["options"])
        state = game.initial_state(table)
        raw, _after = legal_round(rng, game, table, state)
        assert client.post(f"/api/v1/matches/{created['id']}/rounds", json=raw).status_code == 201
        for suffix in ("", "/rounds/1/edit", "/undo"):
            url = f"/matches/{created['id']}{suffix}"
            pages[url] = client.get(url, headers=headers).get_data(as_text=True)
    return pages


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_message_id_on_a_translated_page(client, language):
    ids = english_ids(language)
    found = {url: words for url, html in every_page(client, language).items() if (words := english_on(html, ids))}
    assert found == {}, f"English on {language} pages"
