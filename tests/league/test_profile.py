"""Player profiles, and the league package's purity: no web or database library, documented modules."""
from __future__ import annotations

import pkgutil
from importlib import import_module
from pathlib import Path

import scorekeeper.league
from scorekeeper.league import Streak, player_profile, ratings, records, standings

from .helpers import NWIK_MATCH, SPADES_NIL_MATCH, build_match, day, hand_league

REPO = Path(__file__).resolve().parents[2]


def profile_league():
    return [
        *hand_league(),
        build_match("n1", "nwik", ["ann", "bob", "cid"], NWIK_MATCH, played_at=day(7)),
        build_match("s1", "spades", ["ann", "bob", "cid", "dee"], SPADES_NIL_MATCH,
                    played_at=day(8), options={"target": 200}),
    ]


def test_profile_combines_standings_ratings_streaks_and_stats():
    league = profile_league()
    profile = player_profile(league, "ann")
    assert profile.player_id == "ann"
    # Overall and per game, exactly the rows and ratings of the league-wide computations.
    assert profile.overall == next(row for row in standings(league) if row.player_id == "ann")
    assert profile.overall_rating == ratings(league).get("ann")
    assert list(profile.by_game) == ["nameless", "nwik", "spades", "zwicker"]
    for game, entry in profile.by_game.items():
        assert entry.game == game
        assert entry.standing == next(row for row in standings(league, game=game) if row.player_id == "ann")
        assert entry.rating == ratings(league, game=game).get("ann")
    # ann: m1 W, m3 W, m4 L, m5 L, m6 L, n1 (bob wins, 9 > 2) L, s1 W: longest 2, current 1.
    assert profile.longest_streak == Streak("ann", 2, "m1", "m3")
    assert profile.current_streak == 1
    found = records(league)
    assert profile.game_stats["nwik"] == found.game_stats["nwik"]["ann"]
    assert profile.game_stats["spades"] == found.game_stats["spades"]["ann"]
    assert "willi-stich" not in profile.game_stats


def test_profile_ranked_flag_follows_min_matches():
    profile = player_profile(hand_league(), "ann", min_matches=3)
    assert profile.overall.ranked  # 5 finished matches
    assert not profile.by_game["spades"].standing.ranked  # 1 (m7 is unfinished)


def test_profile_of_a_player_without_finished_matches():
    profile = player_profile(hand_league(), "zed")
    assert (profile.overall, profile.overall_rating, dict(profile.by_game)) == (None, None, {})
    assert profile.longest_streak == Streak("zed", 0, None, None)
    assert profile.current_streak == 0
    assert profile.game_stats == {}


def test_profile_accepts_a_one_shot_iterable():
    league = profile_league()
    assert player_profile(iter(league), "bob") == player_profile(league, "bob")


def test_league_modules_have_a_docstring():
    modules = [scorekeeper.league] + [
        import_module(f"scorekeeper.league.{info.name}") for info in pkgutil.iter_modules(scorekeeper.league.__path__)
    ]
    assert len(modules) > 1
    for module in modules:
        assert module.__doc__ and module.__doc__.strip(), module.__name__
