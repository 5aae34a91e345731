"""A tiny German and Russian catalog compiled into a temporary folder for one test: the pages,
the JS sentences and the messages come out translated (a fixture of the root conftest's)."""
from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from flask_babel import get_babel

from scorekeeper.i18n import babel

GERMAN = {
    "New match": "Neues Spiel",
    "In progress": "Laufend",
    "Language": "Sprache",
    "Round {number} · pending": "Runde {number} · ausstehend",
    "Round %(number)s": "Runde %(number)s",
    "{what} must be a whole number, got {got}": "{what} muss eine ganze Zahl sein, nicht {got}",
    "tricks of {name}": "Stiche von {name}",
    ("%(num)s round", "%(num)s rounds"): ("%(num)s Runde", "%(num)s Runden"),
}
RUSSIAN = {
    "+ New match": "+ Новая партия",
    "League pages": "Лиги и игроки",
    "Leagues": "Лиги",
    "Players": "Игроки",
    "In progress": "Идут сейчас",
    "No match in progress on this phone.": "На этом телефоне нет незаконченных партий.",
    "Language": "Язык",
    "Change": "Сменить",
    "Sign in": "Войти",
    "Round %(number)s": "Раунд %(number)s",
    "Save round %(number)s": "Сохранить раунд %(number)s",
    "Rounds": "Раунды",
    "History": "История",
    "Share": "Поделиться",
    "This round would score": "Очки за этот раунд",
    "Tricks taken (%(total)s in all)": "Взятки (всего %(total)s)",
}


def compile_catalog(directory, language: str, messages: dict) -> None:
    catalog = Catalog(locale=language)
    for msgid, text in messages.items():
        catalog.add(msgid, text)
    target = directory / language / "LC_MESSAGES"
    target.mkdir(parents=True)
    with open(target / "messages.mo", "wb") as out:
        write_mo(out, catalog)


@pytest.fixture
def catalogs(clean_app, tmp_path, monkeypatch):
    """A tiny German and Russian catalog, in place of the (future) real ones, for this test only."""
    compile_catalog(tmp_path, "de", GERMAN)
    compile_catalog(tmp_path, "ru", RUSSIAN)
    monkeypatch.setattr(get_babel(clean_app), "translation_directories", [str(tmp_path)])
    # Flask-Babel caches loaded catalogs per language: start and finish with an empty cache.
    # Its domain is made on first use from the app's settings (an app context), which a
    # browser test alone in its process has not had yet.
    with clean_app.app_context():
        domain = babel.domain_instance
    monkeypatch.setattr(domain, "cache", {})
    yield
    domain.cache.clear()
