"""League records: best rounds, biggest wins, winning streaks and per-game player stats.

Only the Nwik stats replay matches through the engine (to learn each round's nominal
Bidder); everything else reads the stored totals, scores and round inputs.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from scorekeeper.games import get_game

from .matches import MatchRecord, finished_in_order

NWIK = "nwik"
SPADES = "spades"
WILLI_STICH = "willi-stich"
NIL = "nil"
BLIND_NIL = "blind_nil"


@dataclass(frozen=True)
class RoundHigh:
    """The highest score one side made in one round."""

    game: str
    match_id: str
    played_at: datetime
    round_number: int
    side: int
    players: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class BiggestWin:
    """The largest lead of a sole winner over the next side when a match ended."""

    game: str
    match_id: str
    played_at: datetime
    side: int
    players: tuple[str, ...]
    winning_total: int
    next_total: int
    margin: int


@dataclass(frozen=True)
class Streak:
    """A run of consecutive finished matches won; length 0 (and no match ids) for a player who never won."""

    player_id: str
    length: int
    first_match_id: str | None
    last_match_id: str | None


@dataclass(frozen=True)
class Tally:
    """Rounds counted and the points they brought."""

    rounds: int
    points: int


@dataclass(frozen=True)
class NwikBidderStats:
    """A player's Nwik rounds as nominal Bidder, by the style (6 = Pass) and the base stake (1-6) they chose."""

    player_id: str
    by_style: Mapping[int, Tally]
    by_stake: Mapping[int, Tally]


@dataclass(frozen=True)
class NilStats:
    """A player's Spades nil and blind nil bids: made when that seat took no trick.

    The rates are fields (not properties) so that a serializer reading the dataclass
    fields passes them on; None where nothing was attempted.
    """

    player_id: str
    nil_attempted: int
    nil_made: int
    blind_nil_attempted: int
    blind_nil_made: int
    nil_rate: float | None
    blind_nil_rate: float | None
    #: nil and blind nil together
    rate: float | None

    @classmethod
    def from_counts(
        cls, player_id: str, nil_attempted: int, nil_made: int, blind_nil_attempted: int, blind_nil_made: int
    ) -> NilStats:
        attempted = nil_attempted + blind_nil_attempted
        return cls(
            player_id=player_id,
            nil_attempted=nil_attempted,
            nil_made=nil_made,
            blind_nil_attempted=blind_nil_attempted,
            blind_nil_made=blind_nil_made,
            nil_rate=nil_made / nil_attempted if nil_attempted else None,
            blind_nil_rate=blind_nil_made / blind_nil_attempted if blind_nil_attempted else None,
            rate=(nil_made + blind_nil_made) / attempted if attempted else None,
        )


@dataclass(frozen=True)
class CallStats:
    """A player's Willi Stich calls: rounds where the call matched the tricks taken, of rounds played."""

    player_id: str
    rounds: int
    exact: int
    rate: float

    @classmethod
    def from_counts(cls, player_id: str, rounds: int, exact: int) -> CallStats:
        return cls(player_id=player_id, rounds=rounds, exact=exact, rate=exact / rounds if rounds else 0.0)


@dataclass(frozen=True)
class Records:
    """Everything records() finds; mappings iterate in sorted key order.

    Round scores and margins are kept per game: a Spades hand and a Nameless hand are not
    on the same scale. Ties go to whoever set the record first (in played order).
    """

    highest_round: Mapping[str, RoundHigh]
    biggest_win: Mapping[str, BiggestWin]
    longest_streak: Streak | None
    longest_streak_by_player: Mapping[str, Streak]
    current_streak_by_player: Mapping[str, int]
    nwik_bidder: Mapping[str, NwikBidderStats]
    spades_nil: Mapping[str, NilStats]
    willi_stich_calls: Mapping[str, CallStats]


def records(matches: Iterable[MatchRecord]) -> Records:
    """Records over all finished matches of every game."""
    ordered = finished_in_order(matches)
    longest, current, overall = win_streaks(ordered)
    return Records(
        highest_round=highest_rounds(ordered),
        biggest_win=biggest_wins(ordered),
        longest_streak=overall,
        longest_streak_by_player=_sorted_by_key(longest),
        current_streak_by_player=_sorted_by_key(current),
        nwik_bidder=nwik_bidder_stats(ordered),
        spades_nil=spades_nil_stats(ordered),
        willi_stich_calls=willi_stich_call_stats(ordered),
    )


def _sorted_by_key(mapping: Mapping) -> dict:
    return {key: mapping[key] for key in sorted(mapping)}


def highest_rounds(ordered: list[MatchRecord]) -> dict[str, RoundHigh]:
    """Per game, the highest score of one side in one round; the first to reach it keeps it."""
    best: dict[str, RoundHigh] = {}
    for match in ordered:
        for round_ in sorted(match.rounds, key=lambda round_: round_.number):
            for side, points in enumerate(round_.scores):
                held = best.get(match.game)
                if held is None or points > held.points:
                    best[match.game] = RoundHigh(
                        game=match.game,
                        match_id=match.match_id,
                        played_at=match.played_at,
                        round_number=round_.number,
                        side=side,
                        players=match.side_players(side),
                        points=points,
                    )
    return _sorted_by_key(best)


