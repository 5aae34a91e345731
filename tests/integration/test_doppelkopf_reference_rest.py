"""Doppelkopf's seeded reference lists played through real gunicorn workers over compressed HTTP, checked against the reference."""
from __future__ import annotations

from typing import Any

import pytest

from tests.support.reference import doppelkopf_lists as lists
from tests.support.reference import doppelkopf_reference as ref
from tests.support.reference.through_rest import ListOverRest, assert_list_agrees

pytestmark = pytest.mark.integration

# Six of the engine check's lists (tests/engine/test_doppelkopf_reference.py) that end after a
# few hands: between them every option value (see test_the_chosen_lists_use_every_option_value).
CHOSEN = [
    9,  # 4 players, doubling calls, re-dealt compulsory solos, Bock on every trigger overlapping, target 60
    54,  # 5 players, TSR calls, a point against the soloist, no special points, Bock on lost Kontra, 10 deals
    60,  # 5 players, two compulsory solos each, every special point, 14 deals or 100
    10,  # 4 players, two compulsory solos, only "against the queens", Bock on a lost solo, 10 deals or 50
    58,  # 5 players, one compulsory solo, the default special points, every Bock trigger appended, 11 deals or 50
    35,  # 4 players, two compulsory solos, not re-dealt, Bock on lost Kontra overlapping, 8 deals
]


def over_rest(index: int) -> ListOverRest:
    seeded = lists.seeded_list(index)
    n, options = seeded.n, seeded.options

    def replacement(inputs: list[Any], at: int) -> Any:
        # A hand for that place in the list: the compulsory solos owed there decide what is legal.
        before = ref.ListState(n, options)
        for raw in inputs[:at]:
            before.play(raw)
        return lists.random_hand(seeded.rng, before)

    return ListOverRest(
        "doppelkopf", lists.NAMES[:n], seeded, lambda: ref.ListState(n, options),
        lambda reference: lists.drawn_deals(seeded, reference), lists.expected_state, replacement, lists.same_rule,
    )


@pytest.mark.parametrize("index", CHOSEN, ids=[lists.combination_id(lists.COMBINATIONS[index]) for index in CHOSEN])
def test_a_seeded_list_through_gunicorn_agrees_with_the_reference(gunicorn_server, index):
    assert_list_agrees(gunicorn_server, over_rest(index))


def test_the_chosen_lists_use_every_option_value():
    """Between them: 4 and 5 players, both call and solo values, re-dealt or not, both Bock
    overlaps, 0-2 compulsory solos, every special point (and none, and the default), each Bock
    trigger (and none), and every kind of end."""
    used: dict[str, set[Any]] = {name: set() for name in (
        "n", "announcements", "solo_value", "compulsory_solo_redeal", "bock_overlap", "compulsory_solos", "special",
        "bock", "end")}
    for index in CHOSEN:
        seeded = lists.seeded_list(index)
        used["n"].add(seeded.n)
        for name in ("announcements", "solo_value", "compulsory_solo_redeal", "bock_overlap", "compulsory_solos"):
            used[name].add(seeded.given[name])
        used["special"] |= set(seeded.given.get("special_points", ["default"])) or {"none"}
        used["bock"] |= set(seeded.given["bock"]) or {"none"}
        used["end"].add(tuple(name for name in ("max_deals", "target") if seeded.given.get(name) is not None))
    assert used == {
        "n": {4, 5},
        "announcements": {"tsr", "double"},
        "solo_value": {"tsr", "against_soloist"},
        "compulsory_solo_redeal": {True, False},
        "bock_overlap": {"append", "double"},
        "compulsory_solos": {0, 1, 2},
        "special": {*ref.SPECIAL_KINDS, "none", "default"},
        "bock": {*(trigger for triggers in lists.BOCK_SETS for trigger in triggers), "none"},
        "end": {("max_deals",), ("target",), ("max_deals", "target")},
    }
