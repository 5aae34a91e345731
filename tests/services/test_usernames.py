"""ASCII look-alike usernames ("wiII" for "will", "b0b" for "bob", "rnary" for "mary") are refused, by a clear 409."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from flask_migrate import upgrade

from scorekeeper.extensions import db
from scorekeeper.models import User
from scorekeeper.services.usernames import username_skeleton
from tests.support.migration_helpers import MIGRATIONS, app_at_revision, insert

PASSWORD = "correct horse battery"


@pytest.mark.parametrize(
    ("taken", "look_alike"),
    [("will", "wiII"), ("will", "wi11"), ("bob", "b0b"), ("mary", "rnary"), ("Ian", "lan"), ("dave", "clave"), ("wes", "vves")],
)
def test_an_ascii_look_alike_of_a_taken_name_is_refused(client, taken, look_alike):
    assert username_skeleton(taken) == username_skeleton(look_alike)
    assert client.post("/api/v1/users", json={"username": taken, "password": PASSWORD}).status_code == 201
    refused = client.post("/api/v1/users", json={"username": look_alike, "password": PASSWORD})
    assert refused.status_code == 409 and refused.json["error"] == "username_confusable"
    assert "letters that look alike count as one" in refused.json["message"] and "rn and m" in refused.json["message"]


@pytest.mark.parametrize(("one", "other"), [("ian", "lan"), ("bill", "biil"), ("anna", "arma")])
def test_names_that_differ_on_a_screen_both_stay(client, one, other):
    for name in (one, other):
        assert client.post("/api/v1/users", json={"username": name, "password": PASSWORD}).status_code == 201, name


def test_the_migration_folds_the_skeletons_of_existing_accounts(tmp_path):
    day = datetime(2026, 12, 1, 20, 0)
    with app_at_revision(tmp_path, "b8e4d2f7a913") as app:
        with app.app_context(), db.engine.begin() as connection:
            # Skeletons as the older rule made them: no ASCII folding.
            for number, (user_id, name) in enumerate((("u1", "will"), ("u2", "wiII"), ("u3", "b0b"))):
                insert(
                    connection, "users", id=user_id, username=name, username_key=name.casefold(),
                    username_skeleton=name.casefold(), password_hash="x", session_version=1,
                    created_at=day + timedelta(minutes=number),
                )
        with app.app_context():
            upgrade(directory=MIGRATIONS)
            skeletons = {user.id: user.username_skeleton for user in db.session.scalars(db.select(User))}
            # The older of two look-alikes keeps the skeleton; both accounts stay.
            assert skeletons == {"u1": "will", "u2": None, "u3": "bob"}
            db.session.remove()
