"""Records of any game: best rounds, biggest wins, streaks (the hand-worked league's are in
test_nameless_spades_zwicker_records.py, each game's own stats in its own test file)."""
from __future__ import annotations

from scorekeeper.league import Streak, records
from tests.support.league import OTHER_DUEL_GAME, day, duel, registry_league, shared_win


def test_each_games_records_come_from_its_own_finished_matches():
    league = registry_league()
    finished = {match.game: match for match in league if match.finished}
    found = records(league)
    assert list(found.highest_round) == sorted(finished)
    for game, high in found.highest_round.items():
        match = finished[game]
        assert (high.game, high.match_id) == (game, match.match_id)
        assert high.points == max(max(scored.scores) for scored in match.rounds)
    for game, win in found.biggest_win.items():
        match = finished[game]
        assert (win.game, win.match_id, win.winning_total) == (game, match.match_id, max(match.totals))
        assert win.margin == win.winning_total - win.next_total > 0


def test_a_round_score_equalled_later_keeps_its_holder_and_names_who_equalled_it():
    first = records([duel("a", "eve", "fay", played_at=day(1))]).highest_round
    [(game, held)] = first.items()
    seat = ("eve", "fay").index(held.players[0])
    league = [
        duel("a", "eve", "fay", played_at=day(1)),
        duel("b", "gus", "hal", played_at=day(2)),  # the same rounds: the same best round, by gus or hal
        duel("c", "eve", "fay", played_at=day(3)),  # the holder again: named once, as the holder
        duel("d", "ivy", "jon", played_at=day(4)),
    ]
    high = records(league).highest_round[game]
    assert (high.match_id, high.round_number, high.players, high.points) == ("a", held.round_number, held.players, held.points)
    later = [(("gus", "hal")[seat],), (("ivy", "jon")[seat],)]
    # Who else made as many in match a itself (the other side, in another round) comes first.
    assert [players for players in high.equalled_by if players in later] == later
    assert len(set(high.equalled_by)) == len(high.equalled_by) and held.players not in high.equalled_by


def test_shared_wins_have_no_margin():
    assert records([shared_win("n1", ["eve", "fay"], played_at=day(1))]).biggest_win == {}


def test_streaks_cross_games_and_count_shared_wins():
    league = [
        duel("a", "eve", "fay", played_at=day(1), game=OTHER_DUEL_GAME),
        shared_win("b", ["eve", "fay"], played_at=day(2)),  # both win
        duel("c", "eve", "fay", played_at=day(3), game=OTHER_DUEL_GAME),
        duel("d", "fay", "eve", played_at=day(4), game=OTHER_DUEL_GAME),
    ]
    found = records(league)
    assert found.longest_streak == Streak("eve", 3, "a", "c")
    assert found.longest_streak_by_player["fay"] == Streak("fay", 1, "b", "b")
    assert found.current_streak_by_player == {"eve": 0, "fay": 1}


def test_a_player_who_never_won_has_an_empty_streak():
    found = records([duel("a", "eve", "fay", played_at=day(1))])
    assert found.longest_streak_by_player["fay"] == Streak("fay", 0, None, None)
    assert records([]).longest_streak is None


def test_records_of_nothing():
    found = records([])
    assert (found.highest_round, found.biggest_win, found.game_stats) == ({}, {}, {})
