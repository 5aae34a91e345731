"""Player profiles of any game, and the league package's purity: no web or database library,
documented modules (the hand-worked league's profiles are in test_nameless_nwik_spades_zwicker_profile.py)."""
from __future__ import annotations

import pkgutil
from importlib import import_module

import scorekeeper.league
from scorekeeper.league import Streak, player_profile, ratings, records, standings
from tests.support.league import registry_league


def test_profile_combines_standings_ratings_streaks_and_stats_of_every_game():
    league = registry_league()
    found = records(league)
    for name in {name for match in league for name in match.players}:
        profile = player_profile(league, name)
        assert profile.player_id == name
        # Overall and per game, exactly the rows and ratings of the league-wide computations.
        assert profile.overall == next(row for row in standings(league) if row.player_id == name)
        assert profile.overall_rating == ratings(league).get(name)
        played = sorted({match.game for match in league if match.finished and name in match.players})
        assert list(profile.by_game) == played
        for game, entry in profile.by_game.items():
            assert entry.game == game
            assert entry.standing == next(row for row in standings(league, game=game) if row.player_id == name)
            assert entry.rating == ratings(league, game=game).get(name)
        assert profile.longest_streak == found.longest_streak_by_player[name]
        assert profile.current_streak == found.current_streak_by_player[name]
        assert profile.game_stats == {
            game: stats[name] for game, stats in found.game_stats.items() if name in stats
        }


def test_profile_ranked_flag_follows_min_matches():
    # In the league of every game, ann has one finished match of each game she plays.
    league = registry_league()
    played = sum("ann" in match.players for match in league if match.finished)
    assert played > 1
    assert player_profile(league, "ann", min_matches=played).overall.ranked
    assert not player_profile(league, "ann", min_matches=played + 1).overall.ranked
    assert all(entry.standing.ranked for entry in player_profile(league, "ann", min_matches=1).by_game.values())
    assert not any(entry.standing.ranked for entry in player_profile(league, "ann", min_matches=2).by_game.values())


def test_profile_of_a_player_without_finished_matches():
    profile = player_profile(registry_league(), "zed")
    assert (profile.overall, profile.overall_rating, dict(profile.by_game)) == (None, None, {})
    assert profile.longest_streak == Streak("zed", 0, None, None)
    assert profile.current_streak == 0
    assert profile.game_stats == {}


def test_profile_accepts_a_one_shot_iterable():
    league = registry_league()
    assert player_profile(iter(league), "bob") == player_profile(league, "bob")


def test_league_modules_have_a_docstring():
    modules = [scorekeeper.league] + [
        import_module(f"scorekeeper.league.{info.name}") for info in pkgutil.iter_modules(scorekeeper.league.__path__)
    ]
    assert len(modules) > 1
    for module in modules:
        assert module.__doc__ and module.__doc__.strip(), module.__name__
