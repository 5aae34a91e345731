"""A `next` target that carries CR/LF or leads elsewhere falls back home, on every form that redirects."""
from __future__ import annotations

import pytest

from scorekeeper.web.redirects import safe_next
from tests.support.api import sign_up
from tests.support.picks import any_game

PASSWORD = "correct horse battery"
# A CR/LF would split the Location header: Werkzeug refuses such a header (a 500).
BAD_TARGETS = (
    "/account\r\nSet-Cookie: evil=1",
    "/leagues\n",
    "/\rx",
    "/a\tb",
    "/a\u2028b",
    "https://evil.example/x",
    "//evil.example",
    "/\\evil.example",
    "account",
    "",
)


@pytest.mark.parametrize("target", BAD_TARGETS)
def test_a_bad_next_is_home(target):
    assert safe_next(target) == "/"


@pytest.mark.parametrize("target", ["/", "/account", f"/leagues?season=x&game={any_game().id}", "/matches/ab12#scores"])
def test_a_path_on_this_site_is_kept(target):
    assert safe_next(target) == target


def test_safe_next_takes_only_text():
    assert safe_next(None) == "/" and safe_next(["/account"]) == "/"


@pytest.mark.parametrize("target", BAD_TARGETS[:5])
def test_sign_in_with_a_newline_in_next_goes_home(client, target):
    sign_up(client, "ann", PASSWORD)
    client.post("/logout")
    response = client.post("/login", data={"username": "ann", "password": PASSWORD, "next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert 'action="/logout"' in client.get("/").get_data(as_text=True)


def test_sign_up_with_a_newline_in_next_goes_home(client):
    response = client.post("/register", data={"username": "ann", "password": PASSWORD, "next": "/leagues\r\nX: 1"})
    assert response.status_code == 303 and response.headers["Location"] == "/"


@pytest.mark.parametrize("target", BAD_TARGETS[:5])
def test_the_language_switch_with_a_newline_in_next_goes_home(client, target):
    response = client.post("/language", data={"language": "de", "next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_the_sign_in_page_does_not_carry_a_bad_next_into_its_form(client):
    html = client.get("/login?next=%2Faccount%0D%0AX:%201").get_data(as_text=True)
    assert 'name="next" value="/"' in html
