"""Standings and ratings kept up to date one match at a time, as JSON-ready ledgers, so a new result does not recompute a league.

Standings are sums per player, so a match is added or taken away in any order. Ratings
depend on the played order: a match later than every rated one is rated on top; an
edited or inserted one rewinds the ledger to a checkpoint (a copy of the ledger taken
every so many matches) before it, and the matches from there on are rated again in
played order. standings() and ratings() are these ledgers filled in one go, so the
incremental path and the full computation are one piece of code.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from .matches import StoredMatch, finished_in_order, placement_scores, played_order, sides_above

OrderKey = tuple[datetime, str]


def counts_for(match: StoredMatch, game: str | None) -> bool:
    """Whether a match counts for the standings or ratings of `game` (all games when None)."""
    return match.finished and (game is None or match.game == game)


# --------------------------------------------------------------------------- standings


#: placement scores are kept as whole multiples of 1/PLACEMENT_UNIT: exact (every match of up to
#: 8 sides scores a multiple of 1/840) and much cheaper to add up than fractions
PLACEMENT_UNIT = 840


def placement_units(totals: tuple[int, ...]) -> tuple[int, ...]:
    units = []
    for score in placement_scores(totals):
        scaled = score * PLACEMENT_UNIT
        if scaled.denominator != 1:
            raise ValueError(f"a match of {len(totals)} sides: placements are not multiples of 1/{PLACEMENT_UNIT}")
        units.append(scaled.numerator)
    return tuple(units)


@dataclass
class PlayerTally:
    """Running sums for one player (mutable, inside a ledger); `placement_units` in 1/PLACEMENT_UNIT."""

    played: int = 0
    wins: int = 0
    points: int = 0
    rounds: int = 0
    placement_units: int = 0

    @property
    def placement(self) -> Fraction:
        return Fraction(self.placement_units, PLACEMENT_UNIT)


@dataclass
class StandingsLedger:
    """Each player's sums over the matches added (and not taken away again)."""

    tallies: dict[str, PlayerTally] = field(default_factory=dict)

    def _apply(self, match: StoredMatch, sign: int) -> None:
        winners = set(match.winners)
        placements = placement_units(match.totals)
        for side, seats in enumerate(match.sides):
            total, won = match.totals[side], side in winners
            for seat in seats:
                player = match.players[seat]
                tally = self.tallies.setdefault(player, PlayerTally())
                tally.played += sign
                tally.wins += sign * int(won)
                tally.points += sign * total
                tally.rounds += sign * match.rounds_played
                tally.placement_units += sign * placements[side]
                if tally.played == 0:
                    del self.tallies[player]

    def add(self, match: StoredMatch) -> None:
        self._apply(match, 1)

    def remove(self, match: StoredMatch) -> None:
        """Take away a match added before (as it was when added)."""
        self._apply(match, -1)

    def to_json(self) -> dict[str, Any]:
        return {
            player: [t.played, t.wins, t.points, t.rounds, t.placement_units] for player, t in self.tallies.items()
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StandingsLedger:
        return cls(
            {
                player: PlayerTally(played, wins, points, rounds, units)
                for player, (played, wins, points, rounds, units) in data.items()
            }
        )


# --------------------------------------------------------------------------- ratings


@dataclass(frozen=True)
class Rated:
    """One player's rating right after one match (for a rating history)."""

    player_id: str
    match_id: str
    played_at: datetime
    rating: PlackettLuceRating


MODEL = PlackettLuce()


@dataclass
class RatingLedger:
    """Every rated player's current openskill rating, in played order up to `last`."""

    current: dict[str, PlackettLuceRating] = field(default_factory=dict)
    matches: dict[str, int] = field(default_factory=dict)
    #: the played-order key of the last match rated (None: none yet)
    last: OrderKey | None = None
    #: how many matches have been rated
    rated: int = 0

    def follows(self, match: StoredMatch) -> bool:
        """Whether `match` comes after every match rated so far (so it can be rated on top)."""
        return self.last is None or played_order(match) > self.last

    def rate(self, match: StoredMatch) -> list[Rated]:
        """Rate one match that follows every match rated so far; the new ratings of its players.

        Each side is a team of its players; a side's rank is 1 + the number of sides with a
        higher total, so equal totals share a rank."""
        if not self.follows(match):
            raise ValueError(f"match {match.match_id!r} does not follow the last rated match: rewind first")
        for player in match.players:
            if player not in self.current:
                self.current[player] = MODEL.rating(name=player)
        teams = [[self.current[player] for player in match.side_players(side)] for side in range(len(match.sides))]
        ranks: list[float] = [above + 1 for above in sides_above(match.totals)]
        changed = []
        for side, team in enumerate(MODEL.rate(teams, ranks=ranks)):
            for player, rating in zip(match.side_players(side), team, strict=True):
                self.current[player] = rating
                self.matches[player] = self.matches.get(player, 0) + 1
                changed.append(Rated(player, match.match_id, match.played_at, rating))
        self.last = played_order(match)
        self.rated += 1
        return changed

    def to_json(self) -> dict[str, Any]:
        return {
            "players": {player: [rating.mu, rating.sigma, self.matches[player]] for player, rating in self.current.items()},
            "last": [self.last[0].isoformat(), self.last[1]] if self.last is not None else None,
            "rated": self.rated,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RatingLedger:
        ledger = cls(rated=data["rated"])
        for player, (mu, sigma, matches) in data["players"].items():
            ledger.current[player] = MODEL.rating(mu=mu, sigma=sigma, name=player)
            ledger.matches[player] = matches
        if data["last"] is not None:
            ledger.last = (datetime.fromisoformat(data["last"][0]), data["last"][1])
        return ledger


# --------------------------------------------------------------------------- one match changed

#: a rating ledger keeps a checkpoint (a copy of itself) after every this many rated matches
CHECKPOINT_EVERY = 200


def checkpoint_due(ledger: RatingLedger) -> bool:
    return ledger.rated > 0 and ledger.rated % CHECKPOINT_EVERY == 0


def update_standings(
    ledger: StandingsLedger, before: StoredMatch | None, after: StoredMatch | None, *, game: str | None
) -> None:
    """The standings after one match changed from `before` to `after` (None: not there)."""
    if before is not None and counts_for(before, game):
        ledger.remove(before)
    if after is not None and counts_for(after, game):
        ledger.add(after)


def update_ratings(
    ledger: RatingLedger,
    before: StoredMatch | None,
    after: StoredMatch | None,
    *,
    game: str | None,
    rewind: Callable[[OrderKey], RatingLedger],
    matches_after: Callable[[OrderKey | None], Iterable[StoredMatch]],
    on_rated: Callable[[RatingLedger], None] = lambda ledger: None,
) -> RatingLedger:
    """The ratings after one match changed from `before` to `after` (None: not there).

    A match that now counts and follows every rated match is rated on top. Otherwise
    (an edit of a rated match, a match played before the last rated one, a match that no
    longer counts) `rewind(key)` gives the ledger of the matches played before the
    changed one (from a checkpoint, or an empty ledger), and `matches_after(last)` the
    league's matches as they are now played after that ledger's last match, which are
    rated again in played order. `on_rated` sees the ledger after each match rated (to
    keep checkpoints).
    """
    was = before is not None and counts_for(before, game)
    now = after is not None and counts_for(after, game)
    if not was and not now:
        return ledger
    if not was and after is not None and ledger.follows(after):
        ledger.rate(after)
        on_rated(ledger)
        return ledger
    changed = after if after is not None else before
    assert changed is not None
    ledger = rewind(played_order(changed))
    for match in finished_in_order(matches_after(ledger.last), game):
        if ledger.follows(match):
            ledger.rate(match)
            on_rated(ledger)
    return ledger
