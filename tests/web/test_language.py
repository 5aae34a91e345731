"""The pages' language: from the browser, a cookie or the account; the switcher; locale formats.

No catalog ships yet, so these tests check that every page is ready for a language (html lang,
the switcher, numbers and dates) and, with a tiny catalog compiled into a temporary directory,
that the templates, the JS sentences and the Python messages really come out translated.
"""
from __future__ import annotations

import html as html_lib
import json
import re
from datetime import date, datetime
from urllib.parse import unquote

import pytest
from flask import render_template_string

from scorekeeper.engine.games import Game
from scorekeeper.extensions import db
from scorekeeper.models import User
from tests.support.api import sign_up
from tests.support.game_picks import a_game, new_match_form, play, seats

LANGUAGE_FORM = re.compile(r'<form method="post" action="/language"[^>]*>(.*?)</form>', re.DOTALL)
HTML_LANG = re.compile(r'<html lang="([^"]*)">')
I18N_BLOCK = re.compile(r'<script type="application/json" id="i18n">(.*?)</script>', re.DOTALL)
PASSWORD = "correct horse battery"


def lang_of(response) -> str:
    found = HTML_LANG.search(response.get_data(as_text=True))
    assert found, "no <html lang>"
    return found.group(1)


def switcher(html: str) -> dict:
    """The language form's fields: csrf_token, next, the options and the selected one."""
    form = LANGUAGE_FORM.search(html)
    assert form, "no language switcher"
    body = form.group(1)
    hidden = {name: html_lib.unescape(value) for name, value in re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', body)}
    options = re.findall(r'<option value="(\w+)"', body)
    selected = re.findall(r'<option value="(\w+)"[^>]*selected', body)
    return {**hidden, "options": options, "selected": selected}


# --------------------------------------------------------------------------- chosen from the browser


def test_english_without_a_preference(client):
    response = client.get("/")
    assert lang_of(response) == "en"
    assert switcher(response.get_data(as_text=True))["selected"] == ["en"]


@pytest.mark.parametrize("url", ["/", "/matches/new", "/leagues", "/players", "/login", "/register", "/offline"])
def test_german_browser_gets_german_ready_pages(client, url):
    response = client.get(url, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert response.status_code == 200
    assert lang_of(response) == "de"
    form = switcher(response.get_data(as_text=True))
    assert form["options"] == ["en", "de", "ru"] and form["selected"] == ["de"]
    assert form["next"] == url and form["csrf_token"]


def test_unsupported_browser_language_falls_back_to_english(client):
    assert lang_of(client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})) == "en"
    assert lang_of(client.get("/", headers={"Accept-Language": "fr;q=1.0, ru;q=0.5"})) == "ru"


def test_every_page_carries_the_js_sentences_as_data(client):
    html = client.get("/offline").get_data(as_text=True)
    block = I18N_BLOCK.search(html)
    assert block, "no i18n JSON block"
    messages = json.loads(block.group(1))
    assert messages["offline"] == "Offline" and messages["keep_my_entries"] == "Keep my entries"
    offline = json.loads(re.search(r'<script type="application/json" id="offline-i18n">(.*?)</script>', html).group(1))
    assert offline["pending_round"] == "Round {number} · pending"
    german = client.get("/offline", headers={"Accept-Language": "de"}).get_data(as_text=True)
    offline = json.loads(re.search(r'<script type="application/json" id="offline-i18n">(.*?)</script>', german).group(1))
    assert offline["not_sent"] == "noch nicht gesendet"


# --------------------------------------------------------------------------- the switcher