def biggest_wins(ordered: list[MatchRecord]) -> dict[str, BiggestWin]:
    """Per game, the largest margin of a sole winner over the next-best side.

    A shared win has no margin over anyone, so matches with several winners are skipped.
    """
    best: dict[str, BiggestWin] = {}
    for match in ordered:
        if len(match.winners) != 1:
            continue
        winner = match.winners[0]
        next_total = max(total for side, total in enumerate(match.totals) if side != winner)
        margin = match.totals[winner] - next_total
        held = best.get(match.game)
        if held is None or margin > held.margin:
            best[match.game] = BiggestWin(
                game=match.game,
                match_id=match.match_id,
                played_at=match.played_at,
                side=winner,
                players=match.side_players(winner),
                winning_total=match.totals[winner],
                next_total=next_total,
                margin=margin,
            )
    return _sorted_by_key(best)


def win_streaks(ordered: list[MatchRecord]) -> tuple[dict[str, Streak], dict[str, int], Streak | None]:
    """Per player the longest run of matches won and the current run; and the longest of all.

    A shared win counts as a win, as in the standings; matches of every game count. Of
    equal runs the one completed first holds the record (within one match: the lower
    side, then the lower seat), so a later equal run does not take it away.
    """
    longest: dict[str, Streak] = {}
    running: dict[str, tuple[int, str | None]] = {}  # player -> (length, first match id)
    overall: Streak | None = None
    for match in ordered:
        winners = set(match.winners)
        for side in range(len(match.sides)):
            for player in match.side_players(side):
                length, first = running.get(player, (0, None))
                if side in winners:
                    length, first = length + 1, first if length else match.match_id
                    held = longest.get(player)
                    if held is None or length > held.length:
                        longest[player] = Streak(player, length, first, match.match_id)
                    if overall is None or length > overall.length:
                        overall = longest[player]
                else:
                    length, first = 0, None
                    longest.setdefault(player, Streak(player, 0, None, None))
                running[player] = (length, first)
    current = {player: length for player, (length, _) in running.items()}
    return longest, current, overall


def nwik_bidder_stats(ordered: list[MatchRecord]) -> dict[str, NwikBidderStats]:
    """Per player, Nwik rounds as nominal Bidder by chosen style and by chosen base stake.

    The engine's replay names each round's nominal Bidder (details["bidder"], a seat);
    the points are that seat's score in the round. Style 6 (Pass) is the Bidder's own
    choice, so a pass is counted under 6 whatever the Acting Bidder then chose.
    """
    game = get_game(NWIK)
    by_style: dict[str, dict[int, list[int]]] = {}
    by_stake: dict[str, dict[int, list[int]]] = {}
    for match in ordered:
        if match.game != NWIK:
            continue
        table = game.table(match.players, dict(match.options))
        inputs = [round_.input for round_ in sorted(match.rounds, key=lambda round_: round_.number)]
        for scored in game.replay(table, inputs).rounds:
            bidder = scored.score.details["bidder"]
            player = match.players[bidder]
            # Nwik sides are single seats in seat order, so side index == seat.
            points = scored.score.scores[bidder]
            for tallies, choice in ((by_style, scored.input["style"]), (by_stake, scored.input["stake"])):
                tally = tallies.setdefault(player, {}).setdefault(choice, [0, 0])
                tally[0] += 1
                tally[1] += points
    return {
        player: NwikBidderStats(
            player_id=player,
            by_style={style: Tally(*by_style[player][style]) for style in sorted(by_style[player])},
            by_stake={stake: Tally(*by_stake[player][stake]) for stake in sorted(by_stake[player])},
        )
        for player in sorted(by_style)
    }


def spades_nil_stats(ordered: list[MatchRecord]) -> dict[str, NilStats]:
    """Per player who bid nil or blind nil in Spades: attempts and successes (0 tricks taken)."""
    # player -> [nil attempted, nil made, blind attempted, blind made]
    counts: dict[str, list[int]] = {}
    for match in ordered:
        if match.game != SPADES:
            continue
        for round_ in match.rounds:
            for seat, (bid, took) in enumerate(zip(round_.input["bids"], round_.input["tricks"])):
                if bid not in (NIL, BLIND_NIL):
                    continue
                tally = counts.setdefault(match.players[seat], [0, 0, 0, 0])
                offset = 0 if bid == NIL else 2
                tally[offset] += 1
                tally[offset + 1] += int(took == 0)
    return {player: NilStats.from_counts(player, *counts[player]) for player in sorted(counts)}


def willi_stich_call_stats(ordered: list[MatchRecord]) -> dict[str, CallStats]:
    """Per Willi Stich player: rounds played and rounds where the call equalled the tricks taken."""
    counts: dict[str, list[int]] = {}  # player -> [rounds, exact]
    for match in ordered:
        if match.game != WILLI_STICH:
            continue
        for round_ in match.rounds:
            for seat, (bid, took) in enumerate(zip(round_.input["bids"], round_.input["tricks"])):
                tally = counts.setdefault(match.players[seat], [0, 0])
                tally[0] += 1
                tally[1] += int(bid == took)
    return {player: CallStats.from_counts(player, *counts[player]) for player in sorted(counts)}
