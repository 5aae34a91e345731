"""Ratings of the hand-worked league of Nameless, Spades and Zwicker matches: an edit of its
Zwicker match, its three-way and team matches, one game's ratings."""
from __future__ import annotations

from openskill.models import PlackettLuce

from scorekeeper.league import ratings
from tests.support.league import build_match, day
from tests.support.nameless_spades_zwicker_league import ZWICKER_EXAMPLE, hand_league

START = PlackettLuce().rating()
START_ORDINAL = START.ordinal()


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
