"""The app's request hooks: one before and one after every request, and everything they did as separate hooks still done."""
from __future__ import annotations

from flask import Response
from flask_login import logout_user

from scorekeeper.request_hooks import before_every_request
from scorekeeper.web.engine_bundle import WORKER_POLICY, worker_url
from scorekeeper.web.security import HEADERS


def test_one_hook_before_and_one_after_every_request(app):
    # flask-wtf's CSRF hook and flask-login's remember-cookie hook ran for every request;
    # the combined hooks call them only when a request needs them.
    assert app.before_request_funcs[None] == [before_every_request]
    names = [hook.__qualname__ for hook in app.after_request_funcs[None]]
    # Registered after flask-compress's, so it runs first (Flask runs them last first):
    # the compressing hook sees its Vary and headers.
    assert names == ["Compress.after_request", "install_request_hooks.<locals>.after_every_request"], names


def test_security_headers_once_each_and_a_routes_own_policy_kept(client):
    health = client.get("/api/v1/health")
    assert health.status_code == 200 and health.get_json() == {"status": "ok"}
    for name, value in HEADERS.items():
        assert health.headers.getlist(name) == [value], name
    with client.application.app_context():
        url = worker_url()
    worker = client.get(url)
    assert worker.status_code == 200
    assert worker.headers.getlist("Content-Security-Policy") == [WORKER_POLICY]
    assert worker.headers.getlist("X-Frame-Options") == ["DENY"]


def test_vary_names_language_cookie_and_encoding_but_not_on_static_files(client):
    vary = {part.strip() for part in client.get("/api/v1/health").headers["Vary"].split(",")}
    assert {"Accept-Language", "Cookie", "Accept-Encoding"} <= vary, vary
    static = client.get("/static/css/app.css")
    assert static.status_code == 200
    assert "Accept-Language" not in static.headers.get("Vary", ""), static.headers.get("Vary")


def test_a_form_post_without_its_csrf_token_is_refused(client):
    response = client.post("/language", data={"language": "de"})
    assert response.status_code == 400
    assert "sk_lang" not in response.headers.get("Set-Cookie", "")


def test_signing_out_with_a_remember_cookie_clears_it(app):
    name = app.config.get("REMEMBER_COOKIE_NAME", "remember_token")
    with app.test_request_context("/", headers={"Cookie": f"{name}=old"}):
        logout_user()
        response = app.process_response(Response("bye"))
    cleared = [value for value in response.headers.getlist("Set-Cookie") if value.startswith(f"{name}=")]
    assert cleared and "Expires=Thu, 01 Jan 1970" in cleared[0], response.headers.getlist("Set-Cookie")


def test_no_remember_cookie_is_touched_by_an_ordinary_request(client):
    assert not [value for value in client.get("/").headers.getlist("Set-Cookie") if value.startswith("remember_token")]


def test_health_and_static_files_write_no_cookie_back(client):
    """Health and static files never depend on the session: a browser's cached file stays
    usable when its session cookie changes."""
    client.get("/")  # a session cookie (the page's CSRF secret)
    assert client.get_cookie("session") is not None
    health = client.get("/api/v1/health")
    static = client.get("/static/css/app.css")
    assert health.status_code == static.status_code == 200
    assert "Set-Cookie" not in health.headers and "Set-Cookie" not in static.headers
    assert "Cookie" not in static.vary
