"""Standings and ratings kept up to date one match at a time, as JSON-ready ledgers, so a new result does not recompute a league.

Standings are sums per player, so a match is added or taken away in any order. Ratings
depend on the played order: a match later than every rated one is rated on top; an
edited or inserted one rewinds the ledger to a checkpoint (a copy of the ledger taken
every so many matches) before it, and the matches from there on are rated again in
played order. standings() and ratings() are these ledgers filled in one go, so the
incremental path and the full computation are one piece of code.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import lru_cache
from typing import Any

from openskill.models import PlackettLuce

from .matches import StoredMatch, finished_in_order, played_order, sides_above
from .plackett_luce import Skill, rate_plain

OrderKey = tuple[datetime, str]


def counts_for(match: StoredMatch, game: str | None) -> bool:
    """Whether a match counts for the standings or ratings of `game` (all games when None)."""
    return match.finished and (game is None or match.game == game)


# --------------------------------------------------------------------------- standings


#: placement scores are kept as whole multiples of 1/PLACEMENT_UNIT: exact (every match of up to
#: 8 sides scores a multiple of 1/840) and much cheaper to add up than fractions
PLACEMENT_UNIT = 840


@lru_cache(maxsize=4096)
def placement_units(totals: tuple[int, ...]) -> tuple[int, ...]:
    """placement_scores(totals) in units of 1/PLACEMENT_UNIT, in integers only.

    A side's score is (2n - doubled_rank) / (2(n - 1)) (see placement_scores), so its
    units are PLACEMENT_UNIT (2n - doubled_rank) / (2(n - 1)), which must come out whole."""
    n_sides = len(totals)
    if n_sides < 2:
        return tuple(PLACEMENT_UNIT for _ in totals)
    units = []
    for total, above in zip(totals, sides_above(totals)):
        doubled_rank = 2 * above + totals.count(total) + 1
        scaled, rest = divmod(PLACEMENT_UNIT * (2 * n_sides - doubled_rank), 2 * (n_sides - 1))
        if rest:
            raise ValueError(f"a match of {n_sides} sides: placements are not multiples of 1/{PLACEMENT_UNIT}")
        units.append(scaled)
    return tuple(units)


@dataclass(slots=True)
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

    def add_result(
        self,
        players: Sequence[str],
        sides: Sequence[Sequence[int]],
        totals: tuple[int, ...],
        winners: Sequence[int],
        rounds: int,
        sign: int = 1,
    ) -> None:
        """Add (sign 1) or take away (sign -1) one finished match's result: its seated
        players, sides (seat numbers), totals per side, winning sides and round count."""
        placements = placement_units(totals)
        tallies = self.tallies
        rounds_added = sign * rounds
        for side, seats in enumerate(sides):
            won = sign if side in winners else 0
            points, units = sign * totals[side], sign * placements[side]
            for seat in seats:
                player = players[seat]
                tally = tallies.get(player)
                if tally is None:
                    tally = tallies[player] = PlayerTally()
                tally.played += sign
                tally.wins += won
                tally.points += points
                tally.rounds += rounds_added
                tally.placement_units += units
                if tally.played == 0:
                    del tallies[player]

    def _apply(self, match: StoredMatch, sign: int) -> None:
        self.add_result(match.players, match.sides, match.totals, match.winners, match.rounds_played, sign)

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
    skill: Skill


MODEL = PlackettLuce()
#: a newcomer's rating: openskill's defaults
START: Skill = (MODEL.rating().mu, MODEL.rating().sigma)


@dataclass
class RatingLedger:
    """Every rated player's current openskill rating as (mu, sigma), in played order up to `last`.

    Rated with openskill's Plackett-Luce model, on plain floats (league.plackett_luce)."""

    current: dict[str, Skill] = field(default_factory=dict)
    matches: dict[str, int] = field(default_factory=dict)
    #: the played-order key of the last match rated (None: none yet)
    last: OrderKey | None = None
    #: how many matches have been rated
    rated: int = 0

    def follows(self, match: StoredMatch) -> bool:
        """Whether `match` comes after every match rated so far (so it can be rated on top)."""
        return self.last is None or played_order(match) > self.last

    def rate_result(
        self, key: OrderKey, players: Sequence[str], sides: Sequence[Sequence[int]], totals: Sequence[int]
    ) -> None:
        """Rate one match (played-order `key`, later than every rated one) from its seated
        players, sides and totals.

        Each side is a team of its players; a side's rank is 1 + the number of sides with a
        higher total, so equal totals share a rank."""
        if self.last is not None and not key > self.last:
            raise ValueError(f"match {key[1]!r} does not follow the last rated match: rewind first")
        current, matches = self.current, self.matches
        side_players = [[players[seat] for seat in seats] for seats in sides]
        get = current.get
        teams = [[get(player, START) for player in team] for team in side_players]
        # 1 + the number of higher totals: the first place of the total in descending order.
        descending = sorted(totals, reverse=True)
        ranks = [descending.index(total) + 1 for total in totals]
        count = matches.get
        for team, rated in zip(side_players, rate_plain(MODEL, teams, ranks), strict=True):
            for player, skill in zip(team, rated, strict=True):
                current[player] = skill
                matches[player] = count(player, 0) + 1
        self.last = key
        self.rated += 1

    def rate(self, match: StoredMatch) -> list[Rated]:
        """Rate one match that follows every match rated so far; the new ratings of its players."""
        self.rate_result(played_order(match), match.players, match.sides, match.totals)
        return [Rated(player, match.match_id, match.played_at, self.current[player]) for player in match.players]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": {player: [mu, sigma, self.matches[player]] for player, (mu, sigma) in self.current.items()},
            "last": [self.last[0].isoformat(), self.last[1]] if self.last is not None else None,
            "rated": self.rated,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RatingLedger:
        ledger = cls(rated=data["rated"])
        for player, (mu, sigma, matches) in data["players"].items():
            ledger.current[player] = (mu, sigma)
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
