"""Ratings of any game: order independence, edits equal a fresh computation, direction of change,
teams, filters (the hand-worked league's are in test_nameless_spades_zwicker_ratings.py)."""
from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.engine.games import get_game
from scorekeeper.league import head_to_head, ratings, records, standings
from tests.support import picks
from tests.support.league import DUEL_GAME, build_match, day, duel, registry_league, shared_win

START = PlackettLuce().rating()
START_ORDINAL = START.ordinal()


def mixed_league():
    """A league of every game plus a shared win and two duels played at the very same moment as its second match."""
    league = registry_league()
    moment = league[1].played_at
    return [
        *league,
        shared_win("n1", ["ann", "dee"], played_at=moment),
        duel("d2", "cid", "bob", played_at=moment),
        duel("d1", "bob", "cid", played_at=moment),
    ]


@settings(max_examples=60, deadline=None)
@given(st.permutations(mixed_league()))
def test_shuffled_input_gives_identical_results(shuffled):
    league = mixed_league()
    assert ratings(shuffled) == ratings(league)
    assert ratings(shuffled, game=DUEL_GAME.id) == ratings(league, game=DUEL_GAME.id)
    assert standings(shuffled) == standings(league)
    assert head_to_head(shuffled) == head_to_head(league)
    assert records(shuffled) == records(league)


def places(match) -> list[int]:
    """Each side's place: how many sides scored more."""
    return [sum(other > total for other in match.totals) for total in match.totals]


def test_editing_an_old_match_and_recomputing_equals_a_fresh_computation():
    league = [match for match in registry_league() if match.finished]
    before = ratings(league)
    # The first match was entered wrong: its rounds were another match's, in which every side
    # placed otherwise.
    wrong = league[0]
    game = get_game(wrong.game)
    for seed in range(2, picks.ATTEMPTS):
        options, rounds = picks.finished_match(game, wrong.players, seed=seed)
        corrected = build_match(wrong.match_id, game.id, wrong.players, rounds, played_at=wrong.played_at, options=options)
        if all(place != was for place, was in zip(places(corrected), places(wrong), strict=True)):
            break
    else:
        raise AssertionError(f"no match of {game.id} placing every side otherwise")
    edited = [corrected, *league[1:]]
    after_edit = ratings(edited)

    # A fresh computation from the corrected list, given in another order.
    assert after_edit == ratings(list(reversed(edited)))

    # The edit mattered from that match on, and not before it.
    assert after_edit != before
    for player in wrong.players:
        old, new = before.get(player).history, after_edit.get(player).history
        at = [point.match_id for point in old].index(wrong.match_id)
        assert old[:at] == new[:at]
        assert new[at].match_id == wrong.match_id
        assert old[at].ordinal != new[at].ordinal


def test_a_winner_rises_and_a_loser_falls_after_one_match():
    rated = ratings([duel("x1", "eve", "fay", played_at=day(1))])
    eve, fay = rated.get("eve"), rated.get("fay")
    assert eve.ordinal > START_ORDINAL > fay.ordinal
    assert eve.mu > START.mu > fay.mu
    assert [player.player_id for player in rated.players] == ["eve", "fay"]
    assert eve.history == (dataclasses.replace(eve.history[0], ordinal=eve.ordinal),)
    assert (eve.history[0].match_id, eve.history[0].played_at) == ("x1", day(1))


def test_in_every_game_winners_rise_and_partners_move_alike():
    # Each game's finished match rated alone: all start equal, so a winning side's players
    # rise, the last side's fall, and partners (one side) move alike.
    for match in (match for match in registry_league() if match.finished):
        rated = ratings([match])
        last = min(range(len(match.sides)), key=lambda side: match.totals[side])
        for side, seats in enumerate(match.sides):
            found = {rated.get(match.players[seat]).ordinal for seat in seats}
            assert len(found) == 1, (match.game, side)
            if side in match.winners:
                assert found.pop() > START_ORDINAL, (match.game, side)
            elif match.totals[side] == match.totals[last]:
                assert found.pop() < START_ORDINAL, (match.game, side)
        assert all(player.matches == 1 for player in rated.players)


def test_a_draw_keeps_equal_players_equal():
    rated = ratings([shared_win("n1", ["eve", "fay"], played_at=day(1))])
    eve, fay = rated.get("eve"), rated.get("fay")
    assert (eve.mu, eve.sigma) == (fay.mu, fay.sigma)
    assert eve.mu == START.mu


def test_matches_are_replayed_in_played_order_with_the_id_breaking_ties():
    # Same moment: d1 (bob beats cid) is rated before d2 (cid beats bob) whatever the input order.
    duels = [
        duel("d2", "cid", "bob", played_at=day(1)),
        duel("d1", "bob", "cid", played_at=day(1)),
    ]
    rated = ratings(duels)
    assert [point.match_id for point in rated.get("bob").history] == ["d1", "d2"]
    # The later result weighs more: cid won last, so cid is ahead.
    assert rated.get("cid").ordinal > rated.get("bob").ordinal


def test_ratings_of_each_game_count_its_finished_matches_only():
    league = registry_league()
    for match in (match for match in league if match.finished):
        rated = ratings(league, game=match.game)
        assert rated.game == match.game
        assert sorted(player.player_id for player in rated.players) == sorted(match.players)
        assert all(player.matches == 1 for player in rated.players)
    overall = ratings(league)
    assert overall.game is None
    finished = [match for match in league if match.finished]
    played = {name: sum(name in match.players for match in finished) for match in finished for name in match.players}
    assert {player.player_id: player.matches for player in overall.players} == played
    assert overall.get("zed") is None
    # Best ordinal first.
    ordinals = [player.ordinal for player in overall.players]
    assert ordinals == sorted(ordinals, reverse=True)


def test_ordinal_is_mu_minus_three_sigma():
    for player in ratings(registry_league()).players:
        assert abs(player.ordinal - (player.mu - 3 * player.sigma)) < 1e-9
        assert player.history[-1].ordinal == player.ordinal
