"""Skat against an independent reference (tests/support/reference/skat_reference.py, written from
the spec without the engine): seeded random lists of 3 and 4 players under every combination
of the options agree in every deal's scores and refusals, the `next` hints, the totals, the
end and the winners; replaying, editing and undoing agree too, and playing on from a stored
snapshot equals replaying from scratch."""
from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.games.skat import SKAT
from tests.support.legal_rounds import MAX_ROUNDS, generator_for, legal_round
from tests.support.reference import skat_reference as ref
from tests.support.reference.against import seeded_list_agrees
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
from tests.support.snapshots import same_state
from tests.support.snapshots import stored as snapshot_of


def assert_same(engine_state, reference: ref.ListState) -> None:
    seen = {"totals": list(engine_state.totals), "finished": engine_state.finished, "winners": list(engine_state.winners),
            "next": None if engine_state.next is None else dict(engine_state.next), "details": dict(engine_state.details)}
    assert seen == expected_state(reference)


@pytest.mark.parametrize("index", range(len(COMBINATIONS)), ids=[combination_id(c) for c in COMBINATIONS])
def test_random_lists_agree_with_the_reference(index):
    seeded = seeded_list(index)
    n, options = seeded.n, seeded.options
    seeded_list_agrees(SKAT, NAMES, seeded, partial(ref.ListState, n, options), partial(drawn_deals, seeded), assert_same,
                       replacement=lambda _inputs, at: random_deal(seeded.rng, n, (options["first_dealer"] + at) % n, options))


def test_the_lists_cover_every_rule():
    """The generated deals reach every refusal and every way of scoring the spec has."""
    reached: set[str] = set()
    scored: set[str] = set()
    for index in range(len(COMBINATIONS)):
        seeded = seeded_list(index)
        reference = ref.ListState(seeded.n, seeded.options)
        for raw in drawn_deals(seeded, reference):
            bock_deal = reference.bock_owed > 0
            broken, scores = reference.play(raw)
            reached |= broken
            if scores is None:
                continue
            deal = ref.read(raw)
            if deal.kind == "game":
                won, value = ref.game_outcome(deal)
                scored.add(f"{deal.game if deal.game in ('null', 'grand') else 'suit'}-{'won' if won else 'lost'}")
                if deal.game != "null" and value != ref.game_outcome(ref.Deal(**{**deal.__dict__, "bid": 0}))[1]:
                    scored.add("overbid")
            else:
                scored.add(deal.kind + (f"-{len(deal.no_trick)}" if deal.kind == "ramsch" else ""))
            if bock_deal:
                scored.add("bock")
        if reference.finished and len(reference.winners) > 1:
            scored.add("shared win")
    assert {
        "declarer_sits_out", "bid_value", "null_below_bid", "ouvert_without_hand", "announce_without_hand",
        "ouvert_schneider", "schwarz_points", "points_impossible", "matadors_range", "won_follows", "won_missing",
        "ramsch_missing", "ramsch_sum", "no_trick_points", "no_trick_repeated", "ramsch_dealer", "ramsch_off",
        "field_not_applicable", "field_unknown", "bool_type", "game_missing", "bid_missing", "points_missing",
        "matadors_missing", "choice", "type", "range",
    } <= reached
    assert {
        "suit-won", "suit-lost", "grand-won", "grand-lost", "null-won", "null-lost", "overbid", "passed",
        "ramsch-0", "ramsch-1", "ramsch-2", "bock",
    } <= scored


# --------------------------------------------------------------------------- snapshots, as for every registered game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.sampled_from([3, 4]), ramsch=st.booleans(),
       bock=st.sampled_from(BOCK_SETS))
def test_playing_on_from_a_snapshot_equals_replay_after_every_deal(seed, n, ramsch, bock):
    """tests/engine/test_snapshots.py's property, for Skat with its generator's deals (the game is
    not in the registry that test follows yet)."""
    counts, options, _generate = generator_for(SKAT)
    assert n in counts
    rng = random.Random(seed)
    game_table = SKAT.table(NAMES[:n], {**options, "ramsch": ramsch, "bock": bock})
    inputs: list[Any] = []
    state = SKAT.initial_state(game_table)
    snapshot = snapshot_of(SKAT, state)
    same_state(SKAT.restore(game_table, snapshot), state)
    while not state.finished and len(inputs) < MAX_ROUNDS:
        raw, state = legal_round(rng, SKAT, game_table, state)
        inputs.append(raw)
        played_on = SKAT.play(game_table, SKAT.restore(game_table, snapshot), raw)
        replayed = SKAT.replay(game_table, inputs)
        same_state(played_on, replayed)
        snapshot = snapshot_of(SKAT, played_on)
        assert snapshot == snapshot_of(SKAT, replayed)
        cut = rng.randint(0, len(inputs))
        before = SKAT.replay(game_table, inputs[:cut])
        same_state(SKAT.replay(game_table, inputs[cut:], start=SKAT.restore(game_table, snapshot_of(SKAT, before))), replayed)
    assert state.finished


def test_a_snapshot_holds_no_words():
    game_table = SKAT.table(NAMES, {"ramsch": True, "bock": ["all_pass"]})
    state = SKAT.replay(game_table, [{"declarer": None, "ramsch": [None, 40, 40, 40]},
                                     {"declarer": 2, "game": "grand", "matadors": 1, "bid": 18, "points": 70}])
    text = json.dumps(SKAT.snapshot(state))
    assert not any(name in text for name in NAMES)
    assert not any(words in text for scored in state.rounds for words in scored.score.explanation)
