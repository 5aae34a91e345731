"""The surface every game module shares: options, round validation, scoring and replay.

Pure Python on purpose: no Flask, SQLAlchemy or marshmallow import, so the rules can be
tested as tables of input -> expected points and reused by the API, the pages and the
league computations alike.
"""
from __future__ import annotations

import reprlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .i18n import N_, _, _n

if TYPE_CHECKING:
    from .bidding import NumberInput, PlayView

SUITS = ("clubs", "diamonds", "hearts", "spades")

# --------------------------------------------------------------------------- errors


class RuleError(ValueError):
    """A refusal a person can act on: names the field and the rule.

    `code` is a stable machine-readable identifier (for API clients and translations);
    `field` is the input field at fault (dotted path, e.g. "tricks" or "sides.1.cards");
    `round_number` is set when a replay finds a recorded round that no longer holds.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str = "invalid",
        round_number: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.round_number = round_number

    def at_round(self, number: int) -> RuleError:
        """The same refusal, said of recorded round `number`."""
        if self.round_number is not None:
            return self
        return type(self)(
            _("round {number}: {message}", number=number, message=self.message),
            field=self.field,
            code=self.code,
            round_number=number,
        )


class OptionError(RuleError):
    """A match's options are wrong (unknown option, wrong type, out of range)."""


class RoundError(RuleError):
    """A round input breaks a rule of its game."""


class MatchFinishedError(RuleError):
    """A round was offered to a match that has already ended."""


# --------------------------------------------------------------------------- options


