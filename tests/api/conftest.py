"""API test fixtures: a client signed in with an account."""
from __future__ import annotations

import pytest

from tests.support.api import sign_up


@pytest.fixture
def owner(client):
    """The test client, signed in as "owner" (who then owns the leagues it starts)."""
    sign_up(client, "owner")
    return client
