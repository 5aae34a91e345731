"""Times in an imported league: any offset Python reads is stored as its UTC time, on SQLite and PostgreSQL alike."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.support.api import sign_up
from tests.support.exports import league_export

# Offsets PostgreSQL's COPY refused (a 500, nothing stored) while SQLite took them as they
# were, an ordinary one, and none: each is served back as the UTC time it names.
OFFSETS = ["-23:59", "+16:00", "+23:59:59", "+00:00:01.5", "+02:00", "Z", ""]


def utc_text(text: str) -> str:
    when = datetime.fromisoformat(text)
    return (when.astimezone(UTC).replace(tzinfo=None) if when.tzinfo else when).isoformat()


@pytest.mark.parametrize("offset", OFFSETS)
def test_an_imported_time_is_stored_as_its_utc_time(clean_app, offset):
    client = clean_app.test_client()
    sign_up(client, "importer")
    export = league_export(matches=2, seed=3)
    stamp = f"2025-03-01T12:30:00{offset}"
    export["league"]["created_at"] = stamp
    first = export["matches"][0]
    first["created_at"] = first["updated_at"] = stamp
    for round_ in first["rounds"]:
        round_["created_at"] = stamp
    reply = client.post("/api/v1/leagues/import", json=export)
    assert reply.status_code == 201, reply.json
    again = client.get(f"/api/v1/leagues/{export['league']['id']}/export").json
    expected = utc_text(stamp)
    assert again["league"]["created_at"] == expected
    served = next(match for match in again["matches"] if match["id"] == first["id"])
    assert served["created_at"] == served["updated_at"] == expected
    assert {round_["created_at"] for round_ in served["rounds"]} == {expected}


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
def test_a_time_whose_utc_time_no_calendar_holds_is_refused_naming_it(clean_app, stamp):
    client = clean_app.test_client()
    sign_up(client, "importer")
    export = league_export(matches=1, seed=3)
    export["matches"][0]["created_at"] = stamp
    reply = client.post("/api/v1/leagues/import", json=export)
    assert reply.status_code == 422, reply.json
    assert list(reply.json["errors"]) == ["matches.0.created_at"] and "matches.0.created_at" in reply.json["message"]
