"""Ratings: order independence, edits equal a fresh computation, direction of change, teams, filters."""
from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.league import head_to_head, ratings, records, standings

from .helpers import (
    ZWICKER_EXAMPLE,
    build_match,
    day,
    hand_league,
    nameless_duel,
    nwik_draw,
)

START = PlackettLuce().rating()
START_ORDINAL = START.ordinal()


def mixed_league():
    """The hand league plus a Nwik draw and two duels played at the very same moment as m3."""
    return [
        *hand_league(),
        nwik_draw("n1", ["ann", "dee"], played_at=day(2)),
        nameless_duel("d2", "cid", "bob", played_at=day(2)),
        nameless_duel("d1", "bob", "cid", played_at=day(2)),
    ]


@settings(max_examples=60, deadline=None)
@given(st.permutations(mixed_league()))
def test_shuffled_input_gives_identical_results(shuffled):
    league = mixed_league()
    assert ratings(shuffled) == ratings(league)
    assert ratings(shuffled, game="nameless") == ratings(league, game="nameless")
    assert standings(shuffled) == standings(league)
    assert head_to_head(shuffled) == head_to_head(league)
    assert records(shuffled) == records(league)


def test_editing_an_old_match_and_recomputing_equals_a_fresh_computation():
    league = hand_league()
    before = ratings(league)

    # m3 was entered wrong: the honours belonged the other way round, so bob and dee won.
    swapped = {"sides": list(reversed(ZWICKER_EXAMPLE["sides"]))}
    corrected_m3 = build_match("m3", "zwicker", ["ann", "bob", "cid", "dee"], [swapped],
                               played_at=day(2), options={"target": 20})
    assert corrected_m3.totals == (12, 22)
    edited = [corrected_m3 if match.match_id == "m3" else match for match in league]
    after_edit = ratings(edited)

    # A fresh computation from the corrected list, given in another order.
    fresh = ratings(list(reversed([*league[:2], corrected_m3, *league[3:]])))
    assert after_edit == fresh

    # The edit mattered from m3 on, and not before it.
    assert after_edit != before
    for player in ("ann", "bob", "cid", "dee"):
        old, new = before.get(player).history, after_edit.get(player).history
        at_m3 = [point.match_id for point in old].index("m3")
        assert old[:at_m3] == new[:at_m3]
        assert new[at_m3].match_id == "m3"
        assert old[at_m3].ordinal != new[at_m3].ordinal


def test_a_winner_rises_and_a_loser_falls_after_one_match():
    rated = ratings([nameless_duel("x1", "eve", "fay", played_at=day(1))])
    eve, fay = rated.get("eve"), rated.get("fay")
    assert eve.ordinal > START_ORDINAL > fay.ordinal
    assert eve.mu > START.mu > fay.mu
    assert [player.player_id for player in rated.players] == ["eve", "fay"]
    assert eve.history == (dataclasses.replace(eve.history[0], ordinal=eve.ordinal),)
    assert (eve.history[0].match_id, eve.history[0].played_at) == ("x1", day(1))


def test_multi_way_placement_first_rises_last_falls():
    # m1: ann 4, bob -1, cid -1: ann first, bob and cid share second place and fare alike.
    rated = ratings(hand_league()[:1])
    ann, bob, cid = (rated.get(player) for player in ("ann", "bob", "cid"))
    assert ann.ordinal > START_ORDINAL > bob.ordinal
    assert (bob.mu, bob.sigma) == (cid.mu, cid.sigma)


def test_team_games_rate_both_partners():
    # m3: ann and cid beat bob and dee; all four start equal, so partners move alike.
    league = hand_league()
    rated = ratings([league[2]])
    ann, bob, cid, dee = (rated.get(player) for player in ("ann", "bob", "cid", "dee"))
    assert ann.ordinal == cid.ordinal > START_ORDINAL
    assert bob.ordinal == dee.ordinal < START_ORDINAL
    assert all(player.matches == 1 for player in (ann, bob, cid, dee))


def test_a_draw_keeps_equal_players_equal():
    rated = ratings([nwik_draw("n1", ["eve", "fay"], played_at=day(1))])
    eve, fay = rated.get("eve"), rated.get("fay")
    assert (eve.mu, eve.sigma) == (fay.mu, fay.sigma)
    assert eve.mu == START.mu


def test_matches_are_replayed_in_played_order_with_the_id_breaking_ties():
    # Same moment: d1 (bob beats cid) is rated before d2 (cid beats bob) whatever the input order.
    duels = [
        nameless_duel("d2", "cid", "bob", played_at=day(1)),
        nameless_duel("d1", "bob", "cid", played_at=day(1)),
    ]
    rated = ratings(duels)
    assert [point.match_id for point in rated.get("bob").history] == ["d1", "d2"]
    # The later result weighs more: cid won last, so cid is ahead.
    assert rated.get("cid").ordinal > rated.get("bob").ordinal


def test_ratings_of_one_game_and_overall():
    league = hand_league()
    spades = ratings(league, game="spades")
    assert spades.game == "spades"
    # Only m4 counts (m7 is unfinished): one match each.
    assert sorted(player.player_id for player in spades.players) == ["ann", "bob", "cid", "dee"]
    assert all(player.matches == 1 for player in spades.players)
    overall = ratings(league)
    assert overall.game is None
    assert {player.player_id: player.matches for player in overall.players} == {
        "ann": 5, "bob": 5, "cid": 5, "dee": 5,
    }
    assert overall.get("zed") is None
    # Best ordinal first.
    ordinals = [player.ordinal for player in overall.players]
    assert ordinals == sorted(ordinals, reverse=True)


def test_ordinal_is_mu_minus_three_sigma():
    for player in ratings(hand_league()).players:
        assert abs(player.ordinal - (player.mu - 3 * player.sigma)) < 1e-9
        assert player.history[-1].ordinal == player.ordinal
