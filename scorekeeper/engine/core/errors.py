"""The engine's refusals: every one names the field and the rule (and, on replay, the round)."""
from __future__ import annotations

from .i18n import _


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


class ServiceError(Exception):
    """A refusal with its HTTP status, a stable code and the field at fault: raised by the
    services and by the round-form readers, which the phone runs too.

    The API turns it into JSON, the pages into an HTML message; nothing was changed.
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        code: str,
        field: str | None = None,
        round_number: int | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        #: with 429: the seconds until the limit lets the caller try again (Retry-After)
        self.retry_after = retry_after
        self.status = status
        self.message = message
        self.code = code
        self.field = field
        self.round_number = round_number
