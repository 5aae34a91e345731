"""Under SCOREKEEPER_HTTPS=1 every cookie the app sets is Secure (device, session, language), over plain HTTP behind a proxy too."""
from __future__ import annotations

import pytest
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.config import PROJECT_ROOT, TestConfig
from scorekeeper.extensions import db
from tests.support.picks import any_game, seats

PASSWORD = "correct horse battery"


def set_cookies(response) -> dict[str, str]:
    return {header.split("=", 1)[0]: header for header in response.headers.getlist("Set-Cookie")}


@pytest.mark.parametrize("https", [True, False])
def test_every_cookie_is_secure_under_scorekeeper_https(tmp_path, https):
    settings = {
        **TestConfig.with_database(f"sqlite:///{tmp_path / 'x.db'}"),
        "SCOREKEEPER_HTTPS": https,
        # The language form's token is not what this test is about.
        "WTF_CSRF_ENABLED": False,
    }
    app = create_app(settings)
    with app.app_context():
        upgrade(directory=str(PROJECT_ROOT / "migrations"))
    client = app.test_client()
    match = client.post("/api/v1/matches", json={"game": any_game().id, "players": seats(any_game(), ["Ann", "Bob", "Cid"])})
    session = client.post("/api/v1/users", json={"username": "ann", "password": PASSWORD})
    language = client.post("/language", data={"language": "de", "next": "/"})
    seen = {**set_cookies(match), **set_cookies(session), **set_cookies(language)}
    assert {"sk_device", "session", "sk_lang"} <= set(seen), seen
    for header in seen.values():
        assert ("; Secure" in header) is https, header
    with app.app_context():
        db.engine.dispose()
