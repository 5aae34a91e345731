"""Preferans's seeded reference lists played through real gunicorn workers over compressed HTTP, checked against the reference."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

import pytest

from tests.support.reference import preferans_lists as lists
from tests.support.reference import preferans_reference as ref
from tests.support.reference.through_rest import ListOverRest, assert_list_agrees

pytestmark = pytest.mark.integration

# Seven of the engine check's lists (tests/engine/test_preferans_reference.py): between them
# every option value (see test_the_chosen_lists_use_every_option_value), each at least 7 hands.
CHOSEN = [
    14,  # 3 players, sochi, open progression, half-whist, no consolation, pool 7 or 11 hands: the pools close
    16,  # 3 players, leningrad, its default progression, pool 4
    29,  # 3 players, rostov, capped, no half-whist, pool 3, max_rounds null
    24,  # 3 players, rostov, its default (none), the default pool of 20: 8 hands end it
    60,  # 4 players, rostov, capped, consolation by the dealer who sits out, 7 hands
    34,  # 4 players, the default convention, no progression, pool 8
    41,  # 4 players, sochi, no half-whist, no consolation from the dealer, pool 3
]


def over_rest(index: int) -> ListOverRest:
    seeded = lists.seeded_list(index)
    return ListOverRest(
        "preferans", lists.NAMES[: seeded.n], seeded, lambda: ref.ListState(seeded.n, seeded.options),
        objects_of(partial(lists.drawn_deals, seeded)), lists.expected_state, partial(an_object, seeded),
        lists.same_rule,
    )


def an_object(seeded: Any, inputs: list[Any], at: int) -> Any:
    """A replacement hand for an edit that is a JSON object (see objects_of)."""
    while not isinstance(raw := lists.replacement(seeded, inputs, at), dict):
        pass
    return raw


def objects_of(rounds: Callable[[Any], Iterable[Any]]) -> Callable[[Any], Iterator[Any]]:
    """The list's hands that are JSON objects: a hand that is not one is refused by the API's
    schema before the rules see it (tests/engine/test_preferans_reference.py checks the engine's
    own refusal of it), and requests sends no body for a None."""
    return lambda reference: (raw for raw in rounds(reference) if isinstance(raw, dict))


@pytest.mark.parametrize("index", CHOSEN, ids=[lists.combination_id(lists.COMBINATIONS[index]) for index in CHOSEN])
def test_a_seeded_list_through_gunicorn_agrees_with_the_reference(gunicorn_server, index):
    assert_list_agrees(gunicorn_server, over_rest(index))


def test_the_chosen_lists_use_every_option_value():
    """Between them: 3 and 4 players, each convention and progression (given and by default),
    half-whist and the dealer's consolation on and off, pools of every size, and every end."""
    used: dict[str, set[Any]] = {name: set() for name in ("n", "convention", "progression", "half", "consolation", "pool",
                                                          "end")}
    for index in CHOSEN:
        n, convention, progression, half, consolation, pool, end = lists.COMBINATIONS[index]
        for name, value in (("n", n), ("convention", convention), ("progression", progression), ("half", half),
                            ("consolation", consolation), ("pool", pool), ("end", end)):
            used[name].add(value)
    assert used == {
        "n": {3, 4},
        "convention": set(lists.CONVENTIONS),
        "progression": set(lists.PROGRESSIONS),
        "half": {True, False},
        "consolation": {True, False},
        "pool": set(lists.POOLS),
        "end": set(lists.ENDS),
    }
