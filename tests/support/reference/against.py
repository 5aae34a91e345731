"""A game's engine played against its independent reference, round by round: the checks every
reference test makes (each round's refusal or scores, the state after it, replaying or playing
on from a stored snapshot giving the same match, undo and edits), for one seeded list at once."""
from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from scorekeeper.engine.core.base import Game, MatchFinishedError, MatchState, RoundError, Table
from tests.support.reference.common import SeededList, replay_on

# Edits of an earlier round tried on each list.
EDITS = 4


def played_against(
    game: Game,
    table: Table,
    reference: Any,
    rounds: Iterable[dict[str, Any]],
    check: Callable[[MatchState, Any], None],
    same_rule: Callable[[str], set[str]] = lambda code: {code},
) -> tuple[MatchState, list[dict[str, Any]]]:
    """Play each of `rounds` on the engine and on `reference` (whose play(raw) gives the rules
    broken and the scores): the engine refuses exactly what the reference does, by one of the
    same rules (`same_rule`: the reference's names of an engine code), else scores alike, and
    `check` finds the states alike after every round. The end state and the rounds accepted."""
    state = game.initial_state(table)
    check(state, reference)
    inputs: list[dict[str, Any]] = []
    for raw in rounds:
        broken, scores = reference.play(raw)
        try:
            after = game.play(table, state, raw)
        except RoundError as error:
            assert broken, f"the engine refused what the spec accepts: {raw} ({error.code}: {error.message})"
            assert same_rule(error.code) & broken, f"{raw}: engine {error.code}, reference {broken}"
            continue
        assert not broken, f"the engine accepted what the spec refuses ({broken}): {raw}"
        assert list(after.rounds[-1].score.scores) == scores, raw
        assert all(after.rounds[-1].score.explanation)
        state = after
        inputs.append(raw)
        check(state, reference)
    assert inputs, "no round was accepted"
    return state, inputs


def stored(game: Game, state: MatchState) -> Any:
    return json.loads(json.dumps(game.snapshot(state)))


def replays_agree(game: Game, table: Table, state: MatchState, inputs: list[dict[str, Any]], rng: random.Random) -> None:
    """Replaying the rounds from scratch, and from a stored snapshot after some of them, gives `state` again."""
    replayed = game.replay(table, inputs)
    assert replayed.totals == state.totals and replayed.winners == state.winners and replayed.next == state.next
    assert [r.score for r in replayed.rounds] == [r.score for r in state.rounds]
    for cut in sorted({0, len(inputs), *(rng.randint(0, len(inputs)) for _ in range(3))}):
        before = game.replay(table, inputs[:cut])
        played_on = game.replay(table, inputs[cut:], start=game.restore(table, stored(game, before)))
        assert played_on.totals == state.totals and played_on.progress == state.progress
        assert played_on.finished == state.finished and played_on.winners == state.winners and played_on.next == state.next
        assert [r.score for r in played_on.rounds] == [r.score for r in state.rounds[cut:]]
        assert stored(game, played_on) == stored(game, state)




def seeded_list_agrees(
    game: Game,
    names: list[str],
    seeded: SeededList,
    fresh: Callable[[], Any],
    rounds: Callable[[Any], Iterable[dict[str, Any]]],
    check: Callable[[MatchState, Any], None],
    same_rule: Callable[[str], set[str]] = lambda code: {code},
    replacement: Callable[[list[Any], int], Any] | None = None,
) -> MatchState:
    """A seeded list on the engine and on its reference (`fresh()`, a new one; `rounds(reference)`,
    the list's rounds drawn as the reference, played by the caller, goes on): the options read
    alike, every round as played_against has it, no round after the end, replaying and playing
    on from a snapshot, undo and, with a `replacement(inputs, at)` for round `at` (maybe a wrong
    one), edits. The engine's state at the end of the list."""
    table = game.table(names[: seeded.n], seeded.given)
    assert dict(table.options) == seeded.options
    reference = fresh()
    state, inputs = played_against(game, table, reference, rounds(reference), check, same_rule)
    if state.finished:
        with pytest.raises(MatchFinishedError):
            game.play(table, state, inputs[-1])
    replays_agree(game, table, state, inputs, seeded.rng)

    # Undo: the list without its last round is what the reference keeps without it (reopened).
    undone = game.replay(table, inputs[:-1])
    kept, failing = replay_on(fresh(), inputs[:-1])
    assert failing is None
    check(undone, kept)

    # Edits: refused exactly when the reference finds a round that no longer holds, at the
    # same round; else the list agrees.
    for _edit in range(EDITS if replacement is not None else 0):
        assert replacement is not None
        at = seeded.rng.randrange(len(inputs))
        edited = list(inputs)
        edited[at] = replacement(inputs, at)
        expected, failing = replay_on(fresh(), edited)
        try:
            result = game.replay(table, edited)
        except RoundError as error:
            assert failing is not None, f"edit refused that the spec accepts: round {at + 1} -> {edited[at]} ({error.message})"
            assert error.round_number == failing
            continue
        assert failing is None, f"edit accepted that the spec refuses at round {failing}"
        check(result, expected)
    return state
