"""Player profiles in the hand-worked league of Nameless, Spades and Zwicker matches, with
Nwik's whole match and Spades's match of nils."""
from __future__ import annotations

from scorekeeper.league import Streak, player_profile, ratings, records, standings
from tests.support.league import build_match, day
from tests.support.nameless_spades_zwicker_league import hand_league
from tests.support.nwik_league import NWIK_MATCH
from tests.support.spades_league import SPADES_NIL_MATCH


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
    assert set(profile.game_stats) <= {match.game for match in league}  # no stats of a game not played


def test_profile_ranked_flag_follows_min_matches():
    profile = player_profile(hand_league(), "ann", min_matches=3)
    assert profile.overall.ranked  # 5 finished matches
    assert not profile.by_game["spades"].standing.ranked  # 1 (m7 is unfinished)
