"""Zwicker's Zwicks on the server: 0 chosen, "5+" and its number field, read from plain form posts."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.form_fields import FormError
from scorekeeper.engine.games import get_game
from tests.support.pages import api_match, create

HONOURS = {**{f"honour_{code}": "0" for code in ("J25", "J15", "D10", "AS", "AH")},
           **{f"honour_{code}": "1" for code in ("J20", "D7", "S7", "AD", "AC")}}


def zwicker_table():
    game = get_game("zwicker")
    table = game.table(["Ann", "Bob"], None)
    return game, table, game.initial_state(table).next


def zwicks_of(form: dict[str, str]) -> list[int]:
    game, table, hints = zwicker_table()
    return [side["zwicks"] for side in adapter_for(game).round_input(form, table, hints)["sides"]]


def test_zwicks_from_chips_and_from_the_more_field():
    base = {"cards_0": "30", "cards_1": "25", **HONOURS}
    assert zwicks_of({**base, "zwicks_0": "0", "zwicks_1": "4"}) == [0, 4]
    assert zwicks_of({**base, "zwicks_0": "more", "zwicks_0_more": "11", "zwicks_1": "0"}) == [11, 0]
    # The field of "5+" counts only with "5+" chosen: a count typed there, then a chip tapped, is the chip's.
    assert zwicks_of({**base, "zwicks_0": "2", "zwicks_0_more": "11", "zwicks_1": "0"}) == [2, 0]
    # A hand-made post of the count itself still reads.
    assert zwicks_of({**base, "zwicks_0": "9", "zwicks_1": "0"}) == [9, 0]


def test_more_without_a_count_is_still_to_enter():
    game, table, hints = zwicker_table()
    with pytest.raises(FormError) as caught:
        adapter_for(game).round_input({"cards_0": "30", "cards_1": "25", "zwicks_0": "more", "zwicks_0_more": "",
                                       "zwicks_1": "0", **HONOURS}, table, hints)
    assert caught.value.message == "Still to enter: Zwicks of Ann" and caught.value.field == "sides.0.zwicks"


@pytest.mark.parametrize(("zwicks", "values"), [
    (0, {"zwicks_0": "0"}), (4, {"zwicks_0": "4"}), (5, {"zwicks_0": "more", "zwicks_0_more": "5"}),
    (13, {"zwicks_0": "more", "zwicks_0_more": "13"}),
])
def test_a_recorded_count_prefills_its_chip_or_the_more_field(zwicks, values):
    game, table, hints = zwicker_table()
    raw = {"sides": [{"cards": 30, "zwicks": zwicks, "honours": ["J25", "J15", "D10", "AS", "AH"]},
                     {"cards": 25, "zwicks": 0, "honours": ["J20", "D7", "S7", "AD", "AC"]}]}
    form = adapter_for(game).form_values(raw, table, hints)
    assert {name: form[name] for name in values} == values
    assert adapter_for(game).round_input(form, table, hints) == raw


def checked(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]*)"[^>]*checked', page)


def test_a_fresh_zwicker_form_has_no_zwicks_chosen(client):
    match_id = create(client, "zwicker")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    for side in (0, 1):
        assert checked(page, f"zwicks_{side}") == ["0"]
        assert re.findall(rf'name="zwicks_{side}" value="([^"]*)"', page) == ["0", "1", "2", "3", "4", "more"]
        assert f'name="zwicks_{side}_more"' in page
    assert 'type="number" inputmode="numeric" pattern="[0-9]*" min="0" max="27" value=""' not in page


def test_zwicks_by_plain_form_post(client):
    """JavaScript off: the chips and the "5+" field post as they are; a refusal keeps them."""
    match_id = create(client, "zwicker")
    form = {"cards_0": "30", "cards_1": "25", "zwicks_0": "more", "zwicks_0_more": "16", "zwicks_1": "0",
            **HONOURS, "expected_number": "1"}
    refused = client.post(f"/matches/{match_id}/rounds", data=form)
    assert refused.status_code == 422  # 16 Zwicks with 30 cards: at most 15
    page = refused.get_data(as_text=True)
    assert checked(page, "zwicks_0") == ["more"]
    # The field says what was typed, and (the cards now known) how many at most.
    assert re.search(r'name="zwicks_0_more"[^>]*max="15" value="16"', page)
    recorded = client.post(f"/matches/{match_id}/rounds", data={**form, "zwicks_0_more": "15"})
    assert recorded.status_code == 303
    assert [side["zwicks"] for side in api_match(client, match_id)["rounds"][0]["input"]["sides"]] == [15, 0]
