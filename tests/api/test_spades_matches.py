"""A Spades match created over the REST contract: a preset's values frozen with it."""
from __future__ import annotations

from tests.support.api import create


def test_options_are_frozen_with_the_match(client):
    match = create(client, "spades", ["A", "B", "C", "D"], {"preset": "classic", "target": 300})
    assert match["options"]["nil_value"] == 100
    assert match["options"]["target"] == 300
    assert client.get(f"/api/v1/matches/{match['id']}").json["options"] == match["options"]
