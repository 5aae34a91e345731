"""Round chips on the server, for a game without an adapter of its own: its choices drawn as
chips. A game's own chips are in its own files (test_zwicker_round_chips.py, ...)."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.core.fields import INT
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.adapter import GameAdapter
from scorekeeper.engine.entry.round_chips import CHIP_LIMIT
from scorekeeper.engine.games import Game
from tests.support.data import players_for
from tests.support.game_copies import original_games, registered_copy
from tests.support.pages import create


def asks_a_choice(game: Game) -> bool:
    table = game.table(players_for(game))
    return any(field.kind != INT for field in game.input_fields(table, game.initial_state(table).next))


CHOOSING = [game for game in original_games() if asks_a_choice(game)]


@pytest.mark.parametrize("game", CHOOSING, ids=lambda game: game.id)
def test_the_generic_form_draws_small_choices_as_chips(client, game):
    """A game with no adapter of its own (a copy of each game that asks a choice: a style, a
    trump, who reneged, a side per honour): its small choices are chips, never a select (a
    choice of more than CHIP_LIMIT values, Preferans's 27 contracts, is one)."""
    with registered_copy(game) as copied:
        adapter = adapter_for(copied)
        assert type(adapter) is GameAdapter
        match_id = create(client, copied.id, players_for(game))
        form = client.get(f"/matches/{match_id}").get_data(as_text=True).split('id="h-entry"')[1].split("</form>")[0]
        table = copied.table(players_for(game))
        asked = adapter.entry(table, copied.initial_state(table).next, 1)["fields"]
        small = {item["name"] for field in asked for item in field["inputs"] if len(item.get("options") or ()) <= CHIP_LIMIT}
        assert small & set(re.findall(r'<select id="f-[^"]*" name="([^"]+)"', form)) == set()
        assert 'type="radio"' in form  # a row of chips, or a grid of them (a side per honour)
