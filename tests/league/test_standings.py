"""Standings and head-to-head of any game: tie-breakers, filters, shared wins, odd input (the
hand-worked league's figures are in test_nameless_spades_zwicker_standings.py)."""
from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.engine.games import all_games
from scorekeeper.league import head_to_head, standings
from tests.support.league import day, duel, registry_league, shared_win

# --------------------------------------------------------------------------- a league of every game


def test_unfinished_matches_count_for_nothing():
    league = registry_league()
    finished = [match for match in league if match.finished]
    assert len(finished) == len(all_games()) < len(league)
    assert standings(finished) == standings(league)
    assert head_to_head(finished) == head_to_head(league)


def test_standings_of_each_game_are_its_matches_only():
    league = registry_league()
    for game in all_games():
        own = [match for match in league if match.game == game.id]
        assert standings(league, game=game.id) == standings(own) != []
        assert head_to_head(league, game=game.id) == head_to_head(own)


def test_round_count_stands_in_for_rounds_not_loaded():
    # The database layer may leave the rounds out (standings never read their inputs) and give their number.
    league = registry_league()
    summaries = [dataclasses.replace(match, rounds=(), round_count=len(match.rounds)) for match in league]
    assert standings(summaries) == standings(league)


def test_a_match_id_given_twice_is_refused():
    league = registry_league()
    with pytest.raises(ValueError, match=league[2].match_id):
        standings([*league, league[2]])


def test_head_to_head_mirrors():
    rows = {(row.player_id, row.opponent_id): row for row in head_to_head(registry_league())}
    assert rows
    for (player, opponent), row in rows.items():
        mirror = rows[(opponent, player)]
        assert (row.meetings, row.wins, row.draws, row.losses) == (
            mirror.meetings,
            mirror.losses,
            mirror.draws,
            mirror.wins,
        )


def test_no_rows_for_a_game_nobody_finished():
    league = [match for match in registry_league() if match.game != all_games()[-1].id]
    assert standings(league, game=all_games()[-1].id) == []
    assert standings([]) == []


# --------------------------------------------------------------------------- tie-breakers


def tie_break_league():
    """eve beats fay twice; gus beats hal once; ivy beats jon once; every duel ends alike."""
    return [
        duel("x1", "eve", "fay", played_at=day(1)),
        duel("x2", "eve", "fay", played_at=day(2)),
        duel("x3", "gus", "hal", played_at=day(3)),
        duel("x4", "ivy", "jon", played_at=day(4)),
    ]


def test_played_then_player_id_break_the_last_ties():
    # eve, gus and ivy: win rate 1, placement 1, the same points a match: eve played more (2 > 1);
    # gus and ivy are equal in everything, so the player id decides. Likewise fay, hal, jon.
    rows = standings(tie_break_league())
    assert [row.player_id for row in rows] == ["eve", "gus", "ivy", "fay", "hal", "jon"]
    assert all(row.ranked for row in rows)


def test_ranked_rows_come_first():
    # min_matches 2: only eve and fay are ranked; fay (0 wins) now comes before gus (1 of 1).
    rows = standings(tie_break_league(), min_matches=2)
    assert [(row.player_id, row.ranked) for row in rows] == [
        ("eve", True),
        ("fay", True),
        ("gus", False),
        ("ivy", False),
        ("hal", False),
        ("jon", False),
    ]


def test_a_shared_win_is_a_win_for_both_with_a_middle_placement():
    # Both sides win; each covers places 1-2, rank 1.5: (2 - 1.5) / 1 = 0.5.
    match = shared_win("d1", ["eve", "fay"], played_at=day(1))
    rows = standings([match])
    assert [(row.player_id, row.wins, row.win_rate, row.placement_score) for row in rows] == [
        ("eve", 1, 1.0, 0.5),
        ("fay", 1, 1.0, 0.5),
    ]
    assert [row.avg_points_per_round for row in rows] == [total / len(match.rounds) for total in match.totals]
