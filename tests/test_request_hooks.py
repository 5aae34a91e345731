"""The app's request hooks: the translator and limits before the CSRF check, the headers and cookies after every request."""
from __future__ import annotations

from flask import Response
from flask_login import logout_user

from scorekeeper.web.engine_bundle import WORKER_POLICY, worker_url
from scorekeeper.web.security import HEADERS


def test_the_translator_and_the_input_limits_run_before_the_csrf_check(app):
    # The import routes' body limit is set before flask-wtf reads the form.
    hooks = [hook.__qualname__ for hook in app.before_request_funcs[None]]
    assert hooks.index("before_every_request") < hooks.index("CSRFProtect.init_app.<locals>.csrf_protect"), hooks


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
