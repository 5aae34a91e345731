"""A game's options: their kinds, bounds and defaults, and the check of a value against them."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError
from .fields import bounded_int, shown
from .i18n import N_, _

# No target, penalty or point value at a card table comes near this: a larger figure is a typo.
OPTION_LIMIT = 1_000_000


def option_words(name: str) -> str:
    """An option as a refusal names it ("option target"; the API's name, for API clients too)."""
    return _("option {name}", name=name)


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
            minimum = self.minimum if self.minimum is not None else -OPTION_LIMIT
            maximum = self.maximum if self.maximum is not None else OPTION_LIMIT
            bounded_int(value, where, lambda: option_words(self.name), minimum=minimum, maximum=maximum,
                        error=OptionError, code_prefix="option_")
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

# Names in words of the options several games share.
COMMON_OPTION_NAMES: Mapping[str, str] = {
    "first_dealer": N_("First dealer"),
    "target": N_("Target"),
    "preset": N_("Preset"),
    # the house rule of the target games (games/house_rules.py)
    "max_rounds": N_("Round limit"),
}
