"""The page tests' client: it posts forms as a browser does, with its session's CSRF token; the
fixtures of tests/web and tests/browser, imported by their conftests."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')


class CsrfClient(FlaskClient):
    """A test client that posts forms as a browser does: with its session's CSRF token,
    read from a page (the meta tag every page carries). `csrf=False` posts without one."""

    # (the session's raw token, the signed token a page carried for it): a browser keeps the
    # token of the page it has; fetching a page before every post cost a render per post.
    held: tuple[str, str] | None = None

    def session_secret(self) -> str | None:
        with self.session_transaction() as session:
            return session.get("csrf_token")

    def csrf_token(self, page: str = "/offline") -> str:
        if self.held is not None and self.held[0] == self.session_secret():
            return self.held[1]
        html = self.get(page).get_data(as_text=True)
        found = CSRF_META.search(html)
        assert found, f"{page} has no csrf-token meta tag"
        secret = self.session_secret()
        if secret is not None:  # a new session (signed out, say) gets a new token from its next page
            self.held = (secret, found.group(1))
        return found.group(1)

    def post(self, url: str, *args, csrf: bool = True, **kwargs):
        data = kwargs.get("data")
        is_form = "json" not in kwargs and (data is None or isinstance(data, dict))
        if csrf and is_form and not url.startswith("/api/"):
            kwargs["data"] = {"csrf_token": self.csrf_token(), **(data or {})}
        return super().post(url, *args, **kwargs)


def csrf_client(app: Flask) -> CsrfClient:
    return CsrfClient(app, app.response_class, use_cookies=True)


@pytest.fixture
def client(clean_app: Flask) -> CsrfClient:
    """tests/web posts forms with a real CSRF token (TestConfig keeps CSRF on)."""
    return csrf_client(clean_app)


@pytest.fixture
def new_client(clean_app: Flask):
    """Makes more phones: each a client with its own cookies (session, device, CSRF)."""
    return lambda: csrf_client(clean_app)


@pytest.fixture(autouse=True)
def fresh_rate_limits(request) -> None:
    """Every browser test starts a fresh hour of the server's rate limits: all the session's
    phones come from one address (127.0.0.1), and a test's few matches would otherwise
    count against the matches of every browser test before it (60 an hour)."""
    if "live_server" not in request.fixturenames:
        return
    from scorekeeper.extensions import db
    from scorekeeper.models import RateCounter

    app = request.getfixturevalue("app")
    with app.app_context():
        db.session.execute(db.delete(RateCounter))
        db.session.commit()
