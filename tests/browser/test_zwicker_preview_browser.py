"""Zwicker's would-be scores on a phone (issue 38): each side's names on one line and the
scores whole above the save bar, at 390x844 and 360x740."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import get_game
from tests.support.legal_rounds import legal_round
from tests.support.table_loop import enter_round

pytestmark = pytest.mark.browser


def post(page, path: str, body: dict) -> dict:
    response = page.request.post(path, data=body)
    assert response.ok, response.text()
    return response.json()


SCORES_ABOVE_THE_BAR = """() => {
    const scores = document.querySelector('#preview .would-be');
    return !!scores && scores.getBoundingClientRect().bottom <= document.getElementById('save-bar').getBoundingClientRect().top;
}"""
# How many lines each side's name takes in the would-be scores.
NAME_LINES = """() => [...document.querySelectorAll('#preview .would-be th')].map(th => {
    const range = document.createRange();
    range.selectNodeContents(th);
    return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size;
})"""


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_zwickers_would_be_scores_are_read_whole_above_the_bar(page, shot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    game = get_game("zwicker")
    players = ["Ann", "Bob", "Cy", "Dee"]
    match_id = post(page, "/api/v1/matches", {"game": game.id, "players": players})["id"]
    page.goto(f"/matches/{match_id}")
    table = game.table(players, {})
    state = game.initial_state(table)
    raw, _after = legal_round(random.Random(5), game, table, state)
    enter_round(page, adapter_for(game).form_values(raw, table, state.next))
    # The last tap ("the rest") brings the scores up whole, each side's explanation with them.
    page.wait_for_function(SCORES_ABOVE_THE_BAR)
    assert page.evaluate(NAME_LINES) == [1, 1]  # "Ann & Cy", not "Ann / & Cy"
    shot(page, f"zwicker-would-be-{width}")