def test_switcher_posts_and_sets_the_cookie(client):
    page = client.get("/leagues?x=1").get_data(as_text=True)
    form = switcher(page)
    assert form["next"] == "/leagues?x=1"
    response = client.post("/language", data={"language": "ru", "next": form["next"]})
    assert response.status_code == 303 and response.headers["Location"] == "/leagues?x=1"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("sk_lang=ru;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    # The cookie wins over the browser's Accept-Language from now on.
    after = client.get("/leagues", headers={"Accept-Language": "de"})
    assert lang_of(after) == "ru" and switcher(after.get_data(as_text=True))["selected"] == ["ru"]


def test_switcher_needs_the_csrf_token(client):
    assert client.post("/language", data={"language": "de", "next": "/"}, csrf=False).status_code == 400


def test_unknown_language_is_refused(client):
    response = client.post("/language", data={"language": "fr", "next": "/"})
    assert response.status_code == 422
    assert "sk_lang" not in response.headers.get("Set-Cookie", "")
    assert client.post("/language", data={"next": "/"}).status_code == 422


def test_switcher_returns_only_to_this_site(client):
    for target in ("https://evil.example/", "//evil.example/x", "leagues"):
        response = client.post("/language", data={"language": "de", "next": target})
        assert response.status_code == 303 and response.headers["Location"] == "/"


def test_after_a_refused_form_the_switcher_returns_to_the_page_it_came_from(client):
    game = a_game(seats(3))
    response = client.post(
        "/matches/new",
        data=new_match_form(game, ["Ann", "", ""]),
        headers={"Referer": f"http://localhost/matches/new?game={game.id}"},
    )
    assert response.status_code == 422
    assert switcher(response.get_data(as_text=True))["next"] == f"/matches/new?game={game.id}"


def test_signed_in_choice_is_kept_on_the_account(client, new_client, clean_app):
    sign_up(client, "ann", PASSWORD)
    assert client.post("/language", data={"language": "de", "next": "/account"}).status_code == 303
    with clean_app.app_context():
        assert db.session.scalar(db.select(User.language).where(User.username == "ann")) == "de"
    # Another phone without the cookie: signing in brings the account's language along,
    # over that browser's own Accept-Language.
    phone = new_client()
    assert lang_of(phone.get("/", headers={"Accept-Language": "ru"})) == "ru"
    signed_in = phone.post("/login", data={"username": "ann", "password": PASSWORD, "next": "/"})
    assert signed_in.status_code == 303
    assert lang_of(phone.get("/", headers={"Accept-Language": "ru"})) == "de"
    # Switching there changes the account too.
    phone.post("/language", data={"language": "en", "next": "/"})
    with clean_app.app_context():
        assert db.session.scalar(db.select(User.language).where(User.username == "ann")) == "en"


# --------------------------------------------------------------------------- numbers and dates


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["60%", "105.6", "0.55", "1,234.5", "Nov 30, 2026"]),
        ("de", ["60\xa0%", "105,6", "0,55", "1.234,5", "30.11.2026"]),
        ("ru", ["60\xa0%", "105,6", "0,55", "1\xa0234,5", "30 нояб. 2026 г."]),
    ],
)
def test_numbers_and_dates_follow_the_language(clean_app, language, expected):
    template = "{{ 0.6|percent }}|{{ 105.55|fixed(1) }}|{{ 0.548|fixed(2) }}|{{ 1234.46|fixed(1) }}|{{ day|day }}"
    with clean_app.test_request_context("/", headers={"Accept-Language": language}):
        for day in (date(2026, 11, 30), datetime(2026, 11, 30, 18, 5), "2026-11-30T18:05:00+00:00"):
            # (CLDR's narrow no-break space before "г." varies by version: read as a space)
            assert render_template_string(template, day=day).replace("\u202f", " ").split("|") == expected


# --------------------------------------------------------------------------- with a catalog


def counts_tricks_by_seat(game: Game) -> bool:
    """A game of three whose round says each seat's tricks (the tiny catalog words them)."""
    if not seats(3)(game):
        return False
    table = game.table(["Ann", "Bob", "Cid"])
    return any(field.name == "tricks" and field.per == "seat" for field in game.input_fields(table, game.initial_state(table).next))


def test_a_catalog_translates_templates_js_and_form_messages(client, catalogs):
    german = {"Accept-Language": "de"}
    home = client.get("/", headers=german).get_data(as_text=True)
    assert "Laufend" in home and ">Sprache<" in home
    offline = re.search(r'<script type="application/json" id="offline-i18n">(.*?)</script>', home).group(1)
    assert json.loads(offline)["pending_round"] == "Runde {number} · ausstehend"
    new = client.get("/matches/new", headers=german).get_data(as_text=True)
    assert "<title>Neues Spiel · Scorekeeper</title>" in new
    game = a_game(counts_tricks_by_seat)
    created = client.post("/matches/new", data=new_match_form(game, ["Ann", "Bob", "Cid"]), headers=german)
    match_url = created.headers["Location"]
    page = client.get(match_url, headers=german).get_data(as_text=True)
    assert '<h2 id="h-entry">Runde 1</h2>' in page
    round_1 = play(game, ["Ann", "Bob", "Cid"]).form(1)
    refused = client.post(f"{match_url}/rounds", data={**round_1, "tricks_0": "zwei"}, headers=german)
    assert refused.status_code == 422
    assert "Stiche von Ann muss eine ganze Zahl sein, nicht &#39;zwei&#39;" in refused.get_data(as_text=True)
    # The offline queue reads the refusal from a header: percent-encoded UTF-8, any language.
    assert unquote(refused.headers["X-Scorekeeper-Error"]) == "Stiche von Ann muss eine ganze Zahl sein, nicht 'zwei'"
    # English stays English.
    assert "In progress" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)


