"""Table conveniences in the pages: rematch with the same seats, league members as name chips,
names kept across a change of game, the table check's refusal on the recording phone, and
forms offered only to those who may use them (sign-in prompts otherwise)."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.games import all_games
from tests.api.helpers import sign_up
from tests.games.legal_rounds import LEGAL_ROUNDS  # noqa: F401  (the registry's generators)


def created_id(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].split("#")[0].rstrip("/").rsplit("/", 1)[1]