# No target, penalty or point value at a card table comes near this: a larger figure is a typo.
OPTION_LIMIT = 1_000_000


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, kind, allowed values and default.

    kind is one of "int", "bool", "choice", "list" (a list of distinct `choices`) or
    "object" (a mapping the game validates itself). `nullable` allows JSON null.
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, as the games catalogue serves it."""
        described: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            # The description is N_-marked data: translated here, in the caller's language.
            "description": _(self.description),
            "nullable": self.nullable,
        }
        if self.choices is not None:
            described["choices"] = list(self.choices)
        if self.minimum is not None:
            described["minimum"] = self.minimum
        if self.maximum is not None:
            described["maximum"] = self.maximum
        return described

    def check(self, value: Any) -> Any:
        """Return `value` if it is allowed for this option, else raise OptionError."""
        where = f"options.{self.name}"
        if value is None:
            if self.nullable:
                return None
            raise OptionError(_("option {name} may not be null", name=self.name), field=where, code="option_null")
        if self.kind == "int":
            if not is_int(value):
                raise OptionError(
                    _("option {name} must be a whole number, got {value}", name=self.name, value=shown(value)),
                    field=where,
                    code="option_type",
                )
            minimum = self.minimum if self.minimum is not None else -OPTION_LIMIT
            maximum = self.maximum if self.maximum is not None else OPTION_LIMIT
            if value < minimum:
                raise OptionError(
                    _(
                        "option {name} must be at least {minimum}, got {value}",
                        name=self.name,
                        minimum=minimum,
                        value=shown(value),
                    ),
                    field=where,
                    code="option_range",
                )
            if value > maximum:
                raise OptionError(
                    _(
                        "option {name} must be at most {maximum}, got {value}",
                        name=self.name,
                        maximum=maximum,
                        value=shown(value),
                    ),
                    field=where,
                    code="option_range",
                )
            if self.choices is not None and value not in self.choices:
                raise OptionError(
                    _(
                        "option {name} must be one of {choices}, got {value}",
                        name=self.name,
                        choices=", ".join(map(str, self.choices)),
                        value=shown(value),
                    ),
                    field=where,
                    code="option_choice",
                )
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(
                    _("option {name} must be true or false, got {value}", name=self.name, value=shown(value)),
                    field=where,
                    code="option_type",
                )
            return value
        if self.kind == "choice":
            if isinstance(value, bool) or value not in (self.choices or ()):
                raise OptionError(
                    _(
                        "option {name} must be one of {choices}, got {value}",
                        name=self.name,
                        choices=", ".join(map(str, self.choices or ())),
                        value=shown(value),
                    ),
                    field=where,
                    code="option_choice",
                )
            return value
        if self.kind == "list":
            if not isinstance(value, list):
                raise OptionError(
                    _("option {name} must be a list, got {value}", name=self.name, value=shown(value)),
                    field=where,
                    code="option_type",

                )
            for item in value:
                if isinstance(item, bool) or item not in (self.choices or ()):
                    raise OptionError(
                        _(
                            "option {name}: {value} is not one of {choices}",
                            name=self.name,
                            value=shown(item),
                            choices=", ".join(map(str, self.choices or ())),
                        ),
                        field=where,
                        code="option_choice",
                    )
            if len(set(value)) != len(value):
                raise OptionError(
                    _("option {name} lists a value twice", name=self.name), field=where, code="option_duplicate"
                )
            return list(value)
        if self.kind == "object":
            if not isinstance(value, Mapping):
                raise OptionError(
                    _("option {name} must be an object, got {value}", name=self.name, value=shown(value)),
                    field=where,
                    code="option_type",

                )
            return dict(value)
        raise AssertionError(f"unknown option kind {self.kind}")


FIRST_DEALER = OptionSpec(
    name="first_dealer",
    kind="int",
    default=0,
    minimum=0,
    description=N_("Seat of the dealer of round 1; the deal passes to the left every round."),
)


# --------------------------------------------------------------------------- table and results


@dataclass(frozen=True)
class Table:
    """Who sits where and under which (effective, frozen) options a match is played."""

    players: tuple[str, ...]
    options: Mapping[str, Any]
    sides: tuple[tuple[int, ...], ...]

    @property
    def n(self) -> int:
        return len(self.players)

    def dealer(self, round_number: int) -> int:
        """Dealer of round `round_number` (1-based): the deal passes to the left."""
        return (self.options["first_dealer"] + round_number - 1) % self.n

    def left_of(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.n

    def name(self, seat: int) -> str:
        return self.players[seat]

    def side_of(self, seat: int) -> int:
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise ValueError(f"seat {seat} is on no side")

    def side_name(self, index: int) -> str:
        return " & ".join(self.players[seat] for seat in self.sides[index])


@dataclass(frozen=True)
class RoundScore:
    """What one round is worth per side, with a short explanation per side.

    `details` carries game-specific facts about the round (e.g. Spades bags after it).
    """

    scores: tuple[int, ...]
    explanation: tuple[str, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoredRound:
    """A recorded round after replay: its number, its input as given, and its score."""

    number: int
    dealer: int
    input: Mapping[str, Any]
    score: RoundScore


@dataclass(frozen=True)
class MatchState:
    """Everything derived from the ordered round inputs of a match.

    `progress` is the game's own running state (Nwik usage, Spades bags, ...), a frozen
    value the game module defines. `details` is its JSON-ready public view.
    """

    rounds: tuple[ScoredRound, ...]
    totals: tuple[int, ...]
    progress: Any
    finished: bool
    winners: tuple[int, ...]
    next: Mapping[str, Any] | None
    details: Mapping[str, Any]

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1


# --------------------------------------------------------------------------- the game surface


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

    # ---- options and sides

    def all_option_specs(self) -> tuple[OptionSpec, ...]:
        return (FIRST_DEALER, *self.option_specs)

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
        number = state.next_round
        hints = {"round": number, "dealer": table.dealer(number)}
        hints.update(self.hints(table, state))
        return MatchState(
            rounds=state.rounds,
            totals=state.totals,
            progress=state.progress,
            finished=False,
            winners=(),
            next=hints,
            details=state.details,
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
            dealer=table.dealer(number),
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
            )
        return self._with_next(table, after)

    def replay(self, table: Table, inputs: Sequence[Any]) -> MatchState:
        """Replay recorded round inputs in order.

        A round that no longer holds (or a match that would now end before its last
        recorded round) raises RoundError naming that round's number.
        """
        state = self.initial_state(table)
        for number, raw in enumerate(inputs, start=1):
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


# --------------------------------------------------------------------------- shared rules


def target_winners(totals: Sequence[int], target: int) -> tuple[int, ...] | None:
    """The shared end rule of target games.

    The match ends after the first round at which some side has reached the target and
    exactly one side has the highest total; while the highest totals are equal, play on.
    """
    if max(totals) < target:
        return None
    best = max(totals)
    leaders = [index for index, total in enumerate(totals) if total == best]
    if len(leaders) != 1:
        return None
    return (leaders[0],)


def highest_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """All sides with the highest total (a tie is a shared win)."""
    best = max(totals)
    return tuple(index for index, total in enumerate(totals) if total == best)


# --------------------------------------------------------------------------- input helpers


def shown(value: Any) -> str:
    """A short rendering of a refused input value for a message; never fails.

    Python refuses to print ints of more than 4300 digits (ValueError): a message must
    not turn such an input into anything but a RuleError.
    """
    try:
        return reprlib.repr(value)
    except ValueError:
        return "a number far too large"


def is_int(value: Any) -> bool:
    """A JSON whole number (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(raw: Any, required: Sequence[str], optional: Sequence[str] = ()) -> Mapping[str, Any]:
    """Refuse a round input that is not an object, misses a field or has an unknown one."""
    if not isinstance(raw, Mapping):
        raise RoundError(_("a round must be a JSON object"), code="round_type")
    for key in raw:
        if key not in required and key not in optional:
            known = ", ".join([*required, *optional])
            raise RoundError(
                _("unknown round field {field} (allowed: {known})", field=shown(key), known=known),
                field=key if isinstance(key, str) else shown(key),
                code="field_unknown",
            )
    for key in required:
        if key not in raw:
            raise RoundError(_("{field} is required", field=key), field=key, code="field_missing")
    return raw


def int_field(
    value: Any, field: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """A whole number within bounds, else RoundError naming `field`."""
    if not is_int(value):
        raise RoundError(
            _("{field} must be a whole number, got {value}", field=field, value=shown(value)), field=field, code="type"
        )
    if minimum is not None and value < minimum:
        raise RoundError(
            _("{field} must be at least {minimum}, got {value}", field=field, minimum=minimum, value=shown(value)),
            field=field,
            code="range",
        )
    if maximum is not None and value > maximum:
        raise RoundError(
            _("{field} must be at most {maximum}, got {value}", field=field, maximum=maximum, value=shown(value)),
            field=field,
            code="range",
        )
    return value


def per_seat(value: Any, field: str, n: int) -> Sequence[Any]:
    """A list with exactly one entry per seat."""
    if not isinstance(value, list):
        raise RoundError(_("{field} must be a list with one entry per seat", field=field), field=field, code="type")
    if len(value) != n:
        raise RoundError(
            _n(
                "{field} must have {n} entry, one per seat, got {got}",
                "{field} must have {n} entries, one per seat, got {got}",
                n,
                field=field,
                got=len(value),
            ),
            field=field,
            code="length",

        )
    return value


def seat_ints(
    value: Any, field: str, table: Table, *, minimum: int = 0, maximum: int | None = None
) -> tuple[int, ...]:
    """One bounded whole number per seat; messages name the player."""
    items = per_seat(value, field, table.n)
    result = []
    for seat, item in enumerate(items):
        where = f"{field}.{seat}"
        if not is_int(item):
            raise RoundError(
                _(
                    "{field} of {player} must be a whole number, got {value}",
                    field=field,
                    player=table.name(seat),
                    value=shown(item),
                ),
                field=where,
                code="type",

            )
        if item < minimum:
            raise RoundError(
                _(
                    "{field} of {player} must be at least {minimum}, got {value}",
                    field=field,
                    player=table.name(seat),
                    minimum=minimum,
                    value=shown(item),
                ),
                field=where,
                code="range",

            )
        if maximum is not None and item > maximum:
            raise RoundError(
                _(
                    "{field} of {player} must be at most {maximum}, got {value}",
                    field=field,
                    player=table.name(seat),
                    maximum=maximum,
                    value=shown(item),
                ),
                field=where,
                code="range",

            )
        result.append(item)
    return tuple(result)


def tricks_field(raw: Mapping[str, Any], table: Table, total: int, field: str = "tricks") -> tuple[int, ...]:
    """Tricks per seat, non-negative, adding up to `total`."""
    tricks = seat_ints(raw.get(field), field, table, maximum=total)
    if sum(tricks) != total:
        raise RoundError(
            _("tricks must add up to {total}, got {got}", total=total, got=sum(tricks)), field=field, code="tricks_sum"
        )
    return tricks


def optional_seat(value: Any, field: str, table: Table) -> int | None:
    """null or a seat index."""
    if value is None:
        return None
    return int_field(value, field, minimum=0, maximum=table.n - 1)


def suit_field(value: Any, field: str, allowed: Sequence[str] = SUITS) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise RoundError(
            _("{field} must be one of {choices}, got {value}", field=field, choices=", ".join(allowed), value=shown(value)),
            field=field,
            code="choice",

        )
    return value


def signed(points: int) -> str:
    """Points with their sign, as a scoresheet writes them: +8, -2, 0."""
    return f"{points:+d}" if points else "0"
