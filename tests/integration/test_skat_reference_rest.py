"""Skat's seeded reference lists played through real gunicorn workers over compressed HTTP, checked against the reference."""
from __future__ import annotations

from typing import Any

import pytest

from tests.support.reference import skat_reference as ref
from tests.support.reference.skat_lists import (
    BOCK_SETS,
    COMBINATIONS,
    NAMES,
    combination_id,
    drawn_deals,
    expected_state,
    random_deal,
    seeded_list,
)
from tests.support.reference.through_rest import ListOverRest, assert_list_agrees

pytestmark = pytest.mark.integration

# Six of the engine check's lists (tests/engine/test_skat_reference.py), short ones that end:
# between them every option value (see test_the_chosen_lists_use_every_option_value).
CHOSEN = [
    31,  # 3 players, seeger_fabian, no dealer bonus, Ramsch, every Bock trigger, target 250 alone: the target ends it
    2,  # 3 players, seeger_fabian, dealer bonus, no Ramsch, lost grand, 12 deals or 200
    45,  # 3 players, plain, dealer bonus, Ramsch, sixty and all pass, 7 deals
    64,  # 4 players, seeger_fabian, dealer bonus, no Ramsch, no Bock, target 150 alone
    89,  # 4 players, seeger_fabian, no dealer bonus, Ramsch, sixty, 8 deals or 500: two winners
    102,  # 4 players, plain, dealer bonus, no Ramsch, lost grand and all pass, 6 deals
]


def over_rest(index: int) -> ListOverRest:
    seeded = seeded_list(index)
    n, options = seeded.n, seeded.options
    return ListOverRest(
        "skat", NAMES[:n], seeded, lambda: ref.ListState(n, options), lambda reference: drawn_deals(seeded, reference),
        expected_state, lambda inputs, at: random_deal(seeded.rng, n, (options["first_dealer"] + at) % n, options),
    )


@pytest.mark.parametrize("index", CHOSEN, ids=[combination_id(COMBINATIONS[index]) for index in CHOSEN])
def test_a_seeded_list_through_gunicorn_agrees_with_the_reference(gunicorn_server, index):
    assert_list_agrees(gunicorn_server, over_rest(index))


def test_the_chosen_lists_use_every_option_value():
    """Between them: 3 and 4 players, both kinds of list, with and without the dealer's bonus and
    Ramsch, each Bock trigger (and none), and ends by a number of deals, a target alone, and both."""
    used: dict[str, set[Any]] = {name: set() for name in ("n", "scoring", "dealer_bonus", "ramsch", "bock", "end")}
    for index in CHOSEN:
        seeded = seeded_list(index)
        used["n"].add(seeded.n)
        for name in ("scoring", "dealer_bonus", "ramsch"):
            used[name].add(seeded.given[name])
        used["bock"] |= set(seeded.given["bock"]) or {"none"}
        used["end"].add(tuple(name for name in ("max_deals", "target") if seeded.given.get(name) is not None))
    assert used == {
        "n": {3, 4},
        "scoring": {"seeger_fabian", "plain"},
        "dealer_bonus": {True, False},
        "ramsch": {True, False},
        "bock": {*(trigger for triggers in BOCK_SETS for trigger in triggers), "none"},
        "end": {("max_deals",), ("target",), ("max_deals", "target")},
    }
