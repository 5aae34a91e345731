"""What the references of several games share: README's end rules, replaying a list, a seeded list."""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar


class KeptList(Protocol):
    def play(self, raw: Any) -> tuple[set[str], list[int] | None]: ...


class ShownList(Protocol):
    totals: list[int]
    finished: bool
    winners: list[int]

    def hints(self) -> dict[str, Any]: ...


class HintedList(KeptList, Protocol):
    def hints(self) -> dict[str, Any]: ...


Kept = TypeVar("Kept", bound=KeptList)


def replay_on(state: Kept, inputs: list[Any]) -> tuple[Kept, int | None]:
    """Play recorded inputs in order on a fresh `state`: the state, and the number of the first
    round that no longer holds (refused, or recorded after the list has ended), else None."""
    for number, raw in enumerate(inputs, start=1):
        broken, _scores = state.play(raw)
        if broken:
            return state, number
    return state, None


def played_through(reference: HintedList, rounds: Iterable[Any]) -> Iterator[tuple[Any, dict[str, Any], set[str], list[int] | None]]:
    """Each round drawn, played on `reference`: the round, the `next` hints before it, the rules
    it broke (empty: accepted) and its scores (None: refused). The reference is as the round
    left it when the tuple comes, so a caller may read more of it (Preferans's sheet events)."""
    for raw in rounds:
        before = reference.hints()
        broken, scores = reference.play(raw)
        yield raw, before, broken, scores


def shown_state(reference: ShownList) -> dict[str, Any]:
    """What an engine's state and the API's match document say of the list `reference` keeps:
    totals, the end, the winners and the `next` hints (a game adds its own details)."""
    return {
        "totals": list(reference.totals),
        "finished": reference.finished,
        "winners": sorted(reference.winners) if reference.finished else [],
        "next": None if reference.finished else reference.hints(),
    }


def spread(values: list[Any], count: int, seed: str) -> list[Any]:
    """`count` values: `values` again and again, each pass in another order."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        block = list(values)
        rng.shuffle(block)
        out += block
    return out[:count]


def highest(totals: list[int]) -> list[int]:
    """The sides with the highest total."""
    best = max(totals)
    return [side for side, total in enumerate(totals) if total == best]


def target_winner(totals: list[int], target: int | None) -> list[int] | None:
    """README's target rule: the one side with the highest total once it has reached the target."""
    leaders = highest(totals)
    if target is not None and totals[leaders[0]] >= target and len(leaders) == 1:
        return leaders
    return None


@dataclass
class SeededList:
    """One combination's list: its players, the options a keeper gives, the options in effect (as
    the reference reads them) and the random source its rounds are drawn from next."""

    n: int
    given: dict[str, Any]
    options: dict[str, Any]
    rng: random.Random
