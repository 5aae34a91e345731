"""Incremental standings and ratings: after any sequence of added, edited and withdrawn matches
(in any played order) the ledgers equal a full recomputation, also through their JSON form."""
from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.league import StoredMatch, ledgers, ratings, standings
from scorekeeper.league.ledgers import (
    RatingLedger,
    StandingsLedger,
    checkpoint_due,
    update_ratings,
    update_standings,
)
from scorekeeper.league.matches import played_order
from scorekeeper.league.ratings import ratings_of
from scorekeeper.league.standings import standing_rows

PLAYERS = ("ann", "bob", "cid", "dee", "eve")
START = datetime(2025, 1, 1, 19, 0)


def record(match_id: str, game: str, seats: list[str], totals: list[int], finished: bool, hour: int) -> StoredMatch:
    sides = tuple((seat,) for seat in range(len(seats))) if game != "team" else ((0, 2), (1, 3))
    best = max(totals)
    return StoredMatch(
        match_id=match_id, game=game, played_at=START + timedelta(hours=hour), players=tuple(seats),
        sides=sides, options={}, totals=tuple(totals), finished=finished,
        winners=tuple(index for index, total in enumerate(totals) if total == best) if finished else (),
        rounds=(), round_count=3,
    )


@st.composite
def matches(draw, match_id: str) -> StoredMatch:
    game = draw(st.sampled_from(["duel", "three", "team"]))
    n_seats = {"duel": 2, "three": 3, "team": 4}[game]
    seats = draw(st.permutations(PLAYERS))[:n_seats]
    n_sides = 2 if game == "team" else n_seats
    totals = draw(st.lists(st.integers(-5, 10), min_size=n_sides, max_size=n_sides))
    # Few distinct hours: many matches share a moment, and the id breaks the tie.
    return record(match_id, game, list(seats), totals, draw(st.booleans()), draw(st.integers(0, 6)))


class League:
    """Ledgers kept up to date change by change, with checkpoints kept as a database would."""

    def __init__(self, game: str | None):
        self.game = game
        self.matches: dict[str, StoredMatch] = {}
        self.standings = StandingsLedger()
        self.ratings = RatingLedger()
        self.checkpoints: list[dict] = []

    def keep(self, ledger: RatingLedger) -> None:
        if checkpoint_due(ledger):
            self.checkpoints.append(json.loads(json.dumps(ledger.to_json())))

    def rewind(self, key) -> RatingLedger:
        kept = [c for c in self.checkpoints if RatingLedger.from_json(c).last < key]
        self.checkpoints = kept
        return RatingLedger.from_json(kept[-1]) if kept else RatingLedger()

    def after(self, last):
        return [m for m in self.matches.values() if last is None or played_order(m) > last]

    def change(self, match_id: str, after: StoredMatch | None) -> None:
        before = self.matches.pop(match_id, None)
        if after is not None:
            self.matches[match_id] = after
        update_standings(self.standings, before, after, game=self.game)
        self.ratings = update_ratings(
            self.ratings, before, after, game=self.game, rewind=self.rewind, matches_after=self.after, on_rated=self.keep
        )
        # Through JSON, as stored between requests.
        self.standings = StandingsLedger.from_json(json.loads(json.dumps(self.standings.to_json())))
        self.ratings = RatingLedger.from_json(json.loads(json.dumps(self.ratings.to_json())))


def without_history(rated):
    return dataclasses.replace(rated, players=tuple(dataclasses.replace(p, history=()) for p in rated.players))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), game=st.sampled_from([None, "duel", "team"]))
def test_incremental_standings_and_ratings_equal_a_full_recomputation(data, game):
    every = ledgers.CHECKPOINT_EVERY
    ledgers.CHECKPOINT_EVERY = 3  # so that a short sequence rewinds to checkpoints too
    try:
        play_changes(data, game)
    finally:
        ledgers.CHECKPOINT_EVERY = every


def play_changes(data, game) -> None:
    league = League(game)
    for step in range(data.draw(st.integers(1, 25))):
        existing = sorted(league.matches)
        action = data.draw(st.sampled_from(["add", "add", "edit", "withdraw"] if existing else ["add"]))
        if action == "add":
            league.change(f"m{step:02d}", data.draw(matches(f"m{step:02d}")))
        else:
            match_id = data.draw(st.sampled_from(existing))
            old = league.matches[match_id]
            edited = data.draw(matches(match_id))
            edited = dataclasses.replace(edited, played_at=old.played_at)
            league.change(match_id, edited if action == "edit" else None)
        everything = list(league.matches.values())
        assert standing_rows(league.standings, min_matches=2) == standings(everything, game=game, min_matches=2)
        assert ratings_of(league.ratings, game=game) == without_history(ratings(everything, game=game))


def test_checkpoints_are_used_when_an_old_match_changes(monkeypatch):
    monkeypatch.setattr("scorekeeper.league.ledgers.CHECKPOINT_EVERY", 2)
    league = League(None)
    for number in range(9):
        league.change(f"m{number}", record(f"m{number}", "duel", ["ann", "bob"] if number % 3 else ["bob", "cid"], [number % 4, 2], True, number))
    assert len(league.checkpoints) == 4
    # An edit of the seventh match: the checkpoint after six matches is kept, later ones dropped.
    league.change("m6", record("m6", "duel", ["bob", "cid"], [9, 0], True, 6))
    assert [c["rated"] for c in league.checkpoints] == [2, 4, 6, 8]
    everything = list(league.matches.values())
    assert ratings_of(league.ratings) == without_history(ratings(everything))
    assert standing_rows(league.standings) == standings(everything)
