"""The surface every game module implements (options, sides, a round's parse and score) and the shared replay and end rules.

Over 400 lines, and one module on purpose: it is the one surface a game's author reads
(engine/games/__init__.py's registry finds each game by id), with the replay, end rules and
snapshots every game shares.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import MatchFinishedError, OptionError, RoundError, RuleError
from .fields import InputField, check_fields, shown
from .i18n import _, _n
from .options import COMMON_OPTION_NAMES, FIRST_DEALER, OptionSpec
from .state import MatchState, PlayedMatch, RoundScore, ScoredRound, Table, highest_winners

if TYPE_CHECKING:
    from .bidding import NumberInput, PlayView


class Game(ABC):
    """One card game's rules. Each game module defines a subclass and registers one instance."""

    id: ClassVar[str]
    #: the English name, N_-marked in each module; describe() and messages translate it
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: the game's own options; `first_dealer` is added for every game
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: name of a "preset" option whose value fills other options' defaults
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: the options' names in words (N_-marked), by option name; options.COMMON_OPTION_NAMES covers the shared ones
    option_names: ClassVar[Mapping[str, str]] = {}
    #: option choices in words (N_-marked), by choice value
    choice_names: ClassVar[Mapping[Any, str]] = {}
    #: where the game stands in the catalogue (games list, new-match form): lower first, then by id
    position: ClassVar[int] = 100
    #: the option that cuts a match short after a number of rounds (where the game has one):
    #: Skat's list counts deals, max_deals
    round_limit: ClassVar[str] = "max_rounds"
    #: the option a match is played to (where the game has one): the score a side must reach,
    #: target; Preferans's pool every player must fill, pool_size
    target_option: ClassVar[str] = "target"

    # ---- options and sides

    def all_option_specs(self) -> tuple[OptionSpec, ...]:
        return (FIRST_DEALER, *self.option_specs)

    def option_label(self, name: str) -> str:
        """An option's name in words, in the current language."""
        english = self.option_names.get(name) or COMMON_OPTION_NAMES.get(name)
        return _(english) if english else name.replace("_", " ").capitalize()

    def choice_label(self, value: Any) -> str:
        """An option choice in words, in the current language."""
        english = self.choice_names.get(value)
        return _(english) if english else str(value).replace("_", " ")

    def describe(self) -> dict[str, Any]:
        """The games catalogue entry."""
        return {
            "id": self.id,
            "name": _(self.name),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.describe() for spec in self.all_option_specs()],
            "presets": {name: dict(values) for name, values in self.presets.items()},
        }

    def check_player_count(self, n_players: int) -> None:
        if not self.min_players <= n_players <= self.max_players:
            if self.min_players == self.max_players:
                message = _n(
                    "{game} is played by exactly {n} player, got {got}",
                    "{game} is played by exactly {n} players, got {got}",
                    self.min_players,
                    game=_(self.name),
                    got=n_players,
                )
            else:
                message = _n(
                    "{game} is played by {minimum} to {n} player, got {got}",
                    "{game} is played by {minimum} to {n} players, got {got}",
                    self.max_players,
                    game=_(self.name),
                    minimum=self.min_players,
                    got=n_players,
                )
            raise OptionError(
                message,
                field="players",
                code="player_count",
            )

    def resolve_options(self, raw: Any, n_players: int) -> dict[str, Any]:
        """Validate `raw` options and return the effective options, defaults filled in."""
        self.check_player_count(n_players)
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise OptionError(_("options must be an object"), field="options", code="option_type")
        specs = {spec.name: spec for spec in self.all_option_specs()}
        for key in raw:
            if key not in specs:
                known = ", ".join(sorted(specs))
                raise OptionError(
                    _("unknown option {option} for {game} (known: {known})", option=shown(key), game=_(self.name), known=known),
                    field=f"options.{key if isinstance(key, str) else shown(key)}",
                    code="option_unknown",
                )
        defaults = {name: spec.default for name, spec in specs.items()}
        if "preset" in specs:
            preset = specs["preset"].check(raw.get("preset", specs["preset"].default))
            defaults.update(self.presets[preset])
            defaults["preset"] = preset
        effective: dict[str, Any] = {}
        for name, spec in specs.items():
            value = raw[name] if name in raw else defaults[name]
            effective[name] = spec.check(value)
        if effective["first_dealer"] >= n_players:
            raise OptionError(
                _(
                    "option first_dealer must be a seat from 0 to {last}, got {value}",
                    last=n_players - 1,
                    value=effective["first_dealer"],
                ),
                field="options.first_dealer",
                code="option_range",
            )
        return self.finish_options(effective, n_players)

    def finish_options(self, options: dict[str, Any], n_players: int) -> dict[str, Any]:
        """Game-specific checks and completion of options (e.g. merge a point table)."""
        return options

    @abstractmethod
    def sides(self, n_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The sides (lists of seats) in their fixed order."""

    def table(
        self, players: Sequence[str], raw_options: Any = None
    ) -> Table:
        """Build a Table: validate the player count and the options."""
        players = tuple(players)
        options = self.resolve_options(raw_options, len(players))
        return Table(players=players, options=options, sides=self.sides(len(players), options))

    # ---- rounds

    @abstractmethod
    def start(self, table: Table) -> Any:
        """The game's own progress before round 1."""

    @abstractmethod
    def parse_round(self, table: Table, state: MatchState, raw: Any) -> Any:
        """Validate a round input against the match so far; return a frozen round value.

        Must raise RoundError (never another exception) for any input, however odd.
        """

    @abstractmethod
    def score_round(self, table: Table, state: MatchState, round_: Any) -> tuple[RoundScore, Any]:
        """Score a parsed round; return its score and the game's new progress."""

    @abstractmethod
    def winners(self, table: Table, state: MatchState) -> tuple[int, ...] | None:
        """Winning sides when the match has ended after the rounds in `state`, else None."""

    @abstractmethod
    def hints(self, table: Table, state: MatchState) -> dict[str, Any]:
        """The game's own `next` hints for the coming round (besides round and dealer)."""

    def details(self, table: Table, progress: Any) -> dict[str, Any]:
        """JSON-ready public view of the game's progress (usage grid, bags, ...)."""
        return {}

    def next_dealer(self, table: Table, state: MatchState) -> int:
        """The dealer of the round after `state`: the deal passes to the left every round
        (Table.dealer); a game whose deal stays put now and then (Doppelkopf's re-dealt
        compulsory solo) counts its own way."""
        return table.dealer(state.next_round)

    def fixed_rounds(self, table: Table) -> int | None:
        """How many rounds the match has when its length is a number of rounds (not a target)."""
        return None

    def input_fields(self, table: Table, hints: Mapping[str, Any]) -> tuple[InputField, ...]:
        """The round input's fields for the coming round (`hints` is its `next`), described so
        that a generic form can ask for them: pages without an adapter for this game use it."""
        return ()

    def league_stats(self, matches: Sequence[PlayedMatch]) -> dict[str, Any]:
        """Game-specific league statistics by player id, over finished matches of this game in
        played order (Nwik bidder stats, Spades nils, ...); most games have none."""
        return {}

    # ---- the bidding half of a round (games with a bidding phase) and chips

    #: the round fields said before the hand is played; empty: the game has no bidding phase
    bidding_required: ClassVar[tuple[str, ...]] = ()
    bidding_optional: ClassVar[tuple[str, ...]] = ()

    @property
    def has_bidding(self) -> bool:
        return bool(self.bidding_required)

    def parse_bidding(self, table: Table, state: MatchState, raw: Mapping[str, Any]) -> Any:
        """Check the bidding fields (already known to be present) with the whole round's checks."""
        raise NotImplementedError

    def play_view(self, table: Table, state: MatchState, bidding: Any) -> PlayView:
        """What the table sees while the hand of a checked bidding is played."""
        raise NotImplementedError

    def validate_bidding(self, table: Table, state: MatchState, raw: Any) -> PlayView:
        """Check the bidding half of the next round; RoundError as the whole round would give."""
        if not self.has_bidding:
            raise RoundError(
                _("{game} has no bidding: record the whole round at once", game=_(self.name)), code="no_bidding"
            )
        if state.finished:
            raise MatchFinishedError(
                _("the match is finished: no more rounds can be recorded"), code="match_finished"
            )
        check_fields(raw, required=self.bidding_required, optional=self.bidding_optional)
        return self.play_view(table, state, self.parse_bidding(table, state, raw))

    def with_bidding(self, bidding: Mapping[str, Any] | None, raw: Any) -> Any:
        """The whole round from a stored bidding and the hand's part.

        A body that carries every bidding field is a whole round on its own (the bidding
        is then not used); otherwise the bidding's fields are added to it, and a field
        given in both must agree.
        """
        if bidding is None or not isinstance(raw, Mapping):
            return raw
        if all(key in raw for key in self.bidding_required):
            return raw
        merged = dict(bidding)
        for key, value in raw.items():
            if key in merged and merged[key] != value:
                raise RoundError(
                    _(
                        "{field} was given with the bidding as {bid}, not {value}: change the bidding instead",
                        field=shown(key),
                        bid=shown(merged[key]),
                        value=shown(value),
                    ),
                    field=key if isinstance(key, str) else None,
                    code="bidding_conflict",
                )
            merged[key] = value
        return merged

    def number_inputs(self, table: Table, state: MatchState, draft: Any = None) -> tuple[NumberInput, ...]:
        """The chips of the next round's number inputs, given what is entered so far (`draft`)."""
        return ()

    # ---- replay (shared by every game)

    def initial_state(self, table: Table) -> MatchState:
        progress = self.start(table)
        state = MatchState(
            rounds=(),
            totals=tuple(0 for _ in table.sides),
            progress=progress,
            finished=False,
            winners=(),
            next=None,
            details=self.details(table, progress),
        )
        return self._with_next(table, state)

    def _with_next(self, table: Table, state: MatchState) -> MatchState:
        if state.finished:
            return state
        if table.ended_after is not None and state.round_count >= table.ended_after:
            # The players ended the match here, before its own end: the highest total wins, as
            # when a fixed number of rounds ends a match (a tie is a shared win).
            return MatchState(
                rounds=state.rounds,
                totals=state.totals,
                progress=state.progress,
                finished=True,
                winners=highest_winners(state.totals),
                next=None,
                details=state.details,
                earlier=state.earlier,
                ended_by_players=True,
            )
        number = state.next_round
        hints = {"round": number, "dealer": self.next_dealer(table, state)}
        hints.update(self.hints(table, state))
        return MatchState(
            rounds=state.rounds,
            totals=state.totals,
            progress=state.progress,
            finished=False,
            winners=(),
            next=hints,
            details=state.details,
            earlier=state.earlier,
        )

    def play(self, table: Table, state: MatchState, raw: Any) -> MatchState:
        """Add one round input to the match; raise RoundError if it is not allowed."""
        if state.finished:
            raise MatchFinishedError(
                _("the match is finished: no more rounds can be recorded"), code="match_finished"
            )
        round_ = self.parse_round(table, state, raw)
        score, progress = self.score_round(table, state, round_)
        number = state.next_round
        scored = ScoredRound(
            number=number,
            dealer=self.next_dealer(table, state),
            input=raw,
            score=score,
        )
        totals = tuple(t + s for t, s in zip(state.totals, score.scores, strict=True))
        after = MatchState(
            rounds=(*state.rounds, scored),
            totals=totals,
            progress=progress,
            finished=False,
            winners=(),
            next=None,
            details=self.details(table, progress),
            earlier=state.earlier,
        )
        winners = self.winners(table, after)
        if winners is not None:
            return MatchState(
                rounds=after.rounds,
                totals=after.totals,
                progress=after.progress,
                finished=True,
                winners=tuple(sorted(winners)),
                next=None,
                details=after.details,
                earlier=after.earlier,
            )
        return self._with_next(table, after)

    def replay(self, table: Table, inputs: Sequence[Any], start: MatchState | None = None) -> MatchState:
        """Replay recorded round inputs in order (from `start`, a state restored from a
        snapshot, when given: then `inputs` are the rounds after it).

        A round that no longer holds (or a match that would now end before its last
        recorded round) raises RoundError naming that round's number.
        """
        state = self.initial_state(table) if start is None else start
        for number, raw in enumerate(inputs, start=state.next_round):
            if state.finished:
                raise RoundError(
                    _(
                        "the match would now end after round {last}, before recorded round {number}",
                        last=number - 1,
                        number=number,
                    ),
                    code="match_ends_early",
                    round_number=number,
                )
            try:
                state = self.play(table, state, raw)
            except RuleError as error:
                raise error.at_round(number) from None
        return state


    # ---- snapshots: the state after some rounds, as plain JSON, to play on from

    #: the version of this game's `progress` encoding; raise it when encode_progress changes
    progress_format: ClassVar[int] = 1

    def encode_progress(self, progress: Any) -> Any:
        """The game's progress as JSON values (lists, numbers, strings); games whose
        progress is not None define their own encoding."""
        if progress is not None:
            raise TypeError(f"{type(self).__name__} must define encode_progress for {type(progress).__name__}")
        return None

    def decode_progress(self, table: Table, data: Any) -> Any:
        """The inverse of encode_progress."""
        return None

    def snapshot(self, state: MatchState) -> dict[str, Any]:
        """The state as a versioned, language-neutral JSON value: what the rules need to play
        on (numbers and codes, no explanation: words are rendered per reader)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.id,
            "progress_format": self.progress_format,
            "rounds": state.round_count,
            "totals": list(state.totals),
            # By the game's rules only: the players' ending is the table's (Table.ended_after),
            # and a match they play on from there restores this snapshot as unfinished.
            "finished": state.finished and not state.ended_by_players,
            "winners": list(state.winners) if not state.ended_by_players else [],
            "progress": self.encode_progress(state.progress),
        }

    def restore(self, table: Table, snapshot: Any) -> MatchState:
        """The state a snapshot was taken of, ready to play on (its `rounds` are empty,
        `earlier` counts them); StaleSnapshot when it is of another format or game, or does
        not fit the table, so that the caller rebuilds the state by replay."""
        if not isinstance(snapshot, Mapping) or snapshot.get("format") != SNAPSHOT_FORMAT:
            raise StaleSnapshot("snapshot format is not " + str(SNAPSHOT_FORMAT))
        if snapshot.get("game") != self.id or snapshot.get("progress_format") != self.progress_format:
            raise StaleSnapshot("snapshot of another game or progress format")
        try:
            totals = tuple(int(total) for total in snapshot["totals"])
            count = int(snapshot["rounds"])
            progress = self.decode_progress(table, snapshot["progress"])
            finished = bool(snapshot["finished"])
            winners = tuple(int(side) for side in snapshot["winners"])
        except (KeyError, TypeError, ValueError) as error:
            raise StaleSnapshot(f"snapshot does not decode: {error!r}") from None
        if len(totals) != len(table.sides) or count < 0:
            raise StaleSnapshot("snapshot does not fit the table")
        state = MatchState(
            rounds=(),
            totals=totals,
            progress=progress,
            finished=finished,
            winners=winners if finished else (),
            next=None,
            details=self.details(table, progress),
            earlier=count,
        )
        return self._with_next(table, state)


#: the version of the snapshot's shared fields; raise it when Game.snapshot changes
SNAPSHOT_FORMAT = 1


class StaleSnapshot(ValueError):
    """A stored snapshot that cannot be played on: rebuild the state by replay."""


def target_winners(totals: Sequence[int], target: int) -> tuple[int, ...] | None:
    """The shared end rule of target games.

    The match ends after the first round at which some side has reached the target and
    exactly one side has the highest total; while the highest totals are equal, play on.
    """
    if max(totals) < target:
        return None
    leaders = highest_winners(totals)
    return leaders if len(leaders) == 1 else None
