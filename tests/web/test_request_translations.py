"""A request looks up its catalog once (Flask-Babel's lookup per message cost a match page some 80), and each request gets its own language."""
from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.engine.games import all_games
from tests.support.data import players_for
from tests.support.pages import create

GAME = all_games()[0]


def test_a_page_looks_up_its_catalog_once_and_each_request_its_own(client, monkeypatch):
    match_id = create(client, GAME.id, players_for(GAME))
    looked_up: list[str] = []
    original = i18n.get_translations

    def counted():
        found = original()
        looked_up.append(i18n.current_language())
        return found

    monkeypatch.setattr(i18n, "get_translations", counted)
    german = client.get(f"/matches/{match_id}", headers={"Accept-Language": "de"})
    assert german.status_code == 200 and 'lang="de"' in german.get_data(as_text=True)
    assert looked_up == ["de"]
    russian = client.get(f"/matches/{match_id}", headers={"Accept-Language": "ru"})
    assert russian.status_code == 200 and 'lang="ru"' in russian.get_data(as_text=True)
    assert looked_up == ["de", "ru"]
    # The engine's words and the template's words of one page are in its one language.
    english = client.get(f"/matches/{match_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert english != russian.get_data(as_text=True)


def test_outside_a_request_the_catalog_is_flask_babels():
    # Flask-Babel's answer outside any context: no catalog, the English message.
    assert i18n.request_translations().gettext("sign in first") == "sign in first"
