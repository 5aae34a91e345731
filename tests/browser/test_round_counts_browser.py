"""Counts that add up to a total (tricks, captured cards) in chromium, for every game's round form: once the counts entered make the total, every count still open is 0, filled in, and a change that leaves some over empties them again (an outside walk-through tapped each 0 by hand)."""
from __future__ import annotations

import random
import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from tests.support.browser_steps import start_match
from tests.support.game_picks import has_counts_to_a_total
from tests.support.legal_rounds import legal_round
from tests.support.picks import seats
from tests.support.table_loop import enter, enter_round

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

NAMES = ["Ann", "Bob", "Cid", "Dee"]
IMPLIED = re.compile(r"\bimplied\b")  # a count filled in, not tapped
# The value a count's item holds: its checked chip's, or its field's ("" for none).
ITEM_VALUE_JS = """item => {
  const chip = item.querySelector('input[type=radio]:checked');
  if (chip) return chip.value;
  const field = item.querySelector('input[type=number]');
  return field ? field.value : '';
}"""


@pytest.mark.parametrize("game", [game for game in all_games() if has_counts_to_a_total(game)], ids=lambda game: game.id)
def test_once_every_count_is_in_the_others_are_zero(page, console, shot, game):
    players = seats(game, NAMES)
    start_match(page, game.id, players)
    table = game.table(players, {})
    state = game.initial_state(table)
    raw, _after = legal_round(random.Random(3), game, table, state)
    values = adapter_for(game).form_values(raw, table, state.next)
    counted = set(page.eval_on_selector_all("[data-count-total] [data-count-item] [name]", "els => els.map(e => e.name)"))
    # The round's other answers first, as a player gives them, so its counts are asked.
    enter_round(page, {name: text for name, text in values.items() if name not in counted})
    group = page.locator("[data-count-total]:visible").first
    expect(group).to_be_visible()
    total = int(group.get_attribute("data-count-total") or "")
    items = group.locator("[data-count-item]")
    names = [item.locator("[name]").first.get_attribute("name") for item in items.all()]
    assert len(names) >= 2, names
    enter(page, names[0], str(total))
    for index in range(1, len(names)):
        expect(items.nth(index)).to_have_class(IMPLIED)
        assert items.nth(index).evaluate(ITEM_VALUE_JS) == "0", names[index]
    shot(page, f"counts-{game.id}-all-counted")
    if len(names) > 2 and total > 1:
        # One trick less: two or more counts open, none of them filled in.
        enter(page, names[0], str(total - 1))
        for index in range(1, len(names)):
            expect(items.nth(index)).not_to_have_class(IMPLIED)
            assert items.nth(index).evaluate(ITEM_VALUE_JS) == "", names[index]
    assert console.unexpected() == []
